import type { RouteObject } from 'react-router'
import { prefetch, type RouteContext } from '../../data/prefetch'
import { jobListOptions, jobOptions, processListOptions } from '../../data/processing/queries'
import { JobPage } from './components/job-page'
import { JobsPage } from './components/jobs-page'
import { jobsQuery, jobsViewProblems, readJobsView } from './url-state'

type RoutePart = Pick<RouteObject, 'loader' | 'Component'>

/** The job monitor: the page of the URL's view, and the process titles it shows. */
export function jobsListRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ request }) => {
      const view = readJobsView(new URL(request.url).searchParams)
      if (Object.keys(jobsViewProblems(view)).length === 0)
        prefetch(ctx, jobListOptions(ctx.services.client, jobsQuery(view)))
      prefetch(ctx, processListOptions(ctx.services.client))
      return null
    },
    Component: JobsPage,
  }
}

/** One job. */
export function jobRoute(ctx: RouteContext): RoutePart {
  return {
    loader: ({ params }) => {
      if (params.jobId) prefetch(ctx, jobOptions(ctx.services.client, params.jobId))
      return null
    },
    Component: JobPage,
  }
}
