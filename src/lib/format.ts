/** Wording shared by every list of the console. */

/** "1 collection", "1,204 collections". */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`
}

/** Credits: whole numbers with thousands separators. */
export const formatCredits = (n: number): string => n.toLocaleString('en-US')

// Always one decimal, so figures in a column line up and 150 km² does not look rounder than 150.3 km².
const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 })

/**
 * An area for people, from km²: `78.5 km²`, `1,234.6 km²`; below 0.1 km² in square metres (`45 m²`,
 * `10,000 m²`), so neither a small AOI near the service's minimum of 100 m² nor a sliver of coverage reads as
 * a misleading 0.
 */
export function formatArea(km2: number): string {
  if (!Number.isFinite(km2) || km2 <= 0) return '0 km²'
  if (km2 < 0.1) return `${WHOLE.format(Math.max(1, km2 * 1e6))} m²`
  return `${ONE_DECIMAL.format(km2)} km²`
}

/**
 * `14 Dec 2026 10:31 UTC`: how the console writes every moment. The service's timestamps are UTC and the
 * console shows them so, whatever the browser's time zone; seconds are dropped, not rounded. `absent` stands
 * for a missing value; text that is not a date-time is shown as it is.
 */
export function formatUtc(t: number | string | null | undefined, absent = '—'): string {
  if (t === null || t === undefined || t === '') return absent
  const d = new Date(t)
  if (Number.isNaN(d.getTime())) return String(t)
  // toUTCString's shape is fixed by the language ("Mon, 02 Nov 2026 09:00:00 GMT"): no month table to ship.
  const [, day, month, year, time] = d.toUTCString().split(' ')
  return `${Number(day)} ${month} ${year} ${time.slice(0, 5)} UTC`
}

/**
 * `14 Dec 2026`: a UTC calendar day the console's way, from a day (`2026-12-14`), a date-time or epoch
 * milliseconds (its UTC day). `absent` for a missing value; text that is no date is shown as it is.
 */
export function formatUtcDay(t: number | string | null | undefined, absent = '—'): string {
  if (t === null || t === undefined || t === '') return absent
  const d = new Date(typeof t === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00Z` : t)
  if (Number.isNaN(d.getTime())) return String(t)
  const [, day, month, year] = d.toUTCString().split(' ')
  return `${Number(day)} ${month} ${year}`
}

/**
 * A position for people: `12.4900° E, 41.9000° N`. Here rather than beside the coordinate parser
 * (lib/geo/coordinates), so that the AOI checks that name a place do not bring the parser, which only the
 * lazy AOI panel uses, into the catalog's first load.
 */
export function formatLonLat([lon, lat]: readonly [number, number], digits = 4): string {
  const ew = lon < 0 ? 'W' : 'E'
  const ns = lat < 0 ? 'S' : 'N'
  return `${Math.abs(lon).toFixed(digits)}° ${ew}, ${Math.abs(lat).toFixed(digits)}° ${ns}`
}

/**
 * A STAC licence for people: the keywords `proprietary`, `various` and `other` as words ("Proprietary");
 * an SPDX identifier (`CC-BY-4.0`) as it is, since that is how licences are named.
 */
export function formatLicence(license: string | null | undefined): string {
  if (!license) return '—'
  const word = license.trim().toLowerCase()
  if (word === 'proprietary' || word === 'various' || word === 'other')
    return word[0].toUpperCase() + word.slice(1)
  return license
}
