import './mantine-styles-popover'
import { Anchor, Button, Group, Popover, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { formatUtc } from '../../../lib/format'
import { unreadCount } from '../entries'
import { useNotificationState } from '../notification-store'
import { opened as recordOpened } from '../read-sources'
import { Bell } from './bell'
import classes from './notification-centre.module.css'

/**
 * The bell with its dialog: what changed, newest first, each entry a link to the page that acts on it. Loaded
 * when the analyst reaches for the bell (`NotificationCentre` shows the bell until then): Popover, its focus
 * trap and floating-ui are no part of a page's first load.
 */
export function NotificationPopover({
  initiallyOpened,
  autoFocus,
}: {
  /** The bell was pressed before this module was here. */
  initiallyOpened: boolean
  /** The bell had the focus when this module came: the bell it replaces takes it. */
  autoFocus: boolean
}) {
  const [opened, setOpened] = useState(false)
  // A press made before this module came opens the dialog once the bell that came with it has the focus (its
  // own effect, which runs first): opened from the first render, the dialog's focus return had nothing to
  // give the focus back to on Escape.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after the bell has taken the focus
    if (initiallyOpened) setOpened(true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first render's press counts
  }, [])
  const entries = useNotificationState((s) => s.entries)
  const markRead = useNotificationState((s) => s.markRead)
  const markAllRead = useNotificationState((s) => s.markAllRead)
  const unread = unreadCount(entries)
  const titleId = useId()
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
      <Popover.Target>
        <Bell unread={unread} expanded={opened} autoFocus={autoFocus} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
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
