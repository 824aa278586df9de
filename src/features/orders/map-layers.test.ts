import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import { geometryBbox, ORDER_AOI_SOURCE, orderAoi, orderAoiOverlay } from './map-layers'
import type { Order } from './queries'

const base: Order = {
  id: '3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f',
  displayName: 'Lyon',
  status: 'CREATED',
  type: 'ARCHIVE',
  workspaceId: 'w',
  accountId: 'a',
  tags: [],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
}
const square = poly(rect(4.8, 45.7, 4.9, 45.8))

describe('order AOI', () => {
  it('archive orders carry it in orderDetails.aoi, tasking orders in orderDetails.geometry', () => {
    expect(orderAoi({ ...base, orderDetails: { aoi: square, imageId: 'X' } })).toEqual(square)
    const point = { type: 'Point' as const, coordinates: [4.8, 45.7] }
    expect(
      orderAoi({
        ...base,
        type: 'TASKING',
        orderDetails: { acquisitionStart: 'a', acquisitionEnd: 'b', geometry: point },
      }),
    ).toEqual(point)
  })

  it('none when the order has no details or the wrong member', () => {
    expect(orderAoi(base)).toBeNull()
    expect(orderAoi({ ...base, type: 'TASKING', orderDetails: { aoi: square } })).toBeNull()
  })

  it('bbox of polygons; a point is framed with a margin', () => {
    expect(geometryBbox(square)).toEqual([4.8, 45.7, 4.9, 45.8])
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [square.coordinates, poly(rect(-1, -1, 0, 0)).coordinates],
    }
    expect(geometryBbox(multi)).toEqual([-1, -1, 4.9, 45.8])
    const b = geometryBbox({ type: 'Point', coordinates: [10, 20] })
    expect(b?.[0]).toBeCloseTo(9.95)
    expect(b?.[3]).toBeCloseTo(20.05)
    expect(geometryBbox({ type: 'Polygon', coordinates: [] })).toBeNull()
  })

  it('one source with polygon layers for areas and a circle for points', () => {
    const o = orderAoiOverlay(square)
    expect(o.id).toBe(ORDER_AOI_SOURCE)
    expect(o.data.features).toHaveLength(1)
    expect(o.data.features[0].geometry).toEqual(square)
    expect(o.layers.map((l) => `${l.id}:${l.type}`)).toEqual([
      'order-aoi-fill:fill',
      'order-aoi-line:line',
      'order-aoi-point:circle',
    ])
    // Each layer draws only its kind of geometry (a circle layer would mark every polygon vertex).
    for (const l of o.layers) expect('filter' in l && l.filter).toBeTruthy()
  })
})
