import { readSharedText, type SHARE_PARAM } from '../../lib/share-link'

/**
 * What a link hands the tasking page on arrival: `?again=<order id>` ("Request again" from a placed tasking
 * order, `paths.taskingAgain`) and `?shared=` (a Viewer's request shared as a link, still encoded:
 * lib/share-link). Each is acted on once and then taken out of the URL, so a reload keeps the analyst's edits
 * instead of filling the form again.
 */
export interface TaskingHandOver {
  againOrderId: string | null
  shared: string | null
}

/** The parameter of each hand-over, by the name the URL gives it. */
export type TaskingHandOverParam = 'again' | typeof SHARE_PARAM

export function readTaskingHandOver(params: URLSearchParams): TaskingHandOver {
  // An empty order names none.
  return { againOrderId: params.get('again') || null, shared: readSharedText(params) }
}

/** The tasking page's search once a hand-over was acted on: that parameter gone, every other one kept. */
export function withoutHandOver(params: URLSearchParams, param: TaskingHandOverParam): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(param)
  return next
}
