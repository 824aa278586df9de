import './mantine-styles'
import { useBudgetChoices } from '../../../data/budgets/use-budget-choices'
import { useCollectionsOfType } from '../../../data/glossary/use-collections-of-type'
import { useRefreshAfterPlacing } from '../../../data/orders/use-refresh-after-placing'
import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { Polygon } from 'geojson'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { permissionsOf, useSession } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import { shareUrl } from '../../../lib/share-link'
import { SharedOutcomeNotice } from '../../../components/role-notice/role-notice'
import { useSharedDraft, type SharedOutcome } from '../../../components/role-notice/use-shared-draft'
import {
  decodeTaskingShare,
  encodeTaskingShare,
  type SharedTasking,
} from '../../../data/orders/tasking-share'
import { AoiPanel } from '../../../components/aoi/aoi-panel'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { fitRequestOf, useAoiTools, type FitRequest } from '../../../components/aoi/use-aoi-tools'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import { budgetRefusalOf } from '../../../lib/placing-rules'
import { NextStep, PlacingSteps, ViewerShareNotice } from '../../../components/placing-flow/placing-flow'
import { usePlacingFlow } from '../../../components/placing-flow/use-placing-flow'
import { countLabel, formatCredits, formatUtc } from '../../../lib/format'
import { windowOf } from '../../../data/orders/tasking-request'
import { bboxOf } from '../../../lib/geo/measure'
import { isPending, TASKING_IDLE, taskingFrame } from '../tasking-rules'
import { useTaskingStore } from '../tasking-store'
import { useTaskingUi, type PickedFrom } from '../tasking-ui-store'
import { useTasking } from '../use-tasking'
import { useTaskingPlacement } from '../use-tasking-placement'
import { useRequestAgain, type AgainOutcome } from '../use-request-again'
import { EulaGate } from '../../../components/licence-gate/eula-gate'
import { licenceAccess } from '../../../data/licences/queries'
import { OpportunitiesPanel } from './opportunities-panel'
import { TaskingFeatures } from './tasking-features'
import { TaskingRequestForm } from './tasking-request-form'
import { TaskingMap } from './tasking-map'
import { GlossaryFailed, OrderingHeader } from '../../../components/order-page-parts/page-parts'
import { TaskingPlaced, TaskingReview } from './tasking-review'
import classes from './tasking.module.css'

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
 * A request started from a pass picked in the catalog's "Archive or task": which pass, and what was filled
 * in. The window opens on the pass's day (or now, for a pass later today) so the pass is its first chance.
 */
function PassNotice({ outcome }: { outcome: SharedOutcome<SharedTasking> }) {
  if (outcome?.kind !== 'applied' || !outcome.value.pass) return null
  const { collection, sensor, start } = outcome.value.pass
  const window = windowOf(outcome.value.draft.params)
  return (
    <Alert color="teal" title="Filled in from a satellite pass" role="status" data-testid="pass-notice">
      <Text size="sm">
        The area, {collection} and an acquisition window
        {window ? ` from ${formatUtc(window.from)} to ${formatUtc(window.to)}` : ''} that opens with the pass
        of {sensor} at {formatUtc(start)}. Choose the product's parameters and check the request before you
        place it: nothing is placed until you confirm.
      </Text>
    </Alert>
  )
}

