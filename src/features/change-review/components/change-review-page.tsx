import './mantine-styles'
import { Anchor, Button, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Geometry, MultiPolygon, Polygon } from 'geojson'
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { Section } from '../../../components/page-section'
import { paths } from '../../../config/paths'
import { imageryAssetOf } from '../../../data/storage/imagery/use-imagery'
import { itemOptions, searchOptions, type StacItem } from '../../../data/storage/queries'
import { titleOf } from '../../../data/storage/query'
import { boundsOf } from '../../../lib/geometry-bounds'
import { inTimeOrder, proposePair, type Dated } from '../../../lib/imagery/pair'
import { useDevicePxWidth } from '../../../lib/use-device-px-width'
import type { LonLat } from '../../../map/map-engine'
import { useChangeReview } from '../use-change-review'
import { itemLabel, signed } from '../words'
import type { ChangeView, ItemRef } from '../url-state'
import { useChangeReviewView } from '../use-change-review-view'
import { ChangeControls } from './change-controls'
import { LaunchChange } from './launch-change'
import { PairPicker } from './pair-picker'
import classes from './change-review.module.css'

const ChangeMap = lazy(async () => ({ default: (await import('./change-map')).ChangeMap }))

/** How many stored items of the place are offered to pair with: the first page of a storage search. */
const PAIR_LIMIT = 50

const isNotFound = (e: unknown) => isApiError(e) && e.kind === 'not-found'

/**
 * Change review (issue 42 §5): an item and another delivery of the same place (picked, or proposed), as a
 * swipe or as their difference, with the area that changed past a threshold outlined and measured, and the
 * catalog's change-detection process one click away, filled in with the pair.
 */
export function ChangeReviewPage() {
  const [view, setView] = useChangeReviewView()
  if (!view.item)
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>Change review</Title>
        <Text>
          Change review compares two deliveries of the same place. Open an item of your storage and choose
          “Review change”: the console proposes another delivery of that place, or you pick one.
        </Text>
        <Group>
          <Button component={Link} to={paths.storage()} variant="default">
            Go to storage
          </Button>
        </Group>
      </Stack>
    )
  return <ReviewOf at={view.item} view={view} setView={setView} />
}

function ReviewOf({
  at,
  view,
  setView,
}: {
  at: ItemRef
  view: ChangeView
  setView: (v: ChangeView) => void
}) {
  const client = useApiClient()
  const q = useQuery(itemOptions(client, at.collectionId, at.itemId))
  if (q.error && (!q.data || isNotFound(q.error)))
    return (
      <DetailFailure
        thing="item"
        error={q.error}
        missingText={
          <>
            No item <Code>{at.itemId}</Code> is in collection <Code>{at.collectionId}</Code>. It may have been
            deleted with its collection, or the link may be old or mistyped.
          </>
        }
        onRetry={() => void q.refetch()}
        back={{ to: paths.storage(), label: 'Storage' }}
      />
    )
  if (!q.data) return <DetailLoading label="Loading the item" body={220} />
  return <Review item={q.data} at={at} view={view} setView={setView} />
}

const footprintOf = (item: StacItem): Polygon | MultiPolygon | null => {
  const g = item.geometry as Geometry | null
  return g && (g.type === 'Polygon' || g.type === 'MultiPolygon') ? g : null
}

const dateOf = (item: StacItem) =>
  typeof item.properties.datetime === 'string' ? item.properties.datetime : null

const dated = (item: StacItem): Dated => ({
  id: item.id,
  datetime: dateOf(item),
  footprint: footprintOf(item),
  derived: item.properties['up42-system:source'] === 'PROCESSING',
})

