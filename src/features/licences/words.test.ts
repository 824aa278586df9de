import { describe, expect, it } from 'vitest'
import type { Eula, EulaDocument } from '../../data/licences/queries'
import { acceptanceLine, acceptedBy, lastAcceptedEarlier, licenceState } from './words'

const eula = (isAccepted: boolean): Eula => ({ id: 'e', title: 'T', description: 'D', isAccepted })
const doc = (version: number, isCurrent: boolean, isAccepted: boolean): EulaDocument => ({
  id: `d${version}`,
  url: `https://docs.test/${version}.html`,
  filename: `${version}.html`,
  version,
  isCurrent,
  isAccepted,
})

describe('license wording', () => {
  it('tells an accepted license, a new version waiting and one never accepted apart', () => {
    expect(licenceState(eula(true))).toBe('accepted')
    expect(licenceState(eula(false), [doc(2, true, false), doc(1, false, true)])).toBe('new-version')
    expect(licenceState(eula(false), [doc(1, true, false)])).toBe('not-accepted')
    // Versions unknown yet: nothing is claimed about an earlier acceptance.
    expect(licenceState(eula(false))).toBe('not-accepted')
  })

  it('names who accepted and when', () => {
    expect(acceptedBy('u1', 'u1')).toBe('you')
    expect(acceptedBy('u2', 'u1')).toBe('user u2')
    expect(acceptedBy(null, 'u1')).toBe('an unknown user')
    expect(
      acceptanceLine({ isAccepted: true, acceptedAt: '2026-11-02T09:00:00Z', acceptedById: 'u1' }, 'u1'),
    ).toBe('Accepted by you on 2 Nov 2026 09:00 UTC')
    expect(acceptanceLine({ isAccepted: false }, 'u1')).toBeNull()
  })

  it('finds the newest earlier version that was accepted', () => {
    expect(
      lastAcceptedEarlier([doc(3, true, false), doc(2, false, true), doc(1, false, true)])?.version,
    ).toBe(2)
    expect(lastAcceptedEarlier([doc(1, true, true)])).toBeNull()
  })
})
