import { describe, expect, it } from 'vitest'
import { readChartMode, readStatusFilter, withChartMode } from './url-state'

const params = (s: string) => new URLSearchParams(s)

describe('budgets in the URL', () => {
  it('reads the dashboard’s status filter, every budget for anything else', () => {
    expect(readStatusFilter(params('status=ACTIVE'))).toBe('ACTIVE')
    expect(readStatusFilter(params('status=INACTIVE'))).toBe('INACTIVE')
    expect(readStatusFilter(params('status=active'))).toBe('all')
    expect(readStatusFilter(params(''))).toBe('all')
  })

  it('writes a budget page’s chart mode and reads it back, keeping the other parameters', () => {
    const cumulative = withChartMode(params('x=1'), 'cumulative')
    expect(cumulative.toString()).toBe('x=1&chart=cumulative')
    expect(readChartMode(cumulative)).toBe('cumulative')
    const daily = withChartMode(cumulative, 'daily')
    expect(daily.toString()).toBe('x=1')
    expect(readChartMode(daily)).toBe('daily')
  })

  it('shows usage per day for a chart mode it does not know', () => {
    expect(readChartMode(params('chart=pie'))).toBe('daily')
    expect(readChartMode(params('chart='))).toBe('daily')
  })
})
