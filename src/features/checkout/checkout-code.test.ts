import { describe, expect, it } from 'vitest'
import type { CreateOrderRequest } from '../../data/orders/placement'
import { orderCode, PLACING_WARNING } from '../../data/orders/order-code'
import { checkoutCode } from './checkout-code'

const request = (name: string): CreateOrderRequest => ({
  dataProduct: 'p-1',
  displayName: name,
  params: {},
  featureCollection: { type: 'FeatureCollection', features: [] },
})
const lines = [
  { displayName: 'A', request: request('A') },
  { displayName: 'B', request: request('B') },
]

describe('the whole checkout as code', () => {
  it('accepts the licences not yet accepted, reads the budget, estimates every line, then places every line', () => {
    const set = checkoutCode(lines, { workspaceId: 'ws', budgetId: 'b-1', budgetName: 'Ops' }, [
      { eulaId: 'e-1', title: 'Pléiades', documentId: 'd-1', accepted: false },
      { eulaId: 'e-2', title: 'SPOT', documentId: 'd-2', accepted: true },
    ])
    expect(set.steps.map((s) => `${s.call.method} ${s.call.path}`)).toEqual([
      'PATCH /v2/eulas/{eula-id}/documents/{eula-document-id}',
      'GET /v2/budgets/{budget-id}',
      'POST /v2/orders/estimate',
      'POST /v2/orders/estimate',
      'POST /v2/orders',
      'POST /v2/orders',
    ])
    expect(set.steps[0].call.contentType).toBe('application/merge-patch+json')
    // Estimates go without the budget, placing with it, as the review sends them.
    expect((set.steps[2].call.body as CreateOrderRequest).budgetId).toBeUndefined()
    expect((set.steps[4].call.body as CreateOrderRequest).budgetId).toBe('b-1')
    expect(set.steps[4].warning).toBe(PLACING_WARNING.archive)
  })

  it('has no licence or budget step where there is nothing to accept and no budget', () => {
    const set = checkoutCode(lines, { workspaceId: 'ws', budgetId: null }, [])
    expect(set.steps.map((s) => s.call.path)).toEqual([
      '/v2/orders/estimate',
      '/v2/orders/estimate',
      '/v2/orders',
      '/v2/orders',
    ])
  })

  it('says that placing a tasking request charges nothing, and an archive order spends credits', () => {
    const target = { workspaceId: 'ws', budgetId: null }
    expect(orderCode('T', request('T'), target, 'tasking').steps[1].warning).toMatch(/charges nothing/)
    expect(orderCode('O', request('O'), target).steps[1].warning).toMatch(/spends credits/)
  })
})
