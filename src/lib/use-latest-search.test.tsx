import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { hookOnPage } from '../testing/router-hook'
import { useLatestSearch } from './use-latest-search'

describe('changes to the search build on the latest one written', () => {
  it('keeps a first change made before the router rendered it when a second comes', () => {
    const { seen, router } = hookOnPage(() => useLatestSearch())
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
})
