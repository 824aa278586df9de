import './mantine-styles'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { openedBy, unreadCount } from '../entries'
import { useNotificationState } from '../notification-store'
import { useNotificationPoller } from '../use-notification-poller'
import { Bell } from './bell'
import type { NotificationPopover } from './notification-popover'

/**
 * The bell in the header: the unread count, and a dialog listing what changed (`NotificationPopover`). Reads on
 * the centre's schedule while mounted (decision 34). The dialog's module (Popover, focus trap, floating-ui:
 * about 22 KiB gzip) loads when the pointer comes over the bell or it takes focus, as "Go to a place" does
 * (decision 29); a press before it is here opens the dialog when it comes, and the focus carries over.
 */
export function NotificationCentre() {
  useNotificationPoller()
  const unread = useNotificationState((s) => unreadCount(s.entries))
  const [Popover, setPopover] = useState<typeof NotificationPopover | null>(null)
  const [pressed, setPressed] = useState(false)
  const [focused, setFocused] = useState(false)
  const loading = useRef(false)
  // Opening the page an entry is about reads it, however it was opened (the bell, a link, the address bar).
  const { pathname, search } = useLocation()
  useEffect(() => {
    const { entries: now, markRead: read } = useNotificationState.getState()
    for (const key of openedBy(now, { pathname, search })) read(key)
  }, [pathname, search])

  function load() {
    if (loading.current) return
    loading.current = true
    import('./notification-popover').then(
      (m) => setPopover(() => m.NotificationPopover),
      // Offline or a new deployment: the next hover, focus or press tries again.
      () => (loading.current = false),
    )
  }

  if (Popover) return <Popover initiallyOpened={pressed} autoFocus={focused || pressed} />
  return (
    <Bell
      unread={unread}
      expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true)
        load()
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setPressed(true)
        load()
      }}
    />
  )
}
