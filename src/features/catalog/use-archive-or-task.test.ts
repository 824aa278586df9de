import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/errors'
import { passSourceOf } from './use-archive-or-task'

const idle = { error: null, refetch: () => undefined }
const answer = (over: Partial<NonNullable<Parameters<typeof passSourceOf>[2]>> = {}) => ({
  data: undefined,
  error: null,
  isFetching: false,
  refetch: () => undefined,
  ...over,
})
const results = (...ids: string[][]) => ({
  results: ids.map((group) => ({ opportunities: group.map((id) => ({ id })) })),
})

describe('passSourceOf', () => {
  it('waits while the order form or the ask is on its way', () => {
    expect(passSourceOf('Pléiades Neo', undefined, undefined)).toEqual({ kind: 'loading' })
    expect(passSourceOf('Pléiades Neo', idle, undefined)).toEqual({ kind: 'loading' })
    expect(passSourceOf('Pléiades Neo', idle, answer())).toEqual({ kind: 'loading' })
  })

  it('counts each pass once, however many results list it', () => {
    const source = passSourceOf('Pléiades Neo', idle, answer({ data: results(['a', 'b'], ['b', 'c']) }))
    expect(source).toEqual({ kind: 'passes', count: 3 })
  })

  it('says when the order form could not be read, and retries the form', () => {
    const refetch = vi.fn()
    const source = passSourceOf('Pléiades Neo', { error: new Error('down'), refetch }, answer())
    expect(source).toMatchObject({
      kind: 'failed',
      message: 'The order form of Pléiades Neo could not be read.',
    })
    if (source.kind === 'failed') source.retry()
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('tells passes not published (501 or its slug) from passes that failed, and retries the ask', () => {
    const notImplemented = new ApiError({ kind: 'server', status: 501, title: 'Not implemented' })
    expect(passSourceOf('SPOT', idle, answer({ error: notImplemented }))).toMatchObject({
      kind: 'not-published',
      message:
        'SPOT: passes are not published; a request can still be placed, and the provider plans the acquisition.',
    })
    const bySlug = new ApiError({
      kind: 'invalid',
      status: 400,
      title: 'No passes',
      code: 'opportunities-not-implemented',
    })
    expect(passSourceOf('SPOT', idle, answer({ error: bySlug })).kind).toBe('not-published')

    const refetch = vi.fn()
    const failed = new ApiError({ kind: 'server', status: 503, title: 'Unavailable', detail: 'try later' })
    const source = passSourceOf('SPOT', idle, answer({ error: failed, refetch }))
    expect(source).toMatchObject({
      kind: 'failed',
      message: 'SPOT: the passes could not be listed (try later).',
    })
    if (source.kind === 'failed') source.retry()
    expect(refetch).toHaveBeenCalledTimes(1)
    expect(passSourceOf('SPOT', idle, answer({ error: new Error('offline') }))).toMatchObject({
      message: 'SPOT: the passes could not be listed.',
    })
  })

  it('keeps waiting while a failed ask is asked again', () => {
    const failed = new ApiError({ kind: 'server', status: 503, title: 'Unavailable' })
    expect(passSourceOf('SPOT', idle, answer({ error: failed, isFetching: true }))).toEqual({
      kind: 'loading',
    })
  })
})
