import { describe, expect, it } from 'vitest'
import {
  canCancel,
  isTerminal,
  ORDER_STATUSES,
  pollInterval,
  POLL_MS,
  STATUS_LABELS,
  subStatusLabel,
  timelineSteps,
  whyNotCancelable,
} from './status'

describe('order statuses', () => {
  it('FULFILLED, FAILED_PERMANENTLY and CANCELED are final', () => {
    expect(ORDER_STATUSES.filter(isTerminal)).toEqual(['FULFILLED', 'FAILED_PERMANENTLY', 'CANCELED'])
  })

  it('only CREATED and PLACEMENT_FAILED can be canceled; the others say why not', () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual(['CREATED', 'PLACEMENT_FAILED'])
    expect(whyNotCancelable('CREATED')).toBeNull()
    expect(whyNotCancelable('BEING_FULFILLED')).toBe(
      'Orders can be canceled only while created or after a failed placement; this one is being fulfilled.',
    )
    expect(whyNotCancelable('CANCELED')).toBe('This order has already been canceled.')
  })

  it('every status and sub-status has words', () => {
    for (const s of ORDER_STATUSES) expect(STATUS_LABELS[s]).toBeTruthy()
    expect(subStatusLabel('QUOTATION_WAITING_RESPONSE')).toBe('Quotation: accept or reject')
    expect(subStatusLabel(undefined)).toBe('—')
  })
})

describe('polling', () => {
  it('polls while any order can still change, and stops when all are final or there are none', () => {
    expect(pollInterval(['FULFILLED', 'PLACED'])).toBe(POLL_MS)
    expect(pollInterval(['FULFILLED', 'CANCELED', 'FAILED_PERMANENTLY'])).toBe(false)
    expect(pollInterval([])).toBe(false)
    expect(pollInterval(undefined)).toBe(false)
  })
})

describe('timeline', () => {
  const shape = (s: Parameters<typeof timelineSteps>[0]) =>
    timelineSteps(s).map((t) => `${t.status}:${t.state}${t.current ? '*' : ''}`)

  it('an order on the main line: steps passed, the current one, steps to come', () => {
    expect(shape('PLACED')).toEqual([
      'CREATED:done',
      'BEING_PLACED:done',
      'PLACED:current*',
      'BEING_FULFILLED:upcoming',
      'FULFILLED:upcoming',
    ])
    expect(shape('CREATED')[0]).toBe('CREATED:current*')
    expect(shape('FULFILLED').at(-1)).toBe('FULFILLED:current*')
    expect(
      shape('FULFILLED')
        .slice(0, -1)
        .every((s) => s.endsWith(':done')),
    ).toBe(true)
  })

  it('failure and cancellation branch off the line', () => {
    expect(shape('PLACEMENT_FAILED')).toEqual([
      'CREATED:done',
      'BEING_PLACED:done',
      'PLACEMENT_FAILED:failed*',
      'PLACED:upcoming',
      'BEING_FULFILLED:upcoming',
      'FULFILLED:upcoming',
    ])
    expect(shape('FAILED_PERMANENTLY').at(-1)).toBe('FAILED_PERMANENTLY:failed*')
    expect(shape('FAILED_PERMANENTLY')).not.toContain('FULFILLED:upcoming')
    expect(shape('CANCELED')).toEqual(['CREATED:done', 'CANCELED:canceled*'])
  })
})
