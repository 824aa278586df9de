import { describe, expect, it } from 'vitest'
import { TestSim } from '../testing/harness'
import { rectAround } from '../domain/geometries/coverage'
import { uuidFrom } from '../domain/world/random'
import { dataProductId, ids } from '../domain/world/ids'
import { DELIVERY_INTERVAL_MS, HOUR_MS, QUOTATION_DELAY_MS, STUDY_DELAY_MS } from '../domain/tasking/rules'
import { stallsAt75, startTaskingFlow } from '../domain/tasking/flow'
import type { OrderRecord, S } from '../domain/world/types'

const DAY_MS = 24 * HOUR_MS
const H = 3600

type Problem = S['Problem']
type Page<T> = S['PageMeta'] & { content: T[] }

const product = {
  phr: dataProductId('phr-tasking', 'phr-tasking-display'),
  pneo: dataProductId('pneo-tasking', 'pneo-tasking-display'),
  capella: dataProductId('capella-tasking', 'capella-tasking-spotlight'),
  blacksky: dataProductId('blacksky-tasking', 'blacksky-tasking-standard'),
  archive: dataProductId('phr', 'phr-display'),
}

const slugOf = (p: unknown) => (p as Problem).type.split('/').pop()

/** A create-order request for the tasking checks: one feature per geometry, window from now + 1 day. */
function request(
  sim: TestSim,
  dataProduct: string,
  geometries: S['GeoJsonGeometry'][],
  windowDays = 30,
  params: Record<string, unknown> = {},
) {
  const start = sim.world.now() + DAY_MS
  return {
    dataProduct,
    displayName: 'tasking check',
    params: {
      acquisitionStart: new Date(start).toISOString(),
      acquisitionEnd: new Date(start + windowDays * DAY_MS).toISOString(),
      ...params,
    },
    featureCollection: {
      type: 'FeatureCollection',
      features: geometries.map((geometry) => ({ type: 'Feature', geometry, properties: {} })),
    },
  }
}

/** Picks a deterministic order id that does (or does not) stall at 75 %. */
function orderId(stall: boolean, salt = ''): string {
  for (let i = 0; ; i++) {
    const id = uuidFrom(`tasking-test:${salt}:${i}`)
    if (stallsAt75(id) === stall) return id
  }
}

/**
 * Inserts a PLACED tasking order straight into the world and starts the flow, as the orders area does once
 * an order is placed: the tests of this area do not depend on the order endpoints.
 */
function placeOrder(
  sim: TestSim,
  opts: {
    collection: string
    product: string
    geometry?: S['Polygon']
    windowDays?: number
    stall?: boolean
    account?: 'enterprise' | 'starter'
    budgetId?: string | null
    id?: string
  },
): OrderRecord {
  const now = sim.world.now()
  const start = now + DAY_MS
  const geometry = opts.geometry ?? rectAround(5.4, 43.3, 12, 10)
  const params = {
    acquisitionStart: new Date(start).toISOString(),
    acquisitionEnd: new Date(start + (opts.windowDays ?? 30) * DAY_MS).toISOString(),
  }
  const starter = opts.account === 'starter'
  const record: OrderRecord = {
    order: {
      id: opts.id ?? orderId(opts.stall ?? false, `${opts.collection}:${sim.world.orders.size}`),
      displayName: `Test ${opts.collection}`,
      status: 'PLACED',
      type: 'TASKING',
      workspaceId: starter ? ids.starterWorkspace : ids.mainWorkspace,
      accountId: starter ? ids.starterAccount : ids.enterpriseAccount,
      dataProductId: dataProductId(opts.collection, opts.product),
      budgetId: opts.budgetId ?? null,
      tags: ['test'],
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      orderDetails: { ...params, geometry },
    },
    geometry,
    credits: 1000,
    heldCredits: 0,
    params,
    collectionName: opts.collection,
  }
  sim.world.orders.set(record.order.id, record)
  startTaskingFlow(sim.world, record)
  return record
}

const subStatus = (r: OrderRecord) => (r.order.orderDetails as S['TaskingOrderDetails']).subStatus

/** Every call logs in afresh (tokens expire after 300 s of simulated time, and the tests move the clock). */
function setup() {
  return { sim: new TestSim() }
}

// Tokens live 300 s of simulated time: helpers called after the clock moved log in again.
async function studiesOf(sim: TestSim, orderId: string) {
  const r = await sim.call<Page<S['FeasibilityStudy']>>(
    'GET',
    `/v2/tasking/feasibility-studies?orderId=${orderId}`,
    { token: await sim.login() },
  )
  expect(r.status).toBe(200)
  return r.body.content
}

async function quotationsOf(sim: TestSim, orderId: string, email?: string) {
  const r = await sim.call<Page<S['Quotation']>>('GET', `/v2/tasking/quotation?orderId=${orderId}`, {
    token: await sim.login(email),
  })
  expect(r.status).toBe(200)
  return r.body.content
}

const coverage = async (sim: TestSim, id: string, email?: string) =>
  sim.call<S['Coverage'] | Problem>('GET', `/v2/coverage/orders/${id}`, { token: await sim.login(email) })

// ------------------------------------------------------------------------------------------ feasibility

