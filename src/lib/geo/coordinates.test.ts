import { describe, expect, it } from 'vitest'
import { parseCoordinateList } from './coordinates'
import type { LonLat } from './rings'

describe('parseCoordinateList', () => {
  const ring = (text: string) => {
    const r = parseCoordinateList(text)
    if (!r.ok) throw new Error(r.message)
    return r.polygon.coordinates[0]
  }

  it('reads "lon lat" and "lon, lat" lines and closes the ring', () => {
    expect(ring('12.4 41.8\n12.6, 41.8\n12.6;42\n\n  12.4\t42  \n')).toEqual([
      [12.4, 41.8],
      [12.6, 41.8],
      [12.6, 42],
      [12.4, 42],
      [12.4, 41.8],
    ])
  })

  it('does not repeat a closing corner the user typed', () => {
    expect(ring('0 0\n1 0\n1 1\n0 0')).toHaveLength(4)
  })

  it('reads hemisphere letters in either order, and degrees-minutes-seconds', () => {
    expect(ring('41.9N 12.5E\n41.9N 12.6E\n42N 12.6E')).toEqual([
      [12.5, 41.9],
      [12.6, 41.9],
      [12.6, 42],
      [12.5, 41.9],
    ])
    const [first, second, third] = ring(`N 41°54'30" E 12°30'\n12°36′E, 41°54′N\n33.9S 18.4W`) as LonLat[]
    expect(first[0]).toBeCloseTo(12.5, 9)
    expect(first[1]).toBeCloseTo(41.908333, 5)
    expect(second).toEqual([12.6, 41.9])
    expect(third).toEqual([-18.4, -33.9])
  })

  it('reads KML-style tuples on one line, and skips comments', () => {
    expect(ring('# field 7\n12.4,41.8 12.6,41.8,0 12.6,42')).toHaveLength(4)
  })

  it('explains a bad line', () => {
    const bad = (text: string) => {
      const r = parseCoordinateList(text)
      return r.ok ? '' : r.message
    }
    expect(bad('12.4 41.8\n12.6 41.8\n12.5\n')).toBe(
      "Line 3: '12.5' needs two numbers, longitude and latitude.",
    )
    expect(bad('12.4 41.8\n12.6 41.8 3 4')).toMatch(/^Line 2: .* has 4 numbers/)
    expect(bad('12.4 abc')).toMatch(/^Line 1: .*not two numbers/)
    expect(bad('41.8 95\n0 0\n1 1')).toMatch(
      /^Line 1: latitude 95 is outside −90…90\. Is the order longitude, latitude/,
    )
    expect(bad('200 10\n0 0\n1 1')).toMatch(/longitude 200/)
    expect(bad('41.9N 12.5N')).toMatch(/two latitudes/)
    expect(bad('41.9N 12.5')).toMatch(/letter on one number only/)
    expect(bad("41°75'N 12E")).toMatch(/minutes or seconds of 60/)
  })

  it('needs three distinct corners', () => {
    const r = parseCoordinateList('1 1\n2 2\n1 1')
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/Only 2 distinct corners/) as unknown })
    expect(parseCoordinateList('  \n')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/at least three/) as unknown,
    })
  })
})
