import '@mantine/core/styles/Skeleton.css'
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { isApiError } from '../../../api/errors'
import { formatArea } from '../../../lib/format'
import { formatCoveragePart, formatPercent } from '../words'
import { COVERAGE_COLORS } from '../map-layers'
import type { Coverage, Order } from '../../../data/orders/queries'
import { isTerminal } from '../../../data/orders/status'
import type { CoverageQuery } from '../use-order-coverage'
import classes from './orders.module.css'
import factsClasses from '../../../components/facts/facts.module.css'

/**
 * The figures of what the deliveries cover (covered and remaining, in km² and percent of the ordered area),
 * a stacked bar that says the same in its name, and the loading, empty and failed states.
 */
export function OrderCoverage({ order, query }: { order: Order; query: CoverageQuery }) {
  const { data, error, isFetching, refetch } = query
  const retry = (
    <Button onClick={() => void refetch()} loading={isFetching} w="fit-content">
      Retry
    </Button>
  )
  if (data === undefined) {
    if (error) {
      return (
        <Alert color="red" title="The coverage could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {(isApiError(error) ? error.title : error.message).replace(/\.$/, '')}. The rest of the order is
              shown as usual.
            </Text>
            {retry}
          </Stack>
        </Alert>
      )
    }
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the coverage">
        <Skeleton height={18} width="60%" />
        <Skeleton height={18} width="60%" />
        <Skeleton height={16} />
      </Stack>
    )
  }
  if (data === null) {
    return (
      <Text size="sm">
        {isTerminal(order.status)
          ? 'No acquisition was delivered for this order.'
          : 'No acquisition delivered yet — the first delivery arrives after the acquisition.'}
      </Text>
    )
  }
  const { covered, remainder } = data
  return (
    <Stack gap="sm">
      <dl className={factsClasses.facts}>
        <dt>Covered</dt>
        <dd>{formatCoveragePart(covered)}</dd>
        <dt>Remaining</dt>
        <dd>{formatCoveragePart(remainder)}</dd>
        <dt>Ordered area</dt>
        <dd>{formatArea(covered.sqKmArea + remainder.sqKmArea)}</dd>
      </dl>
      <CoverageBar covered={covered.percentage} remaining={remainder.percentage} />
      <Text size="sm">{coverageNote(order, data)}</Text>
      {error && (
        <Group gap="sm">
          <Text size="sm" role="status">
            The last refresh of the coverage failed; these are the figures from before.
          </Text>
          {retry}
        </Group>
      )}
    </Stack>
  )
}

function coverageNote(order: Order, c: Coverage): string {
  if (order.status === 'FULFILLED')
    return c.remainder.percentage > 0
      ? 'The order is fulfilled: these are its final figures.'
      : 'The order is fulfilled: the whole area was delivered.'
  if (order.status === 'FAILED_PERMANENTLY')
    return 'The order failed before the rest of the area was acquired: these are its final figures.'
  return 'More deliveries are to come: the figures refresh by themselves.'
}

/** Covered and remaining side by side; the remainder is striped, so the two differ in more than colour. */
function CoverageBar({ covered, remaining }: { covered: number; remaining: number }) {
  const total = covered + remaining
  const share = total > 0 ? Math.min(100, Math.max(0, (100 * covered) / total)) : 0
  return (
    <div
      className={classes.coverageBar}
      role="img"
      aria-label={`Covered ${formatPercent(covered)}, remaining ${formatPercent(remaining)}`}
    >
      <div
        className={classes.coveredPart}
        style={{ width: `${share}%`, background: COVERAGE_COLORS.covered }}
      />
      <div
        className={classes.remainderPart}
        style={{ width: `${100 - share}%`, color: COVERAGE_COLORS.remainder }}
      />
    </div>
  )
}

/** What the map's colours mean; shown under the map while it draws coverage. */
export function CoverageLegend() {
  return (
    <ul className={classes.legend} aria-label="Map legend">
      <li>
        <span className={classes.swatch} style={{ borderColor: COVERAGE_COLORS.aoi }} aria-hidden="true" />
        Ordered area (blue outline)
      </li>
      <li>
        <span
          className={classes.swatch}
          style={{ borderColor: COVERAGE_COLORS.covered, background: COVERAGE_COLORS.covered }}
          aria-hidden="true"
        />
        Covered by deliveries (green)
      </li>
      <li>
        <span
          className={classes.swatch}
          data-dashed
          style={{ borderColor: COVERAGE_COLORS.remainder }}
          aria-hidden="true"
        />
        Remaining (orange, dashed)
      </li>
    </ul>
  )
}
