import type { components } from '../../api/schema'

/**
 * Saved catalog searches: what one is, which of its scenes are new since the analyst last looked, and its
 * JSON for export and import. Pure; the store (store.ts) keeps them in this browser, per user and account,
 * since the service has no endpoint for them.
 */

export type SearchRequest = components['schemas']['CatalogSearchRequest']
export type CatalogFeature = components['schemas']['CatalogFeature']

/** One service request a saved search stands for (a catalog search is one request per data host). */
export interface SavedRequest {
  host: string
  body: SearchRequest
}

export interface SavedSearch {
  id: string
  name: string
  /** The catalog page's URL query for this search (area, filters, hosts, sort), without a page cursor. */
  params: string
  requests: SavedRequest[]
  /** When it was saved, by this browser's clock (ISO). */
  savedAt: string
  /**
   * The newest acquisition or publication instant among its scenes when the analyst last looked (ISO, the
   * service's time): scenes acquired or published after it are new. Null when the search found nothing.
   */
  seenUpTo: string | null
  /** When the analyst last looked, by this browser's clock (ISO). */
  lookedAt: string
}

/**
 * The longest a data host takes from acquiring a scene to publishing it, as assumed here: a scene published
 * after the last look was acquired at most this long before it, so looking that far back finds them all.
 */
export const PUBLICATION_LAG_MS = 7 * 86_400_000

/** Scenes looked at per host when counting what is new (the service's page limit). */
export const NEWS_LIMIT = 500

const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? -Infinity : t
}

/** The latest of a scene's acquisition (its datetime or start) and its publication (`created`), ms. */
export function sceneInstant(scene: CatalogFeature): number {
  const p = scene.properties
  return Math.max(time(p.datetime ?? p.start_datetime ?? p.acquisitionDate), time(p.created))
}

/** Whether a scene was acquired or published after `since` (ISO): what the catalog marks as new. */
export const isNewSince = (scene: CatalogFeature, since: string | null): boolean =>
  since !== null && sceneInstant(scene) > time(since)

/**
 * The request that finds a saved search's new scenes: the same search, narrowed to acquisitions from a
 * publication lag before `seenUpTo` (so every scene published since is among them), as many as a page
 * holds. Null when the saved search's own dates end before that: nothing new can match it.
 */
export function newsRequest(body: SearchRequest, seenUpTo: string | null): SearchRequest | null {
  const out: SearchRequest = { ...body, limit: NEWS_LIMIT }
  delete out.sortby
  if (seenUpTo === null) return out
  const from = time(seenUpTo) - PUBLICATION_LAG_MS
  const [start, end] = (body.datetime ?? '../..').split('/')
  const saidStart = start && start !== '..' ? time(start) : -Infinity
  const saidEnd = end === undefined ? saidStart : end && end !== '..' ? time(end) : Infinity
  if (saidEnd < from) return null
  const startAt = Math.max(saidStart, from)
  out.datetime = `${new Date(startAt).toISOString()}/${Number.isFinite(saidEnd) ? new Date(saidEnd).toISOString() : '..'}`
  return out
}

export interface SavedSearchNews {
  /** Scenes acquired or published after the last look. */
  count: number
  /** Their ids, to mark them. */
  ids: string[]
  /** The newest instant among the scenes looked at: the next `seenUpTo` once the analyst opens the search. */
  latest: string | null
  /** Some host answered a full page: there may be more new scenes than counted. */
  more: boolean
}

/**
 * What is new in a saved search: of the scenes its news requests found (newsRequest), those acquired or
 * published after `seenUpTo`. A notification centre can call this on the same answers.
 */
export function savedSearchNews(
  pages: readonly (readonly CatalogFeature[])[],
  seenUpTo: string | null,
): SavedSearchNews {
  const since = time(seenUpTo)
  let latest = since
  const ids: string[] = []
  for (const scenes of pages) {
    for (const scene of scenes) {
      const t = sceneInstant(scene)
      if (t > latest) latest = t
      if (seenUpTo !== null && t > since) ids.push(scene.properties.id)
    }
  }
  return {
    count: ids.length,
    ids,
    latest: Number.isFinite(latest) ? new Date(latest).toISOString() : seenUpTo,
    more: pages.some((p) => p.length >= NEWS_LIMIT),
  }
}

/** "N new since you last looked", in words. */
export function newsLabel(news: Pick<SavedSearchNews, 'count' | 'more'>): string {
  if (news.count === 0) return 'Nothing new since you last looked'
  return `${news.count}${news.more ? '+' : ''} new since you last looked`
}

// ------------------------------------------------------------------------------------------------ JSON

const FORMAT = 'swath.saved-searches'

/** The export file: the searches without this browser's bookkeeping of when they were last looked at. */
export function exportSavedSearches(searches: readonly SavedSearch[]): string {
  return JSON.stringify(
    {
      format: FORMAT,
      version: 1,
      searches: searches.map(({ name, params, requests, savedAt, seenUpTo }) => ({
        name,
        params,
        requests,
        savedAt,
        seenUpTo,
      })),
    },
    null,
    2,
  )
}

export type ImportedSearch = Omit<SavedSearch, 'id' | 'lookedAt'>

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const HOST = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/
const isIso = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v))

/** The searches of an export file, or what is wrong with it, in words. */
export function parseSavedSearches(
  text: string,
): { ok: true; searches: ImportedSearch[] } | { ok: false; reason: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'The file is not JSON.' }
  }
  if (!isRecord(data) || data.format !== FORMAT || !Array.isArray(data.searches))
    return { ok: false, reason: 'The file is not an export of saved searches.' }
  const searches: ImportedSearch[] = []
  for (const [i, s] of data.searches.entries()) {
    const where = `Search ${i + 1}`
    if (!isRecord(s)) return { ok: false, reason: `${where} is not an object.` }
    if (typeof s.name !== 'string' || s.name.trim() === '' || s.name.length > 200)
      return { ok: false, reason: `${where} has no name (or one over 200 characters).` }
    if (typeof s.params !== 'string' || s.params.length > 100_000)
      return { ok: false, reason: `${where} has no catalog link.` }
    if (
      !Array.isArray(s.requests) ||
      s.requests.length === 0 ||
      !s.requests.every(
        (r) => isRecord(r) && typeof r.host === 'string' && HOST.test(r.host) && isRecord(r.body),
      )
    )
      return { ok: false, reason: `${where} has no search request.` }
    searches.push({
      name: s.name.trim(),
      params: s.params.replace(/^\?/, ''),
      requests: s.requests as SavedRequest[],
      savedAt: isIso(s.savedAt) ? s.savedAt : new Date().toISOString(),
      seenUpTo: isIso(s.seenUpTo) ? s.seenUpTo : null,
    })
  }
  return { ok: true, searches }
}