describe('POST /v2/tasking/orders/feasibility', () => {
  const small = rectAround(5.4, 43.3, 4, 4) // 16 km²
  const medium = rectAround(5.4, 43.3, 8, 8) // 64 km²
  const large = rectAround(5.4, 43.3, 12, 10) // 120 km²

  it('always requires a study for FEASIBILITY_STUDY_REQUIRED collections, without a difficulty', async () => {
    const { sim } = setup()
    const r = await sim.call<S['FeasibilityRequirementResponse']>('POST', '/v2/tasking/orders/feasibility', {
      token: await sim.login(),
      body: request(sim, product.pneo, [small, large]),
    })
    expect(r.status).toBe(207)
    expect(r.body).toEqual({
      results: [
        { index: 0, feasibilityStudyRequired: true },
        { index: 1, feasibilityStudyRequired: true },
      ],
      errors: [],
    })
  })

  it('requires a study for MAY_BE_REQUIRED collections only above 100 km² or under 7 days', async () => {
    const { sim } = setup()
    const long = await sim.call<S['FeasibilityRequirementResponse']>(
      'POST',
      '/v2/tasking/orders/feasibility',
      { token: await sim.login(), body: request(sim, product.phr, [small, medium, large], 30) },
    )
    expect(long.status).toBe(207)
    expect(long.body.results).toEqual([
      { index: 0, feasibilityStudyRequired: false, difficulty: 'EASY' },
      { index: 1, feasibilityStudyRequired: false, difficulty: 'MEDIUM' },
      { index: 2, feasibilityStudyRequired: true },
    ])
    const short = await sim.call<S['FeasibilityRequirementResponse']>(
      'POST',
      '/v2/tasking/orders/feasibility',
      { token: await sim.login(), body: request(sim, product.phr, [small], 5) },
    )
    expect(short.body.results).toEqual([{ index: 0, feasibilityStudyRequired: true }])
    const week = await sim.call<S['FeasibilityRequirementResponse']>(
      'POST',
      '/v2/tasking/orders/feasibility',
      { token: await sim.login(), body: request(sim, product.phr, [small], 10) },
    )
    expect(week.body.results).toEqual([{ index: 0, feasibilityStudyRequired: false, difficulty: 'MEDIUM' }])
  })

  it('never requires a study for other collections and grades their difficulty', async () => {
    const { sim } = setup()
    const r = await sim.call<S['FeasibilityRequirementResponse']>('POST', '/v2/tasking/orders/feasibility', {
      token: await sim.login(),
      body: request(sim, product.capella, [small, large], 3),
    })
    expect(r.body.results).toEqual([
      { index: 0, feasibilityStudyRequired: false, difficulty: 'MEDIUM' },
      { index: 1, feasibilityStudyRequired: false, difficulty: 'HARD' },
    ])
  })

  it('reports invalid geometries per feature in errors and still answers the others', async () => {
    const { sim } = setup()
    const bowtie: S['Polygon'] = {
      type: 'Polygon',
      coordinates: [
        [
          [5, 43],
          [5.1, 43.1],
          [5.1, 43],
          [5, 43.1],
          [5, 43],
        ],
      ],
    }
    const open: S['Polygon'] = {
      type: 'Polygon',
      coordinates: [
        [
          [5, 43],
          [5.1, 43],
          [5.1, 43.1],
          [5, 43.2],
        ],
      ],
    }
    const point: S['Point'] = { type: 'Point', coordinates: [5, 43] }
    const r = await sim.call<S['FeasibilityRequirementResponse']>('POST', '/v2/tasking/orders/feasibility', {
      token: await sim.login(),
      body: request(sim, product.pneo, [bowtie, small, open, point]),
    })
    expect(r.status).toBe(207)
    expect(r.body.results).toEqual([{ index: 1, feasibilityStudyRequired: true }])
    expect(r.body.errors.map((e) => e.index)).toEqual([0, 2, 3])
    for (const e of r.body.errors) expect(e.details).toEqual(expect.any(String))
  })

  it('answers 400 bad-order-request for archive or unknown products, bad windows and empty features', async () => {
    const { sim } = setup()
    const cases: [string, unknown, string][] = [
      ['archive product', request(sim, product.archive, [small]), 'dataProduct'],
      ['unknown product', request(sim, uuidFrom('nope'), [small]), 'dataProduct'],
      ['inverted window', request(sim, product.pneo, [small], -2), 'params.acquisitionEnd'],
      ['missing window', { ...request(sim, product.pneo, [small]), params: {} }, 'params.acquisitionStart'],
      [
        'not a date',
        {
          ...request(sim, product.pneo, [small]),
          params: { acquisitionStart: 'soon', acquisitionEnd: 'later' },
        },
        'params.acquisitionStart',
      ],
      ['no features', { ...request(sim, product.pneo, []) }, 'featureCollection.features'],
    ]
    for (const [name, body, field] of cases) {
      const r = await sim.call<Problem>('POST', '/v2/tasking/orders/feasibility', {
        token: await sim.login(),
        body,
      })
      expect(r.status, name).toBe(400)
      expect(slugOf(r.body), name).toBe('bad-order-request')
      expect(
        r.body.errors?.map((e) => e.name),
        name,
      ).toContain(field)
    }
    const junk = await sim.call<Problem>('POST', '/v2/tasking/orders/feasibility', {
      token: await sim.login(),
      rawBody: '{not json',
      contentType: 'application/json',
    })
    expect(junk.status).toBe(400)
  })

  it('needs a token', async () => {
    const sim = new TestSim()
    expect(
      (
        await sim.call('POST', '/v2/tasking/orders/feasibility', {
          body: request(sim, product.pneo, [small]),
        })
      ).status,
    ).toBe(401)
  })
})

// ---------------------------------------------------------------------------------------- opportunities

