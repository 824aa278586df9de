import { Section } from '../../../components/page-section'
import './mantine-styles'
import { Alert, Anchor, Button, Code, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { formatUtc } from '../../../lib/format'
import { formatActor, formatParamValue, humanizeKey, shortId } from '../words'
import { orderAoi } from '../map-layers'
import { orderOptions, type Order } from '../../../data/orders/queries'
import { isTerminal, STATUS_LABELS, subStatusLabel } from '../../../data/orders/status'
import { showsCoverage, subStatusOf } from '../tasking-steps'
import { useOrderCoverage } from '../use-order-coverage'
import { CoverageLegend, OrderCoverage } from './order-coverage'
import { OrderCancel } from './order-cancel'
import { OrderEdit } from './order-edit'
import { OrderStorage } from './order-storage'
import { ImageryControls } from '../../../components/imagery/imagery-controls'
import { useDeliveredImagery } from '../use-delivered-imagery'
import { useOrderLookups, type OrderLookups } from '../use-order-lookups'
import classes from './orders.module.css'
import { StatusBadge, TypeBadge } from './status-badge'
import { StatusTimeline } from './status-timeline'
import { TaskingStepper } from './tasking-stepper'
import { CopyTextButton } from '../../../components/copy-text-button'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import factsClasses from '../../../components/facts/facts.module.css'
import { orderAttention } from '../../../data/attention/reasons'

// The map engine is the heaviest part of the page: the order's facts show while it loads.
const OrderMap = lazy(async () => ({ default: (await import('./order-map')).OrderMap }))

const isNotFound = (e: unknown) => isApiError(e) && e.kind === 'not-found'

/** One order: every field, its area on the map, where it is in its lifecycle, edits and cancellation. */
export function OrderPage() {
  const { dataProducts, budgets, fixedPriceProducts } = useOrderLookups({ tasking: true })
  const { orderId = '' } = useParams()
  const client = useApiClient()
  // A failed refresh keeps the page (and a half-typed edit); a first load that fails, or an order gone
  // meanwhile, says so with the way back.
  const { data: order, error, refetch } = useQuery({ ...orderOptions(client, orderId), throwOnError: false })

  if (error && (!order || isNotFound(error)))
    return (
      <DetailFailure
        thing="order"
        error={error}
        missingText={
          <>
            No order <Code>{orderId}</Code> exists in this account. The link may be old or mistyped, or the
            order may belong to another account.
          </>
        }
        onRetry={() => void refetch()}
        back={{ to: paths.orders(), label: 'All orders' }}
      />
    )
  if (!order) return <DetailLoading label="Loading the order" body={440} />
  return (
    <OrderView
      order={order}
      dataProducts={dataProducts}
      budgets={budgets}
      fixedPriceProducts={fixedPriceProducts}
    />
  )
}

function OrderView({ order, dataProducts, budgets, fixedPriceProducts }: { order: Order } & OrderLookups) {
  const id = useId()
  const aoi = orderAoi(order)
  // A fixed-price tasking order carries a sub-status too (QUOTATION_ACCEPTED), but had no study or quotation.
  const fixedPrice = !!order.dataProductId && !!fixedPriceProducts?.includes(order.dataProductId)
  const sub = fixedPrice ? undefined : subStatusOf(order)
  const withCoverage = showsCoverage(order)
  const coverage = useOrderCoverage(order)
  const coverageData = withCoverage ? coverage.data : undefined
  const { mapBox, imagery: delivered, picturesFirst } = useDeliveredImagery(order, aoi)
  const { images, onCursor, ...imagery } = delivered
  const attention = orderAttention(order, useSession().user?.id)
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to={paths.orders()} size="sm">
          All orders
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{order.displayName}</Title>
          <StatusBadge status={order.status} size="lg" />
          <TypeBadge type={order.type} size="lg" />
        </Group>
        {attention ? (
          // A failure is said first, with the service's reason and what to do, never as "in progress".
          <Alert color="red" title={attention.title} data-testid="order-failure">
            <Text size="sm">{attention.reason}</Text>
            <Text size="sm">{attention.next}</Text>
            {order.status === 'PLACEMENT_FAILED' && (
              <Text size="sm" c="dimmed">
                This page refreshes on its own while the service may still place it.
              </Text>
            )}
          </Alert>
        ) : (
          !isTerminal(order.status) && (
            <Text size="sm" c="dimmed">
              In progress: this page refreshes on its own while it is open.
            </Text>
          )
        )}
        {order.type === 'ARCHIVE' && attention && (
          <Group gap="sm">
            <Button component={Link} to={paths.checkoutAgain(order.id)} variant="default">
              Order again
            </Button>
            <Text size="sm" c="dimmed">
              The checkout, filled in with this order’s scene, data product, area, name and tags.
            </Text>
          </Group>
        )}
        {order.type === 'TASKING' && (
          <Group gap="sm">
            {/* Default, not light: the light variant's blue on its tint fails colour contrast (axe). */}
            <Button component={Link} to={paths.taskingAgain(order.id)} variant="default">
              Request again
            </Button>
            <Text size="sm" c="dimmed">
              A new tasking request with this area, collection and parameters, and a window starting today.
            </Text>
          </Group>
        )}
      </Stack>

      <div className={classes.pageGrid}>
        <Stack gap="lg">
          {sub && (
            <Section id={`${id}-tasking`} title="Study and quotation">
              <TaskingStepper order={order} subStatus={sub} />
            </Section>
          )}
          <Section id={`${id}-facts`} title="Order">
            <OrderFacts order={order} dataProducts={dataProducts} budgets={budgets} />
          </Section>
          <Section
            id={`${id}-details`}
            title={order.type === 'TASKING' ? 'Tasking parameters' : 'Archive order'}
          >
            <OrderDetails order={order} />
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section id={`${id}-map`} title="Area of interest">
            {aoi ? (
              <div ref={mapBox}>
                <Suspense fallback={<Skeleton height={380} role="status" aria-label="Loading the map" />}>
                  <OrderMap
                    aoi={aoi}
                    coverage={coverageData}
                    images={images}
                    onCursor={onCursor}
                    hold={picturesFirst}
                  />
                </Suspense>
              </div>
            ) : (
              <Text size="sm">The service did not send this order’s area.</Text>
            )}
            {aoi && coverageData && <CoverageLegend />}
            {aoi && imagery.count > 0 && (
              <Stack gap={4} aria-label="Delivered imagery" role="group">
                <Text size="sm" fw={600}>
                  Delivered imagery
                </Text>
                <ImageryControls {...imagery} />
              </Stack>
            )}
          </Section>
          {withCoverage && (
            <Section id={`${id}-coverage`} title="Coverage">
              <OrderCoverage order={order} query={coverage} />
            </Section>
          )}
          <Section id={`${id}-storage`} title="In storage">
            <OrderStorage order={order} />
          </Section>
          <Section id={`${id}-timeline`} title="Status">
            <StatusTimeline order={order} />
          </Section>
          <Section id={`${id}-edit`} title="Name and tags">
            <OrderEdit order={order} />
          </Section>
          <Section id={`${id}-cancel`} title="Cancellation">
            <OrderCancel order={order} />
          </Section>
        </Stack>
      </div>
    </Stack>
  )
}

