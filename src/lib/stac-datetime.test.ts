import { describe, expect, it } from 'vitest'
import { stacTime } from './stac-datetime'

describe('stacTime', () => {
  it('takes datetime first, then the start of a span, then acquisitionDate', () => {
    const all = {
      datetime: '2025-03-14T10:34:00Z',
      start_datetime: '2025-03-14T10:33:00Z',
      end_datetime: '2025-03-14T10:35:00Z',
      acquisitionDate: '2025-03-13T00:00:00Z',
    }
    expect(stacTime(all)?.text).toBe('2025-03-14T10:34:00Z')
    expect(stacTime({ ...all, datetime: null })?.text).toBe('2025-03-14T10:33:00Z')
    expect(stacTime({ datetime: null, acquisitionDate: '2025-03-13T00:00:00Z' })?.text).toBe(
      '2025-03-13T00:00:00Z',
    )
  })

  it('reads the moment as an instant, offsets included', () => {
    expect(stacTime({ datetime: '2025-01-01T10:00:00+02:00' })?.at).toBe(Date.UTC(2025, 0, 1, 8))
    expect(stacTime({ datetime: '2025-03-14T10:34:59.999Z' })?.at).toBe(
      Date.UTC(2025, 2, 14, 10, 34, 59, 999),
    )
  })

  it('keeps unreadable text with no instant, and gives null without any time', () => {
    expect(stacTime({ datetime: 'yesterday' })).toEqual({ text: 'yesterday', at: null })
    expect(stacTime({})).toBeNull()
    expect(
      stacTime({ datetime: null, start_datetime: null, end_datetime: null, acquisitionDate: null }),
    ).toBeNull()
  })
})
