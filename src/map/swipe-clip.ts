/**
 * The pure part of swipe compare: which part of a picture lies on one side of a vertical line on the screen.
 * A picture is laid on the map at four corners; their screen positions give a homography from the screen to
 * the picture's pixels, which carries the swipe line into the picture, where the picture's rectangle is cut
 * by it. Exact for a picture whose corners make a rectangle on the screen (a delivery in longitude and
 * latitude, the map neither rotated nor pitched); within a pixel or two otherwise.
 */

export type Point = [number, number]

/** A 3 × 3 projective transform, row-major; the last entry is 1. */
export type Homography = [number, number, number, number, number, number, number, number, number]

/** Solves A x = b (n × n) by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i]])
  for (let c = 0; c < n; c++) {
    let pivot = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) pivot = r
    if (Math.abs(m[pivot][c]) < 1e-12) return null
    ;[m[c], m[pivot]] = [m[pivot], m[c]]
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const f = m[r][c] / m[c][c]
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k]
    }
  }
  return m.map((row, i) => row[n] / row[i])
}

/** The homography that takes each of four points `from` to the matching point of `to`; null if degenerate. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = []
  const b: number[] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]
    const [u, v] = to[i]
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y])
    b.push(u)
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y])
    b.push(v)
  }
  const h = solve(a, b)
  return h ? [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1] : null
}

export function apply(h: Homography, [x, y]: Point): Point {
  const w = h[6] * x + h[7] * y + h[8]
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w]
}

/** Clips a convex polygon to the half-plane where `side(p) >= 0` (Sutherland–Hodgman, one edge). */
function clipHalfPlane(polygon: readonly Point[], side: (p: Point) => number): Point[] {
  const out: Point[] = []
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i]
    const q = polygon[(i + 1) % polygon.length]
    const sp = side(p)
    const sq = side(q)
    if (sp >= 0) out.push(p)
    if (sp >= 0 !== sq >= 0) {
      const t = sp / (sp - sq)
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])])
    }
  }
  return out
}

/**
 * The part of a `width` × `height` picture, in its own pixels, that shows on one side of the screen's
 * vertical line at `x`, given where the picture's corners (top-left, top-right, bottom-right, bottom-left)
 * are on the screen. Empty when none of it is on that side; the whole rectangle when all of it is.
 */
export function visiblePart(
  screenCorners: readonly Point[],
  width: number,
  height: number,
  x: number,
  keep: 'left' | 'right',
): Point[] {
  const rect: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ]
  const toPicture = homography(screenCorners, rect)
  if (!toPicture) return []
  // The line's image in the picture, and which way "kept" lies: a screen point beside the line, carried over.
  const [ax, ay] = apply(toPicture, [x, 0])
  const [bx, by] = apply(toPicture, [x, 1000])
  const centreY = screenCorners.reduce((s, p) => s + p[1], 0) / 4
  const probe = apply(toPicture, [keep === 'right' ? x + 1 : x - 1, centreY])
  const cross = (p: Point) => (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
  const sign = Math.sign(cross(probe)) || 1
  return clipHalfPlane(rect, (p) => sign * cross(p))
}
