import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import type { components } from '../../api/schema'
import { followActiveJobs } from './follow-active'
import { jobTitle } from './job-title'
import { processingKeys, serializeJobListQuery, type JobListQuery } from './keys'
import { jobPollInterval, type Job } from './status'

export type Process = components['schemas']['Process']
export type JobList = components['schemas']['JobList']
export type { Job }

/** Where the jobs page's own timing marks go; `npm run bench` reads them in Chromium. */
export const JOB_MARKS = {
  response: 'swath:jobs-response',
  rows: 'swath:jobs-rows',
} as const

/** The public process catalogue. Processes change with releases, not by the minute. */
export function processListOptions(client: ApiClient) {
  return queryOptions({
    queryKey: processingKeys.processes(),
    queryFn: async ({ signal }) => (await ok(client.GET('/v2/processing/processes', { signal }))).processes,
    staleTime: 10 * 60_000,
  })
}

/** One process, with its inputs and additional parameters (EULA, price rule). */
export function processOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: processingKeys.process(id),
    queryFn: ({ signal }) =>
      ok(
        client.GET('/v2/processing/processes/{process-id}', {
          params: { path: { 'process-id': id } },
          signal,
        }),
      ),
    staleTime: 10 * 60_000,
  })
}

/** Whether a job list page has a `next` link: the list has no total, only the way on. */
export const hasNextPage = (list: JobList | undefined): boolean => !!list?.links.some((l) => l.rel === 'next')

/**
 * One page of jobs, asked again every few seconds while a job on it can still change and the tab is visible;
 * it stops once every job shown is final.
 */
export function jobListOptions(client: ApiClient, query: JobListQuery) {
  return queryOptions({
    queryKey: processingKeys.jobList(query),
    queryFn: async ({ signal, client: qc, queryKey }) => {
      const before = qc.getQueryData<JobList>(queryKey)?.jobs
      const data = await ok(
        client.GET('/v2/processing/jobs', {
          params: { query },
          querySerializer: (q: JobListQuery) => serializeJobListQuery(q),
          signal,
        }),
      )
      performance.mark(JOB_MARKS.response, { detail: { count: data.jobs.length } })
      // Only a list someone shows moves the count at once; a background read (the notification centre's)
      // leaves it to its own turn, within the centre's budget.
      if ((qc.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0)
        followActiveJobs(qc, data.jobs, before)
      return data
    },
    refetchInterval: (q) => jobPollInterval(q.state.data?.jobs.map((j) => j.status)),
    refetchIntervalInBackground: false,
    throwOnError: false,
  })
}

/** One job, asked again while it can still change. */
export function jobOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: processingKeys.job(id),
    queryFn: async ({ signal, client: qc }) => {
      const job = await ok(
        client.GET('/v2/processing/jobs/{job-id}', { params: { path: { 'job-id': id } }, signal }),
      )
      followActiveJobs(qc, [job])
      return job
    },
    refetchInterval: (q) => jobPollInterval(q.state.data ? [q.state.data.status] : undefined),
    refetchIntervalInBackground: false,
  })
}

/**
 * What a set of jobs are called, for pages that name what jobs did (a budget's consumption records): each
 * job's title (null when it has none) and its process. One request for the set (the list's `ids` filter).
 */
export function jobNamesOptions(client: ApiClient, ids: readonly string[]) {
  return queryOptions({
    queryKey: processingKeys.names(ids),
    queryFn: async ({ signal }): Promise<{ id: string; title: string | null; processId: string }[]> => {
      const query: JobListQuery = { ids: [...ids], limit: ids.length }
      const data = await ok(
        client.GET('/v2/processing/jobs', {
          params: { query },
          querySerializer: (q: JobListQuery) => serializeJobListQuery(q),
          signal,
        }),
      )
      return data.jobs.map((j) => ({ id: j.jobID, title: jobTitle(j), processId: j.processID }))
    },
    // Names change rarely; the rows still show (with the job's short id) when this fails.
    staleTime: 5 * 60_000,
    throwOnError: false,
  })
}

/** The STAC collection id of a job's results (`…/collections/<id>`), when it has one. */
export function resultCollectionId(job: Pick<Job, 'results'>): string | null {
  const url = job.results?.collection
  if (!url) return null
  const m = /\/collections\/([^/?#]+)/.exec(url)
  return m ? decodeURIComponent(m[1]) : null
}
