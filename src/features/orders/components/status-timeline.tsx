import { Text } from '@mantine/core'
import { formatDateTime } from '../format'
import type { Order } from '../queries'
import { timelineSteps } from '../status'
import classes from './orders.module.css'

const STATE_WORDS = {
  done: 'done',
  current: 'now',
  failed: 'failed',
  canceled: 'canceled',
  upcoming: 'to come',
} as const

/**
 * The lifecycle as an ordered list: steps passed, the order's status marked as the current step
 * (`aria-current="step"`), steps to come; failures and cancellation shown as where the line ended. The
 * service keeps only the creation and the last change, so only those two carry a time.
 */
export function StatusTimeline({ order }: { order: Order }) {
  const steps = timelineSteps(order.status)
  return (
    <ol className={classes.timeline} aria-label="Order lifecycle">
      {steps.map((s) => (
        <li
          key={s.status}
          className={classes.step}
          data-state={s.state}
          data-current={s.current || undefined}
          aria-current={s.current ? 'step' : undefined}
        >
          <span className={classes.dot} aria-hidden="true" />
          {s.label}
          <Text span size="xs" c="dimmed">
            {' — '}
            {STATE_WORDS[s.state]}
            {s.status === 'CREATED' ? `, ${formatDateTime(order.createdAt)}` : ''}
            {s.current && s.status !== 'CREATED' ? `, since ${formatDateTime(order.updatedAt)}` : ''}
          </Text>
        </li>
      ))}
    </ol>
  )
}