function OrderFacts({ order, dataProducts, budgets }: { order: Order } & OrderLookups) {
  const user = useSession().user
  const product = dataProducts?.find((p) => p.id === order.dataProductId)
  const budget = budgets?.find((b) => b.id === order.budgetId)
  const workspace = user?.workspaces.find((w) => w.id === order.workspaceId)
  const sub =
    order.orderDetails && 'subStatus' in order.orderDetails ? order.orderDetails.subStatus : undefined
  const facts: [string, ReactNode][] = [
    [
      'Order ID',
      <Group gap="xs" wrap="nowrap" key="id">
        <Code>{order.id}</Code>
        <CopyTextButton value={order.id} label="Copy the order ID" />
      </Group>,
    ],
    ['Status', STATUS_LABELS[order.status]],
    ['Type', order.type === 'TASKING' ? 'Tasking' : 'Archive'],
    ...(order.type === 'TASKING' ? [['Sub-status', subStatusLabel(sub)] as [string, ReactNode]] : []),
    ['Data product', product?.title ?? order.dataProductId ?? '—'],
    [
      'Budget',
      order.budgetId
        ? (budget?.name ??
          (budgets === null
            ? `${shortId(order.budgetId)} (budget names are not shown to you)`
            : order.budgetId))
        : 'None',
    ],
    ['Workspace', workspace?.name ?? order.workspaceId],
    ['Created', `${formatUtc(order.createdAt)} by ${formatActor(order.createdBy, user?.id)}`],
    ['Updated', `${formatUtc(order.updatedAt)} by ${formatActor(order.updatedBy, user?.id)}`],
    ['Tags', order.tags.length > 0 ? order.tags.join(', ') : 'None'],
  ]
  return (
    <dl className={factsClasses.facts}>
      {facts.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Members of `orderDetails` not shown as parameters: the area (on the map) and the sub-status (above). */
const NOT_PARAMETERS = new Set(['aoi', 'geometry', 'subStatus'])

function OrderDetails({ order }: { order: Order }) {
  const d = order.orderDetails as Record<string, unknown> | undefined
  if (!d) return <Text size="sm">The service sent no details for this order.</Text>
  const rows = Object.entries(d).filter(([k]) => !NOT_PARAMETERS.has(k))
  if (rows.length === 0) return <Text size="sm">No parameters beyond the area.</Text>
  return (
    <Table verticalSpacing={4} aria-label="Order details">
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" fw={500} w="40%">
              {k === 'imageId' ? 'Image ID' : humanizeKey(k)}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {k === 'imageId' ? <Code>{formatParamValue(v)}</Code> : formatParamValue(v)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
