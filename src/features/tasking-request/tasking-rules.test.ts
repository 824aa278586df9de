import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import type { JsonSchema } from '../../lib/order-params/form-model'
import { poly, rect } from '../../testing/builders'
import type { Order } from '../../data/orders/placement'
import {
  defaultWindow,
  startingParams,
  taskingRequest,
  windowOf,
  withName,
} from '../../data/orders/tasking-request'
import {
  chargeNote,
  chargeRuleOf,
  cloudWords,
  defaultTaskingName,
  explainOpportunitiesError,
  feasibilityOf,
  featuresOf,
  omittedFields,
  opportunitiesScope,
  opportunityRows,
  ordersOfAttempt,
  placementOfAnswer,
  placementOfReconcile,
  taskingFrame,
  type Collection,
  type Opportunity,
  type TaskingAttempt,
} from './tasking-rules'

const PRODUCT = '0f8fad5b-d9cb-469f-a165-70867728950e'
const WS = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const a = poly(rect(0, 0, 0.1, 0.1))
const b = poly(rect(1, 1, 1.2, 1.2))
const c = poly(rect(2, 2, 2.05, 2.05))

const attempt = (over: Partial<TaskingAttempt> = {}): TaskingAttempt => ({
  displayName: 'Harbour tasking',
  dataProductId: PRODUCT,
  sceneId: null,
  workspaceId: WS,
  startedAt: '2026-11-22T10:00:00.000Z',
  before: ['11111111-1111-4111-8111-111111111111'],
  features: [a, b].map((geometry, i) => ({ label: `Feature ${i + 1}`, areaKm2: 10, geometry })),
  ...over,
})

const order = (id: string, geometry: unknown, over: Partial<Order> = {}): Order => ({
  id,
  displayName: 'Harbour tasking',
  status: 'CREATED',
  type: 'TASKING',
  workspaceId: WS,
  accountId: '33333333-3333-4333-8333-333333333333',
  dataProductId: PRODUCT,
  tags: [],
  createdAt: '2026-11-22T10:00:01Z',
  updatedAt: '2026-11-22T10:00:01Z',
  orderDetails:
    geometry === undefined
      ? undefined
      : ({
          acquisitionStart: '2026-11-23T00:00:00Z',
          acquisitionEnd: '2026-12-07T00:00:00Z',
          geometry,
        } as Order['orderDetails']),
  ...over,
})

const schema: JsonSchema = {
  type: 'object',
  properties: {
    acquisitionStart: { type: 'string', format: 'date-time' },
    acquisitionEnd: { type: 'string', format: 'date-time' },
    incidenceAngle: { type: 'integer', minimum: 5, maximum: 50, default: 30 },
  },
  required: ['acquisitionStart', 'acquisitionEnd', 'incidenceAngle'],
}

const opportunity = (id: string, start: string, index: number): Opportunity => ({
  id,
  index,
  start,
  end: start.replace(':00Z', ':09Z'),
  footprint: poly(rect(0, 0, 1, 1)),
  sensor: 'PHR1A',
  constellation: 'Pléiades',
  offNadirAngle: 10,
  incidenceAngle: 11.2,
  sunElevation: 30,
  cloudForecast: null,
})

describe('tasking features and request', () => {
  it('makes one feature per polygon, named by position, with its area', () => {
    const fs = featuresOf([a, b])
    expect(fs.map((f) => f.label)).toEqual(['Area 1', 'Area 2'])
    expect(fs[0].areaKm2).toBeGreaterThan(100)
    expect(fs[0].areaKm2).toBeLessThan(150)
    expect(featuresOf([])).toEqual([])
  })

  it('sends every polygon as its own feature of one request, name trimmed, empty tags and budget left out', () => {
    const body = taskingRequest({
      dataProductId: PRODUCT,
      displayName: '  Harbour  ',
      tags: [],
      params: { incidenceAngle: 30 },
      polygons: [a, b],
      budgetId: null,
    })
    expect(body).toEqual({
      dataProduct: PRODUCT,
      displayName: 'Harbour',
      params: { incidenceAngle: 30 },
      featureCollection: {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: a, properties: {} },
          { type: 'Feature', geometry: b, properties: {} },
        ],
      },
    })
    const withBudget = taskingRequest({
      dataProductId: PRODUCT,
      displayName: 'x',
      tags: ['coast'],
      params: {},
      polygons: [a],
      budgetId: 'B',
    })
    expect(withBudget).toMatchObject({ tags: ['coast'], budgetId: 'B' })
  })
})

