import type { MultiPolygon, Polygon, Position } from 'geojson'
import type { LonLat, MapImage } from './map-engine'
import { boxCorners } from '../lib/geo/shapes'

/**
 * Where a quicklook's corners go: the footprint's four corners when it is a quadrilateral (the picture is
 * the footprint, north roughly up), else its bounding box. Order: top-left, top-right, bottom-right,
 * bottom-left.
 */
export function quicklookCorners(footprint: Polygon | MultiPolygon): [LonLat, LonLat, LonLat, LonLat] {
  const ring: Position[] =
    footprint.type === 'Polygon' ? footprint.coordinates[0] : (footprint.coordinates[0]?.[0] ?? [])
  const open =
    ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]
      ? ring.slice(0, -1)
      : ring
  const pts = open.map((p): LonLat => [p[0], p[1]])
  if (pts.length === 4) {
    const byLat = [...pts].sort((a, b) => b[1] - a[1])
    const [tl, tr] = byLat.slice(0, 2).sort((a, b) => a[0] - b[0])
    const [bl, br] = byLat.slice(2).sort((a, b) => a[0] - b[0])
    return [tl, tr, br, bl]
  }
  const xs = pts.map((p) => p[0])
  const ys = pts.map((p) => p[1])
  const [w, e, s, n] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  return boxCorners([w, s, e, n])
}

export function quicklookImage(
  id: string,
  url: string,
  footprint: Polygon | MultiPolygon,
  opacity: number,
): MapImage {
  return { id, url, corners: quicklookCorners(footprint), opacity }
}
