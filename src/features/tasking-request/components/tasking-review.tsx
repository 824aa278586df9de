import '@mantine/core/styles/List.css'
import { SETTLE_WINDOW_MS } from '../../../data/orders/place-once'
import { Alert, Anchor, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { formatUtc } from '../../../lib/format'
import { paths } from '../../../config/paths'
import { countLabel, formatArea, formatCredits } from '../../../lib/format'
import {
  DIFFICULTY_WORDS,
  featureLabel,
  type ChargeRule,
  type FeatureFeasibility,
  type RefusedFeature,
  type TaskingPlacement,
} from '../tasking-rules'
import type { TaskingModel } from '../use-tasking'
import { Blockers, OutcomeNotKnown } from '../../../components/order-page-parts/page-parts'
import { BudgetProblemAlert, ConfirmAndPlace } from '../../../components/placing-flow/placing-flow'
import { TaskingReviewParams } from './tasking-review-params'
import { CodeButton } from '../../../components/request-code/code-button'
import { orderCode } from '../../../data/orders/order-code'
import classes from './tasking.module.css'

function feasibilityWords(f: FeatureFeasibility): string {
  switch (f.kind) {
    case 'study':
      return 'Feasibility study required'
    case 'no-study':
      return f.difficulty ? `No study — ${DIFFICULTY_WORDS[f.difficulty]}` : 'No study needed'
    case 'error':
      return f.message
    default:
      return '—'
  }
}

function RefusedList({ refused }: { refused: RefusedFeature[] }) {
  return (
    <List size="sm" mt={4}>
      {refused.map((r) => (
        <List.Item key={r.index}>
          {featureLabel(r.index)}: {r.message}
          {r.details ? ` — ${r.details}` : ''}
        </List.Item>
      ))}
    </List>
  )
}

/**
 * The last step: every feature with its area, feasibility and estimate, the total and the budget, an explicit
 * confirmation, and ONE request that creates one order per feature.
 */
export function TaskingReview({
  model,
  budgetName,
  blockers,
  placement,
  busy,
  mayPlace,
  budgetProblem,
  onBack,
  onPlace,
  placeTarget,
  onCheckAgain,
}: {
  model: TaskingModel
  /** Where placing sends the orders: the workspace and the budget (null before a workspace is chosen). */
  placeTarget: { workspaceId: string; budgetId: string | null } | null
  budgetName: string | null
  blockers: string[]
  placement: TaskingPlacement
  busy: boolean
  /** False for a role the service refuses orders (the Viewer): no confirmation and no Place button. */
  mayPlace: boolean
  budgetProblem: { message: string; details?: string } | null
  onBack: () => void
  onPlace: () => void
  onCheckAgain: () => void
}) {
  const count = model.features.length
  const total = model.total
  const span = model.opportunities.window
  // The Viewer gets the code too: what it prepares, an administrator or member can run.
  const code = model.request && placeTarget && (
    <CodeButton
      size="sm"
      ariaLabel="This tasking request as code"
      requests={() =>
        model.request &&
        orderCode(`Tasking request “${model.displayName}”`, model.request, placeTarget, 'tasking')
      }
    />
  )
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="tasking-review-title">
      {/* Focused when the review replaces the request (tasking-page.tsx). */}
      <Title order={2} size="h4" id="tasking-review-title" tabIndex={-1}>
        Review and place
      </Title>
      <Text size="sm" mt={4}>
        <b>{model.displayName}</b> · {model.product?.title ?? ''}
        {span ? ` · window ${formatUtc(span.from)} to ${formatUtc(span.to)}` : ''}
      </Text>
      <TaskingReviewParams model={model} />
      <Table mt="xs" striped aria-label="Orders to place">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col">Area</Table.Th>
            <Table.Th scope="col">Feasibility</Table.Th>
            <Table.Th scope="col" ta="right">
              Credits
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {model.features.map((f) => (
            <Table.Tr key={f.index}>
              <Table.Th scope="row">{f.label}</Table.Th>
              <Table.Td>{formatArea(f.areaKm2)}</Table.Td>
              <Table.Td>{feasibilityWords(f.feasibility)}</Table.Td>
              <Table.Td ta="right">{f.credits === null ? '—' : formatCredits(f.credits)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total{budgetName ? `, charged to ${budgetName}` : ', no budget'}
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="tasking-review-total">
              {total === null ? '—' : formatCredits(total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="sm" mt="xs">
        {model.charge}
      </Text>
      {blockers.length > 0 && !busy && <Blockers blockers={blockers} title="Before placing:" />}
      <BudgetProblemAlert problem={budgetProblem} onBack={onBack} />
      {placement.kind === 'failed' && !budgetProblem && (
        <Alert color="red" mt="sm" title={placement.message} role="alert">
          {placement.details} Nothing was created; the request stays filled in.
          {placement.refused && placement.refused.length > 0 && (
            <RefusedList refused={placement.refused} />
          )}{' '}
          <Button size="compact-xs" variant="default" onClick={onBack} mt={4}>
            Back to details
          </Button>
        </Alert>
      )}
      {placement.kind === 'placing' && (
        <Stack gap={4} mt="sm" aria-live="polite">
          <Text size="sm">Placing {countLabel(count, 'order')} in one request…</Text>
          {/* A native bar: Mantine's Progress here would split it out of the shell's chunk for every page. */}
          <progress className={classes.progress} aria-label="Placing the orders" />
        </Stack>
      )}
      {placement.kind === 'unknown' && (
        <OutcomeNotKnown
          what="orders"
          sentAt={placement.attempt.startedAt}
          windowMs={SETTLE_WINDOW_MS}
          checkFailed={placement.checkFailed}
          onCheckAgain={onCheckAgain}
        />
      )}
      <ConfirmAndPlace
        mayPlace={mayPlace}
        busy={busy}
        blocked={blockers.length > 0}
        confirmLabel={`I confirm placing ${countLabel(count, 'tasking order')}, estimated at ${total === null ? '—' : formatCredits(total)} credits`}
        placeLabel={`Place ${countLabel(count, 'order')}`}
        whatIsPlaced="this request"
        onBack={onBack}
        onPlace={onPlace}
        code={code}
      />
    </Paper>
  )
}

/** The outcome of placing: the orders created, with links, and the features the service refused. */
export function TaskingPlaced({
  id,
  placement,
  rule,
  onStartNew,
  onRetryRefused,
}: {
  /** Focused when the result replaces the review (tasking-page.tsx). */
  id: string
  placement: Extract<TaskingPlacement, { kind: 'placed' }>
  rule: ChargeRule
  onStartNew: () => void
  onRetryRefused: () => void
}) {
  const { attempt, orders, refused, reconciled } = placement
  return (
    <Alert
      color="teal"
      title={`${countLabel(orders.length, 'tasking order')} placed`}
      role="status"
      data-testid="tasking-placed"
      id={id}
      tabIndex={-1}
    >
      {reconciled && (
        <Text size="sm" mb={4}>
          The service’s answer was lost; these orders were found in the orders list, so nothing was sent
          again.
        </Text>
      )}
      <List size="sm">
        {orders.map((o) => {
          const f = attempt.features[o.index]
          return (
            <List.Item key={o.orderId}>
              <Anchor component={Link} to={paths.order(o.orderId)}>
                {attempt.displayName} — {f?.label ?? featureLabel(o.index)}
                {f ? ` (${formatArea(f.areaKm2)})` : ''}
              </Anchor>
            </List.Item>
          )
        })}
      </List>
      {refused.length > 0 && (
        <>
          <Text size="sm" mt="xs" fw={500}>
            Not placed:
          </Text>
          <RefusedList refused={refused} />
        </>
      )}
      <Text size="sm" mt="xs">
        {rule === 'quotation'
          ? 'Next, the provider answers each order with a feasibility study or a quotation: choose and decide in Decisions.'
          : 'Next, the provider schedules the acquisitions; follow them in the orders list.'}
      </Text>
      <Group mt="xs" gap="xs">
        <Button component={Link} to={paths.orders()} size="compact-sm" variant="default">
          See the orders
        </Button>
        <Button component={Link} to={paths.decisions()} size="compact-sm" variant="default">
          Decisions
        </Button>
        {refused.length > 0 && (
          <Button size="compact-sm" variant="default" onClick={onRetryRefused}>
            Prepare the {countLabel(refused.length, 'feature')} not placed again
          </Button>
        )}
        <Button size="compact-sm" variant="default" onClick={onStartNew}>
          Start a new request
        </Button>
      </Group>
    </Alert>
  )
}
