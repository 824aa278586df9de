import type { CodeRequestSet, MergeRule } from '../../lib/request-code'
import { searchCall } from '../../data/catalog/queries'
import type { BuiltSearch, SceneSort } from './url-state'

/** The applied search as code: the page's own request (same host, body and page), and the SDK's search. */
export function searchCode(built: BuiltSearch, page: string | null): CodeRequestSet {
  return {
    title: `Catalog search of ${built.host}`,
    steps: [
      {
        title: page ? 'The search, from the page shown on' : 'The search',
        call: searchCall(built.host, built.body, page),
        pages: 'features',
      },
    ],
    sdk: { kind: 'catalog-search', host: built.host, body: built.body },
  }
}

const SORT_WORDS: Record<string, string> = {
  date: 'acquisition time',
  cloud: 'cloud cover',
  resolution: 'resolution',
}

/** How the console orders an every-host list, as a rule the scripts can follow. */
export function mergeRuleOf(sort: SceneSort): MergeRule {
  const [key, direction] = sort.split('-') as [string, 'asc' | 'desc']
  const descending = direction === 'desc'
  if (key === 'coverage')
    return {
      by: null,
      descending,
      note: 'the console sorts by each scene’s share of the AOI, which this script does not measure: it keeps each host’s order, host after host.',
    }
  return {
    by: key as 'date' | 'cloud' | 'resolution',
    descending,
    note: `by ${SORT_WORDS[key]}, ${descending ? 'highest or newest first' : 'lowest or oldest first'}, scenes without one last; ties in the order of the hosts here, then each host’s own order.`,
  }
}

/**
 * The every-host search as code: one request per host (each host's own search, as the page sends it), every
 * page of each followed, and the answers merged into one list in the page's sort — the list the page shows
 * once "More" has pulled every host's last page.
 */
export function allHostsSearchCode(
  built: readonly BuiltSearch[],
  sort: SceneSort,
  hostTitles: ReadonlyMap<string, string>,
): CodeRequestSet {
  return {
    title: `Catalog search of every host (${built.length})`,
    steps: built.map((b) => ({
      title: `${hostTitles.get(b.host) ?? b.host}: the search`,
      call: searchCall(b.host, b.body, null),
      pages: 'features' as const,
      label: b.host,
    })),
    merge: mergeRuleOf(sort),
  }
}
