import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { lazy, Suspense, useLayoutEffect, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { paths } from '../../../config/paths'
import { collectionsOptions, type StacCollection } from '../../../data/storage/queries'
import { countLabel, formatUtc } from '../../../lib/format'
import { boundsOf } from '../../../lib/geometry-bounds'
import { encodePolygons } from '../../../lib/polyline'
import type { DrawMode } from '../../../map/map-engine'
import { clampBox, SOURCE_COLORS, SOURCE_LABELS, str, tagsOf, titleOf } from '../words'
import { PAGE_MARKS } from '../use-footprints-mark'
import { useCollectionsMap } from '../use-collections-map'
import { orderLabel, useOrderNames } from '../use-order-names'
import { useStorageView } from '../use-storage-view'
import { CodeButton } from '../../../components/request-code/code-button'
import { collectionsCode } from '../../../data/storage/storage-code'
import { isFiltered, LIMITS } from '../url-state'
import { StorageFilters } from './storage-filters'
import classes from './storage.module.css'

const StorageMap = lazy(async () => ({ default: (await import('./storage-map')).StorageMap }))

const DRAW_MODES: { value: DrawMode; label: string }[] = [
  { value: 'static', label: 'Pan' },
  { value: 'polygon', label: 'Polygon' },
  { value: 'rectangle', label: 'Rectangle' },
]

/** `/storage`: every delivered collection, filtered as the contract allows, with footprints on the map. */
export function StoragePage() {
  const client = useApiClient()
  const [view, update] = useStorageView()
  const { query, problems } = view
  const blocked = Object.keys(problems).some((k) => k !== 'page')
  const list = useQuery({ ...collectionsOptions(client, query), enabled: !blocked })
  const aoi = useAoiTools()
  const [filtersOpen, setFiltersOpen] = useState(isFiltered(query) && !query.bbox)
  const data = list.isPlaceholderData ? undefined : list.data
  const collections = data?.collections
  const { overlays, fit, hovered, onHover, onOverlayHover } = useCollectionsMap(query, collections, aoi.map)

  const matched = data?.context.matched ?? collections?.length ?? 0
  const limit = query.limit ?? 20
  const page = query.page ?? 0
  const totalPages = Math.max(1, Math.ceil(matched / limit))
  const shown = list.data?.context.matched ?? list.data?.collections.length ?? 0
  const pagerTotal = list.data && !blocked ? Math.ceil(shown / limit) : 0
  const drawn = aoi.polygons.length > 0
  // Every delivery over the drawn area (or the box of the filter) as a time-lapse (issue 42 §4).
  const timelapseArea = drawn ? aoi.polygons : query.bbox ? [boxPolygon(query.bbox)] : null
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            Storage
          </Title>
          <Text size="sm" c="dimmed">
            Everything delivered to this account: archive and tasking orders, processing results.
          </Text>
        </div>
        <Button component={Link} to={paths.storageSearch()} variant="default">
          Search items
        </Button>
      </Group>
      {deleted && (
        <Alert color="green" title="Collection deleted" role="status">
          <Text size="sm">“{deleted}” and its files are gone from storage.</Text>
        </Alert>
      )}
      <div className={classes.layout}>
        <Stack gap="sm">
          <Paper withBorder p="sm" component="section" aria-labelledby="storage-area">
            <Stack gap="xs">
              <Title order={2} size="h5" id="storage-area">
                Area
              </Title>
              <Text size="sm">
                {query.bbox
                  ? `Collections fully inside ${query.bbox.map((n) => n.toFixed(3)).join(', ')} (W, S, E, N)`
                  : 'Anywhere. Draw an area or use the map view to keep collections fully inside a box.'}
              </Text>
              {problems.bbox && (
                <Text size="sm" c="red.8">
                  The area in the link is not used: {problems.bbox}
                </Text>
              )}
              <SegmentedControl
                size="xs"
                aria-label="Map tool"
                data={DRAW_MODES}
                value={aoi.panelProps.mode}
                onChange={(m) => aoi.panelProps.onMode(m)}
              />
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={!drawn}
                  onClick={() => {
                    const box = boundsOf(aoi.polygons)
                    if (box) update({ bbox: clampBox(box) })
                    aoi.panelProps.onMode('static')
                  }}
                >
                  Use the drawn area
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    const b = aoi.map.current?.bounds()
                    if (b) update({ bbox: clampBox(b) })
                  }}
                >
                  Use the map view
                </Button>
                {query.bbox && (
                  <Button size="xs" variant="default" onClick={() => update({ bbox: undefined })}>
                    Any area
                  </Button>
                )}
                {timelapseArea && (
                  <Button size="xs" variant="default" component={Link} to={timelapseLink(timelapseArea)}>
                    Time-lapse of {drawn ? 'the drawn area' : 'this box'}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="sm" component="section" aria-labelledby="storage-filters">
            <Group justify="space-between">
              <Title order={2} size="h5" id="storage-filters">
                Filters
              </Title>
              <Button
                size="xs"
                variant="default"
                aria-expanded={filtersOpen}
                aria-controls="storage-filter-form"
                onClick={() => setFiltersOpen((o) => !o)}
              >
                {filtersOpen ? 'Hide filters' : 'Show filters'}
              </Button>
            </Group>
            <div id="storage-filter-form" hidden={!filtersOpen}>
              <StorageFilters key={JSON.stringify(query)} view={view} onApply={update} />
            </div>
          </Paper>
          <section aria-labelledby="storage-results">
            <Group justify="space-between" mb={6}>
              <Title order={2} size="h5" id="storage-results">
                {data ? countLabel(matched, 'collection') : 'Collections'}
              </Title>
              <Group gap="xs">
                {!blocked && (
                  <CodeButton ariaLabel="This list as code" requests={() => collectionsCode(query)} />
                )}
                <NativeSelect
                  size="xs"
                  aria-label="Collections per page"
                  value={String(limit)}
                  onChange={(e) => update({ limit: Number(e.currentTarget.value) })}
                  data={LIMITS.map((n) => ({ value: String(n), label: `${n} per page` }))}
                />
              </Group>
            </Group>
            <Results
              blocked={blocked}
              loading={list.isPending || (list.isFetching && !data)}
              error={list.error}
              retry={() => void list.refetch()}
              collections={collections}
              filtered={isFiltered(query)}
              onClear={() =>
                update({
                  bbox: undefined,
                  title: undefined,
                  tags: undefined,
                  sources: undefined,
                  workspaceId: undefined,
                  orderIds: undefined,
                  assetIds: undefined,
                  productIds: undefined,
                })
              }
              pastEnd={
                data && collections?.length === 0 && page > 0 ? (
                  <PagePastEnd
                    page={page + 1}
                    totalPages={totalPages}
                    things="collections"
                    onFirstPage={() => update({ page: 0 })}
                  />
                ) : null
              }
              hovered={hovered}
              onHover={onHover}
            />
            {/* The last answer's total (kept while the next page loads) keeps the pager, and its focus, in place. */}
            <Pager
              things="collections"
              mt="sm"
              page={page + 1}
              total={pagerTotal}
              onPage={(p) => update({ page: p - 1 })}
            />
          </section>
        </Stack>
        <div className={classes.map}>
          <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
            <StorageMap
              {...aoi.mapProps}
              label="Map of storage: the listed collections' footprints"
              overlays={overlays}
              fit={fit}
              onOverlayHover={onOverlayHover}
            />
          </Suspense>
        </div>
      </div>
    </Stack>
  )
}

