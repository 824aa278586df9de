import { afterEach, describe, expect, it } from 'vitest'
import { inputValueToIso, isoToInputValue, isoToUtcText, utcDayOf, utcTextToIso, withUtcDay } from './utc'
import { utcDayText, utcTextToDay } from './utc-day'

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

describe('the console’s one format (decision 15)', () => {
  it('shows an ISO date-time as "25 Nov 2026 00:00 UTC", seconds only when there are some', () => {
    expect(isoToUtcText('2026-11-25T00:00:00Z')).toBe('25 Nov 2026 00:00 UTC')
    expect(isoToUtcText('2026-07-01T12:30:00+02:00')).toBe('1 Jul 2026 10:30 UTC')
    expect(isoToUtcText('2026-07-01T10:30:15Z')).toBe('1 Jul 2026 10:30:15 UTC')
    for (const v of [undefined, null, '', 'tomorrow', '2026-02-30T10:00:00Z'])
      expect(isoToUtcText(v)).toBe('')
  })

  it('reads what the analyst types as UTC, 24-hour', () => {
    expect(utcTextToIso('25 Nov 2026 00:00 UTC')).toBe('2026-11-25T00:00:00Z')
    expect(utcTextToIso(' 3 nov 2026 14:05 ')).toBe('2026-11-03T14:05:00Z')
    expect(utcTextToIso('3 November 2026, 9:05:30 utc')).toBe('2026-11-03T09:05:30Z')
    expect(utcTextToIso('1 Sept 2026 23:59 GMT')).toBe('2026-09-01T23:59:00Z')
    expect(utcTextToIso('25 Nov 2026')).toBe('2026-11-25T00:00:00Z')
    expect(utcTextToIso('2026-11-25')).toBe('2026-11-25T00:00:00Z')
    expect(utcTextToIso('2026-11-25 14:30')).toBe('2026-11-25T14:30:00Z')
    expect(utcTextToIso('2026-11-25T14:30:00+01:00')).toBe('2026-11-25T13:30:00Z')
  })

  it('refuses what is not a real date and time', () => {
    for (const v of [
      '',
      'tomorrow',
      '31 Feb 2026 00:00',
      '25 Nov 2026 24:00',
      '25 Nov 2026 12:60',
      '25 Novx 2026',
      '25 Nov 2026 2:30 PM',
      '11/25/2026, 12:00 AM',
    ])
      expect(utcTextToIso(v)).toBeUndefined()
  })

  it('puts a calendar day at the time already written', () => {
    expect(utcDayOf('2026-11-25T14:30:00Z')).toBe('2026-11-25')
    expect(utcDayOf('2026-11-25T23:30:00-02:00')).toBe('2026-11-26')
    expect(utcDayOf(undefined)).toBeNull()
    expect(withUtcDay('2026-11-25T14:30:00Z', '2026-12-01')).toBe('2026-12-01T14:30:00Z')
    expect(withUtcDay(undefined, '2026-12-01')).toBe('2026-12-01T00:00:00Z')
  })

  it.each(['America/New_York', 'Pacific/Chatham', 'Asia/Kathmandu'])('is the same under TZ=%s', (tz) => {
    process.env.TZ = tz
    // 25 Nov 2026 00:00 UTC is the evening of the 24th in New York: the text must not follow the machine.
    expect(isoToUtcText('2026-11-25T00:00:00Z')).toBe('25 Nov 2026 00:00 UTC')
    expect(utcTextToIso('25 Nov 2026 00:00 UTC')).toBe('2026-11-25T00:00:00Z')
    expect(utcTextToIso('8 Mar 2026 02:30')).toBe('2026-03-08T02:30:00Z')
    expect(withUtcDay('2026-03-07T02:30:00Z', '2026-03-08')).toBe('2026-03-08T02:30:00Z')
  })
})

describe('UTC days in the console’s format', () => {
  it('writes a day as "25 Nov 2026", and nothing for what is not a day', () => {
    expect(utcDayText('2026-11-25')).toBe('25 Nov 2026')
    expect(utcDayText('2027-01-01')).toBe('1 Jan 2027')
    expect(utcDayText('2028-02-29')).toBe('29 Feb 2028')
    for (const v of [undefined, null, 20261125, '', '2026-02-30', '2026-11-25T00:00:00Z', '25 Nov 2026'])
      expect(utcDayText(v)).toBe('')
  })

  it('reads a day typed the console’s way or as ISO, in any case, month short or long', () => {
    expect(utcTextToDay('25 Nov 2026')).toBe('2026-11-25')
    expect(utcTextToDay('2026-11-25')).toBe('2026-11-25')
    expect(utcTextToDay('  25   november 2026 ')).toBe('2026-11-25')
    expect(utcTextToDay('3 SEPT. 2026')).toBe('2026-09-03')
    expect(utcTextToDay('3 Sep, 2026')).toBe('2026-09-03')
    expect(utcTextToDay('25 Nov 2026 UTC')).toBe('2026-11-25')
    expect(utcTextToDay('29 Feb 2028')).toBe('2028-02-29')
  })

  it('refuses what is not a real day, and a time of day, which a day field does not take', () => {
    for (const v of [
      '',
      'tomorrow',
      '31 Feb 2026',
      '29 Feb 2027',
      '2026-02-30',
      '2026-13-01',
      '25 Novx 2026',
      '25 Nov 26',
      '11/25/2026',
      '25 Nov 2026 14:30 UTC',
      '2026-11-25 14:30',
      '2026-11-25T00:00:00Z',
    ])
      expect(utcTextToDay(v)).toBeUndefined()
  })

  it('reads back what it writes, whatever the machine’s time zone', () => {
    process.env.TZ = 'Pacific/Kiritimati'
    for (const day of ['2026-01-01', '2026-03-29', '2026-10-25', '2026-12-31'])
      expect(utcTextToDay(utcDayText(day))).toBe(day)
  })
})
