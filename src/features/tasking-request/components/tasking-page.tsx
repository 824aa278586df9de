import './mantine-styles'
import { useBudgetChoices } from '../../../data/budgets/use-budget-choices'
import { useCollectionsOfType } from '../../../data/glossary/use-collections-of-type'
import { useRefreshAfterPlacing } from '../../../data/orders/use-refresh-after-placing'
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { Polygon } from 'geojson'
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { permissionsOf, useSession } from '../../../api/console-context'
import { useSharedDraft } from '../../../components/role-notice/use-shared-draft'
import { decodeTaskingShare, type SharedTasking } from '../../../data/orders/tasking-share'
import { AoiPanel } from '../../../components/aoi/aoi-panel'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { fitRequestOf, useAoiTools, type FitRequest } from '../../../components/aoi/use-aoi-tools'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import type { BudgetGateInput } from '../../../lib/budget-rules'
import { budgetRefusalOf } from '../../../lib/placing-rules'
import { NextStep, PlacingSteps } from '../../../components/placing-flow/placing-flow'
import { usePlacingFlow, type PlacingFlow } from '../../../components/placing-flow/use-placing-flow'
import { countLabel, formatCredits } from '../../../lib/format'
import { bboxOf } from '../../../lib/geo/measure'
import { isPending, TASKING_IDLE, taskingFrame } from '../tasking-rules'
import { useTaskingStore } from '../tasking-store'
import { useTaskingUi, type PickedFrom } from '../tasking-ui-store'
import { useTasking, type TaskingModel } from '../use-tasking'
import { useTaskingPlacement } from '../use-tasking-placement'
import { useRequestAgain } from '../use-request-again'
import { useTaskingRequestView } from '../use-tasking-request-view'
import { EulaGate } from '../../../components/licence-gate/eula-gate'
import { licenceAccess } from '../../../data/licences/queries'
import { OpportunitiesPanel } from './opportunities-panel'
import { TaskingFeatures } from './tasking-features'
import { TaskingRequestForm } from './tasking-request-form'
import { TaskingMap } from './tasking-map'
import { GlossaryFailed, OrderingHeader } from '../../../components/order-page-parts/page-parts'
import { TaskingNotices } from './tasking-notices'
import { TaskingPlaced, TaskingReview } from './tasking-review'
import classes from './tasking.module.css'

/** The page before there is anything to request: the collections failed, are loading, or there are none. */
function NoCollections({
  header,
  loaded,
  error,
  onRetry,
}: {
  header: ReactNode
  /** Whether the tasking collections arrived (and are none). */
  loaded: boolean
  error: unknown
  onRetry: () => void
}) {
  return (
    <Stack p="md" className={classes.page}>
      {header}
      {!loaded && error ? (
        <GlossaryFailed title="The tasking collections could not be loaded" error={error} onRetry={onRetry} />
      ) : !loaded ? (
        <Stack role="status" aria-label="Loading the tasking collections">
          <Skeleton height={160} />
          <Skeleton height={320} />
        </Stack>
      ) : (
        <Paper withBorder p="lg">
          <Text size="sm">No tasking collection is available to this account.</Text>
        </Paper>
      )}
    </Stack>
  )
}

/**
 * Where focus goes when the page's content swaps under it: the button pressed (Review, Back, Place) is gone,
 * and focus left on <body> would send a keyboard or screen-reader user back to the top of the document.
 */
const FOCUS_ON = {
  edit: 'tasking-request-title',
  review: 'tasking-review-title',
  placed: 'tasking-placed',
} as const

const LEAD =
  'New acquisitions over your area: one order per polygon of the area of interest. Nothing is placed until you confirm on the review step.'

/**
 * A shared request (`?shared=`, made by a Viewer's page, or by a pass picked in the catalog's "Archive or
 * task") replaces the draft and the AOI, unless a request of this user's is still being placed: its outcome
 * must be settled from the draft first.
 */
function applySharedTasking(shared: SharedTasking): string | null {
  if (isPending(useTaskingStore.getState().placement))
    return 'A request of yours is still being placed: open the link again once its outcome is known.'
  useAoiStore.getState().setPolygons(shared.aoi)
  useTaskingStore.setState({ draft: shared.draft, step: 'edit', placement: TASKING_IDLE })
  return null
}

