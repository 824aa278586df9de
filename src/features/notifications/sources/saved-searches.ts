import { paths } from '../../../config/paths'
import { savedSearchLink, savedSearchNewsOptions } from '../../../data/saved-searches/queries'
import { useSavedSearches } from '../../../data/saved-searches/store'
import { readFresh, type NotificationSource } from './source'

export interface SavedSearchesSnapshot {
  /** Saved search id → its name, how many scenes are new since the analyst last looked, and the newest. */
  searches: Record<
    string,
    { name: string; count: number; more: boolean; latest: string | null; href?: string }
  >
}

/**
 * New scenes in a saved search: the same count the saved-searches page and Start show (one request per host,
 * shared through the cache). One entry per search, told again with more news (a newer scene), opening the
 * search itself; an opened search (nothing new) is not told.
 */
export const savedSearchesSource: NotificationSource<SavedSearchesSnapshot> = {
  id: 'saved-searches',
  enabled: () => true,
  read: async (ctx) => {
    const searches = useSavedSearches.getState().searches
    const out: SavedSearchesSnapshot['searches'] = {}
    // One search failing to count leaves the others counted.
    const counted = await Promise.allSettled(
      searches.map((s) => readFresh(ctx, savedSearchNewsOptions(ctx.client, s.requests, s.seenUpTo))),
    )
    counted.forEach((r, i) => {
      if (r.status !== 'fulfilled') return
      const s = searches[i]
      out[s.id] = {
        name: s.name,
        count: r.value.count,
        more: r.value.more,
        latest: r.value.latest,
        // The search itself, its new scenes marked: the page that acts on the news, and opening it reads it.
        href: savedSearchLink(s),
      }
    })
    return { searches: out }
  },
  diff: (previous, next) =>
    Object.entries(next.searches).flatMap(([id, s]) => {
      if (s.count === 0) return []
      const before = previous?.searches[id]
      if (before && before.latest === s.latest) return []
      const count = `${s.count}${s.more ? '+' : ''}`
      return [
        {
          key: `saved-search:${id}`,
          title: `${count} new ${s.count === 1 && !s.more ? 'scene' : 'scenes'} in “${s.name}”`,
          detail: 'Acquired or published since you last looked',
          href: s.href ?? paths.savedSearches(),
          when: s.latest ?? undefined,
        },
      ]
    }),
  // Opened from the bell as from the list: what it showed is seen, so its count starts again from there.
  opened: (entry) => {
    const id = entry.key.slice('saved-search:'.length)
    const search = useSavedSearches.getState().searches.find((s) => s.id === id)
    if (search && entry.when) useSavedSearches.getState().looked(id, entry.when)
  },
}
