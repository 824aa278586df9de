import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { processingKeys, serializeJobListQuery, type JobListQuery } from './keys'

// Its own module, free of the job pages' code: the navigation and Start count jobs on every page.

/**
 * What one job's page at `index` (`limit=1&page=index`) says of a list: whether a job stands there, and
 * whether its `next` link says another follows. The job list has no total (the contract gives only `next`),
 * but that is enough to find it by asking a few one-job pages.
 */
export interface ProbeAnswer {
  at: boolean
  after: boolean
}
export type Probe = (index: number) => Promise<ProbeAnswer>

/** Where the decade probes go at once: a list of up to a million jobs is bracketed in one round. */
const DECADES = [0, 9, 99, 999, 9_999, 99_999, 999_999]
/** A list that moves under the search cannot keep it going forever: past this many rounds, the best bound. */
const MAX_ROUNDS = 40

/**
 * The number of jobs in a list, from one-job pages: the decades in parallel (one round), then a binary search
 * between the two that bracket it — about log2 of the list's size more requests, each reading one job at most
 * (5,000 jobs: 7 + 12 requests, 19 rows, where paging through them reads 5,000).
 *
 * With `hint`, the total a previous count found, the one page that ends a list of that size is asked first:
 * a list that did not change is counted with one request (a poll's usual case), and one that did is searched
 * outwards from the hint, in steps that double, so a few jobs more or less cost a few requests.
 */
export async function countByProbing(probe: Probe, hint?: number): Promise<number> {
  // The total lies in [lo, hi]; hi is unknown (Infinity) until a probe finds the list's end.
  let lo = 0
  let hi = Infinity
  // A probe at i: no job → total ≤ i; a job and no next → total = i + 1; a job and a next → total ≥ i + 2.
  const learn = (i: number, a: ProbeAnswer): number | null => {
    if (!a.at) hi = Math.min(hi, i)
    else if (!a.after) return i + 1
    else lo = Math.max(lo, i + 2)
    return null
  }
  if (hint !== undefined && Number.isFinite(hint) && hint >= 0) {
    const at = Math.max(0, Math.floor(hint) - 1)
    const exact = learn(at, await probe(at))
    if (exact !== null) return exact
    // Away from the hint in steps that double — up past a list that grew, down below one that shrank —
    // until the total is bracketed; the halving below does the rest.
    for (let step = 1, round = 0; round < MAX_ROUNDS; round++, step *= 2) {
      let i: number
      if (!Number.isFinite(hi)) i = lo - 1 + step
      else if (lo === 0 && hi > 0) i = Math.max(0, hi - step)
      else break
      const found = learn(i, await probe(i))
      if (found !== null) return found
    }
  } else {
    const answers = await Promise.all(DECADES.map((i) => probe(i)))
    for (const [k, a] of answers.entries()) {
      const exact = learn(DECADES[k], a)
      if (exact !== null) return exact
    }
  }
  for (let round = 0; round < MAX_ROUNDS && lo < hi; round++) {
    // Past the last decade: keep doubling until the end is found.
    const i = Number.isFinite(hi) ? Math.floor((lo + hi - 1) / 2) : lo * 2
    const exact = learn(i, await probe(i))
    if (exact !== null) return exact
  }
  return lo
}

/** A job list's filters, without what only pages it (page, limit, sort): what a total counts. */
export type JobCountQuery = Omit<JobListQuery, 'page' | 'limit' | 'sort'>

/** The filters of a list request, what its total counts. */
export function jobCountQuery(q: JobListQuery): JobCountQuery {
  const { page: _page, limit: _limit, sort: _sort, ...filters } = q
  return filters
}

/** The one-job pages of a filtered job list, as `countByProbing` asks for them. */
export function jobListProbe(client: ApiClient, filters: JobCountQuery, signal?: AbortSignal): Probe {
  return async (index) => {
    const query: JobListQuery = { ...filters, page: index, limit: 1 }
    const data = await ok(
      client.GET('/v2/processing/jobs', {
        params: { query },
        querySerializer: () => serializeJobListQuery(query),
        signal,
      }),
    )
    return { at: data.jobs.length > 0, after: data.links.some((l) => l.rel === 'next') }
  }
}

/**
 * How many jobs match a set of filters, found with one-job pages (`countByProbing`, from the last total
 * when there is one), kept 30 s: the job monitor's total. Running a job invalidates every job key, this one
 * with them.
 */
export function jobCountOptions(client: ApiClient, filters: JobCountQuery) {
  return queryOptions({
    queryKey: processingKeys.count(filters),
    queryFn: ({ signal, client: qc, queryKey }) =>
      countByProbing(jobListProbe(client, filters, signal), qc.getQueryData<number>(queryKey)),
    staleTime: 30_000,
    // A total beside a list is never worth an error page: the list shows without it.
    throwOnError: false,
  })
}
