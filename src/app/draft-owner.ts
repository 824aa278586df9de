import type { Session } from '../api/session'
import { draftOwnerOf, setDraftOwner } from '../lib/draft-storage'

/**
 * Drafts follow the signed-in user: each user's (per account) are kept apart in sessionStorage, a sign-out
 * hides them, and the next user on the tab sees only their own. An expired session keeps its user, so
 * signing in again under the dialog keeps everything. Called once at boot, after the session is restored.
 */
export function bindDraftsToSession(session: Session): () => void {
  const sync = () => setDraftOwner(draftOwnerOf(session.getSnapshot().user))
  sync()
  return session.subscribe(sync)
}
