import { Anchor, Table, Text, UnstyledButton } from '@mantine/core'
import { useLayoutEffect } from 'react'
import { Link } from 'react-router'
import { JOB_MARKS, type Job } from '../../../data/processing/queries'
import { formatDuration, isFinalJob, jobDurationSeconds } from '../../../data/processing/status'
import { formatUtc } from '../../../lib/format'
import type { JobSort, JobSortField } from '../url-state'
import { useNow } from '../use-now'
import { JobStatusBadge } from './job-status-badge'

const COLUMNS: { field: JobSortField | null; label: string }[] = [
  { field: 'processID', label: 'Process' },
  { field: 'status', label: 'Status' },
  { field: 'created', label: 'Created' },
  { field: null, label: 'Duration' },
  { field: 'creditConsumption.credits', label: 'Credits' },
  { field: null, label: 'Job ID' },
]

/** One page of jobs; sortable headers; running durations tick. */
export function JobsTable(props: {
  jobs: Job[]
  sort: JobSort
  onSort: (sort: JobSort) => void
  processTitles: ReadonlyMap<string, string>
}) {
  const { jobs, sort } = props
  const now = useNow(jobs.some((j) => !isFinalJob(j.status) && j.started && !j.finished))
  useLayoutEffect(() => {
    performance.mark(JOB_MARKS.rows, { detail: { count: jobs.length } })
  }, [jobs])
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Jobs">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => {
              const active = c.field !== null && sort.field === c.field
              return (
                <Table.Th
                  key={c.label}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.field ? (
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      onClick={() =>
                        props.onSort({
                          field: c.field as JobSortField,
                          direction: active && sort.direction === 'desc' ? 'asc' : 'desc',
                        })
                      }
                    >
                      {c.label} {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </UnstyledButton>
                  ) : (
                    c.label
                  )}
                </Table.Th>
              )
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const d = jobDurationSeconds(job, now)
            return (
              <Table.Tr key={job.jobID}>
                <Table.Td>
                  <Anchor component={Link} to={`/jobs/${job.jobID}`}>
                    {props.processTitles.get(job.processID) ?? job.processID}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <JobStatusBadge status={job.status} />
                </Table.Td>
                <Table.Td>{formatUtc(job.created)}</Table.Td>
                <Table.Td>{d === null ? '—' : formatDuration(d)}</Table.Td>
                <Table.Td>{job.creditConsumption ? job.creditConsumption.credits : '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {job.jobID.slice(0, 8)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
