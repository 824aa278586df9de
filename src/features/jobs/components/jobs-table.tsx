import { memo, useLayoutEffect } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { JOB_MARKS, type Job } from '../../../data/processing/queries'
import { formatDuration, isFinalJob, jobDurationSeconds } from '../../../data/processing/status'
import { formatUtc } from '../../../lib/format'
import { jobTitle } from '../../../data/processing/job-title'
import type { JobSort, JobSortField } from '../url-state'
import { useNow } from '../use-now'
import { JobStatusBadge } from './job-status-badge'
import classes from './jobs.module.css'

/**
 * Fixed widths that hold their whole content (the longest status badge, a UTC time, an id's first eight
 * characters); the job and its process take what is left, on two lines, so neither is cut at 1024 px.
 */
const COLUMNS: { field: JobSortField | null; label: string; width?: number }[] = [
  { field: 'processID', label: 'Job and process' },
  { field: 'status', label: 'Status', width: 236 },
  { field: 'created', label: 'Created', width: 190 },
  { field: null, label: 'Duration', width: 100 },
  { field: 'creditConsumption.credits', label: 'Credits', width: 90 },
  { field: null, label: 'Job ID', width: 100 },
]

/** One page of jobs; sortable headers; running durations tick. Rows are plain elements, each memoised. */
export function JobsTable(props: {
  jobs: Job[]
  sort: JobSort
  onSort: (sort: JobSort) => void
  processTitles: ReadonlyMap<string, string>
}) {
  const { jobs, sort } = props
  const ticking = jobs.some((j) => !isFinalJob(j.status) && j.started && !j.finished)
  const now = useNow(ticking)
  useLayoutEffect(() => {
    performance.mark(JOB_MARKS.rows, { detail: { count: jobs.length } })
  }, [jobs])
  return (
    <div className={classes.scroller}>
      <table className={classes.table} aria-label="Jobs">
        <colgroup>
          {COLUMNS.map((c) => (
            <col key={c.label} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {COLUMNS.map((c) => {
              const field = c.field
              if (!field)
                return (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                )
              const active = sort.field === field
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={classes.sortButton}
                    onClick={() =>
                      props.onSort({ field, direction: active && sort.direction === 'desc' ? 'asc' : 'desc' })
                    }
                  >
                    {c.label}
                    <span className={classes.sortMark} aria-hidden="true">
                      {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <JobRow
              key={job.jobID}
              job={job}
              title={props.processTitles.get(job.processID)}
              // Only rows of running jobs take the ticking clock, so the others are not rendered again.
              now={!isFinalJob(job.status) && job.started && !job.finished ? now : 0}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

const JobRow = memo(function JobRow({
  job,
  title,
  now,
}: {
  job: Job
  title: string | undefined
  now: number
}) {
  // `now` is 0 for jobs that do not tick: their duration is start to finish, or none.
  const d = jobDurationSeconds(job, now)
  const process = title ?? job.processID
  const name = jobTitle(job)
  return (
    <tr className={classes.row} data-job-id={job.jobID}>
      <td title={name ? `${name} (${process})` : process}>
        <Link to={paths.job(job.jobID)} className={classes.nameLink}>
          {name ?? process}
        </Link>
        {name && <span className={classes.process}>{process}</span>}
      </td>
      <td>
        <JobStatusBadge status={job.status} />
      </td>
      <td>{formatUtc(job.created)}</td>
      <td>{d === null ? '—' : formatDuration(d)}</td>
      <td>{job.creditConsumption ? job.creditConsumption.credits : '—'}</td>
      <td className={classes.id} title={job.jobID}>
        {job.jobID.slice(0, 8)}
      </td>
    </tr>
  )
})