describe('the tasking form', () => {
  it('opens the default window tomorrow at 00:00 UTC for two weeks, the same all day', () => {
    const morning = Date.parse('2026-11-02T00:00:01Z')
    const night = Date.parse('2026-11-02T23:59:59Z')
    expect(defaultWindow(morning)).toEqual({
      acquisitionStart: '2026-11-03T00:00:00Z',
      acquisitionEnd: '2026-11-17T00:00:00Z',
    })
    expect(defaultWindow(night)).toEqual(defaultWindow(morning))
  })

  it('starts from the schema’s defaults and the default window where the schema gives none', () => {
    const now = Date.parse('2026-11-02T09:00:00Z')
    expect(startingParams(schema, now)).toEqual({
      acquisitionStart: '2026-11-03T00:00:00Z',
      acquisitionEnd: '2026-11-17T00:00:00Z',
      incidenceAngle: 30,
    })
    const given: JsonSchema = {
      ...schema,
      properties: {
        ...(schema.properties as object),
        acquisitionStart: { type: 'string', format: 'date-time', default: '2027-01-01T00:00:00Z' },
      },
    }
    expect(startingParams(given, now).acquisitionStart).toBe('2027-01-01T00:00:00Z')
    // A form without a window gets none.
    expect(startingParams({ type: 'object', properties: { x: { type: 'string' } } }, now)).toEqual({})
  })

  it('leaves the geometry and the order name out of the form, and puts the name in params when asked there', () => {
    expect(omittedFields(schema)).toEqual([])
    const named: JsonSchema = {
      ...schema,
      properties: {
        ...(schema.properties as object),
        displayName: { type: 'string' },
        geometry: { type: 'object' },
      },
    }
    expect(omittedFields(named)).toEqual(['geometry', 'displayName'])
    expect(withName(named, { a: 1 }, ' Name ')).toEqual({ a: 1, displayName: 'Name' })
    expect(withName(schema, { a: 1 }, 'Name')).toEqual({ a: 1 })
  })

  it('reads the window, and names the request after the product and the window’s first day', () => {
    expect(
      windowOf({ acquisitionStart: '2026-11-03T00:00:00Z', acquisitionEnd: '2026-11-04T00:00:00Z' }),
    ).toEqual({
      from: Date.parse('2026-11-03T00:00:00Z'),
      to: Date.parse('2026-11-04T00:00:00Z'),
    })
    expect(
      windowOf({ acquisitionStart: '2026-11-04T00:00:00Z', acquisitionEnd: '2026-11-03T00:00:00Z' }),
    ).toBeNull()
    expect(windowOf({ acquisitionStart: 'soon' })).toBeNull()
    expect(defaultTaskingName('Pléiades Tasking Display', { acquisitionStart: '2026-11-03T00:00:00Z' })).toBe(
      'Pléiades Tasking Display tasking from 3 Nov 2026',
    )
  })
})

describe('credits and feasibility', () => {
  const collection = (integrations: Collection['integrations']): Collection =>
    ({ name: 'x', title: 'X', integrations }) as Collection

  it('says when credits are charged: at the quotation, or held at placement for a fixed price', () => {
    expect(chargeRuleOf(collection(['QUOTATION_REQUIRED']))).toBe('quotation')
    expect(chargeRuleOf(collection(['PRICE_ESTIMATION_AVAILABLE']))).toBe('fixed')
    expect(chargeNote('quotation')).toMatch(/only when you accept the provider’s quotation/)
    expect(chargeNote('fixed')).toMatch(/held .* when the orders are placed/)
  })

  it('reads the feasibility answer per feature: study, difficulty, or the feature’s error with advice', () => {
    const response = {
      results: [
        { index: 0, feasibilityStudyRequired: true },
        { index: 1, feasibilityStudyRequired: false, difficulty: 'MEDIUM' as const },
      ],
      errors: [{ index: 2, message: 'Area too small', details: '0.1 km² is below the minimum of 0.25 km²' }],
    }
    expect(feasibilityOf(response, 0)).toEqual({ kind: 'study' })
    expect(feasibilityOf(response, 1)).toEqual({ kind: 'no-study', difficulty: 'MEDIUM' })
    expect(feasibilityOf(response, 2)).toEqual({
      kind: 'error',
      message: 'Area too small',
      details: '0.1 km² is below the minimum of 0.25 km²',
      advice: 'Draw a larger AOI, or order the whole scene.',
    })
    expect(feasibilityOf(response, 3)).toEqual({ kind: 'unknown' })
    expect(feasibilityOf(undefined, 0)).toEqual({ kind: 'unknown' })
  })
})