describe('POST /v2/tasking/orders/opportunities', () => {
  const aoi = rectAround(2.35, 48.85, 10, 10)

  it('lists 1–3 daylight passes a day inside the window, sorted, with strips crossing the AOI', async () => {
    const { sim } = setup()
    const body = request(sim, product.phr, [aoi], 10)
    const r = await sim.call<S['OpportunitiesResponse']>('POST', '/v2/tasking/orders/opportunities', {
      token: await sim.login(),
      body,
    })
    expect(r.status).toBe(207)
    expect(r.body.errors).toEqual([])
    const [result] = r.body.results
    expect(result.index).toBe(0)
    const ops = result.opportunities
    const start = Date.parse(body.params.acquisitionStart)
    const end = Date.parse(body.params.acquisitionEnd)
    const perDay = new Map<number, number>()
    for (const o of ops) {
      const t = Date.parse(o.start)
      expect(t).toBeGreaterThanOrEqual(start)
      expect(Date.parse(o.end)).toBeLessThanOrEqual(end)
      expect(Date.parse(o.end)).toBeGreaterThan(t)
      expect(o.index).toBe(0)
      expect(o.constellation).toBe('Pléiades')
      expect(['PHR1A', 'PHR1B']).toContain(o.sensor)
      expect(o.sunElevation).toBeGreaterThanOrEqual(10)
      expect(o.offNadirAngle).toBeGreaterThanOrEqual(0)
      expect(o.incidenceAngle).toBeGreaterThanOrEqual(o.offNadirAngle)
      // Sun-synchronous morning pass: about 10:30 local solar time (Paris ≈ UTC + 9 min).
      const hour = new Date(t).getUTCHours() + new Date(t).getUTCMinutes() / 60
      expect(hour).toBeGreaterThan(9)
      expect(hour).toBeLessThan(12)
      // The strip's extent overlaps the AOI's.
      const xs = o.footprint.coordinates[0].map((p) => p[0])
      const ys = o.footprint.coordinates[0].map((p) => p[1])
      expect(Math.min(...xs)).toBeLessThan(2.42)
      expect(Math.max(...xs)).toBeGreaterThan(2.28)
      expect(Math.min(...ys)).toBeLessThan(48.9)
      expect(Math.max(...ys)).toBeGreaterThan(48.8)
      const cloud = o.cloudForecast ?? null
      expect(cloud === null || (cloud >= 0 && cloud <= 100)).toBe(true)
      if (t - sim.world.now() > 7 * DAY_MS) expect(o.cloudForecast).toBeNull()
      const day = Math.floor(t / DAY_MS)
      perDay.set(day, (perDay.get(day) ?? 0) + 1)
    }
    expect(perDay.size).toBeGreaterThanOrEqual(9)
    for (const n of perDay.values()) expect(n).toBeGreaterThanOrEqual(1)
    for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(3)
    expect(ops.map((o) => o.start)).toEqual([...ops.map((o) => o.start)].sort())
    expect(ops.some((o) => o.cloudForecast !== null)).toBe(true)
    // Deterministic: the same request gives the same passes.
    const again = await sim.call<S['OpportunitiesResponse']>('POST', '/v2/tasking/orders/opportunities', {
      token: await sim.login(),
      body,
    })
    expect(again.body).toEqual(r.body)
  })

  it('filters passes by the maximum incidence angle and reports bad geometries in errors', async () => {
    const { sim } = setup()
    const bowtie: S['Polygon'] = {
      type: 'Polygon',
      coordinates: [
        [
          [5, 43],
          [5.1, 43.1],
          [5.1, 43],
          [5, 43.1],
          [5, 43],
        ],
      ],
    }
    const r = await sim.call<S['OpportunitiesResponse']>('POST', '/v2/tasking/orders/opportunities', {
      token: await sim.login(),
      body: request(sim, product.pneo, [aoi, bowtie], 30, { maxIncidenceAngle: 12 }),
    })
    expect(r.status).toBe(207)
    expect(r.body.errors.map((e) => e.index)).toEqual([1])
    const ops = r.body.results[0].opportunities
    expect(ops.length).toBeGreaterThan(0)
    for (const o of ops) expect(o.incidenceAngle).toBeLessThanOrEqual(12)
  })

  it('answers 501 for a provider without opportunities (Capella)', async () => {
    const { sim } = setup()
    const r = await sim.call<Problem>('POST', '/v2/tasking/orders/opportunities', {
      token: await sim.login(),
      body: request(sim, product.capella, [aoi]),
    })
    expect(r.status).toBe(501)
    expect(slugOf(r.body)).toBe('opportunities-not-implemented')
  })

  it('answers 400 for a missing, inverted or too long window and for non-tasking products', async () => {
    const { sim } = setup()
    const bodies = [
      {
        ...request(sim, product.phr, [aoi]),
        params: { acquisitionStart: new Date(sim.world.now()).toISOString() },
      },
      request(sim, product.phr, [aoi], -1),
      request(sim, product.phr, [aoi], 120),
      request(sim, product.archive, [aoi]),
    ]
    for (const body of bodies) {
      const r = await sim.call<Problem>('POST', '/v2/tasking/orders/opportunities', {
        token: await sim.login(),
        body,
      })
      expect(r.status).toBe(400)
      expect(slugOf(r.body)).toBe('bad-order-request')
    }
  })

  it('gives no passes for a window that is already over', async () => {
    const { sim } = setup()
    const body = request(sim, product.phr, [aoi], 5)
    sim.advance(10 * 86_400)
    const r = await sim.call<S['OpportunitiesResponse']>('POST', '/v2/tasking/orders/opportunities', {
      token: await sim.login(),
      body,
    })
    expect(r.status).toBe(207)
    expect(r.body.results[0].opportunities).toEqual([])
  })
})

// ------------------------------------------------------------------------------------------------ lists

