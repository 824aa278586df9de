import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'

/** Renders `hook` on a page of a memory router at `at`; returns what it last gave and the router. */
export function hookOnPage<T>(hook: () => T, at = '/') {
  const seen: { current: T | null } = { current: null }
  function Page() {
    seen.current = hook()
    return null
  }
  const router = createMemoryRouter([{ path: '/', Component: Page }], { initialEntries: [at] })
  render(<RouterProvider router={router} />)
  return { seen, router }
}
