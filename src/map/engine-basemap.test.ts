import { describe, expect, it } from 'vitest'
import { FakeMap } from '../testing/fake-map'
import { bandSource, MORE_PLACES_SOURCE, offlineStyle } from './basemap'
import { EngineBasemap } from './engine-basemap'

const BASE = 'http://console.test/'
const WORLD = bandSource('world')
const REGION = bandSource('region')

function basemap(zoom: number) {
  const map = new FakeMap()
  map.zoom = zoom
  const life = { ready: false, destroyed: false }
  const style = offlineStyle('light', BASE)
  for (const [id, source] of Object.entries(style.sources)) map.addSource(id, source as { data?: unknown })
  for (const layer of style.layers) map.addLayer(layer)
  const b = new EngineBasemap(map.asMap(), life, {
    base: BASE,
    scheme: 'light',
    style,
    bounds: () => [0, 40, 10, 50],
  })
  /** The style has loaded (as the façade tells the basemap). */
  const load = () => {
    life.ready = true
    b.styleLoaded()
  }
  /** URLs each source was given after the style made it. */
  const urls = (id: string) => (map.sources.get(id)?.data.slice(1) ?? []).filter((d) => typeof d === 'string')
  return { map, life, basemap: b, load, urls }
}

describe('the engine basemap', () => {
  it('hands the region band and the other places to the worker only once the world band has drawn', () => {
    const { map, load, urls } = basemap(4)
    load()
    map.fire('moveend', {})
    expect(urls(REGION)).toEqual([])
    map.fire('sourcedata', { sourceId: WORLD, sourceDataType: 'content' })
    map.loadedSources.add(WORLD)
    map.fire('sourcedata', { sourceId: WORLD, sourceDataType: 'metadata' })
    expect(urls(REGION)).toEqual([`${BASE}basemap/region.json`])
    expect(urls(MORE_PLACES_SOURCE)).toEqual([`${BASE}basemap/place-labels-more.json`])
    map.fire('moveend', {})
    expect(urls(REGION)).toHaveLength(1)
  })

  it("drops MapLibre's page-side copy of a file its worker fetched, keeping the URL", () => {
    const { map, load } = basemap(1.6)
    load()
    const world = map.getSource(WORLD)
    if (!world) throw new Error('no world band')
    world._data = { geojson: { type: 'FeatureCollection', features: [] } }
    map.fire('sourcedata', { sourceId: WORLD, sourceDataType: 'content' })
    expect(world._data).toEqual({ url: `${BASE}basemap/world.json` })
  })

  it('lets the finer bands in should the world band fail', () => {
    const { map, load, urls } = basemap(4)
    map.fire('error', { sourceId: WORLD })
    expect(urls(REGION)).toEqual([])
    load()
    map.fire('error', { sourceId: WORLD })
    expect(urls(REGION)).toHaveLength(1)
  })

  it('leaves the region band out of a world view', () => {
    const { map, load, urls } = basemap(1.6)
    load()
    map.fire('error', { sourceId: WORLD })
    expect(urls(REGION)).toEqual([])
    expect(urls(MORE_PLACES_SOURCE)).toEqual([])
  })

  it('recolours in place once the style has loaded, and only for another scheme', () => {
    const { map, basemap: b, load } = basemap(1.6)
    b.setScheme('dark')
    expect(map.calls).toEqual([])
    load()
    const painted = map.calls.length
    expect(painted).toBeGreaterThan(0)
    b.setScheme('dark')
    expect(map.calls).toHaveLength(painted)
    b.setScheme('light')
    expect(map.calls.length).toBeGreaterThan(painted)
  })

  it('switches to an online style and back to the offline one in the scheme of the moment', () => {
    const { basemap: b } = basemap(1.6)
    expect(b.switchTo('offline')).toBeNull()
    expect(b.switchTo('https://tiles.test/style.json')).toBe('https://tiles.test/style.json')
    b.setScheme('dark')
    expect(b.switchTo('offline')).toEqual(offlineStyle('dark', BASE))
  })
})
