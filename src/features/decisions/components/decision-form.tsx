import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useEffect, useRef, type ComponentProps, type ReactNode } from 'react'
import type { DecisionItemKind } from '../../../data/decisions/decision-errors'
import type { Decision, TaskingOrder } from '../../../data/decisions/queries'
import { DecisionBadge } from './decision-badge'
import { BackToInbox } from './page-parts'

/** The parts the quotation and the study pages share around their decision. */

const DecisionMap = lazy(async () => ({ default: (await import('./decision-map')).DecisionMap }))

/** The page's title with its decision, and the order it is about once read. */
export function DecisionHeader({
  title,
  kind,
  decision,
  order,
}: {
  title: string
  kind: DecisionItemKind
  decision: Decision
  order: TaskingOrder | undefined
}) {
  return (
    <Stack gap="xs">
      <BackToInbox />
      <Group gap="sm" align="center">
        <Title order={1}>{title}</Title>
        <DecisionBadge kind={kind} decision={decision} size="lg" />
      </Group>
      {order && <Text>For the tasking order “{order.displayName}”.</Text>}
    </Stack>
  )
}

/**
 * The decision as the service has it. Focus moves to it when the decision was taken here (`decidedHere` of
 * `useDecision`), as the buttons that had it are gone.
 */
export function DecidedNotice({
  color,
  title,
  focus,
  children,
}: {
  color: string
  title: string | null
  focus: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <Alert color={color} title={title ?? 'Decided'} ref={ref} tabIndex={-1} role="status" aria-live="polite">
      {children}
    </Alert>
  )
}

/** The map of the order's area, its own chunk: a skeleton while the order or the map engine loads. */
export function LazyDecisionMap({
  orderPending,
  ...props
}: ComponentProps<typeof DecisionMap> & { orderPending: boolean }) {
  const loading = <Skeleton height={340} role="status" aria-label="Loading the map" />
  if (orderPending) return loading
  return (
    <Suspense fallback={loading}>
      <DecisionMap {...props} />
    </Suspense>
  )
}

/** The confirmation of a decision: it cannot be closed while the decision is being sent. */
export function ConfirmDecision({
  opened,
  title,
  sending,
  returnFocus,
  onClose,
  children,
}: {
  opened: boolean
  title: string
  sending: boolean
  returnFocus: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!sending) onClose()
      }}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      returnFocus={returnFocus}
      centered
    >
      {children}
    </Modal>
  )
}

/** The confirmation's buttons: leaving it undecided (focused first), then the decision itself. */
export function ConfirmButtons({
  keep,
  onKeep,
  sending,
  children,
}: {
  keep: string
  onKeep: () => void
  sending: boolean
  children: ReactNode
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onKeep} disabled={sending} data-autofocus>
        {keep}
      </Button>
      {children}
    </Group>
  )
}
