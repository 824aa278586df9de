import { Facts as FactList } from '../../../components/facts/facts'
import { Section } from '../../../components/page-section'
import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
  Checkbox,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useShallow } from 'zustand/react/shallow'
import { Fragment, lazy, memo, Suspense, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { CopyTextButton } from '../../../components/copy-text-button'
import { paths } from '../../../config/paths'
import {
  collectionOptions,
  itemsOptions,
  type StacAsset,
  type StacCollection,
  type StacItem,
} from '../../../data/storage/queries'
import { countLabel, formatLicence, formatUtc } from '../../../lib/format'
import type { MapHandle } from '../../../map/map-view'
import { assetIdOf } from '../../../data/storage/query'
import { useDownloads } from '../download-store'
import { ITEMS_LIMITS, readItemsPaging } from '../items-paging'
import { formatBytes, SOURCE_COLORS, SOURCE_LABELS, str, tagsOf, titleOf } from '../labels'
import {
  collectionBox,
  filterBoxOverlay,
  ITEMS_SOURCE,
  itemFootprints,
  itemsOverlay,
  padBox,
} from '../map-layers'
import { labelOf } from '../property-groups'
import { useHovered, useStorageUi } from '../storage-ui-store'
import { useJobName } from '../use-job-name'
import { orderLabel, useOrderNames, withOrderName } from '../use-order-names'
import { PAGE_MARKS, useFootprintsMark } from '../use-footprints-mark'
import { DeleteCollection } from './delete-collection'
import { downloadName } from '../download'
import { DownloadButton } from './download-button'
import { DownloadPanel } from './download-panel'
import classes from './storage.module.css'

const StorageMap = lazy(async () => ({ default: (await import('./storage-map')).StorageMap }))

const isNotFound = (e: unknown) => isApiError(e) && e.kind === 'not-found'

/** One collection: its metadata, extent, where it came from, its items (paged) and deletion. */
export function CollectionPage() {
  const { collectionId = '' } = useParams()
  const client = useApiClient()
  const q = useQuery(collectionOptions(client, collectionId))
  if (isNotFound(q.error)) return <CollectionGone id={collectionId} />
  if (q.error)
    return (
      <Alert color="red" title="The collection could not be loaded">
        <Text size="sm">{q.error.message}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  if (!q.data)
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the collection">
        <Skeleton height={36} width="50%" />
        <Skeleton height={220} />
      </Stack>
    )
  return <CollectionView c={q.data} />
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return <FactList rows={rows} className={classes.facts} />
}

function CollectionView({ c }: { c: StacCollection }) {
  const user = useSession().user
  const source = str(c['up42-system:source'])
  const orderId = str(c['up42-order:id'])
  const orderName = useOrderNames([orderId]).get(orderId ?? '')
  const jobId = str(c['up42-system:job_id'])
  const workspaceId = str(c['up42-system:workspace_id'])
  const workspace = user?.workspaces.find((w) => w.id === workspaceId)
  const interval = c.extent.temporal.interval[0] ?? []
  const box = collectionBox(c)
  const tags = tagsOf(c['up42-user:tags'])
  const assets = Object.entries(c.assets ?? {})
  const summaries = Object.entries(c.summaries ?? {})
  const title = titleOf(c, c.id)
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to={paths.storage()} size="sm">
          All of storage
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          {source && (
            <Badge variant="dot" color={SOURCE_COLORS[source] ?? 'gray'} size="lg" tt="none">
              {SOURCE_LABELS[source as keyof typeof SOURCE_LABELS] ?? source}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <CopyTextButton value={c.id} label="Copy the collection ID" />
        </Group>
        <Text size="sm">{orderId ? withOrderName(c.description, orderId, orderName) : c.description}</Text>
        {orderId && (
          <Text size="sm">
            Delivered by{' '}
            <Anchor component={Link} to={paths.order(orderId)}>
              {orderLabel(orderId, orderName)}
            </Anchor>
          </Text>
        )}
        {jobId && <MadeBy jobId={jobId} />}
      </Stack>
      <div className={classes.layout}>
        <Stack gap="lg">
          <Section id="collection-facts" title="Collection">
            <Facts
              rows={[
                [
                  'Acquired',
                  interval[0] === interval[1]
                    ? formatUtc(interval[0])
                    : `${formatUtc(interval[0])} – ${formatUtc(interval[1])}`,
                ],
                ['Delivered', formatUtc(str(c.created))],
                ['Workspace', workspace?.name ?? workspaceId ?? '—'],
                ['Extent', box ? <ExtentText box={box} /> : '—'],
                ['Providers', (c.providers ?? []).map((p) => p.name).join(', ') || '—'],
                ['Keywords', (c.keywords ?? []).join(', ') || '—'],
                ['Licence', formatLicence(c.license)],
                ['Tags', tags.length > 0 ? tags.join(', ') : 'None'],
                // The items' acquisition range is the "Acquired" row already.
                ...summaries
                  .filter(([k]) => k !== 'datetime')
                  .map(([k, v]): [string, ReactNode] => [labelOf(k), summaryText(v)]),
              ]}
            />
          </Section>
          {assets.length > 0 && (
            <Section id="collection-assets" title="Files of the collection">
              <AssetTable assets={assets} collectionId={c.id} />
            </Section>
          )}
          <DownloadPanel />
          <Section id="collection-delete" title="Delete">
            <DeleteCollection collection={c} />
          </Section>
        </Stack>
        <Items c={c} />
      </div>
    </Stack>
  )
}

/** The job that made a processing result, by its name, linked to the job. */
function MadeBy({ jobId }: { jobId: string }) {
  return (
    <Text size="sm">
      Made by{' '}
      <Anchor component={Link} to={paths.job(jobId)}>
        {useJobName(jobId)}
      </Anchor>
    </Text>
  )
}

/** A bounding box as four named sides, each kept whole when the line wraps. */
function ExtentText({ box }: { box: readonly number[] }) {
  return (
    <span>
      {['W', 'S', 'E', 'N'].map((side, i) => (
        <Fragment key={side}>
          <span style={{ whiteSpace: 'nowrap' }}>
            {side} {box[i].toFixed(4)}
            {i < 3 ? ',' : ''}
          </span>
          {i < 3 ? ' ' : ''}
        </Fragment>
      ))}
    </span>
  )
}

function summaryText(v: unknown): string {
  if (Array.isArray(v)) return v.join(', ')
  if (v && typeof v === 'object' && 'minimum' in v && 'maximum' in v) {
    const r = v
    // A range of moments (datetime) in the console's one format; numbers as they are.
    const end = (x: unknown) =>
      typeof x === 'string' && /^\d{4}-\d\d-\d\dT/.test(x) ? formatUtc(x) : String(x)
    return `${end(r.minimum)} – ${end(r.maximum)}`
  }
  return JSON.stringify(v)
}

export function AssetTable({
  assets,
  collectionId,
  item,
}: {
  assets: [string, StacAsset][]
  collectionId: string
  item?: StacItem
}) {
  const picked = useDownloads(useShallow((st) => st.files.map((f) => f.key)))
  const pick = useDownloads((st) => st.pick)
  const unpick = useDownloads((st) => st.unpick)
  // Where the table has less room than it needs (the column beside the collection's map, a narrow
  // window), it scrolls sideways with its own scrollbar instead of cutting off its buttons.
  return (
    <div className={classes.tableScroll} data-testid="files-scroll">
      <Table aria-label="Files" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Media type</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>
              <VisuallyHidden>Download</VisuallyHidden>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>Pick for the download manager</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map(([key, a]) => {
            const size = (a as Record<string, unknown>)['file:size']
            const id = assetIdOf(a.href)
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {a.title ?? key}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {key}
                  </Text>
                </Table.Td>
                <Table.Td>{a.type ?? '—'}</Table.Td>
                <Table.Td>{a.roles?.join(', ') || '—'}</Table.Td>
                <Table.Td>{typeof size === 'number' ? formatBytes(size) : 'Not given'}</Table.Td>
                <Table.Td>
                  <DownloadButton href={a.href} name={a.title ?? key} fileName={fileName(key, a, item)} />
                </Table.Td>
                <Table.Td>
                  {id && (
                    <Checkbox
                      size="xs"
                      label="Pick"
                      aria-label={`Pick ${a.title ?? key} for the download manager`}
                      checked={picked.includes(id)}
                      onChange={(e) =>
                        e.currentTarget.checked
                          ? pick([
                              { key: id, name: fileName(key, a, item), assetKey: key, collectionId, item },
                            ])
                          : unpick(id)
                      }
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </div>
  )
}

/** The name a file is saved under: after its item and itself (`<item title> – Image.png`). */
const fileName = (key: string, a: StacAsset, item?: StacItem): string =>
  downloadName(key, a, item && titleOf(item.properties, item.id))

/** An item's thumbnail asset, when it has one (role `thumbnail`). */
const thumbnailOf = (item: StacItem) => Object.values(item.assets).find((a) => a.roles?.includes('thumbnail'))

function Items({ c }: { c: StacCollection }) {
  const client = useApiClient()
  const [params, setParams] = useSearchParams()
  const { page, limit } = readItemsPaging(params)
  const q = useQuery(itemsOptions(client, c.id, page, limit))
  const data = q.isPlaceholderData ? undefined : q.data
  const items = data?.features
  const matched = data?.context?.matched ?? items?.length ?? 0
  const totalPages = Math.max(1, Math.ceil(matched / limit))
  const footprints = useMemo(() => itemFootprints(items ?? []), [items])
  const hovered = useHovered(items)
  const setHovered = useStorageUi((s) => s.setHovered)
  const box = collectionBox(c)
  const overlays = useMemo(
    () => [filterBoxOverlay(box ?? undefined), itemsOverlay(footprints, hovered)],
    // The box is the collection's, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [footprints, hovered, c.id],
  )
  const fit = useMemo(() => (box ? { bbox: padBox(box) } : null), [c.id]) // eslint-disable-line react-hooks/exhaustive-deps
  const map = useRef<MapHandle | null>(null)
  useFootprintsMark(items, map)
  const go = (p: number, l = limit) => {
    const next = new URLSearchParams(params)
    next.set('page', String(p))
    next.set('limit', String(l))
    setParams(next)
  }

  return (
    <Stack gap="lg">
      <div className={classes.smallMap}>
        <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
          <StorageMap
            label="Map of the collection: its extent and its items' footprints"
            overlays={overlays}
            fit={fit}
            handle={map}
            onOverlayHover={(source, id) => {
              if (source === ITEMS_SOURCE) setHovered(items, typeof id === 'number' ? id : null)
            }}
          />
        </Suspense>
      </div>
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
        ) : items.length === 0 ? (
          <Text size="sm">
            {page > 0
              ? 'This page is past the end of the items.'
              : 'This collection holds no items: its files are listed with the collection.'}
          </Text>
        ) : (
          <ItemTable
            items={items}
            collectionId={c.id}
            hovered={hovered}
            onHover={(i) => setHovered(items, i)}
          />
        )}
        <Group justify="space-between">
          <NativeSelect
            size="xs"
            aria-label="Items per page"
            value={String(limit)}
            onChange={(e) => go(0, Number(e.currentTarget.value))}
            data={ITEMS_LIMITS.map((n) => ({ value: String(n), label: `${n} per page` }))}
          />
          {matched > limit && (
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={page === 0} onClick={() => go(page - 1)}>
                Previous page
              </Button>
              <Text size="sm">
                Page {page + 1} of {totalPages}
              </Text>
              <Button
                size="xs"
                variant="default"
                disabled={page + 1 >= totalPages}
                onClick={() => go(page + 1)}
              >
                Next page
              </Button>
            </Group>
          )}
        </Group>
      </Section>
    </Stack>
  )
}

/** Lists longer than this are virtualised: only the rows in view (and a few more) are in the DOM. */
const VIRTUAL_FROM = 60
const ROW_HEIGHT = 52

function ItemTable({
  items,
  collectionId,
  hovered,
  onHover,
}: {
  items: StacItem[]
  collectionId: string
  hovered: number | null
  onHover: (i: number | null) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = items.length > VIRTUAL_FROM
  // TanStack Virtual hands back a mutable instance, which the React Compiler cannot memoise.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  const shownRows = virtual ? virtualizer.getVirtualItems().map((v) => v.index) : items.map((_, i) => i)
  const vItems = virtualizer.getVirtualItems()
  const before = virtual && vItems.length > 0 ? vItems[0].start : 0
  const after = virtual && vItems.length > 0 ? virtualizer.getTotalSize() - vItems[vItems.length - 1].end : 0
  const shown = shownRows.length > 0
  // The page's own timing mark: this page of items is listed (the frame it is painted in).
  useLayoutEffect(() => {
    if (!shown) return
    const id = requestAnimationFrame(() =>
      performance.mark(PAGE_MARKS.rows, { detail: { count: items.length } }),
    )
    return () => cancelAnimationFrame(id)
  }, [items, shown])
  const withThumbs = useMemo(() => items.some((i) => thumbnailOf(i)), [items])
  const columns = withThumbs ? 4 : 3
  return (
    <div
      ref={scroller}
      className={virtual ? classes.itemScroller : undefined}
      data-items-scroller={virtual ? '' : undefined}
    >
      <table
        aria-label="Items"
        aria-rowcount={items.length + 1}
        className={classes.items}
        onMouseLeave={() => onHover(null)}
      >
        <thead>
          <tr aria-rowindex={1}>
            {withThumbs && <th>Thumbnail</th>}
            <th>Item</th>
            <th>Acquired</th>
            <th>Properties</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={columns} />
            </tr>
          )}
          {shownRows.map((i) => (
            <ItemRow
              key={items[i].id}
              item={items[i]}
              index={i}
              collectionId={collectionId}
              withThumbs={withThumbs}
              hovered={hovered === i}
              onHover={onHover}
            />
          ))}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Plain elements: 500 of them are listed at once. */
const ItemRow = memo(function ItemRow({
  item,
  index,
  collectionId,
  withThumbs,
  hovered,
  onHover,
}: {
  item: StacItem
  index: number
  collectionId: string
  withThumbs: boolean
  hovered: boolean
  onHover: (i: number | null) => void
}) {
  const p = item.properties
  const thumb = withThumbs ? thumbnailOf(item) : undefined
  const facts = [
    p.constellation,
    typeof p.gsd === 'number' ? `${p.gsd} m` : null,
    typeof p['eo:cloud_cover'] === 'number' ? `${p['eo:cloud_cover']} % cloud` : null,
  ].filter(Boolean)
  const tags = tagsOf(p['up42-user:tags'])
  return (
    <tr
      data-item-id={item.id}
      aria-rowindex={index + 2}
      data-hovered={hovered || undefined}
      onMouseEnter={() => onHover(index)}
    >
      {withThumbs && <td>{thumb ? <img src={thumb.href} alt="" className={classes.thumb} /> : null}</td>}
      <td>
        <Link
          to={paths.storageItem(collectionId, item.id)}
          className={classes.itemLink}
          onFocus={() => onHover(index)}
        >
          {titleOf(p, item.id)}
        </Link>
        {tags.length > 0 && <div className={classes.dim}>{tags.join(', ')}</div>}
      </td>
      <td>{formatUtc(p.datetime)}</td>
      <td>{facts.join(' · ') || '—'}</td>
    </tr>
  )
})

function CollectionGone({ id }: { id: string }) {
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1}>No such collection</Title>
      <Text>
        No collection <Code>{id}</Code> is in this account’s storage. It may have been deleted, or the link
        may be old or mistyped.
      </Text>
      <Button component={Link} to={paths.storage()}>
        Back to storage
      </Button>
    </Stack>
  )
}
