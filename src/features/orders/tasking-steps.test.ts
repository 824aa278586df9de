import { describe, expect, it } from 'vitest'
import type { Order } from '../../data/orders/queries'
import { ORDER_STATUSES, ORDER_SUB_STATUSES, type OrderSubStatus } from '../../data/orders/status'
import { showsCoverage, subStatusOf, TASKING_STATE_WORDS, taskingNext, taskingSteps } from './tasking-steps'

/** `label:state`, `*` on the current step. */
const shape = (s: OrderSubStatus) =>
  taskingSteps(s).map((t) => `${t.label}:${t.state}${t.current ? '*' : ''}`)

const tasking = (status: Order['status'], subStatus?: OrderSubStatus): Order => ({
  id: '3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f',
  displayName: 'Lyon',
  status,
  type: 'TASKING',
  workspaceId: 'w',
  accountId: 'a',
  tags: [],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  orderDetails: {
    acquisitionStart: '2026-11-02T00:00:00Z',
    acquisitionEnd: '2026-11-30T00:00:00Z',
    geometry: { type: 'Point', coordinates: [4.8, 45.7] },
    ...(subStatus ? { subStatus } : {}),
  },
})

describe('tasking steps', () => {
  it('a study being prepared, then an option to choose: the steps before are done', () => {
    expect(shape('FEASIBILITY_WAITING_UPLOAD')).toEqual([
      'Feasibility study:current*',
      'Choose an option:upcoming',
      'Quotation:upcoming',
      'Decide the quotation:upcoming',
      'Accepted:upcoming',
    ])
    expect(shape('FEASIBILITY_WAITING_RESPONSE')).toEqual([
      'Feasibility study:done',
      'Choose an option:current*',
      'Quotation:upcoming',
      'Decide the quotation:upcoming',
      'Accepted:upcoming',
    ])
  })

  it('once the order’s studies are read, the study steps say done (a study) or not needed (none)', () => {
    const words = (study: 'present' | 'absent') =>
      taskingSteps('QUOTATION_WAITING_RESPONSE', study).map((t) => TASKING_STATE_WORDS[t.state])
    expect(words('present')).toEqual(['done', 'done', 'done', 'now', 'to come'])
    expect(words('absent')).toEqual(['not needed', 'not needed', 'done', 'now', 'to come'])
    // Before the study steps are passed, what the service has does not change them.
    expect(taskingSteps('FEASIBILITY_WAITING_UPLOAD', 'absent')[0].state).toBe('current')
  })

  it('from a QUOTATION_* sub-status the study may not have happened: its steps are “done or not needed”', () => {
    expect(shape('QUOTATION_WAITING_UPLOAD')).toEqual([
      'Feasibility study:unknown',
      'Choose an option:unknown',
      'Quotation:current*',
      'Decide the quotation:upcoming',
      'Accepted:upcoming',
    ])
    expect(shape('QUOTATION_WAITING_RESPONSE')).toEqual([
      'Feasibility study:unknown',
      'Choose an option:unknown',
      'Quotation:done',
      'Decide the quotation:current*',
      'Accepted:upcoming',
    ])
    expect(TASKING_STATE_WORDS.unknown).toBe('done or not needed')
  })

  it('accepted ends the line as the current step; rejected as a failed “Rejected”', () => {
    expect(shape('QUOTATION_ACCEPTED')).toEqual([
      'Feasibility study:unknown',
      'Choose an option:unknown',
      'Quotation:done',
      'Decide the quotation:done',
      'Accepted:current*',
    ])
    expect(shape('QUOTATION_REJECTED').slice(2)).toEqual([
      'Quotation:done',
      'Decide the quotation:done',
      'Rejected:failed*',
    ])
  })

  it('exactly one current step for every sub-status, and every state has words', () => {
    for (const s of ORDER_SUB_STATUSES) {
      const steps = taskingSteps(s)
      expect(steps).toHaveLength(5)
      expect(steps.filter((t) => t.current)).toHaveLength(1)
      for (const t of steps) expect(TASKING_STATE_WORDS[t.state]).toBeTruthy()
    }
  })
})

describe('what happens next', () => {
  it('the analyst is awaited with an option to choose or a quotation to decide', () => {
    expect(taskingNext('FEASIBILITY_WAITING_RESPONSE', 'PLACED')).toMatchObject({
      who: 'analyst',
      action: 'Choose an option',
    })
    expect(taskingNext('QUOTATION_WAITING_RESPONSE', 'PLACED')).toMatchObject({
      who: 'analyst',
      action: 'Decide the quotation',
    })
  })

  it('the provider is awaited for the study and the quotation, and the page says it refreshes by itself', () => {
    for (const s of ['FEASIBILITY_WAITING_UPLOAD', 'QUOTATION_WAITING_UPLOAD'] as const) {
      const next = taskingNext(s, 'PLACED')
      expect(next.who).toBe('provider')
      expect(next.text).toMatch(/the provider .* this page refreshes by itself\.$/)
    }
  })

  it('a final order waits for no one, even when its sub-status stopped midway', () => {
    expect(taskingNext('QUOTATION_WAITING_RESPONSE', 'CANCELED').who).toBe('nobody')
    expect(taskingNext('FEASIBILITY_WAITING_UPLOAD', 'FAILED_PERMANENTLY').who).toBe('nobody')
    expect(taskingNext('QUOTATION_REJECTED', 'FAILED_PERMANENTLY').text).toMatch(/rejected/)
    expect(taskingNext('QUOTATION_ACCEPTED', 'BEING_FULFILLED').text).toMatch(/each delivery adds/)
    expect(taskingNext('QUOTATION_ACCEPTED', 'FULFILLED').text).toMatch(/fulfilled/)
    expect(taskingNext('QUOTATION_ACCEPTED', 'CANCELED').text).toMatch(/canceled/)
  })
})

describe('coverage and sub-status of an order', () => {
  it('the sub-status of tasking orders only; fixed-price tasking has none', () => {
    expect(subStatusOf(tasking('PLACED', 'QUOTATION_WAITING_UPLOAD'))).toBe('QUOTATION_WAITING_UPLOAD')
    expect(subStatusOf(tasking('BEING_FULFILLED'))).toBeUndefined()
    expect(subStatusOf({ ...tasking('PLACED'), orderDetails: undefined })).toBeUndefined()
  })

  it('coverage for tasking orders being fulfilled, fulfilled or failed; never for a rejected quotation', () => {
    expect(ORDER_STATUSES.filter((s) => showsCoverage(tasking(s, 'QUOTATION_ACCEPTED')))).toEqual([
      'BEING_FULFILLED',
      'FULFILLED',
      'FAILED_PERMANENTLY',
    ])
    expect(showsCoverage(tasking('BEING_FULFILLED'))).toBe(true)
    expect(showsCoverage(tasking('FAILED_PERMANENTLY', 'QUOTATION_REJECTED'))).toBe(false)
    expect(showsCoverage({ ...tasking('FULFILLED'), type: 'ARCHIVE', orderDetails: undefined })).toBe(false)
  })
})
