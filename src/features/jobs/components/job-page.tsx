import './mantine-styles'
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import { CopyTextButton } from '../../../components/copy-text-button'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { jobOptions, processOptions, resultCollectionId, type Job } from '../../../data/processing/queries'
import { itemOptions } from '../../../data/storage/queries'
import { stacItemRefs, titleOf } from '../../../data/storage/query'
import {
  formatDuration,
  isFinalJob,
  jobDurationSeconds,
  jobOutcome,
  JOB_STATUS_LABELS,
} from '../../../data/processing/status'
import { formatUtc } from '../../../lib/format'
import { jobTitle } from '../../../data/processing/job-title'
import { failureInWords, jobTimeline } from '../words'
import { useNow } from '../use-now'
import { JobStatusBadge } from './job-status-badge'
import factsClasses from '../../../components/facts/facts.module.css'

/** One job: what ran on what, where it stands, what it cost, why it failed, and where its results are. */
export function JobPage() {
  const { jobId = '' } = useParams()
  const client = useApiClient()
  // A missing or failed job is explained here, not by the route's error boundary.
  const job = useQuery({ ...jobOptions(client, jobId), throwOnError: false })
  if (job.error && !job.data)
    return (
      <DetailFailure
        thing="job"
        error={job.error}
        missingText={`No job of this account has the ID ${jobId}. It may belong to another account.`}
        onRetry={() => void job.refetch()}
        back={{ to: paths.jobs(), label: 'All jobs' }}
      />
    )
  if (!job.data) return <DetailLoading label="Loading the job" body={120} />
  return <JobDetails job={job.data} />
}

