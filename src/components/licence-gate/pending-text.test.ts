import { describe, expect, it } from 'vitest'
import { pendingLicenceText } from './pending-text'

const doc = (version: number, isCurrent: boolean, isAccepted: boolean, acceptedAt?: string) => ({
  version,
  isCurrent,
  isAccepted,
  acceptedAt,
})

describe('pendingLicenceText', () => {
  it('says a license never accepted is not accepted yet', () => {
    expect(pendingLicenceText([doc(1, true, false)])).toBe('This account has not accepted this license yet.')
  })
  it('says a new version waits, naming the latest earlier version accepted and when', () => {
    expect(
      pendingLicenceText([
        doc(3, true, false),
        doc(2, false, true, '2026-08-03T10:00:00Z'),
        doc(1, false, true, '2026-01-01T00:00:00Z'),
      ]),
    ).toBe(
      'A new version waits: this account accepted version 2 on 3 Aug 2026 10:00 UTC, and each new version needs accepting again.',
    )
  })
  it('says it neutrally while the versions are unknown', () => {
    expect(pendingLicenceText(undefined)).toBe(
      'This account has not accepted the current version of this license.',
    )
  })
})