describe('GET /v2/tasking/quotation and /v2/tasking/feasibility-studies', () => {
  it('lists only the caller account, newest first by default', async () => {
    const { sim } = setup()
    const all = await sim.call<Page<S['Quotation']>>('GET', '/v2/tasking/quotation?size=1000', {
      token: await sim.login(),
    })
    expect(all.status).toBe(200)
    expect(all.body.content.length).toBeGreaterThan(3)
    expect(all.body.content.every((q) => q.accountId === ids.enterpriseAccount)).toBe(true)
    const created = all.body.content.map((q) => q.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    const theirs = await sim.call<Page<S['Quotation']>>('GET', '/v2/tasking/quotation', {
      token: await sim.login('starter@swath.test'),
    })
    expect(theirs.body.content.length).toBeGreaterThan(0)
    expect(theirs.body.content.every((q) => q.accountId === ids.starterAccount)).toBe(true)
    const studies = await sim.call<Page<S['FeasibilityStudy']>>(
      'GET',
      '/v2/tasking/feasibility-studies?size=1000',
      { token: await sim.login() },
    )
    expect(studies.body.content.length).toBeGreaterThan(1)
    expect(studies.body.content.every((s) => s.accountId === ids.enterpriseAccount)).toBe(true)
  })

  it('filters by decision (repeated), id, orderId and workspaceId', async () => {
    const { sim } = setup()
    const all = (
      await sim.call<Page<S['Quotation']>>('GET', '/v2/tasking/quotation?size=1000', {
        token: await sim.login(),
      })
    ).body.content
    const decided = await sim.call<Page<S['Quotation']>>(
      'GET',
      '/v2/tasking/quotation?decision=ACCEPTED&decision=REJECTED&size=1000',
      { token: await sim.login() },
    )
    expect(decided.body.content.length).toBe(all.filter((q) => q.decision !== 'NOT_DECIDED').length)
    expect(decided.body.content.every((q) => q.decision !== 'NOT_DECIDED')).toBe(true)
    const pick = all[0]
    const byId = await sim.call<Page<S['Quotation']>>('GET', `/v2/tasking/quotation?id=${pick.id}`, {
      token: await sim.login(),
    })
    expect(byId.body.content.map((q) => q.id)).toEqual([pick.id])
    const byOrder = await sim.call<Page<S['Quotation']>>(
      'GET',
      `/v2/tasking/quotation?orderId=${pick.orderId}`,
      { token: await sim.login() },
    )
    expect(byOrder.body.content.map((q) => q.id)).toEqual([pick.id])
    const byWorkspace = await sim.call<Page<S['Quotation']>>(
      'GET',
      `/v2/tasking/quotation?workspaceId=${ids.coastalWorkspace}&size=1000`,
      { token: await sim.login() },
    )
    expect(byWorkspace.body.content.every((q) => q.workspaceId === ids.coastalWorkspace)).toBe(true)
    const studies = (
      await sim.call<Page<S['FeasibilityStudy']>>(
        'GET',
        '/v2/tasking/feasibility-studies?decision=NOT_DECIDED&size=1000',
        { token: await sim.login() },
      )
    ).body.content
    expect(studies.length).toBeGreaterThan(0)
    expect(studies.every((s) => s.decision === 'NOT_DECIDED')).toBe(true)
  })

  it('is lenient with values the contract gives no 400 for', async () => {
    const { sim } = setup()
    const unknownDecision = await sim.call<Page<S['Quotation']>>(
      'GET',
      '/v2/tasking/quotation?decision=MAYBE',
      { token: await sim.login() },
    )
    expect(unknownDecision.status).toBe(200)
    expect(unknownDecision.body.content).toEqual([])
    const badId = await sim.call<Page<S['Quotation']>>('GET', '/v2/tasking/quotation?id=not-a-uuid', {
      token: await sim.login(),
    })
    expect(badId.body.totalElements).toBe(0)
    const badPaging = await sim.call<Page<S['Quotation']>>(
      'GET',
      '/v2/tasking/quotation?page=-3&size=0&sort=bogus,up',
      { token: await sim.login(), unchecked: true },
    )
    expect(badPaging.status).toBe(200)
    expect(badPaging.body.number).toBe(0)
    expect(badPaging.body.size).toBe(20)
    const far = await sim.call<Page<S['Quotation']>>(
      'GET',
      '/v2/tasking/quotation?page=99999999999999999999',
      { token: await sim.login(), unchecked: true },
    )
    expect(far.status).toBe(200)
    expect(far.body.content).toEqual([])
    expect(far.body.number).toBe(2 ** 31 - 1)
    const huge = await sim.call<Page<S['FeasibilityStudy']>>(
      'GET',
      '/v2/tasking/feasibility-studies?size=99999',
      { token: await sim.login(), unchecked: true },
    )
    expect(huge.status).toBe(200)
    expect(huge.body.size).toBe(1000)
  })

  it('sorts quotations by creditsPrice and pages them', async () => {
    const { sim } = setup()
    const r = await sim.call<Page<S['Quotation']>>(
      'GET',
      '/v2/tasking/quotation?sort=creditsPrice,asc&size=1000',
      { token: await sim.login() },
    )
    const prices = r.body.content.map((q) => q.creditsPrice)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const page = await sim.call<Page<S['Quotation']>>(
      'GET',
      '/v2/tasking/quotation?sort=creditsPrice,asc&size=2&page=1',
      { token: await sim.login() },
    )
    expect(page.body.content.map((q) => q.creditsPrice)).toEqual(prices.slice(2, 4))
    expect(page.body.totalElements).toBe(prices.length)
    const studies = await sim.call<Page<S['FeasibilityStudy']>>(
      'GET',
      '/v2/tasking/feasibility-studies?sort=decisionAt,asc&size=1000',
      { token: await sim.login() },
    )
    const decidedAt = studies.body.content.map((s) => s.decisionAt).filter((d): d is string => !!d)
    expect(decidedAt).toEqual([...decidedAt].sort())
    expect(studies.body.content.at(-1)?.decisionAt ?? null).toBeNull()
  })
})

// ------------------------------------------------------------------------------------------------- flow

describe('the tasking flow on the simulated clock', () => {
  it('runs study → option → quotation → acceptance → three deliveries → FULFILLED', async () => {
    const { sim } = setup()
    const record = placeOrder(sim, { collection: 'pneo-tasking', product: 'pneo-tasking-display' })
    const id = record.order.id
    expect(subStatus(record)).toBe('FEASIBILITY_WAITING_UPLOAD')
    sim.advance(STUDY_DELAY_MS / 1000 - 1)
    expect(await studiesOf(sim, id)).toEqual([])
    sim.advance(1)
    const [study] = await studiesOf(sim, id)
    expect(subStatus(record)).toBe('FEASIBILITY_WAITING_RESPONSE')
    expect(study).toMatchObject({
      decision: 'NOT_DECIDED',
      type: 'MANUAL',
      orderId: id,
      workspaceId: ids.mainWorkspace,
      decisionOption: null,
    })
    expect(study.options?.length).toBeGreaterThanOrEqual(2)
    expect(study.options?.length).toBeLessThanOrEqual(3)
    for (const o of study.options ?? []) {
      expect(o.studyId).toBe(study.id)
      expect(Date.parse(o.acquisitionEnd ?? '')).toBeGreaterThan(Date.parse(o.acquisitionStart ?? ''))
      expect(o.estimatedCredits).toBeGreaterThan(0)
    }
    expect(record.order.updatedAt).toBe(new Date(sim.world.now()).toISOString())

    const unknownOption = await sim.call<Problem>('PATCH', `/v2/tasking/feasibility-studies/${study.id}`, {
      token: await sim.login(),
      body: { acceptedOptionId: uuidFrom('not an option') },
      contentType: 'application/merge-patch+json',
    })
    expect(unknownOption.status).toBe(400)
    expect(unknownOption.body.errors?.[0]?.name).toBe('acceptedOptionId')

    const option = (study.options ?? [])[1]
    const chosen = await sim.call<S['FeasibilityStudy']>(
      'PATCH',
      `/v2/tasking/feasibility-studies/${study.id}`,
      {
        token: await sim.login(),
        body: { acceptedOptionId: option.id },
        contentType: 'application/merge-patch+json',
      },
    )
    expect(chosen.status).toBe(200)
    expect(chosen.body).toMatchObject({
      decision: 'ACCEPTED',
      decisionById: ids.analyst,
      decisionByType: 'USER',
      decisionAt: new Date(sim.world.now()).toISOString(),
    })
    expect(chosen.body.decisionOption?.id).toBe(option.id)
    expect(subStatus(record)).toBe('QUOTATION_WAITING_UPLOAD')
    expect((record.order.orderDetails as S['TaskingOrderDetails']).acquisitionEnd).toBe(option.acquisitionEnd)

    const twice = await sim.call<Problem>('PATCH', `/v2/tasking/feasibility-studies/${study.id}`, {
      token: await sim.login(),
      body: { acceptedOptionId: option.id },
    })
    expect(twice.status).toBe(400)
    expect(slugOf(twice.body)).toBe('feasibility-study-already-decided')

    sim.advance(QUOTATION_DELAY_MS / 1000)
    const [quotation] = await quotationsOf(sim, id)
    expect(quotation).toMatchObject({
      decision: 'NOT_DECIDED',
      decisionAt: null,
      creditsPrice: option.estimatedCredits,
    })
    expect(subStatus(record)).toBe('QUOTATION_WAITING_RESPONSE')

    const account = sim.world.accounts.get(ids.enterpriseAccount)
    const before = account?.creditBalance ?? 0
    expect((await coverage(sim, id)).status).toBe(404)
    const accepted = await sim.call<S['Quotation']>('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token: await sim.login(),
      body: { decision: 'ACCEPTED' },
      contentType: 'application/merge-patch+json',
    })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({
      decision: 'ACCEPTED',
      decisionById: ids.analyst,
      decisionByType: 'USER',
    })
    expect(account?.creditBalance).toBe(before - quotation.creditsPrice)
    expect(subStatus(record)).toBe('QUOTATION_ACCEPTED')
    expect(record.order.status).toBe('BEING_FULFILLED')
    const again = await sim.call<Problem>('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token: await sim.login(),
      body: { decision: 'REJECTED' },
    })
    expect(again.status).toBe(400)
    expect(slugOf(again.body)).toBe('quotation-already-decided')
    expect((await coverage(sim, id)).status).toBe(404)

    const percentages: number[] = []
    for (const [i, expected] of [40, 75, 100].entries()) {
      sim.advance(DELIVERY_INTERVAL_MS / 1000)
      const cov = await coverage(sim, id)
      expect(cov.status).toBe(200)
      const body = cov.body as S['Coverage']
      expect(body.covered.percentage).toBeCloseTo(expected, 0)
      expect(body.covered.percentage + body.remainder.percentage).toBeCloseTo(100, 6)
      expect(body.covered.sqKmArea + body.remainder.sqKmArea).toBeCloseTo(120, 0)
      expect(body.covered.geometry.features.length).toBe(1)
      expect(body.remainder.geometry.features.length).toBe(expected === 100 ? 0 : 1)
      percentages.push(body.covered.percentage)
      const deliveries = [...sim.world.stacCollections.values()].filter(
        (c) => c.orderId === id && c.source === 'TASKING' && c.transformed,
      )
      expect(deliveries.length).toBe(i + 1)
    }
    expect(percentages).toEqual([...percentages].sort((a, b) => a - b))
    expect(record.order.status).toBe('FULFILLED')
    expect(record.order.updatedBy).toEqual({ id: 'system', type: 'INTERNAL' })
  })

  it('times what an event starts from the event, not from where a long jump of the clock lands', async () => {
    const { sim } = setup()
    const t0 = sim.world.now()
    for (const eula of sim.world.eulas.values())
      for (const doc of eula.documents)
        sim.world.acceptances.set(`${ids.enterpriseAccount}:${doc.id}`, {
          acceptedAt: t0,
          acceptedById: ids.analyst,
        })
    const placed = await sim.call<S['CreateOrderResponse']>(
      'POST',
      `/v2/orders?workspaceId=${ids.mainWorkspace}`,
      {
        token: await sim.login(),
        body: request(sim, product.pneo, [rectAround(5.5, 43.5, 5, 5)], 30, {
          acquisitionMode: 'mono',
          cloudCoverage: 10,
          incidenceAngle: 30,
          geometricProcessing: 'ortho',
          projection: '4326',
          spectralProcessing: 'bundle',
          pixelCoding: '12bits',
          radiometricProcessing: 'reflectance',
          deliveredAs: 'geotiff',
        }),
      },
    )
    expect(placed.status, JSON.stringify(placed.body)).toBe(202)
    const id = placed.body.results[0].id
    // Placement takes about 90 s; the study comes 2 h after it. One jump of 2 h 5 min passes both.
    sim.advance(2 * H + 300)
    const [study] = await studiesOf(sim, id)
    expect(study).toBeDefined()
    const placedAt = Date.parse(study.createdAt) - STUDY_DELAY_MS
    expect(placedAt - t0).toBeGreaterThan(0)
    expect(placedAt - t0).toBeLessThan(300_000)
  })

  it('stops about one order in ten at 75 % and fails it, coverage still readable', async () => {
    const { sim } = setup()
    const record = placeOrder(sim, {
      collection: 'capella-tasking',
      product: 'capella-tasking-spotlight',
      stall: true,
    })
    expect(subStatus(record)).toBe('QUOTATION_WAITING_UPLOAD')
    sim.advance(QUOTATION_DELAY_MS / 1000)
    const [quotation] = await quotationsOf(sim, record.order.id)
    expect(
      (
        await sim.call('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
          token: await sim.login(),
          body: { decision: 'ACCEPTED' },
        })
      ).status,
    ).toBe(200)
    sim.advance((3 * DELIVERY_INTERVAL_MS) / 1000)
    expect(record.order.status).toBe('FAILED_PERMANENTLY')
    const cov = await coverage(sim, record.order.id)
    expect(cov.status).toBe(200)
    expect((cov.body as S['Coverage']).covered.percentage).toBeCloseTo(75, 0)
    const share = [...Array(200).keys()].filter((i) => stallsAt75(uuidFrom(`share:${i}`))).length / 200
    expect(share).toBeGreaterThan(0.03)
    expect(share).toBeLessThan(0.2)
  })

  it('rejecting a quotation ends the order FAILED_PERMANENTLY without charge', async () => {
    const { sim } = setup()
    const record = placeOrder(sim, {
      collection: 'phr-tasking',
      product: 'phr-tasking-display',
      geometry: rectAround(5.4, 43.3, 5, 5),
    })
    expect(subStatus(record)).toBe('QUOTATION_WAITING_UPLOAD')
    sim.advance(QUOTATION_DELAY_MS / 1000)
    const [quotation] = await quotationsOf(sim, record.order.id)
    // 25 km² is quoted at the provider's 100 km² minimum.
    expect(quotation.creditsPrice).toBe(2000)
    const before = sim.world.accounts.get(ids.enterpriseAccount)?.creditBalance
    const r = await sim.call<S['Quotation']>('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token: await sim.login(),
      body: { decision: 'REJECTED' },
    })
    expect(r.status).toBe(200)
    expect(r.body.decision).toBe('REJECTED')
    expect(subStatus(record)).toBe('QUOTATION_REJECTED')
    expect(record.order.status).toBe('FAILED_PERMANENTLY')
    expect(sim.world.accounts.get(ids.enterpriseAccount)?.creditBalance).toBe(before)
    expect((await coverage(sim, record.order.id)).status).toBe(404)
  })

  it('fulfils fixed-price tasking (no study, no quotation) at once, holding then capturing its credits', async () => {
    const { sim } = setup()
    // The seeded orders and jobs under way move on with the clock too, holding, capturing and releasing
    // credits of their own.
    for (const [id, r] of sim.world.orders)
      if (!['FULFILLED', 'FAILED_PERMANENTLY', 'CANCELED'].includes(r.order.status))
        sim.world.orders.delete(id)
    for (const [id, r] of sim.world.jobs)
      if (['created', 'valid', 'accepted', 'running'].includes(r.job.status)) sim.world.jobs.delete(id)
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    const before = account?.creditBalance ?? 0
    const record = placeOrder(sim, { collection: 'blacksky-tasking', product: 'blacksky-tasking-standard' })
    expect(record.order.status).toBe('BEING_FULFILLED')
    expect(account?.creditBalance).toBe(before - 1000)
    expect(account?.heldCredits).toBeGreaterThanOrEqual(1000)
    expect(await quotationsOf(sim, record.order.id)).toEqual([])
    sim.advance((3 * DELIVERY_INTERVAL_MS) / 1000)
    expect(record.order.status).toBe('FULFILLED')
    expect(record.heldCredits).toBe(0)
    expect(account?.creditBalance).toBe(before - 1000)
  })
})

