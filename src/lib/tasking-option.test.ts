import { describe, expect, it } from 'vitest'
import { formatWindow, optionTitle, windowDays } from './tasking-option'

describe('tasking options in words', () => {
  it('names an option once, though its description starts with its name', () => {
    expect(optionTitle(1, 'Option 2: Extend the acquisition window by 7 days')).toBe(
      'Option 2: Extend the acquisition window by 7 days',
    )
    expect(optionTitle(0, 'option 1 – Original parameters')).toBe('Option 1: Original parameters')
    expect(optionTitle(2, 'Accept incidence angles up to 40°')).toBe(
      'Option 3: Accept incidence angles up to 40°',
    )
  })

  it('keeps a description that names another option, and says the name alone without one', () => {
    expect(optionTitle(0, 'Option 3: Wider angles')).toBe('Option 1: Option 3: Wider angles')
    expect(optionTitle(1, '')).toBe('Option 2')
    expect(optionTitle(1, 'Option 2')).toBe('Option 2')
  })

  it('says a window with its length in days', () => {
    expect(windowDays('2026-11-02T09:00:00Z', '2026-11-23T09:00:00Z')).toBe(21)
    expect(formatWindow('2026-11-02T09:00:00Z', '2026-11-23T09:00:00Z')).toBe(
      '2 Nov 2026 09:00 UTC – 23 Nov 2026 09:00 UTC (21 days)',
    )
    expect(formatWindow(null, '2026-11-23T09:00:00Z')).toBe('Not given')
  })
})
