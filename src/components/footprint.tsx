import type { Geometry } from 'geojson'
import classes from './footprint.module.css'

type Ring = number[][]

/** Anything with a footprint: a STAC item, a basket scene. */
interface Shaped {
  geometry?: Geometry | Record<string, unknown> | null
  bbox?: number[]
}

/** The outer rings of an item's footprint: its polygon(s), or its bbox. */
function footprintRings(item: Shaped): Ring[] {
  const g = item.geometry as { type?: string; coordinates?: unknown } | null | undefined
  if (g?.type === 'Polygon') return [(g.coordinates as Ring[])[0]]
  if (g?.type === 'MultiPolygon') return (g.coordinates as Ring[][]).map((p) => p[0])
  const b = item.bbox
  if (b && b.length >= 4) {
    const [w, s, e, n] = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : b
    return [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ]
  }
  return []
}

/**
 * An item's footprint as a small outline, its shape at a glance (north up, longitudes scaled by the latitude),
 * with the place it lies in the accessible name.
 */
export function Footprint({ item, size }: { item: Shaped; size: number }) {
  const rings = footprintRings(item).filter((r) => r.length > 2)
  const points = rings.flat()
  if (points.length === 0) return null
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const [w, e, s, n] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const k = Math.cos((((s + n) / 2) * Math.PI) / 180)
  const span = Math.max((e - w) * k, n - s) || 1
  const pad = 4
  const scale = (size - 2 * pad) / span
  const ox = (size - (e - w) * k * scale) / 2
  const oy = (size - (n - s) * scale) / 2
  const d = rings
    .map(
      (r) =>
        r
          .map(
            ([x, y], i) =>
              `${i === 0 ? 'M' : 'L'}${(ox + (x - w) * k * scale).toFixed(1)},${(oy + (n - y) * scale).toFixed(1)}`,
          )
          .join('') + 'Z',
    )
    .join('')
  const lat = (s + n) / 2
  const lon = (w + e) / 2
  const label = `Footprint near ${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(2)}° ${lon >= 0 ? 'E' : 'W'}`
  return (
    <svg
      className={classes.footprint}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
    >
      <path d={d} />
    </svg>
  )
}
