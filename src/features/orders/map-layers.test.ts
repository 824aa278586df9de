import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import {
  COVERAGE_COLORS,
  COVERED_SOURCE,
  coverageOverlays,
  ORDER_AOI_SOURCE,
  orderAoi,
  orderAoiOverlay,
  REMAINDER_SOURCE,
} from './map-layers'
import type { Coverage, Order } from '../../data/orders/queries'

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

describe('coverage overlays', () => {
  const west = poly(rect(4.8, 45.7, 4.85, 45.8))
  const east = poly(rect(4.85, 45.7, 4.9, 45.8))
  const coverage = (covered: unknown[], remainder: unknown[]): Coverage =>
    ({
      covered: { sqKmArea: 21.5, percentage: 40, geometry: { type: 'FeatureCollection', features: covered } },
      remainder: {
        sqKmArea: 32.2,
        percentage: 60,
        geometry: { type: 'FeatureCollection', features: remainder },
      },
    }) as Coverage
  const f = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry })

  it('covered filled green, the remainder outlined in dashed orange, each its own source', () => {
    const [cov, rem] = coverageOverlays(coverage([f(west)], [f(east)]))
    expect(cov?.id).toBe(COVERED_SOURCE)
    expect(cov?.data.features.map((x) => x.geometry)).toEqual([west])
    expect(rem?.id).toBe(REMAINDER_SOURCE)
    expect(rem?.data.features.map((x) => x.geometry)).toEqual([east])
    const fill = cov?.layers.find((l) => l.type === 'fill')
    expect(fill?.type === 'fill' && fill.paint?.['fill-color']).toBe(COVERAGE_COLORS.covered)
    const line = rem?.layers.find((l) => l.type === 'line')
    expect(line?.type === 'line' && line.paint?.['line-color']).toBe(COVERAGE_COLORS.remainder)
    expect(line?.type === 'line' && line.paint?.['line-dasharray']).toEqual([2, 2])
    const coveredLine = cov?.layers.find((l) => l.type === 'line')
    expect(coveredLine?.type === 'line' && coveredLine.paint?.['line-dasharray']).toBeUndefined()
  })

  it('an empty remainder (all delivered) is still sent, empty, so the map clears it', () => {
    const overlays = coverageOverlays(coverage([f(west)], []))
    expect(overlays.map((o) => o.id)).toEqual([COVERED_SOURCE, REMAINDER_SOURCE])
    expect(overlays[1]?.data.features).toEqual([])
  })

  it('keeps only areas, numbered for the map, without the service’s bbox', () => {
    const multi = {
      type: 'MultiPolygon',
      coordinates: [west.coordinates, east.coordinates],
      bbox: [4.8, 45.7, 4.9, 45.8],
    }
    const [cov] = coverageOverlays(
      coverage([f({ type: 'Point', coordinates: [4.8, 45.7] }), f(west), f(multi), f(null)], []),
    )
    expect(cov?.data.features.map((x) => [x.id, x.geometry.type])).toEqual([
      [0, 'Polygon'],
      [1, 'MultiPolygon'],
    ])
    expect(cov?.data.features[1]?.geometry).not.toHaveProperty('bbox')
  })
})
