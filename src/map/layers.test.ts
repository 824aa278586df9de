import type { LayerSpecification } from 'maplibre-gl'
import { describe, expect, it } from 'vitest'
import { clusterLayers } from './cluster-layers'
import {
  bandEnd,
  bandOf,
  footprintLayers,
  hoverSelectOverlay,
  invisibleCopy,
  OVERLAY_BANDS,
  polygonLayers,
  viewedLayer,
  type OverlayBand,
} from './layers'

describe('polygon layers', () => {
  it('builds a fill and an outline on the source, styled by hover and selected feature-state', () => {
    const [fill, line] = polygonLayers('library', { color: '#123456', fillOpacity: 0.1, dashed: true })
    expect(fill).toMatchObject({ id: 'library-fill', type: 'fill', source: 'library' })
    expect(line).toMatchObject({ id: 'library-line', type: 'line', source: 'library' })
    const text = JSON.stringify([fill, line])
    expect(text).toContain('"feature-state","hover"')
    expect(text).toContain('"feature-state","selected"')
    expect(text).toContain('line-dasharray')
    expect(JSON.stringify(polygonLayers('x', { color: '#000', fillOpacity: 0.1 }))).not.toContain('dasharray')
  })
})

describe('hover and selected overlay', () => {
  const data = { type: 'FeatureCollection' as const, features: [] }
  const layers = polygonLayers('shapes', { color: '#000', fillOpacity: 0.1 })
  const states = (hovered: number | null, selected: number | null) =>
    hoverSelectOverlay('shapes', data, layers, hovered, selected).states

  it('is the source with its data and layers as given, interactive, with no states when nothing is picked', () => {
    const overlay = hoverSelectOverlay('shapes', data, layers, null, null)
    expect(overlay).toEqual({ id: 'shapes', data, layers, interactive: true, states: [] })
    expect(overlay.data).toBe(data)
    expect(overlay.layers).toBe(layers)
  })

  it('lists the hovered and the selected feature, each with both states', () => {
    expect(states(2, null)).toEqual([{ id: 2, state: { hover: true, selected: false } }])
    expect(states(null, 5)).toEqual([{ id: 5, state: { hover: false, selected: true } }])
    expect(states(1, 4)).toEqual([
      { id: 1, state: { hover: true, selected: false } },
      { id: 4, state: { hover: false, selected: true } },
    ])
  })

  it('lists a feature both hovered and selected once', () => {
    expect(states(3, 3)).toEqual([{ id: 3, state: { hover: true, selected: true } }])
  })

  it('treats id 0 as a feature, not as none', () => {
    expect(states(0, null)).toEqual([{ id: 0, state: { hover: true, selected: false } }])
    expect(states(null, 0)).toEqual([{ id: 0, state: { hover: false, selected: true } }])
  })
})

describe('invisible copy (programs built ahead)', () => {
  const [fill, line] = polygonLayers('shapes', { color: '#123456', fillOpacity: 0.1 })

  it('keeps every paint property but draws nothing: data-driven opacity or width times zero', () => {
    const paint = (l: unknown) => (l as { paint: Record<string, unknown> }).paint
    const f = invisibleCopy(fill, 'shapes-fill-prewarm', 'prewarm')
    expect(f).toMatchObject({ id: 'shapes-fill-prewarm', source: 'prewarm', type: 'fill' })
    expect(paint(f)['fill-opacity']).toEqual(['*', 0, paint(fill)['fill-opacity']])
    expect(paint(f)['fill-color']).toBe('#123456')
    const l = invisibleCopy(line, 'shapes-line-prewarm', 'prewarm')
    expect(paint(l)['line-width']).toEqual(['*', 0, paint(line)['line-width']])
  })

  it('gives none for a constant value or another type of layer', () => {
    expect(
      invisibleCopy({ id: 'x', type: 'fill', source: 's', paint: { 'fill-opacity': 0.5 } }, 'y', 'z'),
    ).toBeNull()
    expect(invisibleCopy({ id: 'x', type: 'symbol', source: 's' }, 'y', 'z')).toBeNull()
  })

  it('gives a circle layer a zero radius and edge, unfiltered, its radius as constant or data-driven as it was', () => {
    const paint = (l: unknown) => (l as { paint: Record<string, unknown> }).paint
    const [clustered, single] = clusterLayers('centres', { color: '#7048e8', maxZoom: 8 })
    const c = invisibleCopy(clustered, 'c-prewarm', 'prewarm')
    expect(c).toMatchObject({ id: 'c-prewarm', source: 'prewarm', type: 'circle' })
    expect(c && 'filter' in c).toBe(false)
    expect(paint(c)['circle-radius']).toEqual(['*', 0, paint(clustered)['circle-radius']])
    expect(paint(c)['circle-stroke-opacity']).toEqual(['*', 0, 1])
    expect(paint(c)['circle-opacity']).toBe(paint(clustered)['circle-opacity'])
    const s = invisibleCopy(single, 's-prewarm', 'prewarm')
    expect(paint(s)['circle-radius']).toEqual(['*', 0, 4])
  })
})

