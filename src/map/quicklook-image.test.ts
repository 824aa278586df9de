import type { MultiPolygon, Polygon, Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import { quicklookCorners, quicklookImage } from './quicklook-image'

const poly = (ring: Position[]): Polygon => ({ type: 'Polygon', coordinates: [ring] })
const closed = (corners: Position[]): Position[] => [...corners, corners[0]]

/** Every rotation of a ring's corners, both ways round, each closed. */
function allOrders(corners: Position[]): Position[][] {
  const out: Position[][] = []
  for (const way of [corners, [...corners].reverse()])
    for (let k = 0; k < way.length; k++) out.push(closed([...way.slice(k), ...way.slice(0, k)]))
  return out
}

describe('quicklookCorners', () => {
  // West 10, east 12, south 40, north 41.
  const nw: Position = [10, 41]
  const ne: Position = [12, 41]
  const se: Position = [12, 40]
  const sw: Position = [10, 40]

  it('gives top-left, top-right, bottom-right, bottom-left of an axis-aligned rectangle, in any vertex order', () => {
    const orders = allOrders([sw, se, ne, nw])
    expect(orders).toHaveLength(8)
    for (const ring of orders) expect(quicklookCorners(poly(ring))).toEqual([nw, ne, se, sw])
  })

  it('takes an unclosed ring of four corners as the same quadrilateral', () => {
    expect(quicklookCorners(poly([ne, nw, sw, se]))).toEqual([nw, ne, se, sw])
    expect(quicklookCorners(poly([se, ne, nw, sw]))).toEqual([nw, ne, se, sw])
  })

  it('places the corners of a rotated quadrilateral by height, then by longitude', () => {
    // A square turned about 14° counter-clockwise: D is the western top corner, C the eastern one.
    const a: Position = [0, 0]
    const b: Position = [4, 1]
    const c: Position = [3, 5]
    const d: Position = [-1, 4]
    for (const ring of allOrders([a, b, c, d])) expect(quicklookCorners(poly(ring))).toEqual([d, c, b, a])
  })

  it('keeps the corners of a slanted footprint as they are (no snapping to a box)', () => {
    // A typical satellite swath: a parallelogram leaning east.
    const corners: Position[] = [
      [5.1, 43.2],
      [5.4, 43.25],
      [5.5, 43.6],
      [5.2, 43.55],
    ]
    const out = quicklookCorners(poly(closed(corners)))
    expect(out).toEqual([
      [5.2, 43.55],
      [5.5, 43.6],
      [5.4, 43.25],
      [5.1, 43.2],
    ])
  })

  it('falls back to the bounding box for a pentagon', () => {
    const pentagon = closed([
      [0, 0],
      [2, -1],
      [4, 0],
      [3, 3],
      [1, 2],
    ])
    expect(quicklookCorners(poly(pentagon))).toEqual([
      [0, 3],
      [4, 3],
      [4, -1],
      [0, -1],
    ])
  })

  it('falls back to the bounding box for a triangle', () => {
    const triangle = closed([
      [0, 0],
      [2, 0],
      [1, 2],
    ])
    expect(quicklookCorners(poly(triangle))).toEqual([
      [0, 2],
      [2, 2],
      [2, 0],
      [0, 0],
    ])
  })

  it('uses the outer ring of the first part of a MultiPolygon', () => {
    const footprint: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        [closed([sw, se, ne, nw])],
        [
          closed([
            [50, 50],
            [51, 50],
            [51, 51],
            [50, 51],
          ]),
        ],
      ],
    }
    expect(quicklookCorners(footprint)).toEqual([nw, ne, se, sw])
  })

  it('gives plain [lon, lat] pairs even when positions carry a height', () => {
    const ring = closed([
      [10, 40, 100],
      [12, 40, 100],
      [12, 41, 100],
      [10, 41, 100],
    ])
    expect(quicklookCorners(poly(ring))).toEqual([nw, ne, se, sw])
  })

  it('puts the corners into a map image', () => {
    const image = quicklookImage('q1', 'blob:x', poly(closed([sw, se, ne, nw])), 0.7)
    expect(image).toEqual({ id: 'q1', url: 'blob:x', corners: [nw, ne, se, sw], opacity: 0.7 })
  })
})
