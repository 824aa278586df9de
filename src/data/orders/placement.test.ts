import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import { poly, rect } from '../../testing/builders'
import {
  adviceFor,
  areaOf,
  explainPlacementError,
  isOrderOfAttempt,
  mayHaveCreated,
  orderRequest,
  outcomeOf,
  type Attempt,
  type Order,
} from './placement'

const PRODUCT = '0f8fad5b-d9cb-469f-a165-70867728950e'
const WS = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

const attempt: Attempt = {
  displayName: 'Harbour 2026-10-01',
  dataProductId: PRODUCT,
  sceneId: 'DS_PHR1A_1',
  workspaceId: WS,
  startedAt: '2026-11-22T10:00:00.000Z',
  before: ['11111111-1111-4111-8111-111111111111'],
}

const order = (over: Partial<Order> = {}): Order => ({
  id: '22222222-2222-4222-8222-222222222222',
  displayName: 'Harbour 2026-10-01',
  status: 'CREATED',
  type: 'ARCHIVE',
  workspaceId: WS,
  accountId: '33333333-3333-4333-8333-333333333333',
  dataProductId: PRODUCT,
  tags: [],
  createdAt: '2020-01-01T00:00:00Z',
  updatedAt: '2020-01-01T00:00:00Z',
  orderDetails: { aoi: poly(rect(0, 0, 1, 1)), imageId: 'DS_PHR1A_1' },
  ...over,
})

const problem = (
  status: number,
  code?: string,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) => new ApiError({ kind: status >= 500 ? 'server' : 'invalid', status, title: 'Refused', code, ...extra })

describe('placement rules', () => {
  it('builds one feature per request, trims the name, and leaves out empty tags and budget', () => {
    const area = poly(rect(0, 0, 1, 1))
    const body = orderRequest({
      dataProductId: PRODUCT,
      displayName: '  Harbour  ',
      tags: [],
      params: { id: 'X' },
      areas: [area],
      budgetId: null,
    })
    expect(body).toEqual({
      dataProduct: PRODUCT,
      displayName: 'Harbour',
      params: { id: 'X' },
      featureCollection: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: area, properties: {} }],
      },
    })
    const withBoth = orderRequest({
      dataProductId: PRODUCT,
      displayName: 'a',
      tags: ['t'],
      params: {},
      areas: [area],
      budgetId: WS,
    })
    expect(withBoth.tags).toEqual(['t'])
    expect(withBoth.budgetId).toBe(WS)
  })

  it('turns several AOI polygons into one MultiPolygon, one into itself, none into nothing', () => {
    const a = poly(rect(0, 0, 1, 1))
    const b = poly(rect(2, 2, 3, 3))
    expect(areaOf([])).toBeNull()
    expect(areaOf([a])).toBe(a)
    expect(areaOf([a, b])).toEqual({ type: 'MultiPolygon', coordinates: [a.coordinates, b.coordinates] })
  })

  it('reads the 202 answer: the created order, or the feature error with advice', () => {
    expect(outcomeOf({ results: [{ index: 0, id: 'abc' }], errors: [] })).toEqual({
      kind: 'placed',
      orderId: 'abc',
    })
    const failed = outcomeOf({
      results: [],
      errors: [{ index: 0, message: 'Area too small', details: '0.1 km² is below the minimum of 0.25 km²' }],
    })
    expect(failed).toEqual({
      kind: 'failed',
      message: 'Area too small',
      details: '0.1 km² is below the minimum of 0.25 km² Draw a larger AOI, or order the whole scene.',
    })
    expect(outcomeOf({ results: [], errors: [] })).toMatchObject({
      kind: 'failed',
      message: 'The service created no order.',
    })
  })

  it('treats no answer and 5xx as possibly created, refusals as definite', () => {
    expect(mayHaveCreated(new ApiError({ kind: 'network', status: 0, title: 'x' }))).toBe(true)
    expect(mayHaveCreated(problem(503))).toBe(true)
    expect(mayHaveCreated(problem(500))).toBe(true)
    expect(mayHaveCreated(problem(400, 'bad-order-request'))).toBe(false)
    expect(mayHaveCreated(problem(404, 'budget-not-found'))).toBe(false)
    expect(mayHaveCreated(new Error('boom'))).toBe(true)
  })

  it('recognizes the order of an attempt by workspace, name, product and scene, never one that was there before', () => {
    expect(isOrderOfAttempt(order(), attempt)).toBe(true)
    // Clocks do not matter: the service may stamp orders with any time.
    expect(isOrderOfAttempt(order({ createdAt: '1999-01-01T00:00:00Z' }), attempt)).toBe(true)
    expect(isOrderOfAttempt(order({ id: attempt.before[0] }), attempt)).toBe(false)
    expect(isOrderOfAttempt(order({ displayName: 'Other' }), attempt)).toBe(false)
    expect(isOrderOfAttempt(order({ dataProductId: WS }), attempt)).toBe(false)
    expect(isOrderOfAttempt(order({ workspaceId: PRODUCT }), attempt)).toBe(false)
    expect(
      isOrderOfAttempt(order({ orderDetails: { aoi: poly(rect(0, 0, 1, 1)), imageId: 'OTHER' } }), attempt),
    ).toBe(false)
    expect(isOrderOfAttempt(order({ dataProductId: PRODUCT.toUpperCase() }), attempt)).toBe(true)
  })

  it('says what to change for each per-feature error of the simulator and the service', () => {
    const advice = (message: string, details = '') => adviceFor({ index: 0, message, details })
    expect(advice('AOI outside the scene')).toMatch(/Whole scene/)
    expect(advice('Area too small')).toMatch(/larger AOI/)
    expect(advice('Area too large')).toMatch(/smaller AOI/)
    expect(advice('Invalid geometry', 'the geometry intersects itself')).toMatch(/crossing edges/)
    expect(advice('Invalid geometry', 'the geometry has 2000 vertices; at most 1000 are allowed')).toMatch(
      /Simplify/,
    )
    expect(advice('Insufficient credits')).toMatch(/Add credits/)
    expect(advice('Something else')).toBeNull()
  })

  it('explains every budget problem of the contract and the license refusal in plain words', () => {
    expect(explainPlacementError(problem(400, 'budget-id-required'))).toEqual({
      message: 'This account requires a budget on every order.',
      details: 'Budget enforcement is on: choose an active budget, then place again.',
    })
    expect(explainPlacementError(problem(400, 'budget-not-active')).message).toMatch(/not active/)
    expect(explainPlacementError(problem(404, 'budget-not-found')).message).toMatch(/no longer exists/)
    expect(explainPlacementError(problem(404, 'account-not-enterprise')).details).toMatch(/without a budget/)
    expect(explainPlacementError(problem(400, 'eula-not-accepted', { detail: 'Accept "X".' })).details).toBe(
      'Accept "X". Accept it above, then place again.',
    )
    expect(
      explainPlacementError(
        problem(400, 'bad-order-request', { fieldErrors: [{ name: 'params.id', reason: 'is not a scene' }] }),
      ).details,
    ).toBe('Change: id is not a scene.')
    expect(
      explainPlacementError(new ApiError({ kind: 'forbidden', status: 403, title: 'No' })).message,
    ).toMatch(/role cannot place/)
  })
})
