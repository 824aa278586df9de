import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import { byWhom, jobAttention, orderAttention } from './reasons'

type Order = components['schemas']['Order']
type Job = components['schemas']['Job']

const order = (patch: Partial<Order>): Order => ({
  id: 'o1',
  displayName: 'Lyon archive 4',
  status: 'PLACEMENT_FAILED',
  type: 'ARCHIVE',
  workspaceId: 'w',
  accountId: 'a',
  tags: [],
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-21T08:30:00Z',
  updatedBy: { id: 'system', type: 'INTERNAL' },
  ...patch,
})

const job = (patch: Partial<Job>): Job => ({
  jobID: 'j1',
  processID: 'pansharpening',
  accountID: 'a',
  workspaceID: 'w',
  definition: { inputs: {} },
  status: 'failed',
  created: '2026-11-20T10:00:00Z',
  updated: '2026-11-20T10:05:00Z',
  started: '2026-11-20T10:01:00Z',
  finished: '2026-11-20T10:05:00Z',
  ...patch,
})

describe('why an order needs attention', () => {
  it('says a failed placement, when and by whom, and what to do for an archive or a tasking order', () => {
    const a = orderAttention(order({}))
    expect(a?.title).toBe('Placement failed')
    expect(a?.reason).toMatch(/placement failed on .*2026.* by the service/)
    expect(a?.next).toMatch(/^Order it again with the same line, or cancel it/)
    expect(orderAttention(order({ type: 'TASKING' }))?.next).toMatch(/^Cancel it and request it again/)
  })

  it('tells a rejected quotation from another permanent failure by the sub-status', () => {
    const rejected = order({
      status: 'FAILED_PERMANENTLY',
      type: 'TASKING',
      updatedBy: { id: 'u1', type: 'USER' },
      orderDetails: {
        acquisitionStart: '2026-11-22T00:00:00Z',
        acquisitionEnd: '2026-12-22T00:00:00Z',
        geometry: { type: 'Point', coordinates: [0, 0] },
        subStatus: 'QUOTATION_REJECTED',
      },
    })
    expect(orderAttention(rejected, 'u1')).toMatchObject({ title: 'Quotation rejected' })
    expect(orderAttention(rejected, 'u1')?.reason).toMatch(/rejected by you on/)
    expect(orderAttention(order({ status: 'FAILED_PERMANENTLY' }))?.title).toBe('Failed')
  })

  it('has nothing to say about an order that did not fail', () => {
    for (const status of ['CREATED', 'PLACED', 'FULFILLED', 'CANCELED'] as const)
      expect(orderAttention(order({ status }))).toBeNull()
  })

  it('names who moved the order last', () => {
    expect(byWhom({ id: 'x', type: 'ADMIN' }, 'u')).toBe(' by an administrator')
    expect(byWhom({ id: 'x', type: 'USER' }, 'u')).toBe(' by another user of the account')
    expect(byWhom(undefined, 'u')).toBe('')
  })
})

describe('why a job needs attention', () => {
  it('quotes the errors the service returned and says what to do by status', () => {
    const a = jobAttention(
      job({
        status: 'unlicensed',
        results: { collection: null, errors: [{ name: 'EulaNotAccepted', message: 'Accept it.' }] },
      }),
    )
    expect(a?.title).toBe('License not accepted')
    expect(a?.reason).toMatch(/^Accept it\. \(/)
    expect(a?.next).toMatch(/Accept the process’s license/)
    expect(jobAttention(job({ status: 'released', results: null }))?.reason).toMatch(/gave no reason/)
  })

  it('has nothing to say about a job under way or done', () => {
    for (const status of ['running', 'captured', 'successful'] as const)
      expect(jobAttention(job({ status }))).toBeNull()
  })
})
