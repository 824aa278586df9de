/**
 * Polygons onto a pixel grid by scanlines: each edge adds its crossing to the rows whose pixel centres it
 * spans, and each row is filled between pairs of crossings (even-odd, so holes stay open). The grid covers
 * a box in degrees, north-up; a pixel is inside when its centre is.
 */

export interface Grid {
  width: number
  height: number
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number]
}

/**
 * Sets `mask` to `value` inside the union of `polygons` (each a list of rings). Polygons must not overlap
 * one another (Natural Earth's land and lakes do not; a footprint is one polygon or a multipolygon of
 * disjoint parts), as crossings of all of them are paired together.
 */
export function fillPolygons(mask: Uint8Array, grid: Grid, polygons: number[][][][], value = 1): void {
  const { width, height } = grid
  const [w, s, e, n] = grid.bbox
  const sx = width / (e - w)
  const sy = height / (n - s)
  const rows: number[][] = Array.from({ length: height }, () => [])
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0; i + 1 < ring.length; i++) {
        // Pixel coordinates: x to the east, y to the south.
        const x1 = (ring[i][0] - w) * sx
        const y1 = (n - ring[i][1]) * sy
        const x2 = (ring[i + 1][0] - w) * sx
        const y2 = (n - ring[i + 1][1]) * sy
        if (y1 === y2) continue
        const top = Math.min(y1, y2)
        const bottom = Math.max(y1, y2)
        if (bottom <= 0 || top >= height) continue
        // Rows whose centre (r + 0.5) lies in [top, bottom).
        const r0 = Math.max(0, Math.ceil(top - 0.5))
        const r1 = Math.min(height - 1, Math.ceil(bottom - 0.5) - 1)
        const slope = (x2 - x1) / (y2 - y1)
        for (let r = r0; r <= r1; r++) rows[r].push(x1 + (r + 0.5 - y1) * slope)
      }
    }
  }
  for (let r = 0; r < height; r++) {
    const xs = rows[r]
    if (xs.length < 2) continue
    xs.sort((a, b) => a - b)
    const row = r * width
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const c0 = Math.max(0, Math.ceil(xs[k] - 0.5))
      const c1 = Math.min(width, Math.ceil(xs[k + 1] - 0.5))
      if (c1 > c0) mask.fill(value, row + c0, row + c1)
    }
  }
}

/** Whether a polygon's bounding box meets a box. */
export function touches(polygon: number[][][], [w, s, e, n]: [number, number, number, number]): boolean {
  const outer = polygon[0]
  let pw = Infinity
  let ps = Infinity
  let pe = -Infinity
  let pn = -Infinity
  for (const [x, y] of outer) {
    if (x < pw) pw = x
    if (x > pe) pe = x
    if (y < ps) ps = y
    if (y > pn) pn = y
  }
  return pw <= e && pe >= w && ps <= n && pn >= s
}
