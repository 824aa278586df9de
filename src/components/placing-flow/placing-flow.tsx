import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/Stepper.css'
import { Alert, Button, Checkbox, Group, Paper, Stepper, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { formatCredits } from '../../lib/format'
import type { PlacingProblem } from '../../lib/placing-rules'
import { Blockers } from '../order-page-parts/page-parts'
import { RoleNotice, ShareLink } from '../role-notice/role-notice'
import { VIEWER_CANNOT_PLACE_ORDERS } from '../role-notice/words'
import type { PlacingFlow } from './use-placing-flow'

/**
 * The placing flow's shell (decision 55): the parts the checkout and the tasking request composed each in
 * their own words — the Viewer's note with its share link, the two steps, the total and the way on, the budget
 * refusal in the review, the confirmation and Place — written once. The pages hand in what differs: their
 * lines or features, their labels, their review table.
 */

/** The Viewer learns before any work that the draft can be prepared and shared, not placed (decision 14). */
export function ViewerShareNotice({
  title,
  what,
  url,
}: {
  title: string
  /** "checkout", "request": the words of the share link. */
  what: string
  /** The draft as a link, or null while there is nothing to share. */
  url: string | null
}) {
  return (
    <RoleNotice title={title} why={VIEWER_CANNOT_PLACE_ORDERS}>
      {url !== null && <ShareLink what={what} url={url} />}
    </RoleNotice>
  )
}

/**
 * The two steps of placing: the details (`edit`, then the total and the way on) and the review. The review
 * is reached only through the way on while something blocks it, and neither step is left while placing.
 */
export function PlacingSteps({
  flow,
  step,
  onStep,
  busy,
  details,
  total,
  edit,
  next,
  review,
}: {
  flow: PlacingFlow
  step: 'edit' | 'review'
  onStep: (step: 'edit' | 'review') => void
  busy: boolean
  /** The first step's label and what it holds: "Details", "2 scenes". */
  details: { label: string; description: string }
  total: number | null
  edit: ReactNode
  next: ReactNode
  review: ReactNode
}) {
  return (
    <>
      <Stepper
        active={step === 'edit' ? 0 : 1}
        size="sm"
        onStepClick={(i) => !busy && onStep(i === 0 ? 'edit' : 'review')}
        allowNextStepsSelect={flow.blockers.length === 0}
      >
        <Stepper.Step label={details.label} description={details.description} />
        <Stepper.Step
          label="Review and place"
          description={total === null ? 'Total pending' : `${formatCredits(total)} credits`}
        />
      </Stepper>
      {step === 'edit' ? (
        <>
          {edit}
          {next}
        </>
      ) : (
        review
      )}
    </>
  )
}

/** The details step's last part: the total, what blocks the review once it was asked for, and the way on. */
export function NextStep({
  flow,
  busy,
  totalText,
  totalTestId,
  reviewLabel,
  onReview,
  code,
  className,
}: {
  flow: PlacingFlow
  busy: boolean
  totalText: string
  totalTestId: string
  reviewLabel: string
  onReview: () => void
  /** The draft as code, beside the button, where the page offers it. */
  code?: ReactNode
  className?: string
}) {
  const button = (
    <Button onClick={() => flow.tryReview(onReview)} disabled={busy}>
      {reviewLabel}
    </Button>
  )
  return (
    <Paper withBorder p="sm" component="section" aria-label="Total and next step" className={className}>
      <Group justify="space-between" align="start">
        <div>
          <Text fw={600} aria-live="polite" data-testid={totalTestId}>
            {totalText}
          </Text>
          {flow.triedReview && flow.blockers.length > 0 && <Blockers blockers={flow.blockers} />}
        </div>
        {code === undefined ? (
          button
        ) : (
          <Group gap="xs">
            {code}
            {button}
          </Group>
        )}
      </Group>
    </Paper>
  )
}

/** A budget refusal in the review, with the way back to the budget. */
export function BudgetProblemAlert({
  problem,
  onBack,
}: {
  problem: PlacingProblem | null
  onBack: () => void
}) {
  if (!problem) return null
  return (
    <Alert color="red" mt="sm" title={problem.message} role="alert">
      {problem.details}{' '}
      <Button size="compact-xs" variant="default" onClick={onBack}>
        Change the budget
      </Button>
    </Alert>
  )
}

/**
 * The review's end: an explicit confirmation and Place, or — for a role the service refuses orders (the
 * Viewer) — no confirmation and no Place, but whom to share the link with. The draft as code either way.
 */
export function ConfirmAndPlace({
  mayPlace,
  busy,
  blocked,
  confirmLabel,
  placeLabel,
  whatIsPlaced,
  onBack,
  onPlace,
  code,
}: {
  mayPlace: boolean
  busy: boolean
  /** Place waits for more than the confirmation: blockers, or a repeat not confirmed yet. */
  blocked: boolean
  confirmLabel: string
  placeLabel: string
  /** Who an administrator places for the Viewer: "them", "this request". */
  whatIsPlaced: string
  onBack: () => void
  onPlace: () => void
  code: ReactNode
}) {
  // Kept here: a new count or total remounts the review (its key), which asks for the confirmation again.
  const [confirmed, setConfirmed] = useState(false)
  if (!mayPlace)
    return (
      <>
        <Text size="sm" mt="md">
          Your role does not place orders: share the link at the top of the page with an account administrator
          or member, who can place {whatIsPlaced}.
        </Text>
        <Group mt="sm">
          <Button variant="default" onClick={onBack}>
            Back to details
          </Button>
          {code}
        </Group>
      </>
    )
  return (
    <>
      <Checkbox
        mt="md"
        checked={confirmed}
        disabled={busy}
        onChange={(e) => setConfirmed(e.currentTarget.checked)}
        label={confirmLabel}
      />
      <Group mt="sm">
        <Button variant="default" onClick={onBack} disabled={busy}>
          Back to details
        </Button>
        <Button onClick={onPlace} disabled={!confirmed || blocked} loading={busy} color="teal">
          {placeLabel}
        </Button>
        {code}
      </Group>
    </>
  )
}