// ------------------------------------------------------------------------------------ quotation decisions

describe('PATCH /v2/tasking/quotation/{id}', () => {
  async function waitingQuotation(
    sim: TestSim,
    opts: { budgetId?: string | null; account?: 'starter' } = {},
  ) {
    const record = placeOrder(sim, {
      collection: 'capella-tasking',
      product: 'capella-tasking-spotlight',
      geometry: rectAround(5.4, 43.3, 5, 5),
      ...opts,
    })
    sim.advance(QUOTATION_DELAY_MS / 1000)
    const [q] = await quotationsOf(
      sim,
      record.order.id,
      opts.account === 'starter' ? 'starter@swath.test' : undefined,
    )
    return { record, quotation: q }
  }

  it('answers 402 insufficient-credits for the seeded quotation above the balance, and leaves it undecided', async () => {
    const { sim } = setup()
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    const balance = account?.creditBalance ?? 0
    const expensive = [...sim.world.quotations.values()].find(
      (q) =>
        q.accountId === ids.enterpriseAccount && q.decision === 'NOT_DECIDED' && q.creditsPrice > balance,
    )
    expect(expensive).toBeDefined()
    if (!expensive) return
    const r = await sim.call<Problem>('PATCH', `/v2/tasking/quotation/${expensive.id}`, {
      token: await sim.login(),
      body: { decision: 'ACCEPTED' },
    })
    expect(r.status).toBe(402)
    expect(slugOf(r.body)).toBe('insufficient-credits')
    expect(r.body.detail).toContain(String(expensive.creditsPrice))
    expect(r.body.detail).toContain(String(balance))
    expect(expensive.decision).toBe('NOT_DECIDED')
    expect(account?.creditBalance).toBe(balance)
    // Rejecting needs no credits.
    const rejected = await sim.call<S['Quotation']>('PATCH', `/v2/tasking/quotation/${expensive.id}`, {
      token: await sim.login(),
      body: { decision: 'REJECTED' },
    })
    expect(rejected.status).toBe(200)
  })

  it('answers 404 order-not-found for unknown ids, other accounts and a vanished order', async () => {
    const { sim } = setup()
    const { quotation, record } = await waitingQuotation(sim)
    for (const [who, path] of [
      [undefined, `/v2/tasking/quotation/${uuidFrom('nothing')}`],
      [undefined, '/v2/tasking/quotation/not-a-uuid'],
      ['starter@swath.test', `/v2/tasking/quotation/${quotation.id}`],
    ] as const) {
      const r = await sim.call<Problem>('PATCH', path, {
        token: await sim.login(who),
        body: { decision: 'ACCEPTED' },
        unchecked: path.endsWith('not-a-uuid'),
      })
      expect(r.status).toBe(404)
      expect(slugOf(r.body)).toBe('order-not-found')
    }
    sim.world.orders.delete(record.order.id)
    const gone = await sim.call<Problem>('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token: await sim.login(),
      body: { decision: 'ACCEPTED' },
    })
    expect(gone.status).toBe(404)
    expect(slugOf(gone.body)).toBe('order-not-found')
  })

  it('validates the merge-patch body', async () => {
    const { sim } = setup()
    const { quotation } = await waitingQuotation(sim)
    for (const body of [
      { decision: 'MAYBE' },
      {},
      { decision: 'ACCEPTED', extra: 1 },
      { decision: 'ACCEPTED', budgetId: 'nope' },
    ]) {
      expect(
        (await sim.call('PATCH', `/v2/tasking/quotation/${quotation.id}`, { token: await sim.login(), body }))
          .status,
      ).toBe(400)
    }
    expect(quotation.decision).toBe('NOT_DECIDED')
  })

  it('applies the budget gate: inactive 400, unknown 404, non-Enterprise 404, enforcement 400', async () => {
    const { sim } = setup()
    const { quotation } = await waitingQuotation(sim)
    const patch = async (budgetId: string | null | undefined, who?: string, id = quotation.id) =>
      sim.call<Problem>('PATCH', `/v2/tasking/quotation/${id}`, {
        token: await sim.login(who),
        body: budgetId === undefined ? { decision: 'ACCEPTED' } : { decision: 'ACCEPTED', budgetId },
      })
    const inactive = await patch(ids.budgetLegacy)
    expect([inactive.status, slugOf(inactive.body)]).toEqual([400, 'budget-not-active'])
    const unknown = await patch(uuidFrom('no budget'))
    expect([unknown.status, slugOf(unknown.body)]).toEqual([404, 'budget-not-found'])
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    if (account) account.budgetSettings.enforcementEnabled = true
    const required = await patch(undefined)
    expect([required.status, slugOf(required.body)]).toEqual([400, 'budget-id-required'])
    expect(quotation.decision).toBe('NOT_DECIDED')

    const ok = await patch(ids.budgetForest)
    expect(ok.status).toBe(200)
    const record = sim.world.orders.get(quotation.orderId)
    expect(record?.order.budgetId).toBe(ids.budgetForest)
    const usage = sim.world.budgets.get(ids.budgetForest)?.records ?? []
    expect(usage.at(-1)).toMatchObject({ orderId: quotation.orderId, credits: quotation.creditsPrice })

    const theirs = await waitingQuotation(sim, { account: 'starter' })
    const notEnterprise = await patch(ids.budgetForest, 'starter@swath.test', theirs.quotation.id)
    expect([notEnterprise.status, slugOf(notEnterprise.body)]).toEqual([404, 'account-not-enterprise'])
  })

  it('uses the order budget when the patch sends none', async () => {
    const { sim } = setup()
    const { quotation } = await waitingQuotation(sim, { budgetId: ids.budgetUrban })
    const r = await sim.call('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token: await sim.login(),
      body: { decision: 'ACCEPTED' },
    })
    expect(r.status).toBe(200)
    expect(sim.world.budgets.get(ids.budgetUrban)?.records.at(-1)).toMatchObject({
      orderId: quotation.orderId,
      credits: quotation.creditsPrice,
    })
  })

  it('passes injected 503 faults through as the contract declares', async () => {
    const { sim } = setup()
    const { quotation } = await waitingQuotation(sim)
    await sim.call('PUT', '/__sim/faults', {
      body: [{ path: '/v2/tasking/quotation/*', method: 'PATCH', status: 503 }],
    })
    const r = await sim.call('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token: await sim.login(),
      body: { decision: 'ACCEPTED' },
    })
    expect(r.status).toBe(503)
    expect(quotation.decision).toBe('NOT_DECIDED')
  })
})

