import type { FeatureCollection } from 'geojson'
import { describe, expect, it } from 'vitest'
import { FakeMap } from '../testing/fake-map'
import { EngineOverlays, sameList } from './engine-overlays'
import { clusterLayers } from './cluster-layers'
import { polygonLayers } from './layers'

const square: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 1,
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    },
  ],
}

function overlays() {
  const map = new FakeMap()
  const life = { ready: false, destroyed: false }
  const renewed: string[] = []
  const o = new EngineOverlays(map.asMap(), life, (id) => renewed.push(id))
  /** A style has loaded: the bands' markers, then every overlay kept meanwhile. */
  const load = () => {
    o.addBands()
    o.addAll()
    life.ready = true
  }
  return { map, life, renewed, overlays: o, load }
}

const ids = (map: FakeMap) => map.layers.map((l) => l.id)

describe('the engine overlays', () => {
  it('adds a clustered source for an overlay that asks for clusters, a plain one otherwise', () => {
    const { map, overlays: o, load } = overlays()
    load()
    o.set('centres', square, clusterLayers('centres', { color: '#123456', maxZoom: 8 }), {
      cluster: { radius: 40, maxZoom: 7 },
    })
    o.set('scenes', square, polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 }))
    expect(map.sources.get('centres')?.spec).toMatchObject({
      type: 'geojson',
      cluster: true,
      clusterRadius: 40,
      clusterMaxZoom: 7,
      // No tiles past the clustered zooms, and a buffer as wide as the widest disc.
      maxzoom: 8,
      buffer: 32,
    })
    expect(map.sources.get('scenes')?.spec).not.toHaveProperty('cluster')
    expect(ids(map)).toContain('centres-clusters')
    expect(ids(map)).toContain('centres-points')
  })

  it('keeps overlays given before the style loaded, and adds them in their bands with it', () => {
    const { map, overlays: o, load } = overlays()
    o.set('aoi', square, polygonLayers('aoi', { color: '#000', fillOpacity: 0.1 }), { tier: 'areas' })
    o.set('scenes', square, polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 }))
    expect(map.layers).toEqual([])
    load()
    expect(ids(map)).toEqual([
      'scenes-fill',
      'scenes-line',
      'swath-band-footprints',
      'aoi-fill',
      'swath-band-area-fills',
      'swath-band-pictures',
      'swath-band-raised',
      'aoi-line',
      'swath-band-area-lines',
    ])
    expect(map.sources.get('scenes')?.data.at(-1)).toBe(square)
  })

  it('sends data again only when it is another object, and reports ids that name other features', () => {
    const { map, overlays: o, load, renewed } = overlays()
    load()
    const layers = polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 })
    o.set('scenes', square, layers)
    o.set('scenes', square, layers)
    const again = { ...square }
    o.set('scenes', again, layers)
    expect(map.sources.get('scenes')?.data.slice(1)).toEqual([square])
    // The same features in another collection: nothing new is sent, though the ids are reported anew.
    expect(renewed).toEqual(['scenes', 'scenes'])
  })

  it('repaints layers given anew and removes an overlay from the map', () => {
    const { map, overlays: o, load, renewed } = overlays()
    load()
    o.set('scenes', square, polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 }))
    o.set('scenes', square, polygonLayers('scenes', { color: '#222', fillOpacity: 0.1 }))
    expect(map.calls.filter((c) => c.startsWith('paint'))).toEqual([
      'paint scenes-fill fill-color',
      'paint scenes-line line-color',
    ])
    o.remove('scenes')
    expect(ids(map)).not.toContain('scenes-fill')
    expect(map.sources.has('scenes')).toBe(false)
    expect(renewed).toEqual(['scenes', 'scenes'])
  })

  it('hides or narrows only the footprints overlays to the footprint view, their data kept', () => {
    const { map, overlays: o, load } = overlays()
    load()
    o.set('scenes', square, polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 }), {
      footprints: { kept: [1] },
    })
    o.set('aoi', square, polygonLayers('aoi', { color: '#000', fillOpacity: 0.1 }), { tier: 'areas' })
    o.setFootprintView('none')
    expect(map.getLayoutProperty('scenes-line', 'visibility')).toBe('none')
    expect(map.getLayoutProperty('aoi-line', 'visibility')).toBeUndefined()
    o.setFootprintView('kept')
    expect(map.getLayoutProperty('scenes-line', 'visibility')).toBe('visible')
    expect(JSON.stringify(map.getFilter('scenes-line'))).toContain('[1]')
    o.set('scenes', square, polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 }), {
      footprints: { kept: [2] },
    })
    expect(JSON.stringify(map.getFilter('scenes-line'))).toContain('[2]')
    expect(map.sources.get('scenes')?.data.slice(1)).toEqual([square])
  })

  it('picks from the fill layers of the interactive overlays alone', () => {
    const { overlays: o } = overlays()
    o.set('scenes', square, polygonLayers('scenes', { color: '#111', fillOpacity: 0.1 }), {
      interactive: true,
    })
    o.set('aoi', square, polygonLayers('aoi', { color: '#000', fillOpacity: 0.1 }))
    expect(o.interactiveFills()).toEqual(['scenes-fill'])
  })

  it('compares lists by their items', () => {
    const a = [1, 2]
    expect(sameList(a, a)).toBe(true)
    expect(sameList([1, 2], [1, 2])).toBe(true)
    expect(sameList([1, 2], [2, 1])).toBe(false)
    expect(sameList(undefined, [])).toBe(false)
    expect(sameList(undefined, undefined)).toBe(true)
  })
})