function Results(props: {
  blocked: boolean
  loading: boolean
  error: Error | null
  retry: () => void
  collections: StacCollection[] | undefined
  filtered: boolean
  onClear: () => void
  pastEnd: ReactNode
  hovered: number | null
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
  return <CollectionList collections={collections} hovered={props.hovered} onHover={props.onHover} />
}

function CollectionList({
  collections,
  hovered,
  onHover,
}: {
  collections: StacCollection[]
  hovered: number | null
  onHover: (i: number | null) => void
}) {
  // The page's own timing mark: this response's rows are in the DOM (the frame they are painted in).
  useLayoutEffect(() => {
    const id = requestAnimationFrame(() =>
      performance.mark(PAGE_MARKS.rows, { detail: { count: collections.length } }),
    )
    return () => cancelAnimationFrame(id)
  }, [collections])
  const orderNames = useOrderNames(collections.map((c) => str(c['up42-order:id'])))
  return (
    <ul className={classes.list} aria-label="Collections" onMouseLeave={() => onHover(null)}>
      {collections.map((c, i) => (
        <CollectionRow
          key={c.id}
          c={c}
          orderNames={orderNames}
          hovered={hovered === i}
          onHover={() => onHover(i)}
        />
      ))}
    </ul>
  )
}

function CollectionRow({
  c,
  orderNames,
  hovered,
  onHover,
}: {
  c: StacCollection
  orderNames: ReadonlyMap<string, string>
  hovered: boolean
  onHover: () => void
}) {
  const source = str(c['up42-system:source'])
  const when = c.extent.temporal.interval[0]?.[0]
  const tags = tagsOf(c['up42-user:tags'])
  const orderId = str(c['up42-order:id'])
  return (
    <li
      className={classes.row}
      data-collection-id={c.id}
      data-hovered={hovered || undefined}
      onMouseEnter={onHover}
      onFocus={onHover}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={paths.storageCollection(c.id)} fw={600} size="sm">
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
}

const boxPolygon = ([w, s, e, n]: readonly number[]): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

const timelapseLink = (area: Polygon[]) => paths.timelapse(`aoi=${encodeURIComponent(encodePolygons(area))}`)