describe('footprint layers (many footprints at once)', () => {
  const layers = footprintLayers('scenes', { color: '#b23a00' })
  const byId = (id: string) => layers.find((l) => l.id === id) as LayerSpecification & { paint: Paint }
  type Paint = Record<string, unknown>
  /** An expression's value for a feature with the given states (the `case` over feature-state flags). */
  const valueFor = (expr: unknown, states: Record<string, boolean>): unknown => {
    if (!Array.isArray(expr) || expr[0] !== 'case') return expr
    for (let i = 1; i < expr.length - 1; i += 2) {
      const flag = (expr[i] as [string, [string, string]])[1][1]
      if (states[flag]) return expr[i + 1]
    }
    return expr[expr.length - 1]
  }

  it('outlines every footprint thinly at rest and fills none', () => {
    const rest = { hover: false, selected: false }
    expect(valueFor(byId('scenes-line').paint['line-width'], rest)).toBe(1)
    expect(valueFor(byId('scenes-fill').paint['fill-opacity'], rest)).toBe(0)
    expect(valueFor(byId('scenes-emphasis').paint['line-width'], rest)).toBe(0)
  })

  it('fills and outlines thickly the hovered and the selected footprint only', () => {
    for (const states of [
      { hover: true, selected: false },
      { hover: false, selected: true },
    ]) {
      expect(valueFor(byId('scenes-fill').paint['fill-opacity'], states)).toBeGreaterThan(0.2)
      expect(valueFor(byId('scenes-emphasis').paint['line-width'], states)).toBeGreaterThanOrEqual(3)
    }
  })

  it('raises the emphasis above the resting outlines and above the pictures laid on the map', () => {
    const order = (l: LayerSpecification) => OVERLAY_BANDS.indexOf(bandOf(l, 'footprints'))
    expect(bandOf(byId('scenes-line'), 'footprints')).toBe('footprints')
    expect(order(byId('scenes-fill'))).toBeGreaterThan(OVERLAY_BANDS.indexOf(bandOf('picture', undefined)))
    expect(order(byId('scenes-emphasis'))).toBeGreaterThan(OVERLAY_BANDS.indexOf('pictures'))
  })
})

describe('overlay bands', () => {
  const rank = (band: OverlayBand) => OVERLAY_BANDS.indexOf(band)
  const [footFill, footLine] = polygonLayers('footprints', { color: '#000', fillOpacity: 0.1 })
  const [aoiFill, aoiLine] = polygonLayers('aoi-shapes', { color: '#0b7285', fillOpacity: 0.18 })

  it('draws an area (the AOI, the searched area, a pass strip) above every footprint', () => {
    for (const area of [aoiFill, aoiLine])
      for (const footprint of [footFill, footLine])
        expect(rank(bandOf(area, 'areas'))).toBeGreaterThan(rank(bandOf(footprint, undefined)))
  })

  it('lays pictures (quicklooks) above the footprints and above every fill, so nothing tints them', () => {
    const picture = rank(bandOf('picture', undefined))
    expect(picture).toBeGreaterThan(rank(bandOf(footFill, 'footprints')))
    expect(picture).toBeGreaterThan(rank(bandOf(aoiFill, 'areas')))
    // An area's outline still shows over a picture.
    expect(rank(bandOf(aoiLine, 'areas'))).toBeGreaterThan(picture)
  })

  it('names a hidden end marker per band', () => {
    expect(OVERLAY_BANDS.map(bandEnd)).toEqual([
      'swath-band-footprints',
      'swath-band-area-fills',
      'swath-band-pictures',
      'swath-band-raised',
      'swath-band-area-lines',
    ])
  })
})

describe('footprint view', () => {
  const [line] = footprintLayers('scenes', { color: '#000' })

  it('leaves the layers alone when every footprint shows', () => {
    expect(viewedLayer(line, 'all', [1])).toBe(line)
  })

  it('hides the layers, the data staying, when footprints are hidden', () => {
    expect(viewedLayer(line, 'none', [])).toMatchObject({ id: line.id, layout: { visibility: 'none' } })
  })

  it('keeps only the listed feature ids, within any filter the layer had', () => {
    expect(viewedLayer(line, 'kept', [3, 7])).toMatchObject({
      filter: ['in', ['id'], ['literal', [3, 7]]],
    })
    const filtered = { ...line, filter: ['==', ['geometry-type'], 'Polygon'] } as LayerSpecification
    expect(viewedLayer(filtered, 'kept', [1])).toMatchObject({
      filter: ['all', ['==', ['geometry-type'], 'Polygon'], ['in', ['id'], ['literal', [1]]]],
    })
  })
})
