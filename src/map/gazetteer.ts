import type { PlaceRow } from './basemap-bands'

/**
 * "Go to a place": the gazetteer over Natural Earth's populated places (the rows the map labels come from),
 * and its ranking. Only the place search loads this module.
 */

export interface Place {
  name: string
  region: string
  country: string
  lon: number
  lat: number
  population: number
  /** Natural Earth scalerank: 0 for the world's great cities, 10 for small towns. */
  rank: number
  /** The zoom from which Natural Earth shows the place (on 256-pixel tiles). */
  minZoom: number
  capital: boolean
  /** The name and its ASCII spelling, lower case without accents, for matching what is typed. */
  keys: string[]
}

/** Lower case, accents and punctuation dropped: "Saint-Étienne" and "saint etienne" match. */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

export function placesFromRows(rows: PlaceRow[]): Place[] {
  return rows.map(([name, ascii, region, country, lon, lat, population, rank, minZoom, capital]) => ({
    name,
    region,
    country,
    lon,
    lat,
    population,
    rank,
    minZoom,
    capital: capital === 1,
    keys: [...new Set([normalize(name), normalize(ascii)])],
  }))
}

/** How well a place's name matches: 0 the whole name, 1 its start, 2 the start of a word, 3 inside; null none. */
function matchLevel(keys: string[], q: string): number | null {
  let best: number | null = null
  for (const k of keys) {
    const level = k === q ? 0 : k.startsWith(q) ? 1 : k.includes(` ${q}`) ? 2 : k.includes(q) ? 3 : null
    if (level !== null && (best === null || level < best)) best = level
  }
  return best
}

/**
 * The places whose name matches what was typed, best first: how well the name matches, then importance
 * (capitals, then Natural Earth's scalerank, then population), so "par" offers Paris before Paramaribo and
 * both before a village. Typing "paris, tx" narrows by region or country after the comma.
 */
export function searchPlaces(places: Place[], query: string, limit = 8): Place[] {
  const [namePart, ...rest] = query.split(',')
  const q = normalize(namePart ?? '')
  const where = normalize(rest.join(' '))
  if (!q) return []
  const hits: { p: Place; level: number }[] = []
  for (const p of places) {
    const level = matchLevel(p.keys, q)
    if (level === null) continue
    if (where && !normalize(`${p.region} ${p.country}`).includes(where)) continue
    hits.push({ p, level })
  }
  hits.sort(
    (a, b) =>
      a.level - b.level ||
      Number(b.p.capital) - Number(a.p.capital) ||
      a.p.rank - b.p.rank ||
      b.p.population - a.p.population ||
      a.p.name.localeCompare(b.p.name),
  )
  return hits.slice(0, limit).map((h) => h.p)
}

/** "Paris, Île-de-France, France": a label that tells apart places of one name. */
export function placeLabel(p: Place): string {
  return [p.name, p.region !== p.name ? p.region : '', p.country].filter(Boolean).join(', ')
}

/**
 * The zoom to fly to: a great city among the towns around it (1:10m data names few places closer in), a
 * small town close enough that its own label shows (from its min zoom less one, see places.ts).
 */
export function placeZoom(p: Place): number {
  return Math.min(9, Math.max(6, p.minZoom + 1))
}

let gazetteer: Promise<Place[]> | null = null

/** The gazetteer, fetched once per page (a static asset, not part of the code bundle). */
export function loadGazetteer(url = `${import.meta.env.BASE_URL}basemap/places.json`): Promise<Place[]> {
  gazetteer ??= fetch(url)
    .then((r) => {
      if (!r.ok) throw new Error(`places: HTTP ${r.status}`)
      return r.json() as Promise<PlaceRow[]>
    })
    .then(placesFromRows)
    .catch((e: unknown) => {
      // The next focus of the field tries again.
      gazetteer = null
      throw e
    })
  return gazetteer
}
