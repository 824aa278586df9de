import { problem } from '../http/errors'
import type { Account } from './types'
import type { World } from './world'

/**
 * The workspace gate shared by orders, geometries and processing: null when the workspace belongs to the
 * caller's account, otherwise one 404 for unknown, malformed and foreign ids alike (existence is not leaked).
 */
export function workspaceProblem(
  world: World,
  account: Account,
  workspaceId: string,
  instance: string,
): Response | null {
  const ws = world.workspaces.get(workspaceId.toLowerCase())
  if (ws && ws.accountId === account.id) return null
  return problem({
    status: 404,
    slug: 'workspace-not-found',
    title: 'Workspace not found',
    detail: `No workspace ${workspaceId} exists in this account.`,
    instance,
  })
}
