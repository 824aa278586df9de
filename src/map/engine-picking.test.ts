import type { Geometry } from 'geojson'
import { describe, expect, it } from 'vitest'
import { FakeMap } from '../testing/fake-map'
import { EnginePicking, smallest, spanOf } from './engine-picking'

const box = (w: number, s: number, e: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

function picking(fills: string[] = ['scenes-fill']) {
  const map = new FakeMap()
  map.addLayer({ id: 'scenes-fill', type: 'fill', source: 'scenes' })
  const events: string[] = []
  const p = new EnginePicking(
    map.asMap(),
    () => ({
      onOverlayHover: (src, id) => events.push(`hover ${src} ${String(id)}`),
      onOverlayClick: (src, id) => events.push(`click ${src} ${String(id)}`),
    }),
    () => fills,
  )
  return { map, events, picking: p }
}

describe('picking overlays', () => {
  it('measures a shape by its box, and a shape without coordinates as endless', () => {
    expect(spanOf(box(0, 0, 2, 1))).toBe(3)
    expect(spanOf({ type: 'Point', coordinates: [4, 5] })).toBe(0)
    expect(spanOf({ type: 'GeometryCollection', geometries: [] })).toBe(Infinity)
  })

  it('picks the smallest shape with an id, so a small scene inside a large one stays reachable', () => {
    const large = { id: 'large', geometry: box(0, 0, 10, 10) }
    const small = { id: 'small', geometry: box(2, 2, 3, 3) }
    const noId = { geometry: box(2, 2, 2.1, 2.1) }
    expect(smallest([large, noId, small])).toBe(small)
    expect(smallest([noId])).toBeUndefined()
  })

  it('reports entering and leaving a feature once each, and a click on one', () => {
    const { map, events } = picking()
    map.rendered = [{ id: 7, source: 'scenes', geometry: box(0, 0, 1, 1) }]
    map.fire('mousemove', { point: { x: 1, y: 1 } })
    map.fire('mousemove', { point: { x: 2, y: 1 } })
    expect(map.canvas.style.cursor).toBe('pointer')
    map.fire('click', { point: { x: 2, y: 1 } })
    map.rendered = []
    map.fire('mousemove', { point: { x: 3, y: 1 } })
    expect(map.canvas.style.cursor).toBe('')
    expect(events).toEqual(['hover scenes 7', 'click scenes 7', 'hover scenes null'])
  })

  it('reports the hovered feature again after its source was given other features', () => {
    const { map, events, picking: p } = picking()
    map.rendered = [{ id: 7, source: 'scenes', geometry: box(0, 0, 1, 1) }]
    map.fire('mousemove', { point: { x: 1, y: 1 } })
    p.forget('scenes')
    map.fire('mousemove', { point: { x: 1, y: 1 } })
    map.fire('mouseout')
    expect(events).toEqual(['hover scenes 7', 'hover scenes 7', 'hover scenes null'])
  })

  it('asks the map nothing while no interactive overlay has a layer on it', () => {
    const { map, events } = picking(['gone-fill'])
    map.fire('mousemove', { point: { x: 1, y: 1 } })
    map.fire('click', { point: { x: 1, y: 1 } })
    expect(map.calls).toEqual([])
    expect(events).toEqual([])
  })
})
