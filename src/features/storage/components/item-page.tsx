import './mantine-styles'
import { Anchor, Button, Code, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { CopyTextButton } from '../../../components/copy-text-button'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { paths } from '../../../config/paths'
import { itemOptions, type StacItem } from '../../../data/storage/queries'
import { startImageryReader } from '../../../data/storage/imagery/run-read'
import { selfHref } from '../../../data/storage/query'
import { boundsOf } from '../../../lib/geometry-bounds'
import { str, titleOf } from '../words'
import { orderLabel, useOrderNames } from '../use-order-names'
import { itemFootprints, itemsOverlay, padBox, unionBox, type Box } from '../map-layers'
import { groupProperties } from '../property-groups'
import { Section } from '../../../components/page-section'
import { AssetTable } from './asset-table'
import { DownloadPanel } from './download-panel'
import { ImageryControls } from '../../../components/imagery/imagery-controls'
import { ViewControls } from '../../../components/imagery/view-controls'
import { viewToParams, type ImageView } from '../../../lib/imagery/view'
import { useItemImageView } from '../use-storage-view'
import { CompareWith } from './item-imagery'
import { useItemImagery } from '../imagery/use-item-imagery'
import { useCompareCandidates } from '../imagery/use-compare'
import { useDevicePxWidth } from '../../../lib/use-device-px-width'
import { ItemEdit } from './item-edit'
import { PropertyValue } from './property-value'
import classes from './storage.module.css'

const StorageMap = lazy(async () => ({ default: (await import('./storage-map')).StorageMap }))

const isNotFound = (e: unknown) => isApiError(e) && e.kind === 'not-found'

/** One item: its properties grouped, its footprint, every file with a download, its title and tags. */
export function ItemPage() {
  const { collectionId = '', itemId = '' } = useParams()
  const client = useApiClient()
  const q = useQuery(itemOptions(client, collectionId, itemId))
  // The image reader's worker starts while the item loads: starting it needs the main thread, which the
  // page's render and its map then keep busy.
  useEffect(startImageryReader, [])
  if (q.error && (!q.data || isNotFound(q.error)))
    return (
      <DetailFailure
        thing="item"
        error={q.error}
        missingText={
          <>
            No item <Code>{itemId}</Code> is in this collection. It may have been deleted with its collection,
            or the link may be old or mistyped.
          </>
        }
        onRetry={() => void q.refetch()}
        back={{ to: paths.storageCollection(collectionId), label: 'The collection' }}
      />
    )
  if (!q.data) return <DetailLoading label="Loading the item" body={220} />
  return <ItemView item={q.data} collectionId={collectionId} />
}

/** What an item leads on to: processing it, reviewing its change against another delivery, its place over time. */
function ItemActions({
  item,
  collectionId,
  hasPicture,
  view,
}: {
  item: StacItem
  collectionId: string
  hasPicture: boolean
  view: ImageView
}) {
  return (
    <>
      {selfHref(item) && (
        <Button
          component={Link}
          to={paths.processing(`item=${encodeURIComponent(selfHref(item) ?? '')}`)}
          variant="default"
          size="xs"
        >
          Process this item
        </Button>
      )}
      {hasPicture && (
        <Button component={Link} to={paths.changeReviewOf(collectionId, item.id)} variant="default" size="xs">
          Review change
        </Button>
      )}
      <Button
        component={Link}
        to={paths.timelapse(
          new URLSearchParams({ item: `${collectionId}/${item.id}`, ...viewToParams(view) }).toString(),
        )}
        variant="default"
        size="xs"
      >
        Time-lapse of this place
      </Button>
    </>
  )
}

function ItemView({ item, collectionId }: { item: StacItem; collectionId: string }) {
  const p = item.properties
  const orderId = str(p['up42-order:id'])
  const orderNames = useOrderNames([orderId])
  const orderName = orderNames.get(orderId ?? '')
  const groups = useMemo(() => groupProperties(p), [p])
  // The first render is the header, the files and the map, so that the image's read starts at once; the
  // properties and the editor (most of the page's rendering) follow in a render that yields to it.
  const full = useDeferredValue(true, false)
  const footprints = useMemo(() => itemFootprints([item]), [item])
  const overlays = useMemo(() => [itemsOverlay(footprints, null)], [footprints])
  const firstFit = useMemo(() => {
    const box = boundsOf(footprints.features.map((f) => f.geometry))
    return box ? { bbox: padBox(box) } : null
    // Framed once per item, not when its title changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.id])
  // "Fit to image" (and a comparison chosen) frames anew: a new object is a new framing for the map.
  const [chosenFit, setFit] = useState<{ bbox: Box } | null>(null)
  // The overview read is the smallest as wide as the map shows it in device pixels.
  const { box: mapBox, px: targetPx } = useDevicePxWidth()
  // How the picture is looked at (band combination, stretch, formula) is in the URL: a link opens the same view.
  const [view, setView] = useItemImageView()
  const control = useMemo(() => ({ view, setView }), [view, setView])
  const { images, onCursor, ...imagery } = useItemImagery(item, targetPx, null, control)
  // Swipe compare: another stored item of the same place, in the same band combination where it has it.
  const compare = useCompareCandidates(item)
  const [compareId, setCompareId] = useState<string | null>(null)
  const other = compare.candidates.find((c) => c.id === compareId) ?? null
  // The compared item follows the page's view, stretched on its own histogram.
  const compared = useItemImagery(other, targetPx, imagery.preset, control)
  const shown = useMemo(() => [...images, ...compared.images], [images, compared.images])
  // "Fit to image" frames this item's picture, and the compared one's too while swiping, so neither runs off.
  const pictureBox = useMemo(() => unionBox(shown.map((i) => i.corners)), [shown])
  const swipe =
    other && images[0] && compared.images[0]
      ? {
          left: { id: images[0].id, label: titleOf(p, item.id) },
          right: { id: compared.images[0].id, label: titleOf(other.properties, other.id) },
        }
      : null
  const fit = chosenFit ?? firstFit
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="md">
          <Anchor component={Link} to={paths.storageCollection(collectionId)} size="sm">
            The collection
          </Anchor>
          <Anchor component={Link} to={paths.storage()} size="sm">
            All of storage
          </Anchor>
        </Group>
        <Group gap="sm" align="center">
          <Title order={1}>{titleOf(p, item.id)}</Title>
          <CopyTextButton value={item.id} label="Copy the item ID" />
          <ItemActions
            item={item}
            collectionId={collectionId}
            hasPicture={Boolean(imagery.asset)}
            view={view}
          />
        </Group>
        {orderId && (
          <Text size="sm">
            Delivered by{' '}
            <Anchor component={Link} to={paths.order(orderId)}>
              {orderLabel(orderId, orderName)}
            </Anchor>
          </Text>
        )}
      </Stack>
      {/* The picture leads: it is what the analyst came for. Its controls sit beside it. */}
      <div className={classes.picture}>
        <div className={classes.pictureMap} ref={mapBox}>
          <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
            <StorageMap
              label="Map of the item's footprint and imagery"
              overlays={overlays}
              fit={fit}
              images={shown}
              onCursor={onCursor}
              swipe={swipe}
              // The map is made once the picture is read (or has failed): the two would share the CPU.
              hold={imagery.reading}
            />
          </Suspense>
        </div>
        <Section id="item-imagery" title="Imagery">
          <Stack gap="sm">
            {pictureBox && (
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setFit({ bbox: padBox(pictureBox, 0.04) })}
                >
                  Fit to image
                </Button>
              </Group>
            )}
            <ImageryControls {...imagery} none="This item has no GeoTIFF to draw." />
            {imagery.drawn > 0 && imagery.bands !== null && (
              <ViewControls view={view} setView={setView} bands={imagery.bands} analysed={imagery.analysed} />
            )}
            {imagery.asset && (
              <CompareWith
                candidates={compare.candidates}
                loading={compare.loading}
                value={compareId}
                onChange={(id) => {
                  setCompareId(id)
                  setFit(null)
                }}
                status={other ? compared.status : null}
              />
            )}
          </Stack>
        </Section>
      </div>
      <Section id="item-assets" title="Files">
        <AssetTable assets={Object.entries(item.assets)} collectionId={collectionId} item={item} />
      </Section>
      <DownloadPanel />
      {full ? (
        <ItemDetails item={item} collectionId={collectionId} groups={groups} orderNames={orderNames} />
      ) : (
        <Skeleton animate={false} height={320} role="status" aria-label="Loading the item's properties" />
      )}
    </Stack>
  )
}

/** The item's title and tags, and its properties in their groups. */
function ItemDetails({
  item,
  collectionId,
  groups,
  orderNames,
}: {
  item: StacItem
  collectionId: string
  groups: ReturnType<typeof groupProperties>
  orderNames: ReturnType<typeof useOrderNames>
}) {
  return (
    <Stack gap="lg">
      <Section id="item-edit" title="Title and tags">
        <ItemEdit key={item.id} item={item} collectionId={collectionId} />
      </Section>
      {groups.map((g) => (
        <Section
          key={g.title}
          id={`item-props-${g.title.replace(/\W+/g, '-').toLowerCase()}`}
          title={g.title}
        >
          <Table verticalSpacing={4} aria-label={`${g.title} properties`}>
            <Table.Tbody>
              {g.rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Th scope="row" fw={500} w="45%">
                    {r.label}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <PropertyValue name={r.key} label={r.label} value={r.value} orderNames={orderNames} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      ))}
    </Stack>
  )
}
