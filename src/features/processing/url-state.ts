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
