import { createBrowserRouter } from 'react-router'
import { HomePage } from './routes/home'
import { NotFoundPage } from './routes/not-found'
import { Shell } from './shell'

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Shell />,
      children: [
        { index: true, element: <HomePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ])
}
