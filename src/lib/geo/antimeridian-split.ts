import type { Polygon } from 'geojson'
import { feature as turfFeature, featureCollection, intersect as turfIntersect } from '@turf/turf'
import { ringsCrossAntimeridian, unwrapRings } from './antimeridian'
import { polygonsOf, toPolygon, type LonLat, type Ring } from './rings'
import { rectanglePolygon } from './shapes'

/** The shape cut at ±180° into parts that each lie within −180…180° (a fix the service needs). */
export function splitAntimeridian(rings: Ring[]): Polygon[] {
  if (ringsCrossAntimeridian(rings) === 'no') return [toPolygon(rings)]
  const shape = unwrapRings(rings)
  let w = Infinity
  let e = -Infinity
  for (const [x] of shape[0]) {
    if (x < w) w = x
    if (x > e) e = x
  }
  const out: Polygon[] = []
  // Worlds are the 360°-wide bands [-180 + 360k, 180 + 360k]; each band's part is moved back into band 0.
  const kFrom = Math.ceil((w - 180) / 360)
  const kTo = Math.floor((e + 180) / 360)
  const f = turfFeature(toPolygon(shape))
  for (let k = kFrom; k <= kTo; k++) {
    const shift = -360 * k
    const west = -180 + 360 * k
    const east = 180 + 360 * k
    if (w >= west && e <= east) {
      out.push(toPolygon(shape.map((r) => r.map(([x, y]): LonLat => [x + shift, y]))))
      continue
    }
    if (e <= west || w >= east) continue
    const band = turfFeature(rectanglePolygon([west, -90], [east, 90]))
    const part = turfIntersect(featureCollection([f, band]))
    if (!part) continue
    for (const p of polygonsOf(part.geometry)) {
      out.push({
        type: 'Polygon',
        coordinates: p.coordinates.map((r) => r.map((q) => [clampLon(q[0] + shift), q[1]])),
      })
    }
  }
  return out
}

/** Exact ±180 after the shift, so float noise cannot leave a part a hair outside the range. */
function clampLon(x: number): number {
  return x > 180 ? 180 : x < -180 ? -180 : x
}
