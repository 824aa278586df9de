import { describe, expect, it } from 'vitest'
import {
  decidedBy,
  decisionLabel,
  decisionSentence,
  formatDays,
  formatWindow,
  paramTypeText,
  windowDays,
} from './words'

const ME = 'a1b2c3d4-0000-4000-8000-000000000001'
const OTHER = 'ffffffff-0000-4000-8000-000000000002'

describe('who decided', () => {
  it('says "you" for the signed-in user, else who in words, with the start of the id', () => {
    expect(decidedBy(ME, 'USER', ME)).toBe('you')
    expect(decidedBy(ME.toUpperCase(), 'USER', ME)).toBe('you')
    expect(decidedBy(OTHER, 'USER', ME)).toBe('another user (id ffffffff…)')
    expect(decidedBy(OTHER, null, ME)).toBe('another user (id ffffffff…)')
    expect(decidedBy(OTHER, 'ADMIN', ME)).toBe('an administrator')
    expect(decidedBy(null, 'ADMIN')).toBe('an administrator')
    // Without the signed-in user's id, the page cannot say "another".
    expect(decidedBy(OTHER, 'USER')).toBe('a user (id ffffffff…)')
    expect(decidedBy(null, 'USER', ME)).toBe('another user')
    expect(decidedBy('abc', 'SYSTEM', ME)).toBe('system (id abc)')
    expect(decidedBy(null, null)).toBe('someone')
  })

  it('writes the decision with its UTC time', () => {
    const decided = {
      decision: 'ACCEPTED' as const,
      decisionAt: '2026-11-22T10:31:12.345Z',
      decisionById: ME,
      decisionByType: 'USER',
    }
    // This user's own decision says so, in their words.
    expect(decisionSentence('study', decided, ME)).toBe(
      'You chose an option of this study on 22 Nov 2026 10:31 UTC',
    )
    expect(decisionSentence('quotation', decided, ME)).toBe(
      'You accepted this quotation on 22 Nov 2026 10:31 UTC',
    )
    expect(decisionSentence('quotation', { ...decided, decision: 'REJECTED' }, ME)).toBe(
      'You rejected this quotation on 22 Nov 2026 10:31 UTC',
    )
    expect(decisionSentence('study', decided, OTHER)).toBe(
      'Chosen by another user (id a1b2c3d4…) on 22 Nov 2026 10:31 UTC',
    )
    expect(decisionSentence('quotation', { ...decided, decision: 'REJECTED', decisionById: OTHER }, ME)).toBe(
      'Rejected by another user (id ffffffff…) on 22 Nov 2026 10:31 UTC',
    )
    expect(decisionSentence('quotation', { decision: 'NOT_DECIDED', decisionAt: null }, ME)).toBeNull()
  })

  it('labels decisions per kind, in words', () => {
    expect(decisionLabel('study', 'NOT_DECIDED')).toBe('Not decided')
    expect(decisionLabel('study', 'ACCEPTED')).toBe('Option chosen')
    expect(decisionLabel('quotation', 'ACCEPTED')).toBe('Accepted')
    expect(decisionLabel('quotation', 'REJECTED')).toBe('Rejected')
  })
})

describe('study facts', () => {
  it('measures windows in days', () => {
    expect(windowDays('2026-11-01T00:00:00Z', '2026-11-22T00:00:00Z')).toBe(21)
    expect(windowDays('2026-11-01T00:00:00Z', '2026-11-01T12:00:00Z')).toBe(0.5)
    expect(windowDays('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toBeNull()
    expect(windowDays(undefined, '2026-11-01T00:00:00Z')).toBeNull()
    expect(formatDays(1)).toBe('1 day')
    expect(formatDays(21)).toBe('21 days')
    expect(formatDays(null)).toBe('—')
    expect(formatWindow('2026-11-01T09:00:00Z', '2026-11-22T09:00:00Z')).toBe(
      '1 Nov 2026 09:00 UTC – 22 Nov 2026 09:00 UTC (21 days)',
    )
  })

  it('says what the parameter type means', () => {
    expect(paramTypeText('ORIGINAL')).toMatch(/keep your parameters/)
    expect(paramTypeText('ALTERNATE')).toMatch(/change some of your parameters/)
    expect(paramTypeText(null)).toMatch(/does not say/)
  })
})
