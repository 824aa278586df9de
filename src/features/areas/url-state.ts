import type { GeometryListQuery } from '../../data/geometries/queries'

/**
 * The geometry library's view in the URL: `name` (the service's `displayName` filter, a substring),
 * `workspace` (one workspace, or `all`), `page` (1-based) and `size`. The newest changes first.
 */
export interface LibraryView {
  name: string
  /** A workspace id, `all`, or null for the current workspace. */
  workspace: string | null
  page: number
  size: LibrarySize
}

export const ALL_WORKSPACES = 'all'
export const LIBRARY_SIZES = [20, 50, 100, 500] as const
export type LibrarySize = (typeof LIBRARY_SIZES)[number]
export const DEFAULT_LIBRARY_SIZE: LibrarySize = 100
// The service's page index is an int32: the URL's last usable page is one more than its largest value.
const MAX_PAGE = 2_147_483_648

export function readLibraryView(params: URLSearchParams): LibraryView {
  const page = Number(params.get('page'))
  const size = LIBRARY_SIZES.find((s) => String(s) === params.get('size')?.trim())
  return {
    name: params.get('name') ?? '',
    workspace: params.get('workspace') || null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    size: size ?? DEFAULT_LIBRARY_SIZE,
  }
}

/**
 * The URL after a change of the view: a new name, workspace or size starts again at page 1; defaults are
 * left out, so the plain library is `/areas`. Other parameters of the page are kept.
 */
export function withLibraryChange(params: URLSearchParams, change: Partial<LibraryView>): URLSearchParams {
  const view = { ...readLibraryView(params), ...change }
  if (!('page' in change)) view.page = 1
  const next = new URLSearchParams(params)
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  set('name', view.name)
  set('workspace', view.workspace)
  set('page', view.page === 1 ? null : String(view.page))
  set('size', view.size === DEFAULT_LIBRARY_SIZE ? null : String(view.size))
  return next
}

/** The one list request of a view: the page shown, filtered by name by the service. */
export function libraryQuery(view: LibraryView, currentWorkspace: string | null): GeometryListQuery {
  const workspaceId =
    view.workspace === ALL_WORKSPACES ? undefined : (view.workspace ?? currentWorkspace ?? undefined)
  return {
    ...(workspaceId ? { workspaceId } : {}),
    ...(view.name ? { displayName: view.name } : {}),
    page: view.page - 1,
    size: view.size,
    sort: 'updatedAt,desc',
  }
}