describe('opportunities', () => {
  it('lists every feature’s passes in time order, keyed by feature so a shared pass stays two rows', () => {
    const rows = opportunityRows({
      results: [
        { index: 0, opportunities: [opportunity('p2', '2026-11-04T10:00:00Z', 0)] },
        {
          index: 1,
          opportunities: [
            opportunity('p1', '2026-11-03T10:00:00Z', 1),
            opportunity('p2', '2026-11-04T10:00:00Z', 1),
          ],
        },
      ],
      errors: [],
    })
    expect(rows.map((r) => [r.key, r.position])).toEqual([
      ['1:p1', 0],
      ['0:p2', 1],
      ['1:p2', 2],
    ])
    expect(opportunityRows(undefined)).toEqual([])
  })

  it('explains a 501 as a way of working, a 400 by its fields, anything else as a failure', () => {
    const notImplemented = new ApiError({
      kind: 'not-implemented',
      status: 501,
      title: 'Opportunities not implemented',
      detail: 'The provider of Capella SAR Tasking does not publish acquisition opportunities.',
      code: 'opportunities-not-implemented',
    })
    const explained = explainOpportunitiesError(notImplemented, 'Capella SAR Tasking', 'quotation')
    expect(explained).toEqual({
      kind: 'not-published',
      message:
        'Opportunities are not published for Capella SAR Tasking: The provider of Capella SAR Tasking does not publish acquisition opportunities. You can still place the request; the provider sends a quotation.',
    })
    const tooLong = new ApiError({
      kind: 'invalid',
      status: 400,
      title: 'Order request not valid',
      fieldErrors: [
        { name: 'params.acquisitionEnd', reason: 'must be at most 90 days after acquisitionStart' },
      ],
    })
    expect(explainOpportunitiesError(tooLong, 'X', 'quotation')).toMatchObject({
      kind: 'window',
      fields: [{ name: 'params.acquisitionEnd' }],
    })
    expect(explainOpportunitiesError(new Error('x'), 'X', 'fixed').kind).toBe('failed')
    expect(cloudWords(null)).toBe('no forecast yet')
    expect(cloudWords(35.4)).toBe('35 %')
  })

  it('takes only a 400 that names the window’s fields for a window problem', () => {
    const refused = (fieldErrors: { name: string; reason: string }[], detail?: string) =>
      new ApiError({ kind: 'invalid', status: 400, title: 'Order request not valid', detail, fieldErrors })
    // Another field: not the window's, so nothing is said about the window nor shown at its fields.
    expect(
      explainOpportunitiesError(
        refused([{ name: 'featureCollection', reason: 'must not have more than 100 features' }]),
        'X',
        'fixed',
      ),
    ).toEqual({
      kind: 'refused',
      message:
        'The service refused to list them for this request: featureCollection must not have more than 100 features. Placing does not need them.',
    })
    expect(explainOpportunitiesError(refused([], 'The body is not valid.'), 'X', 'fixed')).toEqual({
      kind: 'refused',
      message:
        'The service refused to list them for this request: The body is not valid. Placing does not need them.',
    })
    // The window among other fields: only the window's errors go to its fields.
    const mixed = explainOpportunitiesError(
      refused([
        { name: 'params.cloudCoverage', reason: 'must be at most 100' },
        { name: 'params.acquisitionStart', reason: 'must be in the future' },
      ]),
      'X',
      'fixed',
    )
    expect(mixed).toEqual({
      kind: 'window',
      message:
        'To see them, change the window: acquisitionStart must be in the future. Also refused: cloudCoverage must be at most 100. Placing does not need them.',
      fields: [{ name: 'params.acquisitionStart', reason: 'must be in the future' }],
    })
  })

  it('fingerprints an answer’s opportunities, so hover and selection follow the answer and not its object', () => {
    const response = (start: string) => ({
      results: [
        {
          index: 0,
          opportunities: [opportunity('p1', start, 0), opportunity('p2', '2026-11-05T10:00:00Z', 0)],
        },
      ],
      errors: [],
    })
    const first = opportunitiesScope(opportunityRows(response('2026-11-04T10:00:00Z')))
    // The same passes in another answer object: the same scope, so a pick survives a refetch.
    expect(opportunitiesScope(opportunityRows(response('2026-11-04T10:00:00Z')))).toBe(first)
    // Other passes under the same ids: another scope.
    expect(opportunitiesScope(opportunityRows(response('2026-11-04T11:00:00Z')))).not.toBe(first)
    expect(opportunitiesScope([])).toBe('0:' + (0x811c9dc5).toString(36))
    expect(first.length).toBeLessThan(16)
  })
})

