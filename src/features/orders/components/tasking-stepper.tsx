import { Anchor, Button, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import type { Order } from '../queries'
import type { OrderSubStatus } from '../status'
import { TASKING_STATE_WORDS, taskingNext, taskingSteps } from '../tasking-steps'
import classes from './orders.module.css'

/**
 * Where a tasking order is between its feasibility study and its quotation, as an ordered list like the
 * lifecycle: steps passed, the current one (`aria-current="step"`), steps to come, each with its state in
 * words. Below it, what happens next: a way to the decisions inbox when the analyst is awaited, plain words
 * when the provider is.
 */
export function TaskingStepper({ order, subStatus }: { order: Order; subStatus: OrderSubStatus }) {
  const steps = taskingSteps(subStatus)
  const next = taskingNext(subStatus, order.status)
  return (
    <Stack gap="sm">
      <ol className={classes.timeline} aria-label="Tasking steps">
        {steps.map((s) => (
          <li
            key={s.id}
            className={classes.step}
            data-state={s.state}
            data-current={s.current || undefined}
            aria-current={s.current ? 'step' : undefined}
          >
            <span className={classes.dot} aria-hidden="true" />
            {s.label}
            <Text span size="xs" c="dimmed">
              {' — '}
              {TASKING_STATE_WORDS[s.state]}
            </Text>
          </li>
        ))}
      </ol>
      <Text size="sm">{next.text}</Text>
      {next.who === 'analyst' && (
        <Button
          component={Link}
          to={paths.decisions(`order=${encodeURIComponent(order.id)}`)}
          w="fit-content"
        >
          {next.action}
        </Button>
      )}
      {subStatus === 'QUOTATION_REJECTED' && (
        <Anchor component={Link} to={paths.tasking()} size="sm">
          New tasking request
        </Anchor>
      )}
    </Stack>
  )
}