// ------------------------------------------------------------------------------------ feasibility decisions

describe('PATCH /v2/tasking/feasibility-studies/{id}', () => {
  it('answers 404 for unknown studies and those of another account', async () => {
    const { sim } = setup()
    const open = [...sim.world.studies.values()].find(
      (s) => s.accountId === ids.enterpriseAccount && s.decision === 'NOT_DECIDED',
    )
    expect(open).toBeDefined()
    if (!open) return
    const option = open.options?.[0]?.id ?? ''
    const unknown = await sim.call('PATCH', `/v2/tasking/feasibility-studies/${uuidFrom('none')}`, {
      token: await sim.login(),
      body: { acceptedOptionId: option },
    })
    expect(unknown.status).toBe(404)
    const foreign = await sim.call('PATCH', `/v2/tasking/feasibility-studies/${open.id}`, {
      token: await sim.login('starter@swath.test'),
      body: { acceptedOptionId: option },
    })
    expect(foreign.status).toBe(404)
    expect(open.decision).toBe('NOT_DECIDED')
    const bad = await sim.call('PATCH', `/v2/tasking/feasibility-studies/${open.id}`, {
      token: await sim.login(),
      body: { acceptedOptionId: option, decision: 'ACCEPTED' },
    })
    expect(bad.status).toBe(400)
  })
})

