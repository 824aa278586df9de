import { describe, expect, it } from 'vitest'
import { hoverSelectOverlay, invisibleCopy, polygonLayers } from './layers'

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
    expect(invisibleCopy({ id: 'x', type: 'circle', source: 's' }, 'y', 'z')).toBeNull()
  })
})
