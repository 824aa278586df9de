import { act, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useJobsView } from '../features/jobs/use-jobs-view'
import { useLatestSearch } from './use-latest-search'

/** Renders `hook` on a page of a memory router; returns what it last gave and the router. */
function onPage<T>(hook: () => T, at = '/') {
  const seen: { current: T | null } = { current: null }
  function Page() {
    seen.current = hook()
    return null
  }
  const router = createMemoryRouter([{ path: '/', Component: Page }], { initialEntries: [at] })
  render(<RouterProvider router={router} />)
  return { seen, router }
}

describe('changes to the search build on the latest one written', () => {
  it('keeps a first change made before the router rendered it when a second comes', () => {
    const { seen, router } = onPage(() => useLatestSearch())
    act(() => {
      const [, set] = seen.current!
      set((latest) => {
        const next = new URLSearchParams(latest)
        next.set('a', '1')
        return next
      })
      set((latest) => {
        const next = new URLSearchParams(latest)
        next.set('b', '2')
        return next
      })
    })
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('a=1&b=2')
  })

  it('the job monitor keeps a status picked just before a duration is typed', () => {
    const { seen, router } = onPage(() => useJobsView(), '/?sort=created%2Cdesc')
    act(() => {
      const [, update] = seen.current!
      update({ status: ['released'] })
      update({ minDuration: 60 })
    })
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('status')).toBe('released')
    expect(search.get('minDuration')).toBe('60')
    expect(seen.current![0].status).toEqual(['released'])
  })
})
