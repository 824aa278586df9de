import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { poly, square } from '../testing/builders'
import { decodePolygons, encodePolygons, samePolygons } from './polyline'

/** The text of one ring, built by hand from the format's rules (independent of the module's encoder). */
function encodeByHand(values: number[]): string {
  return values
    .map((value) => {
      // Zig-zag: non-negative values double, negative ones become odd.
      let v = value < 0 ? -2 * value - 1 : 2 * value
      let out = ''
      while (v >= 32) {
        out += String.fromCharCode((v % 32) + 32 + 63)
        v = Math.floor(v / 32)
      }
      return out + String.fromCharCode(v + 63)
    })
    .join('')
}

/** Lat/lon deltas in millionths of a degree for a ring (lat first, as the format has it). */
function deltas(ring: number[][]): number[] {
  const out: number[] = []
  let lat = 0
  let lon = 0
  for (const [x, y] of ring) {
    const la = Math.round(y * 1e6)
    const lo = Math.round(x * 1e6)
    out.push(la - lat, lo - lon)
    lat = la
    lon = lo
  }
  return out
}

describe('encodePolygons / decodePolygons', () => {
  it('encodes an empty list as empty text, and decodes empty text as an empty list', () => {
    expect(encodePolygons([])).toBe('')
    expect(decodePolygons('')).toEqual([])
  })

  it('writes lat before lon, deltas of millionths, in the polyline alphabet', () => {
    const ring = [
      [1, 2],
      [1.5, 2],
      [1.5, 2.5],
      [1, 2],
    ]
    const text = encodePolygons([poly(ring)])
    expect(text).toBe(encodeByHand(deltas(ring)))
    // The first position: lat 2 (2,000,000) is written before lon 1 (1,000,000).
    expect(text.startsWith(encodeByHand([2_000_000, 1_000_000]))).toBe(true)
    for (const ch of text) {
      expect(ch.charCodeAt(0)).toBeGreaterThanOrEqual(63)
      expect(ch.charCodeAt(0)).toBeLessThanOrEqual(126)
    }
  })

  it('round-trips one simple polygon exactly', () => {
    const polygons = [poly(square(12.5, 41.9, 0.25))]
    expect(decodePolygons(encodePolygons(polygons))).toEqual(polygons)
  })

  it('round-trips polygons with holes, joining rings by "," and polygons by ";"', () => {
    const polygons = [
      poly(square(0, 0, 4), square(1, 1, 1), square(2.5, 2.5, 0.5)),
      poly(square(10, 10, 1)),
      poly(square(-20, -30, 2), square(-19.5, -29.5, 1)),
    ]
    const text = encodePolygons(polygons)
    expect(text.split(';')).toHaveLength(3)
    expect(text.split(';').map((p) => p.split(',').length)).toEqual([3, 1, 2])
    expect(decodePolygons(text)).toEqual(polygons)
  })

  it('round-trips negative coordinates and rings next to the antimeridian', () => {
    const polygons = [
      poly([
        [-179.999999, -89.5],
        [179.999999, -89.5],
        [179.999999, -89],
        [-179.999999, -89],
        [-179.999999, -89.5],
      ]),
      poly([
        [179.5, 65.123456],
        [180, 65.123456],
        [180, 66],
        [179.5, 66],
        [179.5, 65.123456],
      ]),
      poly([
        [-180, -0.000001],
        [-179.000001, -0.000001],
        [-179.000001, 0.000001],
        [-180, 0.000001],
        [-180, -0.000001],
      ]),
    ]
    expect(decodePolygons(encodePolygons(polygons))).toEqual(polygons)
  })

  it('keeps six decimals: finer digits are rounded to the nearest millionth', () => {
    const fine = poly([
      [12.3456781, -45.9876549],
      [12.4000004, -45.9876549],
      [12.4000004, -45.8],
      [12.3456781, -45.9876549],
    ])
    const decoded = decodePolygons(encodePolygons([fine]))
    expect(decoded).not.toBeNull()
    const ring = decoded?.[0].coordinates[0] ?? []
    expect(ring[0]).toEqual([12.345678, -45.987655])
    expect(ring[1]).toEqual([12.4, -45.987655])
    expect(ring[2]).toEqual([12.4, -45.8])
    // Every decoded value differs from the original by at most half a millionth.
    fine.coordinates[0].forEach((pos, i) => {
      expect(Math.abs(ring[i][0] - pos[0])).toBeLessThanOrEqual(5e-7 + 1e-12)
      expect(Math.abs(ring[i][1] - pos[1])).toBeLessThanOrEqual(5e-7 + 1e-12)
    })
  })

  it('gives the same text when the decoded polygons are encoded again (idempotent)', () => {
    let seed = 7
    const rand = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      return seed / 2 ** 32
    }
    for (let t = 0; t < 50; t++) {
      const polygons: Polygon[] = []
      const count = 1 + Math.floor(rand() * 3)
      for (let p = 0; p < count; p++) {
        const lon = rand() * 359.99 - 179.995
        const lat = rand() * 179 - 89.5
        const ring: number[][] = []
        const n = 3 + Math.floor(rand() * 8)
        for (let i = 0; i < n; i++) {
          const a = (i / n) * 2 * Math.PI
          // Unrounded coordinates: the first encoding rounds them, later ones must not move them again.
          ring.push([lon + 0.004 * Math.cos(a) * rand(), lat + 0.004 * Math.sin(a) * rand()])
        }
        ring.push(ring[0])
        polygons.push(poly(ring))
      }
      const text = encodePolygons(polygons)
      const decoded = decodePolygons(text)
      expect(decoded).not.toBeNull()
      expect(encodePolygons(decoded ?? [])).toBe(text)
      expect(decodePolygons(encodePolygons(decoded ?? []))).toEqual(decoded)
    }
  })

  describe('malformed text decodes to null', () => {
    const good = encodePolygons([poly(square(10, 20, 1))])

    it('accepts the well-formed text these cases start from', () => {
      expect(decodePolygons(good)).toEqual([poly(square(10, 20, 1))])
    })

    it('refuses text cut short in the middle of a number', () => {
      // A character >= 95 ('_') says another chunk follows; ending the text there leaves a number unfinished.
      expect(decodePolygons('_')).toBeNull()
      // Cutting the last character off leaves a ring whose final position has a lat but no lon.
      expect(decodePolygons(good.slice(0, -1))).toBeNull()
    })

    it('refuses characters outside 63–126', () => {
      // Appending a position equal to the last one (deltas 0, 0) keeps the ring valid…
      expect(decodePolygons(`${good}??`)?.[0].coordinates[0]).toHaveLength(6)
      // …but not when a zero is spelled with DEL (127), which would read as a zero chunk with more to follow.
      expect(decodePolygons(`${good}\u007f??`)).toBeNull()
      expect(decodePolygons(`${good.slice(0, 4)} ${good.slice(4)}`)).toBeNull()
      expect(decodePolygons(`${good}\u007f`)).toBeNull()
      expect(decodePolygons(`>${good}`)).toBeNull()
      expect(decodePolygons(`${good.slice(0, 3)}é${good.slice(3)}`)).toBeNull()
    })

    it('refuses a ring that does not end where it starts', () => {
      const open = encodePolygons([
        poly([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ])
      expect(decodePolygons(open)).toBeNull()
    })

    it('refuses a ring of fewer than four positions, even when closed', () => {
      const three = encodePolygons([
        poly([
          [0, 0],
          [1, 1],
          [0, 0],
        ]),
      ])
      expect(decodePolygons(three)).toBeNull()
      // An empty ring or polygon between separators.
      expect(decodePolygons(`${good},`)).toBeNull()
      expect(decodePolygons(`${good};`)).toBeNull()
      expect(decodePolygons(`;${good}`)).toBeNull()
    })

    it('refuses a latitude beyond ±90', () => {
      expect(decodePolygons(encodePolygons([poly(square(10, 89.5, 0.6))]))).toBeNull()
      expect(decodePolygons(encodePolygons([poly(square(10, -90.5, 0.6))]))).toBeNull()
      // Exactly at the pole is on the globe.
      expect(decodePolygons(encodePolygons([poly(square(10, 89, 1))]))).toEqual([poly(square(10, 89, 1))])
    })

    it('refuses a number longer than six characters', () => {
      // Seven chunks: six continuation characters then a final one.
      expect(decodePolygons(`${'_'.repeat(6)}?${good}`)).toBeNull()
    })

    it('refuses one bad polygon among good ones', () => {
      expect(decodePolygons(`${good};${good.slice(0, -1)}`)).toBeNull()
    })
  })
})

describe('samePolygons', () => {
  let seed = 11
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    return seed / 2 ** 32
  }
  const moved = (polygons: Polygon[], by: number): Polygon[] =>
    polygons.map((p) => poly(...p.coordinates.map((r) => r.map(([x, y]) => [x + by, y - by]))))

  it('says what comparing the encoded texts says, on drawn and decoded polygons and on moved ones', () => {
    for (let t = 0; t < 200; t++) {
      const lon = rand() * 359.99 - 179.995
      const lat = rand() * 179 - 89.5
      const ring: number[][] = []
      for (let i = 0; i < 4 + Math.floor(rand() * 6); i++)
        ring.push([lon + 0.01 * rand(), lat + 0.01 * rand()])
      ring.push(ring[0])
      const drawn = [poly(ring)]
      const read = decodePolygons(encodePolygons(drawn)) ?? []
      // Moved by under half a millionth (the same text, mostly) or by a few millionths (another text).
      const other = moved(drawn, rand() < 0.5 ? rand() * 6e-7 : 1e-6 + rand() * 5e-6)
      expect(samePolygons(drawn, read)).toBe(true)
      expect(samePolygons(drawn, other)).toBe(encodePolygons(drawn) === encodePolygons(other))
    }
  })

  it('tells polygons apart by their count, their rings and their positions', () => {
    const a = poly(square(10, 20, 1))
    const holed = poly(square(10, 20, 1), square(10.2, 20.2, 0.1))
    expect(samePolygons([a], [a, a])).toBe(false)
    expect(samePolygons([a], [holed])).toBe(false)
    expect(samePolygons([a], [poly(square(10, 20, 1.00001))])).toBe(false)
    expect(samePolygons([], [])).toBe(true)
  })
})
