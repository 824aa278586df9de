import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import { orderQuotationOptions, orderStudyOptions } from '../../../data/decisions/queries'
import type { Order } from '../../../data/orders/queries'
import type { OrderSubStatus } from '../../../data/orders/status'
import { TASKING_STATE_WORDS, taskingNext, taskingSteps } from '../tasking-steps'
import { StepList } from './step-list'
import { TaskingDecisions } from './tasking-decisions'

/**
 * Where a tasking order is between its feasibility study and its quotation, as an ordered list like the
 * lifecycle: steps passed, the current one (`aria-current="step"`), steps to come, each with its state in
 * words. Below it, what happens next: a way to the decisions inbox when the analyst is awaited, plain words
 * when the provider is. Then what was decided: the chosen option and the quotation, each linked.
 */
export function TaskingStepper({ order, subStatus }: { order: Order; subStatus: OrderSubStatus }) {
  const client = useApiClient()
  const study = useQuery(orderStudyOptions(client, order.id, subStatus))
  const quotation = useQuery({
    ...orderQuotationOptions(client, order.id, subStatus),
    // No quotation exists before the study's option is chosen.
    enabled: subStatus !== 'FEASIBILITY_WAITING_UPLOAD' && subStatus !== 'FEASIBILITY_WAITING_RESPONSE',
  })
  const known = study.data === undefined ? undefined : study.data === null ? 'absent' : 'present'
  const steps = taskingSteps(subStatus, known)
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
      <TaskingDecisions sub={subStatus} study={study} quotation={quotation} />
    </Stack>
  )
}
