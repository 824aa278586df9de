import { describe, expect, it } from 'vitest'
import { polygonLayers } from './layers'

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