/** What "Request again" from an order's page did: filled the request from the order, or why not. */
function AgainNotice({ outcome }: { outcome: AgainOutcome }) {
  if (!outcome) return null
  if (outcome.kind === 'refused')
    return (
      <Alert color="yellow" title="The order could not be requested again" role="alert">
        <Text size="sm">{outcome.reason} Your own request is as you left it.</Text>
      </Alert>
    )
  return (
    <Alert color="teal" title="Filled in from an earlier order" role="status">
      <Text size="sm">
        The area, collection, data product and parameters of{' '}
        <Anchor component={Link} to={paths.order(outcome.orderId)}>
          {outcome.orderName}
        </Anchor>
        , with a new acquisition window starting today. Check the request before you place it: nothing is
        placed until you confirm.
      </Text>
    </Alert>
  )
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
  const setBudget = useTaskingStore((s) => s.setBudget)
  const placement = useTaskingStore((s) => s.placement)
  const setPlacement = useTaskingStore((s) => s.setPlacement)
  const startNew = useTaskingStore((s) => s.startNew)
  const mayPlace = permissionsOf(useSession().user).change
  const shared = useSharedDraft(decodeTaskingShare, applySharedTasking)
  const again = useRequestAgain(collections)

  // ------------------------------------------------------------------ focus follows the content
  const view: keyof typeof FOCUS_ON = placement.kind === 'placed' ? 'placed' : step
  const shownView = useRef(view)
  useEffect(() => {
    // Only on a change: opening the page, or a reload restoring a step, leaves focus where the browser put it.
    if (shownView.current === view) return
    shownView.current = view
    document.getElementById(FOCUS_ON[view])?.focus()
  }, [view])

  // ------------------------------------------------------------------ the map and the opportunities on it
  const [fitRequest, setFitRequest] = useState<FitRequest | null>(null)
  const { mapProps, panelProps } = useAoiTools(fitRequest)
  const rows = model.opportunities.rows
  const scope = model.opportunities.scope
  const select = useTaskingUi((s) => s.select)
  // Opening the page frames its AOI, and each new answer frames the AOI with the opportunities; between
  // answers the camera is the analyst's (drawing does not move it).
  const [framed, setFramed] = useState<string | null>(null)
  if (framed !== scope) {
    setFramed(scope)
    const request = fitRequestOf(taskingFrame(mapProps.aoi, rows))
    if (request) setFitRequest(request)
  }
  /** Picked in the list or on the timeline: the map comes to its footprint. */
  const pick = (key: string, from: PickedFrom) => {
    select(scope, key, from)
    const row = rows.find((r) => r.key === key)
    if (row && from !== 'map')
      setFitRequest({ bbox: bboxOf([row.opportunity.footprint as Polygon]), at: performance.now() })
  }

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

  // The Viewer learns before any work that the request can be prepared and shared, not placed (decision 14).
  const notices = (
    <>
      {shared?.kind === 'applied' && shared.value.pass ? (
        <PassNotice outcome={shared} />
      ) : (
        <SharedOutcomeNotice outcome={shared} what="request" />
      )}
      <AgainNotice outcome={again} />
      {!mayPlace && (
        <ViewerShareNotice
          title="You can prepare this request, not place it"
          what="request"
          url={
            collections && collections.length > 0
              ? shareUrl(
                  paths.tasking(),
                  encodeTaskingShare({
                    aoi: mapProps.aoi,
                    draft: {
                      collectionName: model.collection?.name,
                      dataProductId: model.product?.id,
                      params: model.params,
                      displayName: model.displayName,
                      tags: model.tags,
                    },
                  }),
                )
              : null
          }
        />
      )}
    </>
  )
  const header = (
    <>
      <OrderingHeader title="New tasking request" lead={LEAD} />
      {notices}
    </>
  )

  if (glossaryError && !collections)
    return (
      <Stack p="md" className={classes.page}>
        {header}
        <GlossaryFailed
          title="The tasking collections could not be loaded"
          error={glossaryError}
          onRetry={onRetryGlossary}
        />
      </Stack>
    )
  if (!collections)
    return (
      <Stack p="md" className={classes.page}>
        {header}
        <Stack role="status" aria-label="Loading the tasking collections">
          <Skeleton height={160} />
          <Skeleton height={320} />
        </Stack>
      </Stack>
    )
  if (collections.length === 0)
    return (
      <Stack p="md" className={classes.page}>
        {header}
        <Paper withBorder p="lg">
          <Text size="sm">No tasking collection is available to this account.</Text>
        </Paper>
      </Stack>
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
                <OpportunitiesPanel model={model} onPick={pick} />
                <EulaGate eulas={model.eulas} access={licenceAccess} />
                <BudgetGate
                  gate={budgets}
                  budgetId={budgetId}
                  onChange={setBudget}
                  total={model.total}
                  problem={budgetProblem}
                />
              </>
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