/**
 * A new tasking request: a collection and data product, its tasking form, an AOI whose polygons become one
 * order each, feasibility, estimate and acquisition opportunities (map, list and timeline linked), the
 * licence and budget gates, then a review and ONE request that places every order. The draft, and an
 * attempt whose answer is still unknown, survive a reload (decision 10).
 */
export function TaskingPage() {
  const { collections, error: glossaryError, retry: onRetryGlossary } = useCollectionsOfType('TASKING')
  const budgets = useBudgetChoices()
  const onPlaced = useRefreshAfterPlacing()
  const model = useTasking(collections)
  const { place, checkAgain, running } = useTaskingPlacement(onPlaced)
  const step = useTaskingStore((s) => s.step)
  const setStep = useTaskingStore((s) => s.setStep)
  const budgetId = useTaskingStore((s) => s.budgetId)
  const placement = useTaskingStore((s) => s.placement)
  const setPlacement = useTaskingStore((s) => s.setPlacement)
  const startNew = useTaskingStore((s) => s.startNew)
  const mayPlace = permissionsOf(useSession().user).change
  const [handOver, leave] = useTaskingRequestView()
  const shared = useSharedDraft(handOver.shared, leave, decodeTaskingShare, applySharedTasking)
  const again = useRequestAgain(collections)

  useFocusFollowsView(placement.kind === 'placed' ? 'placed' : step)

  const { mapProps, panelProps, rows, scope, pick } = useTaskingMapFraming(model)

  // ------------------------------------------------------------------ gates and placing
  const busy = running || isPending(placement)
  const count = model.features.length
  const flow = usePlacingFlow({
    gate: budgets,
    budgetId,
    workspaceId: model.workspaceId,
    own: model.blockers,
    budgetRefusal: budgetRefusalOf(placement.kind === 'failed' ? placement : null),
    whatIsPlaced: 'this request',
  })
  const { blockers, placeTarget, budgetName, budgetProblem } = flow
  const onPlace = () => {
    if (!model.request || !placeTarget) return
    void place(model.request, { ...placeTarget, features: model.features })
  }

  const notices = (
    <TaskingNotices
      shared={shared}
      again={again}
      mayPlace={mayPlace}
      hasCollections={!!collections && collections.length > 0}
      model={model}
      aoi={mapProps.aoi}
    />
  )
  const header = (
    <>
      <OrderingHeader title="New tasking request" lead={LEAD} />
      {notices}
    </>
  )

  if (!collections || collections.length === 0)
    return (
      <NoCollections header={header} loaded={!!collections} error={glossaryError} onRetry={onRetryGlossary} />
    )
  if (placement.kind === 'placed')
    return (
      <Stack p="md" gap="md" className={classes.page}>
        {header}
        <TaskingPlaced
          id={FOCUS_ON.placed}
          placement={placement}
          rule={model.rule}
          onStartNew={() => {
            flow.resetTried()
            startNew()
          }}
          onRetryRefused={() => {
            // The features refused become the AOI of the next request; the rest of the draft stays.
            const left = placement.refused.flatMap((r) => {
              const g = placement.attempt.features[r.index]?.geometry
              return g ? [g] : []
            })
            useAoiStore.getState().setPolygons(left)
            setPlacement(TASKING_IDLE)
            setStep('edit')
          }}
        />
      </Stack>
    )

  const map = <TaskingMap mapProps={mapProps} rows={rows} scope={scope} onPick={pick} />

  return (
    <Stack gap="xs" className={classes.workspace} data-fills-window="">
      {/* A compact title, as the catalog's: the map and the steps get the height. */}
      <Stack gap={2}>
        <Title order={1} size="h3">
          New tasking request
        </Title>
        <Text c="dimmed" size="sm">
          {LEAD}
        </Text>
      </Stack>
      {notices}
      <div className={classes.layout}>
        {/* The map beside the steps, as on the catalog: it stays in view while the side column scrolls. */}
        <div className={classes.mapColumn}>{map}</div>
        <div className={classes.side} data-testid="tasking-side">
          <PlacingSteps
            flow={flow}
            step={step}
            onStep={setStep}
            busy={busy}
            details={{ label: 'Request', description: countLabel(count, 'feature') }}
            total={model.total}
            edit={
              <TaskingEditStep
                model={model}
                busy={busy}
                flow={flow}
                panelProps={panelProps}
                onPick={pick}
                budgets={budgets}
              />
            }
            next={
              <NextStep
                flow={flow}
                busy={busy}
                totalText={`${countLabel(count, 'order')} · Total: ${model.total === null ? 'pending' : `${formatCredits(model.total)} credits`}`}
                totalTestId="tasking-next-total"
                reviewLabel={count === 0 ? 'Review the request' : `Review ${countLabel(count, 'order')}`}
                onReview={() => setStep('review')}
                className={classes.next}
              />
            }
            review={
              <TaskingReview
                // A new count or total asks for the confirmation again.
                key={`${count}:${model.total ?? 'pending'}`}
                model={model}
                budgetName={budgetName}
                blockers={blockers}
                placement={placement}
                busy={busy}
                mayPlace={mayPlace}
                budgetProblem={budgetProblem}
                onBack={() => setStep('edit')}
                onPlace={onPlace}
                placeTarget={placeTarget}
                onCheckAgain={() => void checkAgain()}
              />
            }
          />
        </div>
      </div>
    </Stack>
  )
}

