import { createBrowserRouter, type RouteObject } from 'react-router'
import type { RouteContext } from '../data/prefetch'
import { catalogRoutes } from './routes/catalog-routes'
import { checkoutRoutes } from './routes/checkout-routes'
import { decisionsRoutes } from './routes/decisions-routes'
import { taskingRoutes } from './routes/tasking-routes'
import { areasRoutes } from './routes/areas-routes'
import { glossaryRoutes } from './routes/glossary-routes'
import { homeRoutes } from './routes/home-routes'
import { licencesRoutes } from './routes/licences-routes'
import { budgetsRoutes } from './routes/budgets-routes'
import { NotFoundPage } from './routes/not-found'
import { ordersRoutes } from './routes/orders-routes'
import { processingRoutes } from './routes/processing-routes'
import { RouteError } from './routes/route-error'
import { StartingUp } from './routes/starting-up'
import { storageRoutes } from './routes/storage-routes'
import { changeReviewRoutes } from './routes/change-review-routes'
import { timelapseRoutes } from './routes/timelapse-routes'
import { savedSearchesRoutes } from './routes/saved-searches-routes'
import { connectionRoutes } from './routes/connection-routes'

/** Every page gets its own error boundary, so a failing page keeps the shell and its navigation. */
const withBoundary = (routes: RouteObject[]): RouteObject[] =>
  routes.map((r) => ({ ...r, errorElement: <RouteError /> }))

export function appRoutes(ctx: RouteContext): RouteObject[] {
  return [
    {
      // Its own chunk: the sign-in page loads none of the console's areas.
      path: '/sign-in',
      hydrateFallbackElement: <StartingUp />,
      lazy: async () => ({ Component: (await import('./routes/sign-in')).SignInPage }),
      // Its own error page, never the framework's default screen with a stack trace.
      errorElement: <RouteError />,
    },
    {
      path: '/',
      lazy: async () => ({ Component: (await import('./shell')).Shell }),
      // What shows while the first page's chunk and loader data arrive (React Router warns without one).
      hydrateFallbackElement: <StartingUp />,
      errorElement: <RouteError />,
      children: withBoundary([
        ...homeRoutes(),
        ...glossaryRoutes(ctx),
        ...areasRoutes(ctx),
        ...catalogRoutes(ctx),
        ...savedSearchesRoutes(),
        ...checkoutRoutes(ctx),
        ...taskingRoutes(ctx),
        ...ordersRoutes(ctx),
        ...decisionsRoutes(ctx),
        ...storageRoutes(ctx),
        ...changeReviewRoutes(ctx),
        ...timelapseRoutes(),
        ...processingRoutes(ctx),
        ...licencesRoutes(ctx),
        ...budgetsRoutes(ctx),
        ...connectionRoutes(),
        { path: '*', element: <NotFoundPage /> },
      ]),
    },
  ]
}

export function createRouter(ctx: RouteContext) {
  return createBrowserRouter(appRoutes(ctx))
}
