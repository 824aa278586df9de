import { afterEach, describe, expect, it } from 'vitest'
import { inputValueToIso, isoToInputValue } from './utc'

const originalTz = process.env.TZ

afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ
  else process.env.TZ = originalTz
})

describe('inputValueToIso', () => {
  it('reads the datetime-local value as UTC', () => {
    expect(inputValueToIso('2026-07-01T10:30')).toBe('2026-07-01T10:30:00Z')
    expect(inputValueToIso('2026-07-01T10:30:15')).toBe('2026-07-01T10:30:15Z')
    expect(inputValueToIso('2026-07-01T10:30:15.250')).toBe('2026-07-01T10:30:15Z')
  })

  it('gives nothing for empty, partial or impossible values', () => {
    for (const v of [
      '',
      '2026-07-01',
      '2026-07-01T10',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-07-01T24:00',
    ])
      expect(inputValueToIso(v)).toBeUndefined()
  })
})

describe('isoToInputValue', () => {
  it('shows UTC wall-clock time, converting offsets', () => {
    expect(isoToInputValue('2026-07-01T10:30:00Z')).toBe('2026-07-01T10:30')
    expect(isoToInputValue('2026-07-01T10:30:00.000Z')).toBe('2026-07-01T10:30')
    expect(isoToInputValue('2026-07-01T10:30:45Z')).toBe('2026-07-01T10:30:45')
    expect(isoToInputValue('2026-07-01T12:30:00+02:00')).toBe('2026-07-01T10:30')
    expect(isoToInputValue('2026-07-01T00:30:00+0100')).toBe('2026-06-30T23:30')
    expect(isoToInputValue('2026-12-31T20:00:00-05:00')).toBe('2027-01-01T01:00')
  })

  it('shows nothing for what is not a date-time', () => {
    for (const v of [undefined, null, 42, '', 'tomorrow', '2026-07-01', '2026-02-30T10:00:00Z'])
      expect(isoToInputValue(v)).toBe('')
  })
})

describe('independence from the time zone of the machine', () => {
  it.each(['Pacific/Chatham', 'America/St_Johns', 'Asia/Kathmandu', 'UTC'])(
    'gives the same answers under TZ=%s',
    (tz) => {
      // Node applies a new TZ to Date at once; the conversions must not notice.
      process.env.TZ = tz
      expect(inputValueToIso('2026-03-29T01:30')).toBe('2026-03-29T01:30:00Z')
      expect(isoToInputValue('2026-03-29T01:30:00Z')).toBe('2026-03-29T01:30')
      expect(isoToInputValue(inputValueToIso('2026-10-25T02:15') ?? '')).toBe('2026-10-25T02:15')
    },
  )
})
