import './mantine-styles'
import { useBudgetChoices } from '../../../data/budgets/use-budget-choices'
import { useCollectionsOfType } from '../../../data/glossary/use-collections-of-type'
import { useRefreshAfterPlacing } from '../../../data/orders/use-refresh-after-placing'
import { Alert, Anchor, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { BASKET_LIMIT, basketKey, useBasketStore } from '../../../components/basket/basket-store'
import { paths } from '../../../config/paths'
import { useCheckoutStore } from '../checkout-store'
import { useCheckout, type LineModel } from '../use-checkout'
import type { Collection } from '../../../data/orders/scene-line'
import { usePlacement, useReconcile } from '../use-placement'
import { NextStep, PlacingSteps, ViewerShareNotice } from '../../../components/placing-flow/placing-flow'
import { usePlacingFlow } from '../../../components/placing-flow/use-placing-flow'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import { CheckoutLine } from './checkout-line'
import { ReviewStep, WholeCheckoutCode } from './checkout-review'
import { RepeatOrdersWarning } from './repeat-orders'
import { useRepeatOrders } from '../use-repeat-orders'
import { EulaGate } from '../../../components/licence-gate/eula-gate'
import { licenceAccess } from '../../../data/licences/queries'
import { GlossaryFailed, OrderingHeader } from '../../../components/order-page-parts/page-parts'
import classes from '../../../components/order-page-parts/ordering.module.css'
import { formatCredits } from '../../../lib/format'
import { permissionsOf, useSession } from '../../../api/console-context'
import { shareUrl } from '../../../lib/share-link'
import { SharedOutcomeNotice } from '../../../components/role-notice/role-notice'
import { useSharedDraft, type SharedOutcome } from '../../../components/role-notice/use-shared-draft'
import { decodeCheckoutShare, encodeCheckoutShare, type SharedCheckout } from '../share-checkout'
import { useCheckoutView } from '../use-checkout-view'
import { useOrderAgain, type AgainOutcome } from '../use-order-again'

/**
 * Archive checkout: the basket's scenes become one order each. Details (product, area, name, tags, the
 * order form, a live estimate), the licence and budget gates, then a review with the total and an explicit
 * confirmation. Everything is a draft kept per tab; placing is one click, one order (decision 10).
 */
export function CheckoutPage() {
  const { collections, error: glossaryError, retry: onRetryGlossary } = useCollectionsOfType('ARCHIVE')
  const budgets = useBudgetChoices()
  const onPlaced = useRefreshAfterPlacing()
  const scenes = useBasketStore((s) => s.scenes)
  const { lines, eulas, workspaceId, retryEstimate } = useCheckout(scenes, collections)
  const step = useCheckoutStore((s) => s.step)
  const setStep = useCheckoutStore((s) => s.setStep)
  const budgetId = useCheckoutStore((s) => s.budgetId)
  const setBudget = useCheckoutStore((s) => s.setBudget)
  const placed = useCheckoutStore((s) => s.placed)
  const dismissPlaced = useCheckoutStore((s) => s.dismissPlaced)
  const { place, run, running } = usePlacement(onPlaced)
  const checkAgain = useReconcile()
  useProductFromLink(collections)
  const again = useOrderAgain(collections)
  const mayPlace = permissionsOf(useSession().user).change
  const [handOver, leave] = useCheckoutView()
  const shared = useSharedDraft(handOver.shared, leave, decodeCheckoutShare, applySharedCheckout)

  const repeats = useRepeatOrders(lines)
  const busy = running || lines.some((l) => l.placement.kind === 'placing' || l.placement.kind === 'unknown')
  usePinnedAoi(lines)
  const total = lines.every((l) => l.credits !== null)
    ? lines.reduce((sum, l) => sum + (l.credits ?? 0), 0)
    : null
  const flow = usePlacingFlow({
    gate: budgets,
    budgetId,
    workspaceId,
    own: lines.flatMap((l, i) => l.blockers.map((b) => `Scene ${i + 1}: ${b}`)),
    // Placing stops at a budget refusal only (use-placement.ts): it is about the whole checkout.
    budgetRefusal: run?.checkoutError ?? null,
    whatIsPlaced: 'these orders',
  })
  const { blockers, placeTarget, budgetName, budgetProblem } = flow

  const header = (
    <CheckoutHeader shared={shared} again={again} mayPlace={mayPlace} hasLines={lines.length > 0} />
  )

  if (glossaryError && !collections)
    return (
      <Stack p="md" className={classes.page}>
        {header}
        <GlossaryFailed
          title="The data products could not be loaded"
          error={glossaryError}
          onRetry={onRetryGlossary}
        />
      </Stack>
    )

  return (
    <Stack p="md" gap="md" className={classes.page}>
      {header}
      {placed.length > 0 && <PlacedNotice placed={placed} onDismiss={dismissPlaced} />}
      {lines.length === 0 ? (
        placed.length === 0 && <EmptyBasket />
      ) : !collections ? (
        <Stack role="status" aria-label="Loading the checkout">
          <Skeleton height={160} />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <PlacingSteps
          flow={flow}
          step={step}
          onStep={setStep}
          busy={busy}
          details={{
            label: 'Details',
            description: `${lines.length} ${lines.length === 1 ? 'scene' : 'scenes'}`,
          }}
          total={total}
          edit={
            <>
              <EulaGate eulas={eulas} access={licenceAccess} />
              <BudgetGate
                gate={budgets}
                budgetId={budgetId}
                onChange={setBudget}
                total={total}
                problem={budgetProblem}
              />
              <RepeatOrdersWarning repeats={repeats} />
              {lines.map((line, i) => (
                <CheckoutLine
                  key={line.key}
                  line={line}
                  index={i}
                  locked={busy}
                  showErrors={flow.triedReview}
                  onCheckAgain={(key, attempt) => void checkAgain(key, attempt)}
                  onRetryEstimate={() => retryEstimate(line.key)}
                />
              ))}
            </>
          }
          next={
            <NextStep
              flow={flow}
              busy={busy}
              totalText={`Total: ${total === null ? 'pending' : `${formatCredits(total)} credits`}`}
              totalTestId="checkout-total"
              reviewLabel={`Review ${lines.length} ${lines.length === 1 ? 'order' : 'orders'}`}
              onReview={() => setStep('review')}
              code={<WholeCheckoutCode lines={lines} placeTarget={placeTarget} budgetName={budgetName} />}
            />
          }
          review={
            <ReviewStep
              // A new count or total asks for the confirmation again.
              key={`${lines.length}:${total ?? 'pending'}`}
              lines={lines}
              repeats={repeats}
              total={total}
              budgetName={budgetName}
              blockers={blockers}
              placeTarget={placeTarget}
              run={run}
              budgetProblem={budgetProblem}
              busy={busy}
              mayPlace={mayPlace}
              onBack={() => setStep('edit')}
              onCheckAgain={(key, attempt) => void checkAgain(key, attempt)}
              onPlace={() => placeTarget && void place(lines, placeTarget)}
            />
          }
        />
      )}
    </Stack>
  )
}

/**
 * The page's head: its title, what a shared link or "Order again" did, and the Viewer's note with the link
 * that shares the checkout (decision 14: the Viewer learns before any work that it can be prepared, not placed).
 */
function CheckoutHeader({
  shared,
  again,
  mayPlace,
  hasLines,
}: {
  shared: SharedOutcome
  again: AgainOutcome
  mayPlace: boolean
  hasLines: boolean
}) {
  const scenes = useBasketStore((s) => s.scenes)
  const drafts = useCheckoutStore((s) => s.drafts)
  const productLines = useCheckoutStore((s) => s.productLines)
  const aoi = useAoiStore((s) => s.polygons)
  return (
    <>
      <OrderingHeader
        title="Checkout"
        lead="One order per scene. Nothing is spent until you confirm on the review step."
      />
      <SharedOutcomeNotice outcome={shared} what="checkout" />
      <AgainNotice outcome={again} />
      {!mayPlace && (
        <ViewerShareNotice
          title="You can prepare these orders, not place them"
          what="checkout"
          url={
            hasLines
              ? shareUrl(paths.checkout(), encodeCheckoutShare({ scenes, productLines, drafts, aoi }))
              : null
          }
        />
      )}
    </>
  )
}

/** Nothing to order and nothing just placed: where scenes come from. */
function EmptyBasket() {
  return (
    <Paper withBorder p="lg" ta="center">
      <Title order={2} size="h4">
        Your basket is empty
      </Title>
      <Text size="sm" mt="xs">
        Search the catalog and add scenes to the basket (Space on a result, or its box).
      </Text>
      <Button component={Link} to={paths.catalog()} mt="sm">
        Search the catalog
      </Button>
    </Paper>
  )
}

/**
 * A shared checkout (`?shared=`, made by a Viewer's page) joins the reader's basket: its scenes are added, its
 * lines' drafts replace those of the same scenes, its product lines are added with fresh keys, and its AOI
 * (when it has one) becomes the toolkit's (undo brings the previous one back). Nothing is taken while one of
 * the reader's own orders is still being placed.
 */
function applySharedCheckout(shared: SharedCheckout): string | null {
  const store = useCheckoutStore.getState()
  const pending = Object.values(store.drafts).some(
    (d) => d.placement?.kind === 'placing' || d.placement?.kind === 'unknown',
  )
  if (pending)
    return 'An order of yours is still being placed: open the link again once its outcome is known.'
  const basket = useBasketStore.getState()
  const have = new Set(basket.scenes.map(basketKey))
  const fresh = shared.scenes.filter((s) => !have.has(basketKey(s)))
  if (basket.scenes.length + fresh.length > BASKET_LIMIT)
    return 'Your basket has no room for the shared scenes: remove some and open the link again.'
  // All of them: a scene the reader's basket already holds takes the shared plan's part (`add` keeps the rest).
  basket.add(shared.scenes)
  for (const s of shared.scenes) {
    const key = basketKey(s)
    store.forget([key])
    if (shared.drafts[key]) store.update(key, shared.drafts[key])
  }
  for (const line of shared.productLines) {
    store.addProductLine(line.collection, line.dataProductId)
    const added = useCheckoutStore.getState().productLines.at(-1)
    if (added && shared.drafts[line.key]) store.update(added.key, shared.drafts[line.key])
  }
  if (shared.aoi.length > 0) useAoiStore.getState().setPolygons(shared.aoi)
  store.setStep('edit')
  return null
}

/**
 * A line ordering the AOI keeps the AOI it was first shown with: redrawing the AOI elsewhere later must not
 * change an order being prepared (the line offers the new AOI instead). Writes to the drafts only.
 */
function usePinnedAoi(lines: LineModel[]) {
  const update = useCheckoutStore((s) => s.update)
  const aoi = useAoiStore((s) => s.polygons)
  useEffect(() => {
    if (aoi.length === 0) return
    for (const l of lines)
      if (l.area === 'aoi' && !l.draft.aoi && l.placement.kind === 'idle') update(l.key, { area: 'aoi', aoi })
  }, [lines, aoi, update])
}

/** What "Order again" from an order's page did: a line filled from the order, or why not. */
function AgainNotice({ outcome }: { outcome: AgainOutcome }) {
  if (!outcome) return null
  if (outcome.kind === 'refused')
    return (
      <Alert color="yellow" title="The order could not be ordered again" role="alert">
        <Text size="sm">{outcome.reason} Your checkout is as you left it.</Text>
      </Alert>
    )
  return (
    <Alert color="teal" title="Filled in from an earlier order" role="status" data-testid="again-notice">
      <Text size="sm">
        The scene, data product, area, name and tags of{' '}
        <Anchor component={Link} to={paths.order(outcome.orderId)}>
          {outcome.orderName}
        </Anchor>
        . Check the line before you place it: nothing is placed until you confirm.
      </Text>
    </Alert>
  )
}

/**
 * `/checkout?product=<id>` (the link on a collection's data products) adds a line for that product once,
 * then leaves the URL, so a reload does not add it again.
 */
function useProductFromLink(collections: Collection[] | undefined) {
  const [{ productId }, leave] = useCheckoutView()
  const addProductLine = useCheckoutStore((s) => s.addProductLine)
  // Effects run twice on mount in development (StrictMode): one link, one line.
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (!productId || !collections || handled.current === productId) return
    handled.current = productId
    const collection = collections.find((c) => c.dataProducts.some((p) => p.id === productId))
    if (collection) addProductLine(collection.name, productId)
    leave('product')
  }, [productId, collections, addProductLine, leave])
}

function PlacedNotice({
  placed,
  onDismiss,
}: {
  placed: { orderId: string; displayName: string }[]
  onDismiss: () => void
}) {
  return (
    <Alert
      color="teal"
      title={`${placed.length} ${placed.length === 1 ? 'order' : 'orders'} placed`}
      role="status"
    >
      <List size="sm">
        {placed.map((p) => (
          <List.Item key={p.orderId}>
            <Anchor component={Link} to={paths.order(p.orderId)}>
              {p.displayName}
            </Anchor>
          </List.Item>
        ))}
      </List>
      <Group mt="xs" gap="xs">
        <Button component={Link} to={paths.orders()} size="compact-sm" variant="default">
          See all orders
        </Button>
        {/* Default, not subtle: a subtle button's text on the teal notice fails contrast (4.32:1). */}
        <Button size="compact-sm" variant="default" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  )
}
