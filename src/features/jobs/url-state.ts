import type { JobListQuery } from '../../data/processing/keys'
import { JOB_STATUSES, type JobStatus } from '../../data/processing/status'

/**
 * The job monitor keeps its whole view in the URL (filters, sort, page, page size), so a view is a link and
 * back and forward move between views. Any URL reads as a view: unknown statuses and sorts are dropped,
 * paging falls back to its defaults. Pasted job IDs (UUIDs, at most 100) and the duration range are checked
 * before anything is sent. Durations are seconds in the URL and in the request, minutes in the form.
 * Pages are counted from 1 in the URL and from 0 by the API.
 */

export const JOB_PAGE_SIZES = [10, 20, 50, 100] as const
export type JobPageSize = (typeof JOB_PAGE_SIZES)[number]
export const DEFAULT_JOB_PAGE_SIZE: JobPageSize = 20

export const JOB_SORT_FIELDS = ['created', 'processID', 'status', 'creditConsumption.credits'] as const
export type JobSortField = (typeof JOB_SORT_FIELDS)[number]
export interface JobSort {
  field: JobSortField
  direction: 'asc' | 'desc'
}
export const DEFAULT_JOB_SORT: JobSort = { field: 'created', direction: 'desc' }

export const MAX_JOB_IDS = 100
const MAX_PAGE = 2_147_483_648

export interface JobsView {
  processes: string[]
  status: JobStatus[]
  /** As pasted, lower-cased, each once; checked by `jobIdsProblem`. */
  jobIds: string[]
  /** Seconds; null for no bound. */
  minDuration: number | null
  maxDuration: number | null
  /** null: every workspace of the account. */
  workspace: string | null
  sort: JobSort
  /** 1-based. */
  page: number
  size: JobPageSize
}

export const DEFAULT_JOBS_VIEW: JobsView = {
  processes: [],
  status: [],
  jobIds: [],
  minDuration: null,
  maxDuration: null,
  workspace: null,
  sort: DEFAULT_JOB_SORT,
  page: 1,
  size: DEFAULT_JOB_PAGE_SIZE,
}

export const hasJobFilters = (v: JobsView): boolean =>
  v.processes.length > 0 ||
  v.status.length > 0 ||
  v.jobIds.length > 0 ||
  v.minDuration !== null ||
  v.maxDuration !== null ||
  v.workspace !== null

export const clearedJobFilters = (v: JobsView): JobsView => ({
  ...DEFAULT_JOBS_VIEW,
  sort: v.sort,
  size: v.size,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The IDs of a pasted list (commas, semicolons, spaces or new lines between them), lower-cased, each once. */
export function parseJobIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}

export type JobFilterField = 'jobIds' | 'duration'

/** Problems found before sending, per filter, in plain sentences; the page sends nothing while any is left. */
export function jobsViewProblems(v: JobsView): Partial<Record<JobFilterField, string>> {
  const out: Partial<Record<JobFilterField, string>> = {}
  const bad = v.jobIds.filter((id) => !UUID.test(id))
  if (bad.length > 0) {
    const shown = bad
      .slice(0, 3)
      .map((b) => `“${b.length > 40 ? `${b.slice(0, 40)}…` : b}”`)
      .join(', ')
    out.jobIds = `${shown}${bad.length > 3 ? ` and ${bad.length - 3} more` : ''} ${
      bad.length === 1 ? 'is not a job ID' : 'are not job IDs'
    } (a job ID looks like 3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f).`
  } else if (v.jobIds.length > MAX_JOB_IDS) {
    out.jobIds = `${v.jobIds.length} job IDs were given; the service takes at most ${MAX_JOB_IDS} at a time. Remove ${v.jobIds.length - MAX_JOB_IDS}.`
  }
  if (v.minDuration !== null && v.maxDuration !== null && v.minDuration > v.maxDuration)
    out.duration = 'The shortest duration is longer than the longest: swap them or clear one.'
  return out
}

function readSeconds(raw: string | null): number | null {
  const s = raw?.trim() ?? ''
  if (!/^\d{1,9}$/.test(s)) return null
  return Number(s)
}

export function readJobSort(raw: string | null): JobSort {
  const [field, direction = 'asc', ...rest] = (raw ?? '').split(',').map((p) => p.trim())
  const f = JOB_SORT_FIELDS.find((s) => s === field)
  const d = direction.toLowerCase()
  if (!f || rest.length > 0 || (d !== 'asc' && d !== 'desc')) return DEFAULT_JOB_SORT
  return { field: f, direction: d }
}

export function readJobsView(params: URLSearchParams): JobsView {
  const list = (name: string) => [
    ...new Set(
      params
        .getAll(name)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ]
  const asked = new Set(list('status').map((s) => s.toLowerCase()))
  const pageRaw = params.get('page')?.trim() ?? ''
  const page =
    /^\d{1,10}$/.test(pageRaw) && Number(pageRaw) >= 1 && Number(pageRaw) <= MAX_PAGE ? Number(pageRaw) : 1
  const workspace = params.get('workspace')?.trim()
  return {
    // Sorted, so equal views share one URL and one cache entry.
    processes: list('process').sort(),
    status: JOB_STATUSES.filter((s) => asked.has(s)),
    jobIds: parseJobIds(params.getAll('ids').join(',')),
    minDuration: readSeconds(params.get('minDuration')),
    maxDuration: readSeconds(params.get('maxDuration')),
    workspace: workspace ? workspace.toLowerCase() : null,
    sort: readJobSort(params.get('sort')),
    page,
    size: JOB_PAGE_SIZES.find((s) => String(s) === params.get('limit')?.trim()) ?? DEFAULT_JOB_PAGE_SIZE,
  }
}

/** The view's URL search, leaving out defaults so that plain views have plain URLs. */
export function jobsSearch(v: JobsView): URLSearchParams {
  const out = new URLSearchParams()
  if (v.processes.length) out.set('process', v.processes.join(','))
  if (v.status.length) out.set('status', v.status.join(','))
  if (v.jobIds.length) out.set('ids', v.jobIds.join(','))
  if (v.minDuration !== null) out.set('minDuration', String(v.minDuration))
  if (v.maxDuration !== null) out.set('maxDuration', String(v.maxDuration))
  if (v.workspace) out.set('workspace', v.workspace)
  if (v.sort.field !== DEFAULT_JOB_SORT.field || v.sort.direction !== DEFAULT_JOB_SORT.direction)
    out.set('sort', `${v.sort.field},${v.sort.direction}`)
  if (v.page !== 1) out.set('page', String(v.page))
  if (v.size !== DEFAULT_JOB_PAGE_SIZE) out.set('limit', String(v.size))
  return out
}

/** The list request of a view (assumed free of problems). */
export function jobsQuery(v: JobsView): JobListQuery {
  const q: JobListQuery = { page: v.page - 1, limit: v.size, sort: `${v.sort.field},${v.sort.direction}` }
  if (v.processes.length) q.processId = v.processes
  if (v.status.length) q.status = v.status
  if (v.jobIds.length) q.ids = v.jobIds
  if (v.minDuration !== null) q.minDuration = v.minDuration
  if (v.maxDuration !== null) q.maxDuration = v.maxDuration
  if (v.workspace) q.workspaceId = v.workspace
  return q
}