function JobDetails({ job }: { job: Job }) {
  const client = useApiClient()
  const workspaces = useSession().user?.workspaces ?? []
  const process = useQuery(processOptions(client, job.processID))
  const now = useNow(!isFinalJob(job.status) && !!job.started && !job.finished)
  const duration = jobDurationSeconds(job, now)
  const outcome = jobOutcome(job.status)
  const collection = resultCollectionId(job)
  const title = process.data?.title ?? job.processID
  const name = jobTitle(job)
  const errors = job.results?.errors ?? []
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={paths.jobs()} size="sm">
          ← All jobs
        </Anchor>
        <Title order={1}>{name ?? title}</Title>
        {name && (
          <Text c="dimmed" size="lg" mb={4}>
            {title}
          </Text>
        )}
        <Group gap="sm">
          <JobStatusBadge status={job.status} />
          <Button
            component={Link}
            to={paths.process(job.processID, `from=${encodeURIComponent(job.jobID)}`)}
            variant="default"
            size="xs"
          >
            Run again with these inputs
          </Button>
          <Text size="sm" c="dimmed">
            {outcome === 'running'
              ? 'Under way: this page refreshes on its own.'
              : outcome === 'succeeded'
                ? 'Finished successfully.'
                : 'Stopped without results.'}
          </Text>
        </Group>
      </div>

      {outcome === 'failed' && (
        <Alert color="red" title="Why the job stopped" role="alert">
          <Stack gap={4}>
            {errors.length > 0 ? (
              errors.map((e) => (
                <Text size="sm" key={`${e.name}:${e.message}`}>
                  {failureInWords(e)}
                </Text>
              ))
            ) : (
              <Text size="sm">{JOB_STATUS_LABELS[job.status]}. The service gave no reason.</Text>
            )}
            {job.status === 'released' && <Text size="sm">The credits held for it were given back.</Text>}
          </Stack>
        </Alert>
      )}

      {collection && (
        <Alert color="green" title="Results are in storage">
          <Anchor component={Link} to={paths.storageCollection(collection)}>
            Open the result collection
          </Anchor>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-labelledby="job-timeline">
          <Title order={2} size="h4" id="job-timeline" mb="sm">
            Timeline
          </Title>
          <JobTimeline job={job} />
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="job-facts">
          <Title order={2} size="h4" id="job-facts" mb="sm">
            Facts
          </Title>
          <dl className={factsClasses.facts}>
            <dt>Job ID</dt>
            <dd>
              <Group gap={4}>
                <Code>{job.jobID}</Code>
                <CopyTextButton value={job.jobID} label="Copy the job ID" />
              </Group>
            </dd>
            <dt>Process</dt>
            <dd>
              <Anchor component={Link} to={paths.process(job.processID)}>
                {title}
              </Anchor>
            </dd>
            <dt>Created</dt>
            <dd>{formatUtc(job.created)}</dd>
            <dt>Started</dt>
            <dd>{formatUtc(job.started, 'not yet')}</dd>
            <dt>Finished</dt>
            <dd>{formatUtc(job.finished, isFinalJob(job.status) ? 'never ran' : 'not yet')}</dd>
            <dt>Duration</dt>
            <dd>{duration === null ? '—' : formatDuration(duration)}</dd>
            <dt>Credits</dt>
            <dd>
              {job.creditConsumption
                ? `${job.creditConsumption.credits} ${job.status === 'captured' ? 'charged' : job.status === 'released' ? 'held, then released' : 'held'}`
                : 'none held'}
            </dd>
            <dt>Budget</dt>
            <dd>{job.budgetId ?? 'none'}</dd>
            <dt>Workspace</dt>
            <dd>
              {job.workspaceID
                ? (workspaces.find((w) => w.id === job.workspaceID)?.name ?? job.workspaceID)
                : '—'}
            </dd>
          </dl>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="job-inputs">
          <Title order={2} size="h4" id="job-inputs" mb="sm">
            Inputs
          </Title>
          <dl className={factsClasses.facts}>
            {Object.entries(job.definition.inputs).map(([name, value]) => (
              <InputValue key={name} name={name} value={value} title={process.data?.inputs[name]?.title} />
            ))}
          </dl>
        </Paper>
      </SimpleGrid>
    </Stack>
  )
}

/** One input: a STAC item reference links to storage; anything else is shown as its value. */
function InputValue({ name, value, title }: { name: string; value: unknown; title?: string }) {
  const items = stacItemRefs(value)
  return (
    <>
      <dt>{title ?? name}</dt>
      <dd>
        {items.length > 0 ? (
          <Stack gap={2}>
            {items.map(({ collectionId, itemId }) => (
              <ItemInput key={itemId} collectionId={collectionId} itemId={itemId} />
            ))}
          </Stack>
        ) : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? (
          String(value)
        ) : (
          <Code block>{JSON.stringify(value, null, 2)}</Code>
        )}
      </dd>
    </>
  )
}

/**
 * An item the job ran on, by its title when storage knows it (it may have been deleted since), with its id as
 * secondary text.
 */
function ItemInput({ collectionId, itemId }: { collectionId: string; itemId: string }) {
  const client = useApiClient()
  const item = useQuery(itemOptions(client, collectionId, itemId))
  const name = item.data ? titleOf(item.data.properties, '') : ''
  return (
    <div>
      <Anchor component={Link} to={paths.storageItem(collectionId, itemId)}>
        {name || `Item ${itemId.slice(0, 8)}`}
      </Anchor>
      {name && (
        <Text component="span" size="xs" c="dimmed" ff="monospace">
          {' '}
          {itemId.slice(0, 8)}
        </Text>
      )}
    </div>
  )
}

/** What is known of the job's way so far (`jobTimeline`), as a timeline. */
function JobTimeline({ job }: { job: Job }) {
  const steps = jobTimeline(job)
  const active = steps.reduce((last, s, i) => (s.state === 'waiting' ? last : i), 0)
  // The checks between creation and start carry no time: named once below, not "time not given" on each.
  const untimed = steps.filter((s) => s.state !== 'waiting' && !s.at).map((s) => s.label)
  return (
    <>
      <Timeline
        active={active}
        bulletSize={14}
        lineWidth={2}
        aria-label="Job timeline"
        component="ol"
        // The bullets number nothing: the list's own numbers sat on top of them.
        style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
      >
        {steps.map((s) => (
          <Timeline.Item
            key={s.label}
            component="li"
            color={s.state === 'failed' ? 'red' : undefined}
            title={
              <Text size="sm" fw={600} c={s.state === 'waiting' ? 'dimmed' : undefined}>
                {s.label}
              </Text>
            }
          >
            {(s.state === 'waiting' || s.at) && (
              <Text size="xs" c="dimmed">
                {s.state === 'waiting' ? 'not yet' : formatUtc(s.at)}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
      {untimed.length > 0 && (
        <Text size="xs" c="dimmed" mt="sm" data-testid="job-timeline-untimed">
          {untimed.join(', ')}: time not given.
        </Text>
      )}
    </>
  )
}
