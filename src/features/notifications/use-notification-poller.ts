import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useConsoleServices, useSession } from '../../api/console-context'
import { draftOwnerOf } from '../../lib/draft-storage'
import { plainText } from '../../lib/plain-text'
import type { Entry } from './entries'
import { useNotificationState } from './notification-store'
import { FOLD_LINES, readSources, SOURCES } from './read-sources'
import { browserClock, documentVisibility, startPolling } from './scheduler'

/**
 * Desktop notifications for what a read added, when the analyst turned them on and the browser allows. Their
 * title and body are plain text outside the page: names in them (an order's, a job's) lose any bidi control.
 */
export function announce(added: readonly Entry[]) {
  if (!useNotificationState.getState().desktop) return
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  // A first read after a long absence may find many: three, then the centre has the rest.
  for (const e of added.slice(0, 3))
    new Notification(plainText(e.title), {
      body: e.detail === undefined ? undefined : plainText(e.detail),
      tag: e.key,
    })
}

/**
 * Reads the sources on the centre's schedule for the signed-in user; another user (or none) stops it and
 * starts afresh. Token refreshes change the session's user object, not its owner, so they restart nothing.
 */
export function useNotificationPoller(): void {
  const { client, session, config } = useConsoleServices()
  // The centre's budget: at most one read of each resource an interval (a minute unless configured), and
  // only while the tab is visible.
  const intervalMs = config.notifyIntervalSeconds * 1000
  const qc = useQueryClient()
  const owner = draftOwnerOf(useSession().user)
  useEffect(() => {
    if (!owner) return
    let live = true
    const stop = startPolling({
      intervalMs,
      clock: browserClock,
      visibility: documentVisibility,
      read: async () => {
        const user = session.getSnapshot().user
        if (!user) return
        const { snapshots, found } = await readSources(
          SOURCES,
          { client, qc, user, maxAgeMs: intervalMs },
          useNotificationState.getState().snapshots,
        )
        // A read that outlived its user (sign-out, another user) is dropped, not filed under the next one.
        if (!live || draftOwnerOf(session.getSnapshot().user) !== owner) return
        // Found at the service's time, as the service's dates beside it in the bell are (a simulated week).
        const at = session.serviceNow()
        announce(useNotificationState.getState().record(snapshots, found, at, FOLD_LINES))
      },
    })
    return () => {
      live = false
      stop()
    }
  }, [client, qc, session, owner, intervalMs])
}
