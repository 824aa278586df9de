import '@mantine/core/styles/List.css'
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { whatToDo } from '../../api/errors'

/** The heading of an ordering page and what it promises. */
export function OrderingHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="sm">
        {lead}
      </Text>
    </Stack>
  )
}

/** The glossary (what the page orders as) could not be read: what to do, and a retry. */
export function GlossaryFailed({
  title,
  error,
  onRetry,
}: {
  title: string
  error: unknown
  onRetry: () => void
}) {
  return (
    <Alert color="red" title={title}>
      {whatToDo(error)}{' '}
      <Button size="compact-xs" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  )
}

/** What stops the review, in plain words. */
export function Blockers({ blockers, title = 'Before reviewing:' }: { blockers: string[]; title?: string }) {
  return (
    <div role="alert">
      <Text size="sm" c="red" mt={4}>
        {title}
      </Text>
      <List size="sm" c="red">
        {blockers.map((b) => (
          <List.Item key={b}>{b}</List.Item>
        ))}
      </List>
    </div>
  )
}

/** Seconds as "45 s" or "2 min 05 s". */
const elapsedText = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000))
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

/** The wall clock, once a second, while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  return now
}

/**
 * An outcome not known yet (decisions 10 and 16): how long since it was sent, that it is being checked and
 * until when, and that nothing is sent again meanwhile — for orders, and for decisions (`question`,
 * `looking`, `unreadable`). Once checking has stopped without reading what it looks at, "Check again".
 */
export function OutcomeNotKnown({
  what,
  name,
  sentAt,
  windowMs,
  checkFailed,
  onCheckAgain,
  question,
  looking = 'Looking in the orders list',
  unreadable = 'The orders list could not be read either.',
}: {
  /** "order" or "orders". */
  what: string
  /** What the service has not said: "whether the order was created" unless given. */
  question?: string
  /** How the outcome is looked for: "Looking in the orders list" unless given. */
  looking?: string
  /** What is said when looking failed to the end. */
  unreadable?: string
  /** Which line, where several are listed. */
  name?: string
  /** When the request went out (the attempt's `startedAt`). */
  sentAt: string
  /** How long after sending the orders list is still looked at (the placement guard's window). */
  windowMs: number
  checkFailed?: boolean
  onCheckAgain: () => void
}) {
  const now = useNow()
  const sent = Date.parse(sentAt)
  const windowMin = windowMs / 60_000
  return (
    <Alert
      color="yellow"
      mt="sm"
      title={name ? `${name}: not known yet — checking` : 'Not known yet — checking'}
      role="status"
    >
      <Text size="sm" data-testid="outcome-elapsed">
        Sent {elapsedText(now - sent)} ago; the service has not said{' '}
        {question ?? `whether the ${what} ${what.endsWith('s') ? 'were' : 'was'} created`}.
      </Text>
      {checkFailed ? (
        <Text size="sm">
          {unreadable} Nothing will be sent again until we know.{' '}
          <Button size="compact-xs" variant="default" onClick={onCheckAgain}>
            Check again
          </Button>
        </Text>
      ) : (
        <Text size="sm">
          {looking} every few seconds, for up to {windowMin} minutes after sending (until{' '}
          {new Date(sent + windowMs).toISOString().slice(11, 19)} UTC); nothing is sent again meanwhile.
        </Text>
      )}
    </Alert>
  )
}
