import type { Account } from '../world/types'
import type { World } from '../world/world'

/**
 * The workspace gate shared by orders, geometries and processing: whether a workspace belongs to the
 * caller's account. Unknown, malformed and foreign ids are alike (routes answer one 404, see http/gates.ts),
 * so existence is not leaked.
 */
export function isOwnWorkspace(world: World, account: Account, workspaceId: string): boolean {
  const ws = world.workspaces.get(workspaceId.toLowerCase())
  return ws !== undefined && ws.accountId === account.id
}