describe('placing a multi-feature request', () => {
  it('reads a 202: the orders by feature, and each refused feature with what to change', () => {
    const three = attempt({
      features: [a, b, c].map((geometry, i) => ({ label: `Feature ${i + 1}`, areaKm2: 1, geometry })),
    })
    const outcome = placementOfAnswer(
      {
        results: [
          { index: 2, id: 'o3' },
          { index: 0, id: 'o1' },
        ],
        errors: [
          { index: 1, message: 'Area too large', details: '12000 km² is above the maximum of 10000 km²' },
        ],
      },
      three,
    )
    expect(outcome).toMatchObject({
      kind: 'placed',
      reconciled: false,
      orders: [
        { index: 0, orderId: 'o1' },
        { index: 2, orderId: 'o3' },
      ],
      refused: [
        {
          index: 1,
          message: 'Area too large',
          details: '12000 km² is above the maximum of 10000 km² Draw a smaller AOI over the part you need.',
        },
      ],
    })
  })

  it('takes a 202 that created nothing for a failure, with every feature’s reason', () => {
    const outcome = placementOfAnswer(
      {
        results: [],
        errors: [{ index: 0, message: 'Invalid geometry', details: 'the geometry intersects itself' }],
      },
      attempt(),
    )
    expect(outcome).toMatchObject({
      kind: 'failed',
      message: 'The service created none of the 2 orders.',
      refused: [
        { index: 0, message: 'Invalid geometry' },
        { index: 1, message: 'Not created' },
      ],
    })
  })

  it('finds the attempt’s orders after a lost answer by identity and geometry, never older ones', () => {
    const orders = [
      order('22222222-2222-4222-8222-222222222222', b, { createdAt: '2026-11-22T10:00:02Z' }),
      order('11111111-1111-4111-8111-111111111111', a), // there before the attempt
      order('44444444-4444-4444-8444-444444444444', a),
      order('55555555-5555-4555-8555-555555555555', c), // same name, another geometry: not this attempt's
      order('66666666-6666-4666-8666-666666666666', a, { displayName: 'Other' }),
      order('77777777-7777-4777-8777-777777777777', a, {
        workspaceId: '00000000-0000-4000-8000-000000000000',
      }),
    ]
    expect(ordersOfAttempt(orders, attempt())).toEqual([
      { index: 0, orderId: '44444444-4444-4444-8444-444444444444' },
      { index: 1, orderId: '22222222-2222-4222-8222-222222222222' },
    ])
  })

  it('gives orders whose geometry is not shown the features left, in creation order', () => {
    const orders = [
      order('22222222-2222-4222-8222-222222222222', undefined, { createdAt: '2026-11-22T10:00:02Z' }),
      order('44444444-4444-4444-8444-444444444444', b),
      order('88888888-8888-4888-8888-888888888888', undefined, { createdAt: '2026-11-22T10:00:03Z' }),
    ]
    expect(ordersOfAttempt(orders, attempt())).toEqual([
      { index: 0, orderId: '22222222-2222-4222-8222-222222222222' },
      { index: 1, orderId: '44444444-4444-4444-8444-444444444444' },
    ])
  })

  it('settles a lost answer: the orders found are placed, the others said not created; none found is a failure', () => {
    const found = placementOfReconcile([order('44444444-4444-4444-8444-444444444444', b)], attempt())
    expect(found).toMatchObject({
      kind: 'placed',
      reconciled: true,
      orders: [{ index: 1, orderId: '44444444-4444-4444-8444-444444444444' }],
      refused: [{ index: 0, message: 'Not created' }],
    })
    expect(placementOfReconcile([], attempt())).toMatchObject({
      kind: 'failed',
      message: 'The service did not answer, and no order was created.',
    })
  })
})

describe('framing the tasking map', () => {
  it('frames the AOI with every opportunity’s footprint, and nothing without either', () => {
    const rows = opportunityRows({
      results: [
        {
          index: 0,
          opportunities: [
            { ...opportunity('p1', '2026-11-03T10:00:00Z', 0), footprint: poly(rect(3, -2, 4, 1)) },
          ],
        },
      ],
      errors: [],
    })
    expect(taskingFrame([poly(rect(0, 0, 1, 1))], rows)).toEqual([0, -2, 4, 1])
    expect(taskingFrame([poly(rect(0, 0, 1, 1))], [])).toEqual([0, 0, 1, 1])
    expect(taskingFrame([], [])).toBeNull()
  })
})