/** Focus follows the content when the view changes (`FOCUS_ON` says where, and why). */
function useFocusFollowsView(view: keyof typeof FOCUS_ON) {
  const shownView = useRef(view)
  useEffect(() => {
    // Only on a change: opening the page, or a reload restoring a step, leaves focus where the browser put it.
    if (shownView.current === view) return
    shownView.current = view
    document.getElementById(FOCUS_ON[view])?.focus()
  }, [view])
}

/**
 * The map's AOI tools and its camera over the opportunities: opening the page frames its AOI, and each new
 * answer frames the AOI with the opportunities; between answers the camera is the analyst's (drawing does not
 * move it). A pass picked in the list or on the timeline brings the map to its footprint.
 */
function useTaskingMapFraming(model: TaskingModel) {
  const [fitRequest, setFitRequest] = useState<FitRequest | null>(null)
  const { mapProps, panelProps } = useAoiTools(fitRequest)
  const rows = model.opportunities.rows
  const scope = model.opportunities.scope
  const select = useTaskingUi((s) => s.select)
  const [framed, setFramed] = useState<string | null>(null)
  if (framed !== scope) {
    setFramed(scope)
    const request = fitRequestOf(taskingFrame(mapProps.aoi, rows))
    if (request) setFitRequest(request)
  }
  const pick = (key: string, from: PickedFrom) => {
    select(scope, key, from)
    const row = rows.find((r) => r.key === key)
    if (row && from !== 'map')
      setFitRequest({ bbox: bboxOf([row.opportunity.footprint as Polygon]), at: performance.now() })
  }
  return { mapProps, panelProps, rows, scope, pick }
}

/**
 * The request's edit step: the last refusal (a budget refusal is said at the budget), the product and its form,
 * where to acquire, the features, the opportunities, and the licence and budget gates.
 */
function TaskingEditStep({
  model,
  busy,
  flow,
  panelProps,
  onPick,
  budgets,
}: {
  model: TaskingModel
  busy: boolean
  flow: PlacingFlow
  panelProps: ComponentProps<typeof AoiPanel>
  onPick: (key: string, from: PickedFrom) => void
  budgets: BudgetGateInput
}) {
  const budgetId = useTaskingStore((s) => s.budgetId)
  const setBudget = useTaskingStore((s) => s.setBudget)
  const placement = useTaskingStore((s) => s.placement)
  const { budgetProblem } = flow
  return (
    <>
      {placement.kind === 'failed' && !budgetProblem && (
        <Alert color="red" title={placement.message} role="alert">
          {placement.details} Nothing was created; change what is marked and place again.
        </Alert>
      )}
      <TaskingRequestForm model={model} locked={busy} showErrors={flow.triedReview} />
      <Paper withBorder p="sm" component="section" aria-labelledby="tasking-aoi-title">
        <Title order={2} size="h4" id="tasking-aoi-title" mb="xs">
          Where to acquire
        </Title>
        <AoiPanel {...panelProps} />
      </Paper>
      <TaskingFeatures model={model} />
      <OpportunitiesPanel model={model} onPick={onPick} />
      <EulaGate eulas={model.eulas} access={licenceAccess} />
      <BudgetGate
        gate={budgets}
        budgetId={budgetId}
        onChange={setBudget}
        total={model.total}
        problem={budgetProblem}
      />
    </>
  )
}
