import type { EulaListQuery } from '../../data/licences/queries'

/** The licences list's view as the URL holds it: `?term=&sort=&page=&size=` (page 1-based, as people count). */
export interface LicenceListView {
  term: string
  sort: LicenceSort
  page: number
  size: number
}

export const LICENCE_SORTS = {
  'title,asc': 'Title A–Z',
  'title,desc': 'Title Z–A',
  'createdAt,desc': 'Newest first',
  'createdAt,asc': 'Oldest first',
} as const
export type LicenceSort = keyof typeof LICENCE_SORTS

export const PAGE_SIZES = [10, 20, 50] as const
export const DEFAULT_LICENCE_VIEW: LicenceListView = { term: '', sort: 'title,asc', page: 1, size: 20 }

const isSort = (s: string | null): s is LicenceSort => s !== null && s in LICENCE_SORTS

export function readLicenceView(params: URLSearchParams): LicenceListView {
  const page = Number(params.get('page'))
  const size = Number(params.get('size'))
  const sort = params.get('sort')
  return {
    term: (params.get('term') ?? '').trim().slice(0, 200),
    sort: isSort(sort) ? sort : DEFAULT_LICENCE_VIEW.sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LICENCE_VIEW.size,
  }
}

/** The URL of a view: defaults are left out, so the plain list is `/licences`. */
export function licenceSearch(view: LicenceListView): string {
  const out = new URLSearchParams()
  if (view.term) out.set('term', view.term)
  if (view.sort !== DEFAULT_LICENCE_VIEW.sort) out.set('sort', view.sort)
  if (view.page !== 1) out.set('page', String(view.page))
  if (view.size !== DEFAULT_LICENCE_VIEW.size) out.set('size', String(view.size))
  return out.toString()
}

/** The list request of a view (the service counts pages from 0). */
export function licenceQuery(view: LicenceListView): EulaListQuery {
  return {
    ...(view.term ? { term: view.term } : {}),
    sort: view.sort,
    page: view.page - 1,
    size: view.size,
  }
}

/**
 * A licence page's choice among its versions (`?version=` shown, `?from=`/`?to=` compared); null where the
 * URL names none or not a version number, and the page then picks its own (the current one, the one before).
 */
export interface VersionChoice {
  version: number | null
  from: number | null
  to: number | null
}

const VERSION = /^(0|[1-9]\d{0,8})$/
const readVersion = (raw: string | null) => (raw !== null && VERSION.test(raw) ? Number(raw) : null)

export function readVersionChoice(params: URLSearchParams): VersionChoice {
  return {
    version: readVersion(params.get('version')),
    from: readVersion(params.get('from')),
    to: readVersion(params.get('to')),
  }
}

/** The licence page's search with the versions changed set, every other parameter kept. */
export function withVersionChoice(params: URLSearchParams, change: Partial<VersionChoice>): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of ['version', 'from', 'to'] as const) {
    const v = change[key]
    if (v === null) next.delete(key)
    else if (v !== undefined) next.set(key, String(v))
  }
  return next
}
