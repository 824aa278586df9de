import { formatUtc } from '../../../lib/format'
import type { Order } from '../../../data/orders/queries'
import { timelineSteps } from '../../../data/orders/status'
import { StepList } from './step-list'

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
    <StepList
      label="Order lifecycle"
      steps={steps.map((s) => ({
        key: s.status,
        label: s.label,
        state: s.state,
        current: s.current,
        words:
          STATE_WORDS[s.state] +
          (s.status === 'CREATED' ? `, ${formatUtc(order.createdAt)}` : '') +
          (s.current && s.status !== 'CREATED' ? `, since ${formatUtc(order.updatedAt)}` : ''),
      }))}
    />
  )
}