function Review({
  item,
  at,
  view,
  setView,
}: {
  item: StacItem
  at: ItemRef
  view: ChangeView
  setView: (v: ChangeView) => void
}) {
  const client = useApiClient()
  // The other deliveries of the place: stored items whose footprints meet this one's and that carry a GeoTIFF.
  const search = useQuery({
    ...searchOptions(client, {
      intersects: item.geometry as NonNullable<StacItem['geometry']>,
      limit: PAIR_LIMIT,
    }),
    enabled: item.geometry !== null,
  })
  const candidates = useMemo(
    () => (search.data?.features ?? []).filter((f) => f.id !== item.id && imageryAssetOf(f) !== null),
    [search.data, item.id],
  )
  const proposal = useMemo(() => proposePair(dated(item), candidates.map(dated)), [item, candidates])
  const proposed = candidates.find((c) => c.id === proposal?.id) ?? null
  // The item picked (in the URL), read on its own when it is not among the candidates; else the proposed one.
  const picked = view.with
  const pickedInList = picked ? (candidates.find((c) => c.id === picked.itemId) ?? null) : null
  const pickedQuery = useQuery({
    ...itemOptions(client, picked?.collectionId ?? '', picked?.itemId ?? ''),
    enabled: picked !== null && pickedInList === null && !search.isLoading,
  })
  const other = picked ? (pickedInList ?? pickedQuery.data ?? null) : proposed
  const pair = other ? inTimeOrder(item, other, dateOf) : null

  const { box: mapBox, px } = useDevicePxWidth()
  const review = useChangeReview(pair?.before ?? null, pair?.after ?? null, px, view, item)
  const { imagery } = review

  const fit = useMemo(() => {
    const box = boundsOf([item.geometry as Geometry | null, (other?.geometry ?? null) as Geometry | null])
    if (!box) return null
    const [w, s, e, n] = box
    const pad = Math.max(e - w, n - s) * 0.06
    return { bbox: [w - pad, s - pad, e + pad, n + pad] as [number, number, number, number] }
    // Framed once per pair.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.id, other?.id])

  const shownImages = useMemo(() => {
    if (pair && view.shown === 'difference') return review.differenceImage ? [review.differenceImage] : []
    return imagery.images
  }, [pair, view.shown, review.differenceImage, imagery.images])
  const [imgBefore, imgAfter] = imagery.images
  const swipe =
    view.shown === 'swipe' && pair && imgBefore && imgAfter
      ? {
          left: { id: imgBefore.id, label: `Before: ${itemLabel(pair.before)}` },
          right: { id: imgAfter.id, label: `After: ${itemLabel(pair.after)}` },
        }
      : null
  const overlays = useMemo(() => (review.changed ? [review.changed.overlay] : []), [review.changed])

  // The change under the pointer, written into the readout's element (never through React state).
  const changeReadout = useRef<HTMLOutputElement | null>(null)
  const { valueUnder } = review
  const onCursor = useCallback(
    (p: LonLat | null) => {
      if (view.shown === 'swipe') {
        imagery.onCursor(p)
        return
      }
      if (!changeReadout.current) return
      const v = valueUnder(p)
      changeReadout.current.textContent = !p ? '' : v === null ? 'No change known here' : signed(v)
    },
    [view.shown, imagery, valueUnder],
  )

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="md">
          <Anchor component={Link} to={paths.storageItem(at.collectionId, at.itemId)} size="sm">
            The item
          </Anchor>
          <Anchor component={Link} to={paths.storage()} size="sm">
            All of storage
          </Anchor>
        </Group>
        <Title order={1}>Change review: {titleOf(item.properties, item.id)}</Title>
      </Stack>
      <div className={classes.layout}>
        <div className={classes.map} ref={mapBox}>
          <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
            <ChangeMap
              label="Map of the two deliveries and what changed between them"
              fit={fit}
              images={shownImages}
              overlays={overlays}
              onCursor={onCursor}
              swipe={swipe}
              hold={imagery.reading}
            />
          </Suspense>
        </div>
        <Stack gap="md">
          <Section id="change-pair" title="The pair">
            <PairPicker
              item={item}
              candidates={candidates}
              loading={search.isLoading}
              failed={search.error !== null && !search.data}
              onRetry={() => void search.refetch()}
              proposal={proposal}
              other={other}
              otherFailed={pickedQuery.error !== null && other === null}
              otherLoading={picked !== null && other === null && pickedQuery.isLoading}
              pair={pair}
              onPick={(c) =>
                setView({
                  ...view,
                  with: c ? { collectionId: c.collection ?? '', itemId: c.id } : null,
                  threshold: null,
                })
              }
            />
          </Section>
          {pair && (
            <ChangeControls
              review={review}
              view={view}
              setView={setView}
              bindChangeReadout={(el) => {
                changeReadout.current = el
              }}
            />
          )}
          {pair && <LaunchChange pair={pair} />}
        </Stack>
      </div>
    </Stack>
  )
}
