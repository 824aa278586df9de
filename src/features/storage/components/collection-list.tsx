import './mantine-styles'
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { memo, useLayoutEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { isApiError } from '../../../api/errors'
import { paths } from '../../../config/paths'
import type { StacCollection } from '../../../data/storage/queries'
import { formatUtc } from '../../../lib/format'
import { useVirtualRows } from '../../../lib/use-virtual-rows'
import { useHovered } from '../storage-ui-store'
import { PAGE_MARKS } from '../use-footprints-mark'
import { orderLabel, useOrderNames } from '../use-order-names'
import { SOURCE_COLORS, SOURCE_LABELS, str, tagsOf, titleOf } from '../words'
import classes from './storage.module.css'

/** The storage page's list of collections in each of its states: refused link, failure, loading, empty, rows. */
export function CollectionResults(props: {
  blocked: boolean
  loading: boolean
  error: Error | null
  retry: () => void
  collections: StacCollection[] | undefined
  filtered: boolean
  onClear: () => void
  pastEnd: ReactNode
  onHover: (i: number | null) => void
}) {
  const { collections } = props
  if (props.blocked)
    return (
      <Alert color="yellow" title="This link has filters the service would refuse">
        <Text size="sm">Fix the fields marked in the filters (or clear them); nothing was sent.</Text>
      </Alert>
    )
  if (props.error)
    return (
      <Alert color="red" title="The collections could not be loaded">
        <Text size="sm">
          {isApiError(props.error) && props.error.status === 422
            ? `The service refused the filters: ${props.error.message}`
            : props.error.message}
        </Text>
        <Button mt="sm" size="xs" variant="default" onClick={props.retry}>
          Try again
        </Button>
      </Alert>
    )
  if (props.loading || !collections)
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading collections">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={64} />
        ))}
      </Stack>
    )
  if (props.pastEnd) return props.pastEnd
  if (collections.length === 0)
    return props.filtered ? (
      <Alert color="gray" title="No collection matches these filters">
        <Button size="xs" variant="default" onClick={props.onClear}>
          Clear the filters
        </Button>
      </Alert>
    ) : (
      <Alert color="gray" title="Nothing in storage yet">
        <Text size="sm">
          Orders deliver here once they are fulfilled. Find scenes in the{' '}
          <Anchor component={Link} to={paths.catalog()}>
            catalog
          </Anchor>{' '}
          or follow your{' '}
          <Anchor component={Link} to={paths.orders()}>
            orders
          </Anchor>
          .
        </Text>
      </Alert>
    )
  return <CollectionList collections={collections} onHover={props.onHover} />
}

/** Lists longer than this are virtualised: only the rows in view (and a few more) are in the DOM. */
const VIRTUAL_FROM = 30
const ROW_ESTIMATE = 78

/**
 * A page of collections; past `VIRTUAL_FROM` rows only those in the scroll box are rendered (measured, since a
 * row with tags is taller), padding above and below keeping the scroll height. The arrow keys, Page Up/Down
 * and Ctrl+Home/End move between the rows' links, rendering the one they land on first.
 */
function CollectionList({
  collections,
  onHover,
}: {
  collections: StacCollection[]
  onHover: (i: number | null) => void
}) {
  // Read here, not by the page: a hover draws the list (its two changed rows) and the map alone.
  const hovered = useHovered(collections)
  const { scroller, virtual, rows, before, after, measure, onKeyDown } = useVirtualRows({
    count: collections.length,
    rowHeight: ROW_ESTIMATE,
    measured: true,
    focus: 'a[data-row-link]',
    virtualFrom: VIRTUAL_FROM + 1,
    // Page Up/Down move by 8 rows, as this list's keys always have (a row's height varies with its tags).
    pageRows: 8,
  })
  const shown = rows.length > 0
  // The page's own timing mark: this response's rows are in the DOM (the frame they are painted in).
  useLayoutEffect(() => {
    if (!shown) return
    const id = requestAnimationFrame(() =>
      performance.mark(PAGE_MARKS.rows, { detail: { count: collections.length } }),
    )
    return () => cancelAnimationFrame(id)
  }, [collections, shown])
  const orderNames = useOrderNames(collections.map((c) => str(c['up42-order:id'])))

  return (
    <div
      ref={scroller}
      className={virtual ? classes.listScroller : undefined}
      data-collections-scroller={virtual ? '' : undefined}
    >
      <ul
        className={classes.list}
        aria-label="Collections"
        // The list's whole length, for a reader of the DOM (the walk's bench): only some rows are in it.
        data-row-count={collections.length}
        onMouseLeave={() => onHover(null)}
        onKeyDown={onKeyDown}
        style={virtual ? { paddingTop: before, paddingBottom: after } : undefined}
      >
        {rows.map((i) => (
          <CollectionRow
            key={collections[i].id}
            c={collections[i]}
            index={i}
            measure={measure}
            orderNames={orderNames}
            hovered={hovered === i}
            onHover={onHover}
          />
        ))}
      </ul>
    </div>
  )
}

const CollectionRow = memo(function CollectionRow({
  c,
  index,
  measure,
  orderNames,
  hovered,
  onHover,
}: {
  c: StacCollection
  index: number
  measure: ((el: Element | null) => void) | undefined
  orderNames: ReadonlyMap<string, string>
  hovered: boolean
  onHover: (i: number | null) => void
}) {
  const source = str(c['up42-system:source'])
  const when = c.extent.temporal.interval[0]?.[0]
  const tags = tagsOf(c['up42-user:tags'])
  const orderId = str(c['up42-order:id'])
  return (
    <li
      ref={measure}
      className={classes.row}
      data-collection-id={c.id}
      data-row-index={index}
      data-index={index}
      data-hovered={hovered || undefined}
      onMouseEnter={() => onHover(index)}
      onFocus={() => onHover(index)}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={paths.storageCollection(c.id)} fw={600} size="sm" data-row-link="">
          {titleOf(c, c.id)}
        </Anchor>
        {source && (
          <Badge variant="dot" color={SOURCE_COLORS[source] ?? 'gray'} tt="none" size="sm">
            {source in SOURCE_LABELS ? SOURCE_LABELS[source as keyof typeof SOURCE_LABELS] : source}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Acquired {formatUtc(when)} · delivered {formatUtc(str(c.created))}
        {orderId && (
          <>
            {' · '}
            <Anchor component={Link} to={paths.order(orderId)} size="xs" underline="always">
              {orderLabel(orderId, orderNames.get(orderId))}
            </Anchor>
          </>
        )}
      </Text>
      {tags.length > 0 && (
        <Text size="xs" c="dimmed">
          Tags: {tags.join(', ')}
        </Text>
      )}
    </li>
  )
})
