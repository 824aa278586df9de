import '@mantine/core/styles/Skeleton.css'
import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useCallback, useMemo, useRef, type ComponentProps } from 'react'
import { useApiClient } from '../../../api/console-context'
import { Section } from '../../../components/page-section'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { itemsOptions, type StacCollection } from '../../../data/storage/queries'
import { streamCollection } from '../../../data/storage/footprint-stream'
import { countLabel } from '../../../lib/format'
import type { MapHandle } from '../../../map/map-view'
import { ITEMS_LIMITS } from '../url-state'
import {
  allFootprintsOverlays,
  collectionBox,
  filterBoxOverlay,
  itemClustersOverlay,
  ITEMS_SOURCE,
  itemFootprints,
  itemsOverlay,
  padBox,
} from '../map-layers'
import { useHovered, useStorageUi } from '../storage-ui-store'
import { useAllFootprints, type StreamSink } from '../use-all-footprints'
import { useFootprintsMark } from '../use-footprints-mark'
import { useItemsPaging } from '../use-storage-view'
import { DrawAll } from './draw-all'
import { HoveredMap } from './hovered-map'
import { ImageryControls } from '../../../components/imagery/imagery-controls'
import { useItemsImagery } from '../../../data/storage/imagery/use-imagery'
import { ItemTable } from './item-table'
import classes from './storage.module.css'

/** A collection's items, paged in the URL, and the map of its extent and their footprints. */
export function CollectionItems({ c }: { c: StacCollection }) {
  const client = useApiClient()
  const [{ page, limit }, go] = useItemsPaging()
  const q = useQuery(itemsOptions(client, c.id, page, limit))
  const data = q.isPlaceholderData ? undefined : q.data
  const items = data?.features
  const matched = data?.context?.matched ?? items?.length ?? 0
  const shown = q.data?.context?.matched ?? q.data?.features.length ?? 0
  const pagerTotal = Math.ceil(shown / limit)
  const footprints = useMemo(() => itemFootprints(items ?? []), [items])
  const setHovered = useStorageUi((s) => s.setHovered)
  // Stable for a page of items: the table's rows are memoised, and a new handler on every hover drew every
  // row in view again as each passed under the pointer while the list scrolled.
  const onHover = useCallback((i: number | null) => setHovered(items, i), [items, setHovered])
  const box = collectionBox(c)
  // Apart from the hover, so that hovering never sends the centres again.
  const clusters = useMemo(() => itemClustersOverlay(footprints), [footprints])
  const all = useAllFootprints(c.id, (sink: StreamSink) =>
    streamCollection(client, c.id, sink.onItems, sink.signal),
  )
  const allSet = all.set
  const allOverlays = useMemo(
    () => (allSet.outlines.features.length > 0 ? allFootprintsOverlays(allSet) : []),
    [allSet],
  )
  // Below the page's footprints, which `HoveredMap` lays with the hovered one: the hover is read there and by
  // the table, not here, so that a hover does not draw the page again (decision 85).
  const below = useMemo(
    () => [
      filterBoxOverlay(box ?? undefined),
      // The page's centres are among all of them once those are drawn.
      ...(allOverlays.length > 0 ? allOverlays : [clusters]),
    ],
    // The box is the collection's, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [clusters, allOverlays, c.id],
  )
  const onOverlayHover = useCallback(
    (source: string, id: string | number | null) => {
      if (source === ITEMS_SOURCE) setHovered(items, typeof id === 'number' ? id : null)
    },
    [items, setHovered],
  )
  // The map is framed once per collection; the items' imagery is read for that frame.
  const view = useMemo(() => (box ? padBox(box) : null), [c.id]) // eslint-disable-line react-hooks/exhaustive-deps
  const fit = useMemo(() => (view ? { bbox: view } : null), [view])
  const map = useRef<MapHandle | null>(null)
  useFootprintsMark(items, map)
  // Every item of the page drawn from its own GeoTIFF, each overview as wide as the item shows here.
  const { mapBox, imagery } = useItemsImagery(items, view)
  const { images, onCursor, ...controls } = imagery

  return (
    <Stack gap="lg">
      <div className={classes.smallMap} ref={mapBox}>
        <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
          <HoveredMap
            label="Map of the collection: its extent and its items' footprints"
            scope={items}
            footprints={footprints}
            layer={itemsOverlay}
            below={below}
            fit={fit}
            handle={map}
            images={images}
            onCursor={onCursor}
            onOverlayHover={onOverlayHover}
          />
        </Suspense>
      </div>
      {matched > 0 && (
        <DrawAll
          view={all.view}
          label={`Draw all ${countLabel(matched, 'footprint')}`}
          onStart={all.start}
          onCancel={all.cancel}
          onClear={all.clear}
        />
      )}
      {items && items.length > 0 && (
        <Section id="collection-imagery" title="Imagery">
          <ImageryControls {...controls} none="No item on this page has a GeoTIFF to draw." />
        </Section>
      )}
      <Section id="collection-items" title={data ? countLabel(matched, 'item') : 'Items'}>
        {q.error ? (
          <Alert color="red" title="The items could not be loaded">
            <Text size="sm">{q.error.message}</Text>
            <Button mt="sm" size="xs" variant="default" onClick={() => void q.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !items ? (
          <Stack gap={6} role="status" aria-busy="true" aria-label="Loading items">
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : items.length === 0 && page > 0 ? (
          <PagePastEnd
            page={page + 1}
            totalPages={Math.max(1, Math.ceil(matched / limit))}
            things="items"
            onFirstPage={() => go(0)}
          />
        ) : items.length === 0 ? (
          <Text size="sm">This collection holds no items: its files are listed with the collection.</Text>
        ) : (
          <HoveredItemTable items={items} collectionId={c.id} onHover={onHover} />
        )}
        <Group justify="space-between">
          <NativeSelect
            size="xs"
            aria-label="Items per page"
            value={String(limit)}
            onChange={(e) => go(0, Number(e.currentTarget.value))}
            data={ITEMS_LIMITS.map((n) => ({ value: String(n), label: `${n} per page` }))}
          />
          {/* The last answer's total (kept while the next page loads) keeps the pager, and its focus, in place. */}
          <Pager things="items" page={page + 1} total={pagerTotal} onPage={(p) => go(p - 1)} />
        </Group>
      </Section>
    </Stack>
  )
}

/** The item table with the hovered row read here, not by the page (decision 85). */
function HoveredItemTable(props: Omit<ComponentProps<typeof ItemTable>, 'hovered'>) {
  return <ItemTable {...props} hovered={useHovered(props.items)} />
}