// ----------------------------------------------------------------------------------------------- coverage

describe('GET /v2/coverage/orders/{order-id}', () => {
  it('answers 404 for unknown, foreign, archive and not yet delivered orders', async () => {
    const { sim } = setup()
    const archive = [...sim.world.orders.values()].find(
      (r) => r.order.type === 'ARCHIVE' && r.order.accountId === ids.enterpriseAccount,
    )
    const waiting = [...sim.world.orders.values()].find(
      (r) =>
        r.order.type === 'TASKING' &&
        r.order.status === 'PLACED' &&
        r.order.accountId === ids.enterpriseAccount,
    )
    const delivered = [...sim.world.orders.values()].find(
      (r) =>
        r.order.type === 'TASKING' &&
        r.order.status === 'BEING_FULFILLED' &&
        r.order.accountId === ids.enterpriseAccount,
    )
    const cases: [string | undefined, string][] = [
      [undefined, uuidFrom('no order')],
      [undefined, archive?.order.id ?? ''],
      [undefined, waiting?.order.id ?? ''],
      ['starter@swath.test', delivered?.order.id ?? ''],
    ]
    for (const [who, id] of cases) {
      const r = await coverage(sim, id, who)
      expect(r.status).toBe(404)
    }
  })
})

// ---------------------------------------------------------------------------------------------------- seed

