import './mantine-styles'
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useMemo } from 'react'
import { Link, useLocation } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { CodeButton } from '../../../components/request-code/code-button'
import { paths } from '../../../config/paths'
import { matchingCollections, streamSearch } from '../../../data/storage/footprint-stream'
import { collectionsOptions } from '../../../data/storage/queries'
import { collectionsCode } from '../../../data/storage/storage-code'
import { countLabel } from '../../../lib/format'
import { allFootprintsOverlays, collectionsOverlay } from '../map-layers'
import { isFiltered, LIMITS } from '../url-state'
import { useAllFootprints, type StreamSink } from '../use-all-footprints'
import { useCollectionsMap } from '../use-collections-map'
import { useStorageView } from '../use-storage-view'
import { CollectionResults } from './collection-list'
import { DrawAll } from './draw-all'
import { FiltersPanel } from './filters-panel'
import { HoveredMap } from './hovered-map'
import { StorageArea } from './storage-area'
import classes from './storage.module.css'

/** `/storage`: every delivered collection, filtered as the contract allows, with footprints on the map. */
export function StoragePage() {
  const client = useApiClient()
  const [view, update] = useStorageView()
  const { query, problems } = view
  const blocked = Object.keys(problems).some((k) => k !== 'page')
  const list = useQuery({ ...collectionsOptions(client, query), enabled: !blocked })
  const aoi = useAoiTools()
  const data = list.isPlaceholderData ? undefined : list.data
  const collections = data?.collections
  // The hover is read by the list's rows and the map, not here: a hover does not draw the page again.
  const { below, footprints, fit, onHover, onOverlayHover } = useCollectionsMap(query, collections, aoi.map)
  // "Draw all" reads the items of every collection the filters match, whatever page is shown.
  const { page: _page, limit: _limit, ...filters } = query
  const all = useAllFootprints(JSON.stringify(filters), async (sink: StreamSink) => {
    const ids = await matchingCollections(client, filters, sink.onCollections, sink.signal)
    return streamSearch(client, ids, sink.onItems, sink.signal)
  })
  const allSet = all.set
  const above = useMemo(
    () => (allSet.outlines.features.length > 0 ? allFootprintsOverlays(allSet) : undefined),
    [allSet],
  )

  const matched = data?.context.matched ?? collections?.length ?? 0
  const limit = query.limit ?? 20
  const page = query.page ?? 0
  const totalPages = Math.max(1, Math.ceil(matched / limit))
  const shown = list.data?.context.matched ?? list.data?.collections.length ?? 0
  const pagerTotal = list.data && !blocked ? Math.ceil(shown / limit) : 0
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
          <StorageArea
            bbox={query.bbox}
            problem={problems.bbox}
            aoi={aoi}
            onBbox={(bbox) => update({ bbox })}
          />
          <FiltersPanel view={view} onApply={update} />
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
            {data && matched > 0 && !blocked && (
              <DrawAll
                view={all.view}
                label="Draw all footprints of the listed collections"
                onStart={all.start}
                onCancel={all.cancel}
                onClear={all.clear}
              />
            )}
            <CollectionResults
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
            <HoveredMap
              {...aoi.mapProps}
              label="Map of storage: the listed collections' footprints"
              scope={collections}
              footprints={footprints}
              layer={collectionsOverlay}
              below={below}
              above={above}
              fit={fit}
              onOverlayHover={onOverlayHover}
            />
          </Suspense>
        </div>
      </div>
    </Stack>
  )
}
