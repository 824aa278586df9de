import type { Polygon } from 'geojson'

/**
 * Polygons as short URL text: each ring in the encoded-polyline format (deltas of fixed-point coordinates,
 * 5 bits per character, lat before lon as the format has it) at six decimals, rings joined by `,` and
 * polygons by `;` (neither is in the format's alphabet, chars 63–126). Decoding and encoding again gives the
 * same text, so the text can stand for its polygons when comparing.
 */

const FACTOR = 1e6

function encodeNumber(n: number): string {
  let v = n < 0 ? ~(n << 1) : n << 1
  let out = ''
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63)
    v >>>= 5
  }
  return out + String.fromCharCode(v + 63)
}

function encodeRing(ring: readonly number[][]): string {
  let lat = 0
  let lon = 0
  let out = ''
  for (const [x, y] of ring) {
    const la = Math.round(y * FACTOR)
    const lo = Math.round(x * FACTOR)
    out += encodeNumber(la - lat) + encodeNumber(lo - lon)
    lat = la
    lon = lo
  }
  return out
}

/** Reads one ring; throws on text that is not an encoded polyline. */
function decodeRing(text: string): [number, number][] {
  const out: [number, number][] = []
  let i = 0
  let lat = 0
  let lon = 0
  const next = (): number => {
    let shift = 0
    let result = 0
    let byte: number
    do {
      if (i >= text.length) throw new Error('truncated')
      byte = text.charCodeAt(i++) - 63
      if (byte < 0 || byte > 63) throw new Error('not a polyline character')
      result |= (byte & 0x1f) << shift
      shift += 5
      if (shift > 30) throw new Error('number too long')
    } while (byte >= 0x20)
    return result & 1 ? ~(result >> 1) : result >> 1
  }
  while (i < text.length) {
    lat += next()
    lon += next()
    out.push([lon / FACTOR, lat / FACTOR])
  }
  return out
}

const fixed = (v: number) => Math.round(v * FACTOR)

/**
 * Whether two lists of polygons are the same as the text writes them: ring for ring and position for position
 * at six decimals (what encoding both and comparing the texts would say, without writing them).
 */
export function samePolygons(a: readonly Polygon[], b: readonly Polygon[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  return a.every((p, i) => {
    const [ra, rb] = [p.coordinates, b[i].coordinates]
    if (ra.length !== rb.length) return false
    return ra.every((ring, r) => {
      const other = rb[r]
      if (ring.length !== other.length) return false
      for (let k = 0; k < ring.length; k++)
        if (fixed(ring[k][0]) !== fixed(other[k][0]) || fixed(ring[k][1]) !== fixed(other[k][1])) return false
      return true
    })
  })
}

export function encodePolygons(polygons: readonly Polygon[]): string {
  return polygons.map((p) => p.coordinates.map(encodeRing).join(',')).join(';')
}

/**
 * The polygons of an encoded text, or null when the text is not one (hand-edited or cut short): a ring
 * needs four positions, closed, with coordinates on the globe.
 */
export function decodePolygons(text: string): Polygon[] | null {
  if (text === '') return []
  try {
    const polygons = text.split(';').map((p): Polygon => {
      const rings = p.split(',').map(decodeRing)
      for (const ring of rings) {
        if (ring.length < 4) throw new Error('ring too short')
        const [a, b] = [ring[0], ring[ring.length - 1]]
        if (a[0] !== b[0] || a[1] !== b[1]) throw new Error('ring not closed')
        if (ring.some(([x, y]) => Math.abs(x) > 540 || Math.abs(y) > 90)) throw new Error('off the globe')
      }
      return { type: 'Polygon', coordinates: rings }
    })
    return polygons
  } catch {
    return null
  }
}
