import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { hookOnPage } from '../../testing/router-hook'
import { useJobsView } from './use-jobs-view'

describe('the job monitor view in the URL', () => {
  it('keeps a status picked just before a duration is typed (before the router rendered the first)', () => {
    const { seen, router } = hookOnPage(() => useJobsView(), '/?sort=created%2Cdesc')
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
