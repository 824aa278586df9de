/**
 * The geometry library's view in the URL: part of a name (`name`) and a workspace (`workspace`, `all` for
 * every one; absent, the current workspace). Pure.
 */

export const ALL_WORKSPACES = 'all'

export interface AreasView {
  name: string
  /** As written in the URL; null when absent. */
  workspace: string | null
}

export function readAreasView(params: URLSearchParams): AreasView {
  return { name: params.get('name') ?? '', workspace: params.get('workspace') }
}

/** The search with one setting changed (an empty value drops it) and every other parameter kept. */
export function areasSearch(params: URLSearchParams, key: keyof AreasView, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (value) next.set(key, value)
  else next.delete(key)
  return next
}

/** The list request of a view: the workspace named, else the current one, and none for all of them. */
export function areasRequest(view: AreasView, currentWorkspace: string | null | undefined) {
  const workspaceId =
    view.workspace === ALL_WORKSPACES ? undefined : (view.workspace ?? currentWorkspace ?? undefined)
  return {
    ...(workspaceId ? { workspaceId } : {}),
    ...(view.name ? { displayName: view.name } : {}),
    size: 100,
    sort: 'updatedAt,desc',
  }
}
