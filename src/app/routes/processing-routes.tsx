import type { RouteObject } from 'react-router'
import type { RouteContext } from '../../data/prefetch'

/**
 * The process catalogue and the job monitor. Each URL is one lazy module with its loader and page
 * (`features/processing/routes.tsx`, `features/jobs/routes.tsx`).
 */
export function processingRoutes(ctx: RouteContext): RouteObject[] {
  const processing = () => import('../../features/processing/routes')
  const jobs = () => import('../../features/jobs/routes')
  return [
    { path: 'processing', lazy: async () => (await processing()).processesRoute(ctx) },
    { path: 'processing/:processId', lazy: async () => (await processing()).processRoute(ctx) },
    { path: 'jobs', lazy: async () => (await jobs()).jobsListRoute(ctx) },
    { path: 'jobs/:jobId', lazy: async () => (await jobs()).jobRoute(ctx) },
  ]
}
