import { Facts as FactList } from '../../../components/facts/facts'
import { Section } from '../../../components/page-section'
import './mantine-styles'
import { Anchor, Badge, Code, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { CopyTextButton } from '../../../components/copy-text-button'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { paths } from '../../../config/paths'
import { collectionOptions, type StacCollection } from '../../../data/storage/queries'
import { formatLicence, formatUtc } from '../../../lib/format'
import { SOURCE_COLORS, SOURCE_LABELS, str, tagsOf, titleOf } from '../words'
import { collectionBox } from '../map-layers'
import { labelOf, summaryText } from '../property-groups'
import { useJobName } from '../use-job-name'
import { orderLabel, useOrderNames, withOrderName } from '../use-order-names'
import { AssetTable } from './asset-table'
import { CollectionItems } from './collection-items'
import { DeleteCollection } from './delete-collection'
import { DownloadPanel } from './download-panel'
import classes from './storage.module.css'

const isNotFound = (e: unknown) => isApiError(e) && e.kind === 'not-found'

/** One collection: its metadata, extent, where it came from, its items (paged) and deletion. */
export function CollectionPage() {
  const { collectionId = '' } = useParams()
  const client = useApiClient()
  const q = useQuery(collectionOptions(client, collectionId))
  // A collection deleted while its page is open says so, even with the old answer still at hand.
  if (q.error && (!q.data || isNotFound(q.error)))
    return (
      <DetailFailure
        thing="collection"
        error={q.error}
        missingText={
          <>
            No collection <Code>{collectionId}</Code> is in this account’s storage. It may have been deleted,
            or the link may be old or mistyped.
          </>
        }
        onRetry={() => void q.refetch()}
        back={{ to: paths.storage(), label: 'All of storage' }}
      />
    )
  if (!q.data) return <DetailLoading label="Loading the collection" body={220} />
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
                ['License', formatLicence(c.license)],
                ['Tags', tags.length > 0 ? tags.join(', ') : 'None'],
                // The items' acquisition range is the "Acquired" row already.
                ...summaries
                  .filter(([k]) => k !== 'datetime')
                  .map(([k, v]): [string, ReactNode] => [labelOf(k), summaryText(k, v)]),
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
        <CollectionItems c={c} />
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
