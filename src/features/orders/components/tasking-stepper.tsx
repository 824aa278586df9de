import { Anchor, Button, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import type { Order } from '../../../data/orders/queries'
import type { OrderSubStatus } from '../../../data/orders/status'
import { TASKING_STATE_WORDS, taskingNext, taskingSteps } from '../tasking-steps'
import { StepList } from './step-list'

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
      <StepList
        label="Tasking steps"
        steps={steps.map((s) => ({ ...s, key: s.id, words: TASKING_STATE_WORDS[s.state] }))}
      />
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
