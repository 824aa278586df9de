import { isServiceItemUrl } from '../../data/storage/query'
import { SHARE_PARAM } from '../../lib/share-link'

/** The process catalogue's view in the URL: the search term, and what was handed over to the process chosen. */
export interface ProcessesView {
  /** `?q=`: the catalogue's search, as typed. */
  term: string
  /**
   * Handed over from storage ("Process this item": `?item=`) or an order ("Process the delivery":
   * `?collection=`), as a search (without `?`) carried to the process chosen, whose launch form starts with
   * it; empty when nothing was handed over.
   */
  carried: string
  /** Whether an item (rather than a delivery's collection) was handed over. */
  carriesItem: boolean
}

const HANDED_OVER = ['item', 'collection'] as const

export function readProcessesView(params: URLSearchParams): ProcessesView {
  const carried = new URLSearchParams()
  for (const k of HANDED_OVER) {
    const v = params.get(k)
    if (v) carried.set(k, v)
  }
  return {
    term: params.get('q') ?? '',
    carried: carried.toString(),
    carriesItem: Boolean(params.get('item')),
  }
}

/** The search of a view: what was handed over stays, and the term is left out when empty. */
export function processesSearch(view: Pick<ProcessesView, 'term' | 'carried'>): URLSearchParams {
  const next = new URLSearchParams(view.carried)
  if (view.term) next.set('q', view.term)
  return next
}

/**
 * What a link hands a process's launch form (`paths.process`): `?from=<job id>` (run a job again), `?item=`
 * (a stored item's URL, once per item input in their order; the change review hands two, newer first) with
 * `?title=`, `?shared=` (a form shared as a link, still encoded) and `?collection=` (a delivery, where the
 * item picker starts).
 */
export interface LaunchHandOver {
  from: string | null
  /** The items handed over, when every one is an item of the service's own storage; else none. */
  items: string[]
  /** The first item handed over that is not in the service's storage (the service would read any host). */
  foreignItem: string | null
  title: string | null
  shared: string | null
  collection: string | null
}

/** The launch form's hand-over from its URL; items are checked against the service's URL, `apiUrl`. */
export function readLaunchHandOver(params: URLSearchParams, apiUrl: string): LaunchHandOver {
  const asked = params.getAll('item')
  const foreignItem = asked.find((i) => !isServiceItemUrl(i, apiUrl)) ?? null
  return {
    from: params.get('from'),
    items: foreignItem === null ? asked : [],
    foreignItem,
    title: params.get('title'),
    shared: params.get(SHARE_PARAM),
    collection: params.get('collection'),
  }
}
