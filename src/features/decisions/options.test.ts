import { describe, expect, it } from 'vitest'
import { chosenIndex, optionAxis, optionBarId, optionOfBar, REQUESTED_LANE, windowEnded } from './options'
import type { FeasibilityOption, FeasibilityStudy } from '../../data/decisions/queries'

const option = (i: number, start: string, end: string, credits?: number): FeasibilityOption => ({
  id: `opt-${i}`,
  createdAt: start,
  updatedAt: start,
  studyId: 'study',
  description: `Option ${i + 1}`,
  acquisitionStart: start,
  acquisitionEnd: end,
  ...(credits === undefined ? {} : { estimatedCredits: credits }),
})

describe('optionAxis', () => {
  const options = [
    option(0, '2026-11-02T09:00:00Z', '2026-11-23T09:00:00Z', 12300),
    option(1, '2026-11-02T09:00:00Z', '2026-12-07T09:00:00Z'),
  ]

  it('puts the requested window first as a reference lane, then one lane per option', () => {
    const axis = optionAxis(options, { start: '2026-11-02T09:00:00Z', end: '2026-11-23T09:00:00Z' })
    expect(axis?.lanes.map((l) => l.label)).toEqual(['Requested', 'Option 1', 'Option 2'])
    expect(axis?.items.map((i) => i.id)).toEqual([REQUESTED_LANE, 'option-0', 'option-1'])
    expect(axis?.items[1]?.label).toBe(
      'Option 1: 2 Nov 2026 09:00 UTC – 23 Nov 2026 09:00 UTC (21 days), 12,300 credits',
    )
    // The axis spans every window with some room.
    expect(axis?.from).toBeLessThan(Date.parse('2026-11-02T09:00:00Z'))
    expect(axis?.to).toBeGreaterThan(Date.parse('2026-12-07T09:00:00Z'))
  })

  it('works without the order’s window, and gives nothing when no option has one', () => {
    expect(optionAxis(options, null)?.lanes).toHaveLength(2)
    expect(optionAxis([{ ...options[0], acquisitionStart: undefined }], null)).toBeNull()
  })

  it('maps bars back to options', () => {
    expect(optionOfBar(optionBarId(2))).toBe(2)
    expect(optionOfBar(REQUESTED_LANE)).toBeNull()
    expect(optionOfBar(null)).toBeNull()
  })
})

describe('chosenIndex', () => {
  it('finds the chosen option among the study’s', () => {
    const options = [
      option(0, '2026-11-02T09:00:00Z', '2026-11-23T09:00:00Z'),
      option(1, '2026-11-02T09:00:00Z', '2026-11-30T09:00:00Z'),
    ]
    const study = { options, decisionOption: options[1] } as FeasibilityStudy
    expect(chosenIndex(study)).toBe(1)
    expect(chosenIndex({ ...study, decisionOption: null })).toBeNull()
  })
})

describe('windowEnded', () => {
  const o = option(0, '2026-10-24T04:14:00Z', '2026-11-23T04:14:00Z')
  it('says an option whose window closed before now can no longer be acquired', () => {
    expect(windowEnded(o, Date.parse('2026-11-26T00:00:00Z'))).toBe(true)
    expect(windowEnded(o, Date.parse('2026-11-23T04:14:00Z'))).toBe(true)
  })
  it('keeps an option open until its window ends, and one without an end', () => {
    expect(windowEnded(o, Date.parse('2026-11-23T04:13:00Z'))).toBe(false)
    expect(windowEnded({ acquisitionEnd: undefined }, Date.parse('2030-01-01T00:00:00Z'))).toBe(false)
  })
})
