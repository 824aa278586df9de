import './mantine-styles'
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Popover,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { formatUtc } from '../../../lib/format'
import { openedBy, unreadCount } from '../entries'
import { useNotificationState } from '../notification-store'
import { opened as recordOpened } from '../read-sources'
import { useNotificationPoller } from '../use-notification-poller'
import classes from './notification-centre.module.css'

function BellIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

/**
 * The bell in the header: the unread count, and a dialog listing what changed, newest first, each entry a link
 * to the page that acts on it. Reads on the centre's schedule while mounted (decision 34).
 */
export function NotificationCentre() {
  useNotificationPoller()
  const [opened, setOpened] = useState(false)
  const entries = useNotificationState((s) => s.entries)
  const markRead = useNotificationState((s) => s.markRead)
  const markAllRead = useNotificationState((s) => s.markAllRead)
  const unread = unreadCount(entries)
  const titleId = useId()
  // Opening the page an entry is about reads it, however it was opened (the bell, a link, the address bar).
  const { pathname, search } = useLocation()
  useEffect(() => {
    const { entries: now, markRead: read } = useNotificationState.getState()
    for (const key of openedBy(now, { pathname, search })) read(key)
  }, [pathname, search])
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      trapFocus
      returnFocus
      withinPortal
      shadow="md"
    >
      {/* The target is the button itself: the popover's roles (aria-haspopup, aria-expanded) belong on it,
          not on the indicator's plain div (axe: aria-allowed-attr). */}
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        disabled={unread === 0}
        color="red.8"
        offset={4}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId} p="sm">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id={titleId}>
              Notifications
            </Title>
            <Button size="compact-sm" variant="subtle" disabled={unread === 0} onClick={markAllRead}>
              Mark all read
            </Button>
          </Group>
          {entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing new. Orders, decisions, jobs, licenses and budgets are checked once a minute while this
              tab is visible.
            </Text>
          ) : (
            <ul className={classes.list} aria-label="Newest first">
              {entries.map((e) => (
                <li key={e.key} className={classes.entry} data-unread={!e.read || undefined}>
                  {/* The mark is seen; the words are heard (the dot alone would say nothing to a reader). */}
                  <span className={classes.dot} aria-hidden="true" />
                  <div className={classes.body}>
                    {/* A block: a title that wraps is one target, not two line pieces with a gap between. */}
                    <Anchor
                      component={Link}
                      to={e.href}
                      size="sm"
                      display="block"
                      fw={e.read ? 400 : 600}
                      onClick={() => {
                        markRead(e.key)
                        recordOpened(e)
                        setOpened(false)
                      }}
                    >
                      {!e.read && <VisuallyHidden component="span">Unread: </VisuallyHidden>}
                      {e.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {e.detail ? `${e.detail} · ` : ''}
                      found {formatUtc(new Date(e.at).toISOString())}
                    </Text>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <DesktopSwitch />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}

/**
 * What the browser's answer means for the analyst: blocked (only its site settings can change that) is not the
 * same as a question dismissed unanswered (turning the switch on asks again).
 */
function permissionNote(permission: NotificationPermission): string | null {
  if (permission === 'granted') return null
  if (permission === 'denied')
    return 'The browser blocks notifications for this site: allow them in its site settings, then turn them on again.'
  return 'The browser’s question was closed without an answer: turn them on again to be asked once more.'
}

/** Desktop notifications: the browser is asked only when the analyst turns them on here. */
function DesktopSwitch() {
  const desktop = useNotificationState((s) => s.desktop)
  const setDesktop = useNotificationState((s) => s.setDesktop)
  const supported = typeof Notification !== 'undefined'
  const [note, setNote] = useState<string | null>(null)
  const on = supported && desktop && Notification.permission === 'granted'
  return (
    <Stack gap={2}>
      <Switch
        label="Desktop notifications"
        description={
          supported ? 'Shown by the browser when something new is found' : 'This browser does not offer them'
        }
        checked={on}
        disabled={!supported}
        onChange={(e) => {
          const want = e.currentTarget.checked
          if (!want) {
            setDesktop(false)
            setNote(null)
            return
          }
          void Notification.requestPermission().then((permission) => {
            setDesktop(permission === 'granted')
            setNote(permissionNote(permission))
          })
        }}
      />
      {note && (
        <Text size="xs" role="status">
          {note}
        </Text>
      )}
    </Stack>
  )
}
