import type { Polygon } from 'geojson'
import { closeRing, dedupe, samePos, toPolygon, type LonLat, type Ring } from './rings'

/** Corners typed as text, read into a polygon (a position written for people is `formatLonLat`, lib/format). */

export type CoordinateListResult = { ok: true; polygon: Polygon } | { ok: false; message: string }

/**
 * A polygon from typed text, one corner per line: "lon lat", "lon, lat", or with hemisphere letters in either
 * order ("41.9N 12.5E", "N 41°54'30\" E 12°30'"). A line of KML-style "lon,lat lon,lat …" tuples also works.
 * The ring is closed for the user; blank lines and lines starting with # are ignored.
 */
export function parseCoordinateList(text: string): CoordinateListResult {
  if (typeof text !== 'string') return { ok: false, message: 'Type one corner per line: longitude latitude.' }
  const ring: Ring = []
  const lines = text.split(/\r\n|\r|\n/)
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const parsed = parseCoordinateLine(line)
    if (typeof parsed === 'string') return { ok: false, message: `Line ${i + 1}: ${parsed}` }
    ring.push(...parsed)
  }
  if (ring.length > 1 && samePos(ring[0], ring[ring.length - 1])) ring.pop()
  const distinct = dedupe(ring)
  if (distinct.length < 3) {
    return {
      ok: false,
      message:
        distinct.length === 0
          ? 'Type at least three corners, one per line, as longitude and latitude (e.g. "12.49 41.90").'
          : `Only ${distinct.length} distinct corner${distinct.length === 1 ? '' : 's'}: an area needs at least three, one per line.`,
    }
  }
  return { ok: true, polygon: toPolygon([closeRing(distinct)]) }
}

const NUMBER_DMS = String.raw`([+-]?\d+(?:\.\d+)?)\s*[°º]?\s*(?:(\d+(?:\.\d+)?)\s*['′]\s*)?(?:(\d+(?:\.\d+)?)\s*(?:"|″|'')\s*)?`
const LETTER_FIRST = new RegExp(String.raw`^([NSEW])\s*${NUMBER_DMS}`, 'i')
const LETTER_AFTER = new RegExp(String.raw`^${NUMBER_DMS}([NSEW])?`, 'i')

function parseCoordinateLine(line: string): LonLat[] | string {
  const quoted = `'${line.length > 40 ? `${line.slice(0, 40)}…` : line}'`
  // KML-style tuples: several "lon,lat[,z]" groups separated by spaces on one line.
  const tuples = line.split(/\s+/)
  if (tuples.length > 1 && tuples.every((t) => /^[+-]?[\d.]+,[+-]?[\d.]+(,[+-]?[\d.]+)?$/.test(t))) {
    const out: LonLat[] = []
    for (const t of tuples) {
      const [lon, lat] = t.split(',').map(Number)
      const problem = rangeProblem(lon, lat)
      if (problem) return problem
      out.push([lon, lat])
    }
    return out
  }
  if (/[NSEW]/i.test(line)) return parseHemisphereLine(line, quoted)
  const parts = line.split(/[\s,;]+/).filter((p) => p !== '')
  const numbers = parts.map((p) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p) ? Number(p) : NaN))
  if (numbers.some((x) => !Number.isFinite(x)))
    return `${quoted} is not two numbers; write longitude and latitude, e.g. "12.49 41.90" or "12.49, 41.90".`
  if (numbers.length !== 2)
    return numbers.length < 2
      ? `${quoted} needs two numbers, longitude and latitude.`
      : `${quoted} has ${numbers.length} numbers; write two, longitude and latitude.`
  const [lon, lat] = numbers
  return rangeProblem(lon, lat) ?? [[lon, lat]]
}

/** "41.9N 12.5E", "12°30'E, 41°54'N", "N41.9 E12.5": the letters say which number is which. */
function parseHemisphereLine(line: string, quoted: string): LonLat[] | string {
  let rest = line
  const values: { value: number; axis: 'lat' | 'lon' | null }[] = []
  while (rest !== '' && values.length < 3) {
    const m = LETTER_FIRST.exec(rest) ?? LETTER_AFTER.exec(rest)
    if (!m || m[0] === '') break
    const letterFirst = /^[NSEW]/i.test(rest)
    const [letter = '', deg, min, sec] = letterFirst ? [m[1], m[2], m[3], m[4]] : [m[4], m[1], m[2], m[3]]
    if ((min !== undefined && Number(min) >= 60) || (sec !== undefined && Number(sec) >= 60))
      return `${quoted} has minutes or seconds of 60 or more.`
    const hemisphere = letter.toUpperCase()
    let value = Math.abs(Number(deg)) + Number(min ?? 0) / 60 + Number(sec ?? 0) / 3600
    if (deg.startsWith('-') || hemisphere === 'S' || hemisphere === 'W') value = -value
    values.push({
      value,
      axis: hemisphere === 'N' || hemisphere === 'S' ? 'lat' : hemisphere ? 'lon' : null,
    })
    rest = rest.slice(m[0].length).replace(/^\s*[,;]?\s*/, '')
  }
  if (rest !== '' || values.length !== 2)
    return `${quoted} is not a corner; write longitude and latitude ("12.49 41.90"), or use letters ("41.90N 12.49E").`
  const [a, b] = values
  if (!a.axis || !b.axis) return `${quoted} has a letter on one number only; put N or S and E or W on both.`
  if (a.axis === b.axis)
    return `${quoted} has two ${a.axis === 'lat' ? 'latitudes (N/S)' : 'longitudes (E/W)'}; one of each is needed.`
  const lat = a.axis === 'lat' ? a.value : b.value
  const lon = a.axis === 'lon' ? a.value : b.value
  return rangeProblem(lon, lat) ?? [[lon, lat]]
}

function rangeProblem(lon: number, lat: number): string | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'write two numbers, longitude and latitude.'
  if (lat < -90 || lat > 90)
    return `latitude ${lat} is outside −90…90. Is the order longitude, latitude? (Or add letters: "41.9N 12.5E".)`
  if (lon < -180 || lon > 180) return `longitude ${lon} is outside −180…180.`
  return null
}
