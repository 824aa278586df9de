import { describe, expect, it } from 'vitest'
import { countLabel, formatArea, formatLicence, formatLonLat, formatUtc, formatUtcDay } from './format'

describe('list wording', () => {
  it('counts in words', () => {
    expect(countLabel(0, 'collection')).toBe('0 collections')
    expect(countLabel(1, 'collection')).toBe('1 collection')
    expect(countLabel(1204, 'data product')).toBe('1,204 data products')
  })
})

describe('formatArea', () => {
  it('writes km² to a tenth, with thousands separators', () => {
    expect(formatArea(78.5)).toBe('78.5 km²')
    expect(formatArea(13.83)).toBe('13.8 km²')
    expect(formatArea(150)).toBe('150.0 km²')
    expect(formatArea(1234.56)).toBe('1,234.6 km²')
  })

  it('writes small areas in m², never as a misleading 0', () => {
    expect(formatArea(0.01)).toBe('10,000 m²')
    expect(formatArea(0.0001)).toBe('100 m²')
    expect(formatArea(0.000045)).toBe('45 m²')
    expect(formatArea(1e-9)).toBe('1 m²')
  })

  it('says 0 km² for nothing, a negative or a non-number', () => {
    expect(formatArea(0)).toBe('0 km²')
    expect(formatArea(-3)).toBe('0 km²')
    expect(formatArea(Number.NaN)).toBe('0 km²')
  })
})

describe('formatUtc', () => {
  it('writes moments in UTC, to the minute', () => {
    expect(formatUtc('2026-12-14T10:31:09Z')).toBe('14 Dec 2026 10:31 UTC')
    expect(formatUtc('2025-03-14T23:30:00-01:00')).toBe('15 Mar 2025 00:30 UTC')
    expect(formatUtc(Date.UTC(2026, 10, 2, 9))).toBe('2 Nov 2026 09:00 UTC')
  })

  it('shows text that is not a date as it is, and a missing value as the given word', () => {
    expect(formatUtc('not a date')).toBe('not a date')
    expect(formatUtc(null)).toBe('—')
    expect(formatUtc(undefined, 'Date unknown')).toBe('Date unknown')
  })
})

describe('formatLonLat', () => {
  it('writes a position with its hemispheres, to the digits asked', () => {
    expect(formatLonLat([12.49, 41.9])).toBe('12.4900° E, 41.9000° N')
    expect(formatLonLat([-73.98561, -0.5], 2)).toBe('73.99° W, 0.50° S')
    expect(formatLonLat([0, 0], 0)).toBe('0° E, 0° N')
  })
})

describe('formatLicence', () => {
  it('writes the STAC license keywords as words and SPDX identifiers as they are', () => {
    expect(formatLicence('proprietary')).toBe('Proprietary')
    expect(formatLicence('various')).toBe('Various')
    expect(formatLicence('CC-BY-4.0')).toBe('CC-BY-4.0')
    expect(formatLicence(undefined)).toBe('—')
  })
})

describe('formatUtcDay', () => {
  it('writes a day, a date-time or an instant as its UTC day, the console way', () => {
    expect(formatUtcDay('2027-08-31')).toBe('31 Aug 2027')
    expect(formatUtcDay('2026-09-02T23:30:00Z')).toBe('2 Sep 2026')
    expect(formatUtcDay('2026-09-02T23:30:00-05:00')).toBe('3 Sep 2026')
    expect(formatUtcDay(Date.parse('2026-04-25T00:00:00Z'))).toBe('25 Apr 2026')
    expect(formatUtcDay(undefined)).toBe('—')
    expect(formatUtcDay('soon')).toBe('soon')
  })
})