describe('seeded tasking data', () => {
  it('covers every decision situation and coherent sub-statuses', async () => {
    const { sim } = setup()
    const world = sim.world
    const balance = world.accounts.get(ids.enterpriseAccount)?.creditBalance ?? 0
    const studies = [...world.studies.values()].filter((s) => s.accountId === ids.enterpriseAccount)
    const quotations = [...world.quotations.values()].filter((q) => q.accountId === ids.enterpriseAccount)
    expect(studies.some((s) => s.decision === 'NOT_DECIDED' && s.options?.length === 3)).toBe(true)
    expect(studies.some((s) => s.decision === 'ACCEPTED' && s.decisionOption)).toBe(true)
    expect(quotations.some((q) => q.decision === 'NOT_DECIDED' && q.creditsPrice <= balance)).toBe(true)
    expect(quotations.some((q) => q.decision === 'NOT_DECIDED' && q.creditsPrice > balance)).toBe(true)
    expect(quotations.some((q) => q.decision === 'ACCEPTED')).toBe(true)
    expect(quotations.some((q) => q.decision === 'REJECTED')).toBe(true)
    for (const s of studies.filter((x) => x.decision === 'NOT_DECIDED'))
      expect(subStatus(world.orders.get(s.orderId) as OrderRecord)).toBe('FEASIBILITY_WAITING_RESPONSE')
    for (const q of quotations) {
      const r = world.orders.get(q.orderId) as OrderRecord
      const expected = {
        NOT_DECIDED: 'QUOTATION_WAITING_RESPONSE',
        ACCEPTED: 'QUOTATION_ACCEPTED',
        REJECTED: 'QUOTATION_REJECTED',
      }[q.decision]
      expect(subStatus(r)).toBe(expected)
      if (q.decision === 'REJECTED') expect(r.order.status).toBe('FAILED_PERMANENTLY')
    }
    const fulfilling = [...world.orders.values()].filter(
      (r) =>
        r.order.type === 'TASKING' &&
        r.order.status === 'BEING_FULFILLED' &&
        r.order.accountId === ids.enterpriseAccount,
    )
    const readable = []
    for (const r of fulfilling) if ((await coverage(sim, r.order.id)).status === 200) readable.push(r)
    expect(readable.length).toBeGreaterThan(0)
    const fulfilled = [...world.orders.values()].find(
      (r) =>
        r.order.type === 'TASKING' &&
        r.order.status === 'FULFILLED' &&
        r.order.accountId === ids.enterpriseAccount,
    )
    const full = await coverage(sim, fulfilled?.order.id ?? '')
    expect(full.status).toBe(200)
    expect((full.body as S['Coverage']).covered.percentage).toBeCloseTo(100, 0)
  })

  it('moves pending flows on as the clock advances', () => {
    const { sim } = setup()
    const world = sim.world
    const tasking = () => [...world.orders.values()].filter((r) => r.order.type === 'TASKING')
    const waitingUpload = tasking().filter(
      (r) =>
        r.order.status === 'PLACED' &&
        ['FEASIBILITY_WAITING_UPLOAD', 'QUOTATION_WAITING_UPLOAD'].includes(subStatus(r) ?? ''),
    )
    expect(waitingUpload.length).toBeGreaterThan(0)
    const fulfilling = tasking().filter((r) => r.order.status === 'BEING_FULFILLED')
    expect(fulfilling.length).toBeGreaterThan(0)
    sim.advance(3 * H)
    for (const r of waitingUpload)
      expect(['FEASIBILITY_WAITING_RESPONSE', 'QUOTATION_WAITING_RESPONSE']).toContain(subStatus(r))
    sim.advance(2 * 86_400)
    for (const r of fulfilling) expect(['FULFILLED', 'FAILED_PERMANENTLY']).toContain(r.order.status)
    // Every study and quotation still points at an order of its own account.
    for (const x of [...world.studies.values(), ...world.quotations.values()])
      expect(world.orders.get(x.orderId)?.order.accountId).toBe(x.accountId)
  })

  it('is the same after a reset', () => {
    const sim = new TestSim()
    const before = [...sim.world.quotations.values()].map((q) => [q.id, q.creditsPrice, q.decision])
    sim.sim.reset()
    expect([...sim.world.quotations.values()].map((q) => [q.id, q.creditsPrice, q.decision])).toEqual(before)
  })
})
