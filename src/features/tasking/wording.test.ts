import { describe, expect, it } from 'vitest'
import {
  canDecide,
  decidedBy,
  decisionLabel,
  decisionSentence,
  formatDays,
  formatWindow,
  paramTypeText,
  whyCannotDecide,
  windowDays,
} from './wording'

const ME = 'a1b2c3d4-0000-4000-8000-000000000001'
const OTHER = 'ffffffff-0000-4000-8000-000000000002'

describe('who decided', () => {
  it('says "you" for the signed-in user, else the actor kind and id', () => {
    expect(decidedBy(ME, 'USER', ME)).toBe('you')
    expect(decidedBy(OTHER, 'USER', ME)).toBe(`user ${OTHER}`)
    expect(decidedBy(OTHER, 'ADMIN', ME)).toBe(`admin ${OTHER}`)
    expect(decidedBy(OTHER, null, ME)).toBe(OTHER)
    expect(decidedBy(null, 'ADMIN')).toBe('admin')
    expect(decidedBy(null, null)).toBe('someone')
  })

  it('writes the decision with its UTC time', () => {
    const decided = {
      decision: 'ACCEPTED' as const,
      decisionAt: '2026-11-22T10:31:12.345Z',
      decisionById: ME,
      decisionByType: 'USER',
    }
    expect(decisionSentence('study', decided, ME)).toBe('Chosen by you on 22 Nov 2026 10:31 UTC')
    expect(decisionSentence('quotation', decided, ME)).toBe('Accepted by you on 22 Nov 2026 10:31 UTC')
    expect(decisionSentence('quotation', { ...decided, decision: 'REJECTED', decisionById: OTHER }, ME)).toBe(
      `Rejected by user ${OTHER} on 22 Nov 2026 10:31 UTC`,
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

describe('who may decide', () => {
  it('keeps Viewer and Member from deciding and lets any other role try', () => {
    expect(canDecide('VIEWER')).toBe(false)
    expect(canDecide('MEMBER')).toBe(false)
    expect(canDecide('ADMIN')).toBe(true)
    expect(canDecide('OWNER')).toBe(true)
    expect(canDecide(undefined)).toBe(true)
    expect(whyCannotDecide('VIEWER')).toMatch(/Your role \(Viewer\).*ask an account administrator/)
    expect(whyCannotDecide('ADMIN')).toBeNull()
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
