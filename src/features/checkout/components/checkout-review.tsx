import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { SETTLE_WINDOW_MS } from '../../../data/orders/place-once'
import type { Attempt } from '../../../data/orders/placement'
import { orderCode } from '../../../data/orders/order-code'
import { BudgetProblemAlert, ConfirmAndPlace } from '../../../components/placing-flow/placing-flow'
import { Blockers, OutcomeNotKnown } from '../../../components/order-page-parts/page-parts'
import classes from '../../../components/order-page-parts/ordering.module.css'
import { CodeButton } from '../../../components/request-code/code-button'
import { formatCredits } from '../../../lib/format'
import type { PlaceTarget, PlacingProblem } from '../../../lib/placing-rules'
import { checkoutCode, type CodeLicence } from '../checkout-code'
import type { LineModel } from '../use-checkout'
import type { PlacementRun } from '../use-placement'
import type { RepeatOrder } from '../use-repeat-orders'
import { RepeatOrdersWarning } from './repeat-orders'

/**
 * The checkout's review step: every line with its credits and its code, the total and the budget charged,
 * what still blocks, lines whose outcome is not known, the budget's refusal, the run's progress, and the
 * confirmation with Place.
 */
export function ReviewStep({
  lines,
  repeats,
  total,
  budgetName,
  blockers,
  placeTarget,
  run,
  budgetProblem,
  busy,
  mayPlace,
  onBack,
  onPlace,
  onCheckAgain,
}: {
  lines: LineModel[]
  /** Lines ordering a scene again with the same product: placing waits for "order it again". */
  repeats: RepeatOrder[]
  total: number | null
  budgetName: string | null
  blockers: string[]
  /** Where placing sends the orders: the workspace and the budget (null before a workspace is chosen). */
  placeTarget: PlaceTarget | null
  run: PlacementRun | null
  budgetProblem: PlacingProblem | null
  busy: boolean
  /** False for a role the service refuses orders (the Viewer): no confirmation and no Place button. */
  mayPlace: boolean
  onBack: () => void
  onPlace: () => void
  onCheckAgain: (key: string, attempt: Attempt) => void
}) {
  const [again, setAgain] = useState(false)
  const count = lines.length
  const wholeCode = <WholeCheckoutCode lines={lines} placeTarget={placeTarget} budgetName={budgetName} />
  const failed = lines.filter((l) => l.placement.kind === 'failed')
  const running = run !== null && run.done < run.total && busy
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="review-title">
      <Title order={2} size="h4" id="review-title">
        Review and place
      </Title>
      <Table mt="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Order name</Table.Th>
            <Table.Th scope="col">Data product</Table.Th>
            <Table.Th scope="col">Area</Table.Th>
            <Table.Th scope="col" ta="right">
              Credits
            </Table.Th>
            <Table.Th scope="col">As code</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.key}>
              <Table.Td>{l.displayName}</Table.Td>
              <Table.Td>{l.product?.title}</Table.Td>
              <Table.Td>{l.area === 'aoi' ? 'AOI within the scene' : 'Whole scene'}</Table.Td>
              <Table.Td ta="right">{l.credits === null ? '—' : formatCredits(l.credits)}</Table.Td>
              <Table.Td>
                {l.request && placeTarget && (
                  <CodeButton
                    size="compact-xs"
                    ariaLabel={`Order “${l.displayName}” as code`}
                    requests={() =>
                      l.request && orderCode(`Order “${l.displayName}”`, l.request, placeTarget)
                    }
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total{budgetName ? `, charged to ${budgetName}` : ', no budget'}
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="review-total">
              {total === null ? '—' : formatCredits(total)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {blockers.length > 0 && !busy && <Blockers blockers={blockers} />}
      <RepeatOrdersWarning
        repeats={repeats}
        confirm={mayPlace ? { checked: again, disabled: busy, onChange: setAgain } : undefined}
      />
      {lines.map(
        (l) =>
          l.placement.kind === 'unknown' && (
            <OutcomeNotKnown
              key={l.key}
              what="order"
              name={l.displayName}
              sentAt={l.placement.attempt.startedAt}
              windowMs={SETTLE_WINDOW_MS}
              checkFailed={l.placement.checkFailed}
              onCheckAgain={() => l.placement.kind === 'unknown' && onCheckAgain(l.key, l.placement.attempt)}
            />
          ),
      )}
      <BudgetProblemAlert problem={budgetProblem} onBack={onBack} />
      {failed.length > 0 && !busy && (
        <Alert color="red" mt="sm" title={`${failed.length} not placed`} role="alert">
          {failed
            .map((l) => (l.placement.kind === 'failed' ? `${l.displayName}: ${l.placement.message}` : ''))
            .join(' ')}{' '}
          They stay in the checkout, filled in.{' '}
          <Button size="compact-xs" variant="default" onClick={onBack}>
            Back to details
          </Button>
        </Alert>
      )}
      {running && run && (
        <Stack gap={4} mt="sm" aria-live="polite">
          <Text size="sm">
            Placing {Math.min(run.done + 1, run.total)} of {run.total}…
          </Text>
          {/* A native bar: Mantine's Progress here would split it out of the shell's chunk for every page. */}
          <progress
            className={classes.progress}
            value={run.done}
            max={run.total}
            aria-label="Placing orders"
          />
        </Stack>
      )}
      <ConfirmAndPlace
        mayPlace={mayPlace}
        busy={busy}
        blocked={blockers.length > 0 || (repeats.length > 0 && !again)}
        confirmLabel={`I confirm placing ${count} ${count === 1 ? 'order' : 'orders'} for ${total === null ? 'the estimated' : formatCredits(total)} credits`}
        placeLabel={`Place ${count} ${count === 1 ? 'order' : 'orders'}`}
        whatIsPlaced="them"
        onBack={onBack}
        onPlace={onPlace}
        code={wholeCode}
      />
    </Paper>
  )
}

/**
 * The whole checkout as one script, once every line has its request: on the details step (where a Viewer stops
 * when a licence waits for an administrator) and in the review, beside Place or the Viewer's note.
 */
export function WholeCheckoutCode({
  lines,
  placeTarget,
  budgetName,
}: {
  lines: readonly LineModel[]
  placeTarget: PlaceTarget | null
  budgetName: string | null
}) {
  if (!placeTarget || lines.length === 0 || !lines.every((l) => l.request)) return null
  return (
    <CodeButton
      size="sm"
      ariaLabel="The whole checkout as code"
      requests={() => checkoutCode(codeLines(lines), { ...placeTarget, budgetName }, codeLicences(lines))}
    />
  )
}

/** The review's lines as the checkout script places them (every line has its request by then). */
const codeLines = (lines: readonly LineModel[]) =>
  lines.flatMap((l) => (l.request ? [{ displayName: l.displayName, request: l.request }] : []))

/** The licences the lines need, once each, with whether the current document is accepted. */
function codeLicences(lines: readonly LineModel[]) {
  const byId = new Map<string, CodeLicence>()
  for (const { eula } of lines)
    if (eula?.currentDocumentId)
      byId.set(eula.id, {
        eulaId: eula.id,
        title: eula.title,
        documentId: eula.currentDocumentId,
        accepted: eula.isAccepted,
      })
  return [...byId.values()]
}
