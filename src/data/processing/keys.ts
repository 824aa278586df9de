import type { paths } from '../../api/schema'

export type JobListQuery = NonNullable<paths['/v2/processing/jobs']['get']['parameters']['query']>

/** One key space for processing: the public process catalogue and the account's jobs. */
export const processingKeys = {
  all: ['processing'] as const,
  processes: () => [...processingKeys.all, 'processes'] as const,
  process: (id: string) => [...processingKeys.processes(), id] as const,
  /** A process's answer about one set of inputs: keyed by the inputs, so an edit asks again. */
  validation: (id: string, inputs: unknown) => [...processingKeys.process(id), 'validation', inputs] as const,
  cost: (id: string, inputs: unknown) => [...processingKeys.process(id), 'cost', inputs] as const,
  jobs: () => [...processingKeys.all, 'jobs'] as const,
  jobLists: () => [...processingKeys.jobs(), 'list'] as const,
  jobList: (q: JobListQuery) => [...processingKeys.jobLists(), q] as const,
  job: (id: string) => [...processingKeys.jobs(), 'detail', id] as const,
  /** The names of a set of jobs, for pages that list what jobs did (budget records). */
  names: (ids: readonly string[]) => [...processingKeys.jobs(), 'names', ids] as const,
  /** How many jobs match a list's filters (the list itself has no total). */
  count: (filters: Omit<JobListQuery, 'page' | 'limit' | 'sort'>) =>
    [...processingKeys.jobs(), 'count', filters] as const,
  /** The jobs still under way, for the navigation's count. */
  active: () => [...processingKeys.jobs(), 'active'] as const,
}

/** The job list's query string: multi-valued filters comma-joined, as the contract says for processing. */
export function serializeJobListQuery(q: JobListQuery): string {
  const out = new URLSearchParams()
  if (q.workspaceId) out.set('workspaceId', q.workspaceId)
  if (q.processId?.length) out.set('processId', q.processId.join(','))
  if (q.status?.length) out.set('status', q.status.join(','))
  if (q.ids?.length) out.set('ids', q.ids.join(','))
  if (q.minDuration !== undefined) out.set('minDuration', String(q.minDuration))
  if (q.maxDuration !== undefined) out.set('maxDuration', String(q.maxDuration))
  if (q.page !== undefined) out.set('page', String(q.page))
  if (q.limit !== undefined) out.set('limit', String(q.limit))
  if (q.sort) out.set('sort', q.sort)
  return out.toString()
}
