import { area as turfArea } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../domain/world/clock'
import { LARGE_COLLECTIONS, LARGE_JOBS } from '../domain/processing/seed-large'
import { seedProcessing } from '../domain/processing/seed'
import { createDelivery } from '../domain/storage/stac'
import { eulaId, ids } from '../domain/world/ids'
import type { S } from '../domain/world/types'
import { World } from '../domain/world/world'
import { TestSim } from '../testing/harness'

type Job = S['Job']

const BASE = 'http://sim.test'

/** An item URL of the account, as clients send it (absolute). */
function itemUrl(sim: TestSim, accountId = ids.enterpriseAccount, n = 0): string {
  const items = [...sim.world.stacItems.values()].filter(
    (r) => sim.world.stacCollections.get(r.collectionId)?.accountId === accountId,
  )
  const rec = items[n]
  return `${BASE}/v2/assets/stac/collections/${rec.collectionId}/items/${rec.item.id}`
}

function setProcessingEula(sim: TestSim, accepted: boolean, accountId = ids.enterpriseAccount): void {
  const eula = sim.world.eulas.get(eulaId('processing'))
  if (!eula) throw new Error('no processing EULA seeded')
  const current = eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
  const key = `${accountId}:${current.id}`
  if (accepted) sim.world.acceptances.set(key, { acceptedAt: sim.world.now(), acceptedById: ids.analyst })
  else sim.world.acceptances.delete(key)
}

/**
 * Drops the seeded in-flight jobs and orders (which move on with the clock, holding and capturing credits),
 * so credit assertions see only the job under test.
 */
function quiet(sim: TestSim): void {
  const terminal = ['unlicensed', 'invalid', 'rejected', 'captured', 'released']
  for (const [id, rec] of sim.world.jobs) if (!terminal.includes(rec.job.status)) sim.world.jobs.delete(id)
  const ended = ['FULFILLED', 'FAILED_PERMANENTLY', 'CANCELED']
  for (const [id, rec] of sim.world.orders) if (!ended.includes(rec.order.status)) sim.world.orders.delete(id)
}

async function execute(
  sim: TestSim,
  token: string,
  processId: string,
  inputs: Record<string, unknown>,
  query = `workspaceId=${ids.mainWorkspace}`,
) {
  return sim.call<Job>('POST', `/v2/processing/processes/${processId}/execution?${query}`, {
    token,
    body: { inputs },
  })
}

describe('processes', () => {
  it("lists the service's process ids publicly, with eula-id and price parameters", async () => {
    const sim = new TestSim()
    const r = await sim.call<S['ProcessList']>('GET', '/v2/processing/processes')
    expect(r.status).toBe(200)
    // The ids the service's SDK knows (service notes §7.1): a client addressing them must find them.
    const ids = r.body.processes.map((p) => p.id)
    expect(ids).toEqual([
      'pansharpening',
      'upsampling-ns',
      'true-color-conversion',
      'detection-ships-airbus',
      'detection-storage-tanks-airbus',
      'detection-buildings-spacept',
      'detection-trees-spacept',
      'coregistration-simularity',
      'detection-change-simularity',
      'upsampling-ns-sentinel',
      'detection-shadows-spacept',
      'detection-wind-turbines-airbus',
      'detection-trucks-oi',
      'detection-cars-oi',
      'detection-aircraft-oi',
    ])
    // Each process names its provider's licence: Orbital Insight's own, the others the analytics terms.
    const eulas = r.body.processes.map((p) => {
      const params = p.additionalParameters?.parameters ?? []
      return params.find((x) => x.name === 'eula-id')?.value[0]
    })
    expect(eulas).toEqual(ids.map((id) => eulaId(id.endsWith('-oi') ? 'orbital-insight' : 'processing')))
    const prices = r.body.processes.map((p) => {
      const params = p.additionalParameters?.parameters ?? []
      return params.find((x) => x.name === 'price')?.value[0] as { credits: number; unit: string }
    })
    expect(prices.filter((p) => p.unit === 'SQ_KM')).toHaveLength(8)
    const coregistration = r.body.processes.find((p) => p.id === 'coregistration-simularity')
    expect(coregistration?.inputs.referenceItem.schema).toMatchObject({ type: 'string', format: 'uri' })
    const change = r.body.processes.find((p) => p.id === 'detection-change-simularity')
    expect(Object.keys(change?.inputs ?? {})).toEqual(
      expect.arrayContaining(['sourceItem', 'referenceItem', 'title']),
    )
    expect(change?.inputs.title.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 250 })
    expect(
      r.body.processes.find((p) => p.id === 'detection-ships-airbus')?.inputs.sensitivity.schema,
    ).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 })
    expect(r.body.processes.find((p) => p.id === 'pansharpening')?.inputs.greyWeights.schema).toMatchObject({
      type: 'array',
    })
  })

  it('reads one process publicly and answers 404 for an unknown one', async () => {
    const sim = new TestSim()
    const r = await sim.call<S['Process']>('GET', '/v2/processing/processes/upsampling-ns')
    expect(r.status).toBe(200)
    expect(r.body.id).toBe('upsampling-ns')
    const missing = await sim.call<S['ProcessingError']>('GET', '/v2/processing/processes/nope')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ status: 404, title: 'Not Found' })
  })
})

describe('validation and cost', () => {
  it('answers 200 without a body for valid inputs', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const r = await sim.call('POST', '/v2/processing/processes/detection-ships-airbus/validation', {
      token,
      body: { inputs: { title: 'Ships', item: itemUrl(sim), sensitivity: 3 } },
    })
    expect(r.status).toBe(200)
    expect(r.body).toBeUndefined()
  })

  it.each([
    ['missing inputs', { inputs: { title: 'x' } }, "data.inputs must contain ['item'] properties"],
    ['no inputs object', { other: 1 }, "data must contain ['inputs'] properties"],
    [
      'wrong type',
      { inputs: { title: 'x', item: 'https://a.test/x', sensitivity: 'high' } },
      'data.inputs.sensitivity must be integer',
    ],
    [
      'out of range',
      { inputs: { title: 'x', item: 'https://a.test/x', sensitivity: 11 } },
      'data.inputs.sensitivity must be smaller than or equal to 10',
    ],
    [
      'unknown input',
      { inputs: { title: 'x', item: 'https://a.test/x', colour: 1 } },
      "data.inputs must not contain {'colour'} properties",
    ],
    ['not a URL', { inputs: { title: 'x', item: 'items/1' } }, 'data.inputs.item must be uri'],
    [
      'empty title',
      { inputs: { title: '', item: 'https://a.test/x' } },
      'data.inputs.title must be longer than or equal to 1 characters',
    ],
    ['array body', [1, 2], 'data must be object'],
    [
      'inherited name',
      { inputs: { title: 'x', item: 'https://a.test/x', toString: 1 } },
      "data.inputs must not contain {'toString'} properties",
    ],
  ])('answers 400 schema errors: %s', async (_name, body, message) => {
    const sim = new TestSim()
    const token = await sim.login()
    const r = await sim.call<S['ProcessingSchemaError']>(
      'POST',
      '/v2/processing/processes/detection-ships-airbus/validation',
      { token, body },
    )
    expect(r.status).toBe(400)
    expect(r.body).toEqual({ title: 'Bad Request', status: 400, 'schema-error': message })
  })

  it('answers 400 for a body that is not JSON', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const r = await sim.call<S['ProcessingSchemaError']>(
      'POST',
      '/v2/processing/processes/upsampling-ns/validation',
      { token, rawBody: '{nope', contentType: 'application/json' },
    )
    expect(r.status).toBe(400)
    expect(r.body['schema-error']).toMatch(/not valid JSON/)
  })

  it('answers 422 with named errors for semantic problems', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const call = (process: string, inputs: Record<string, unknown>) =>
      sim.call<S['ProcessingValidationError']>('POST', `/v2/processing/processes/${process}/validation`, {
        token,
        body: { inputs },
      })
    const names = async (process: string, inputs: Record<string, unknown>) => {
      const r = await call(process, inputs)
      expect(r.status).toBe(422)
      expect(r.body.title).toBe('Unprocessable Entity')
      return r.body.errors.map((e) => e.name)
    }
    const own = itemUrl(sim)
    expect(await names('upsampling-ns', { title: 'x', item: itemUrl(sim, ids.starterAccount) })).toEqual([
      'InvalidItem',
    ])
    expect(
      await names('upsampling-ns', {
        title: 'x',
        item: 'https://elsewhere.test/v2/assets/stac/collections/a/items/b',
      }),
    ).toEqual(['InvalidItem'])
    // The path of an item of the account, on another host (or with credentials): not this service's storage.
    for (const elsewhere of [
      own.replace(BASE, 'https://evil.example'),
      own.replace(BASE, 'http://user@sim.test'),
      own.replace(BASE, `${BASE}/other-prefix`),
    ])
      expect(await names('upsampling-ns', { title: 'x', item: elsewhere }), elsewhere).toEqual([
        'InvalidItem',
      ])
    expect(await names('upsampling-ns', { title: 'x'.repeat(251), item: own })).toEqual(['InvalidTitle'])
    expect(
      await names('detection-change-simularity', { title: 'x', sourceItem: own, referenceItem: own }),
    ).toEqual(['SameItems'])
    expect(
      await names('pansharpening', {
        title: 'x',
        item: own,
        greyWeights: [
          { band: 'red', weight: 0.5 },
          { band: 'red', weight: 0.2 },
        ],
      }),
    ).toEqual(['GreyWeightBandsNotUnique'])
    // A title of exactly 250 characters is fine.
    expect((await call('upsampling-ns', { title: 'x'.repeat(250), item: own })).status).toBe(200)
    expect(
      (
        await call('detection-change-simularity', {
          title: 'x',
          sourceItem: own,
          referenceItem: itemUrl(sim, ids.enterpriseAccount, 1),
        })
      ).status,
    ).toBe(200)
  })

  it('needs a token and a known process', async () => {
    const sim = new TestSim()
    expect(
      (await sim.call('POST', '/v2/processing/processes/upsampling-ns/validation', { body: { inputs: {} } }))
        .status,
    ).toBe(401)
    const token = await sim.login()
    const r = await sim.call<S['ProcessingError']>('POST', '/v2/processing/processes/nope/validation', {
      token,
      body: { inputs: {} },
    })
    expect(r.status).toBe(404)
    expect(
      (await sim.call('POST', '/v2/processing/processes/nope/cost', { token, body: { inputs: {} } })).status,
    ).toBe(404)
  })

  it('prices area-based processes by the item footprint and others per job', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const url = itemUrl(sim)
    const itemId = url.split('/').pop() ?? ''
    const geometry = sim.world.stacItems.get(itemId)?.item.geometry as S['Polygon']
    const km2 =
      Math.round(
        turfArea({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: geometry.coordinates },
        }) / 10_000,
      ) / 100
    const area = await sim.call<S['AreaPrice']>('POST', '/v2/processing/processes/upsampling-ns/cost', {
      token,
      body: { inputs: { title: 'x', item: url } },
    })
    expect(area.status).toBe(200)
    expect(area.body).toEqual({
      pricingStrategy: 'area',
      totalSize: km2,
      unit: 'SQ_KM',
      totalCredits: Math.ceil(km2 * 5),
    })
    const plain = await sim.call('POST', '/v2/processing/processes/detection-ships-airbus/cost', {
      token,
      body: { inputs: { title: 'x', item: url } },
    })
    expect(plain.body).toEqual({ pricingStrategy: 'none', totalCredits: 30 })
    const bad = await sim.call('POST', '/v2/processing/processes/detection-ships-airbus/cost', {
      token,
      body: { inputs: { item: url } },
    })
    expect(bad.status).toBe(400)
    const semantic = await sim.call('POST', '/v2/processing/processes/detection-ships-airbus/cost', {
      token,
      body: { inputs: { title: 'x', item: `${BASE}/nothing` } },
    })
    expect(semantic.status).toBe(422)
  })
})

/**
 * The processes the service's SDK has job templates for beyond the first nine: each template sends a title
 * and one item URL (`{title, item}`), asks validation, then cost, then execution into the user's workspace.
 */
describe("the SDK's other job templates", () => {
  const SENTINEL_2 = 'upsampling-ns-sentinel'
  const TEMPLATES: { id: string; price: S['JobPrice'] | 'area'; eula: string }[] = [
    {
      id: 'detection-aircraft-oi',
      price: { pricingStrategy: 'none', totalCredits: 25 },
      eula: 'orbital-insight',
    },
    { id: 'detection-cars-oi', price: 'area', eula: 'orbital-insight' },
    { id: 'detection-trucks-oi', price: 'area', eula: 'orbital-insight' },
    { id: 'detection-shadows-spacept', price: 'area', eula: 'processing' },
    {
      id: 'detection-wind-turbines-airbus',
      price: { pricingStrategy: 'none', totalCredits: 30 },
      eula: 'processing',
    },
    { id: SENTINEL_2, price: { pricingStrategy: 'none', totalCredits: 50 }, eula: 'processing' },
  ]

  /** A Sentinel-2 scene delivered to the account's storage (the seed has none), as an item URL. */
  function sentinel2Url(sim: TestSim): string {
    const [col] = createDelivery(sim.world, {
      accountId: ids.enterpriseAccount,
      workspaceId: ids.mainWorkspace,
      source: 'ARCHIVE',
      title: 'Sentinel-2 L2A - Lake Constance',
      description: 'One Sentinel-2 tile.',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [9.0, 47.4],
            [9.8, 47.4],
            [9.8, 47.8],
            [9.0, 47.8],
            [9.0, 47.4],
          ],
        ],
      },
      datetime: sim.world.now() - 86_400_000,
      constellation: 'sentinel-2',
      gsd: 10,
    })
    return `${BASE}/v2/assets/stac/collections/${col.collection.id}/items/${col.itemIds[0]}`
  }

  const accept = (sim: TestSim, key: string) => {
    const eula = sim.world.eulas.get(eulaId(key))
    if (!eula) throw new Error(`no ${key} EULA seeded`)
    const current = eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
    sim.world.acceptances.set(`${ids.enterpriseAccount}:${current.id}`, {
      acceptedAt: sim.world.now(),
      acceptedById: ids.analyst,
    })
  }

  it.each(TEMPLATES)('$id: validates, prices and runs the template inputs to a result', async (t) => {
    const sim = new TestSim()
    quiet(sim)
    const token = await sim.login()
    const item = t.id === SENTINEL_2 ? sentinel2Url(sim) : itemUrl(sim)
    const inputs = { title: `SDK ${t.id}`, item }
    const process = await sim.call<S['Process']>('GET', `/v2/processing/processes/${t.id}`)
    expect(process.status).toBe(200)
    expect(Object.keys(process.body.inputs)).toEqual(expect.arrayContaining(['title', 'item']))
    const eula = process.body.additionalParameters?.parameters?.find((p) => p.name === 'eula-id')
    expect(eula?.value).toEqual([eulaId(t.eula)])
    expect((await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId(t.eula)}`, { token })).status).toBe(200)

    const path = `/v2/processing/processes/${t.id}`
    const valid = await sim.call(`POST`, `${path}/validation`, { token, body: { inputs } })
    expect(valid.status).toBe(200)
    const cost = await sim.call<S['JobPrice']>('POST', `${path}/cost`, { token, body: { inputs } })
    expect(cost.status).toBe(200)
    if (t.price === 'area') expect(cost.body).toMatchObject({ pricingStrategy: 'area', unit: 'SQ_KM' })
    else expect(cost.body).toEqual(t.price)
    const credits = cost.body.totalCredits
    expect(credits).toBeGreaterThan(0)

    // Not licensed until the provider's EULA is accepted.
    const refused = await execute(sim, token, t.id, inputs)
    expect(refused.status).toBe(201)
    sim.advance(10)
    const unlicensed = sim.world.jobs.get(refused.body.jobID)?.job
    expect(unlicensed?.status).toBe('unlicensed')
    expect(unlicensed?.results?.errors?.[0]?.message).toContain(eulaId(t.eula))

    accept(sim, t.eula)
    const r = await execute(sim, token, t.id, inputs)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ processID: t.id, status: 'created', definition: { inputs } })
    const rec = sim.world.jobs.get(r.body.jobID)
    if (!rec) throw new Error('no job record')
    rec.willFail = false
    sim.advance(3 * 10 + 30 + rec.runSeconds + 10)
    const done = await sim.call<Job>('GET', `/v2/processing/jobs/${r.body.jobID}`, {
      token: await sim.login(),
    })
    expect(done.body.status).toBe('captured')
    expect(done.body.creditConsumption?.credits).toBe(credits)
    expect(done.body.results?.collection).toMatch(/\/v2\/assets\/stac\/collections\/[0-9a-f-]{36}$/)
  })

  it('upsampling-ns-sentinel takes a Sentinel-2 item only; the Orbital Insight processes need their own EULA', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const r = await sim.call<{ errors: { name: string; message: string }[] }>(
      'POST',
      `/v2/processing/processes/${SENTINEL_2}/validation`,
      { token, body: { inputs: { title: 'Not Sentinel-2', item: itemUrl(sim) } } },
    )
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual([
      { name: 'InvalidItem', message: expect.stringContaining('takes a Sentinel-2 item') as string },
    ])
    // upsampling-ns is for very high resolution images and takes any item.
    const vhr = await sim.call('POST', '/v2/processing/processes/upsampling-ns/validation', {
      token,
      body: { inputs: { title: 'VHR', item: itemUrl(sim) } },
    })
    expect(vhr.status).toBe(200)

    quiet(sim)
    accept(sim, 'processing')
    const job = await execute(sim, token, 'detection-cars-oi', { title: 'Cars', item: itemUrl(sim) })
    sim.advance(10)
    expect(sim.world.jobs.get(job.body.jobID)?.job.status).toBe('unlicensed')
  })
})

describe('execution', () => {
  it('creates a job: 201, absolute Location, status created, definition as sent', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const inputs = { title: 'Ships', item: itemUrl(sim), sensitivity: 4 }
    const r = await execute(
      sim,
      token,
      'detection-ships-airbus',
      inputs,
      `workspaceId=${ids.mainWorkspace}&budgetId=${ids.budgetForest}`,
    )
    expect(r.status).toBe(201)
    expect(r.headers.get('location')).toBe(`${BASE}/v2/processing/jobs/${r.body.jobID}`)
    expect(r.body).toMatchObject({
      processID: 'detection-ships-airbus',
      status: 'created',
      accountID: ids.enterpriseAccount,
      workspaceID: ids.mainWorkspace,
      definition: { inputs },
      budgetId: ids.budgetForest,
      started: null,
      finished: null,
    })
    const read = await sim.call<Job>('GET', `/v2/processing/jobs/${r.body.jobID}`, { token })
    expect(read.body.status).toBe('created')
  })

  it('checks workspace, budget and inputs', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const inputs = { title: 'x', item: itemUrl(sim) }
    const problemOf = async (
      query: string,
      body: Record<string, unknown> = inputs,
      process = 'upsampling-ns',
    ) => {
      const r = await execute(sim, token, process, body, query)
      return { status: r.status, type: r.headers.get('content-type') }
    }
    expect(await problemOf('')).toEqual({ status: 400, type: 'application/problem+json' })
    expect(await problemOf('workspaceId=nope')).toMatchObject({ status: 400 })
    expect(await problemOf(`workspaceId=${ids.starterWorkspace}`)).toEqual({
      status: 404,
      type: 'application/problem+json',
    })
    expect(await problemOf(`workspaceId=${ids.mainWorkspace}&budgetId=${crypto.randomUUID()}`)).toEqual({
      status: 404,
      type: 'application/problem+json',
    })
    expect(await problemOf(`workspaceId=${ids.mainWorkspace}&budgetId=${ids.budgetLegacy}`)).toMatchObject({
      status: 400,
    })
    expect(await problemOf(`workspaceId=${ids.mainWorkspace}`, { title: 'x' })).toMatchObject({ status: 400 })
    expect(
      await problemOf(`workspaceId=${ids.mainWorkspace}`, { title: 'x', item: `${BASE}/v2/x` }),
    ).toMatchObject({ status: 400 })
    expect(await problemOf(`workspaceId=${ids.mainWorkspace}`, inputs, 'nope')).toEqual({
      status: 404,
      type: 'application/json',
    })
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    if (account) account.budgetSettings.enforcementEnabled = true
    expect(await problemOf(`workspaceId=${ids.mainWorkspace}`)).toMatchObject({ status: 400 })
    expect((await problemOf(`workspaceId=${ids.mainWorkspace}&budgetId=${ids.budgetUrban}`)).status).toBe(201)
    // Starter accounts cannot use budgets at all.
    const starter = await sim.login('starter@swath.test')
    const s = await execute(
      sim,
      starter,
      'upsampling-ns',
      { title: 'x', item: itemUrl(sim, ids.starterAccount) },
      `workspaceId=${ids.starterWorkspace}&budgetId=${ids.budgetUrban}`,
    )
    expect(s.status).toBe(404)
  })
})

describe('job life cycle', () => {
  it('runs created → licensed → valid → accepted → running → successful → captured, holding then capturing credits', async () => {
    const sim = new TestSim()
    setProcessingEula(sim, true)
    quiet(sim)
    const token = await sim.login()
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    if (!account) throw new Error('no account')
    const r = await execute(
      sim,
      token,
      'detection-buildings-spacept',
      { title: 'Buildings', item: itemUrl(sim) },
      `workspaceId=${ids.mainWorkspace}&budgetId=${ids.budgetUrban}`,
    )
    const id = r.body.jobID
    const rec = sim.world.jobs.get(id)
    if (!rec) throw new Error('no job record')
    rec.willFail = false
    rec.runSeconds = 300
    const balance = account.creditBalance
    const held = account.heldCredits
    const status = async () => {
      const t = await sim.login()
      return (await sim.call<Job>('GET', `/v2/processing/jobs/${id}`, { token: t })).body
    }
    sim.advance(10)
    expect((await status()).status).toBe('licensed')
    sim.advance(10)
    expect((await status()).status).toBe('valid')
    sim.advance(10)
    expect((await status()).status).toBe('accepted')
    expect(account.creditBalance).toBe(balance - 40)
    expect(account.heldCredits).toBe(held + 40)
    sim.advance(30)
    const running = await status()
    expect(running.status).toBe('running')
    expect(running.started).toBe(running.updated)
    sim.advance(299)
    expect((await status()).status).toBe('running')
    sim.advance(1)
    const done = await status()
    expect(done.status).toBe('successful')
    expect(Date.parse(done.finished ?? '') - Date.parse(done.started ?? '')).toBe(300_000)
    expect(done.results?.collection).toMatch(
      /^http:\/\/sim\.test\/v2\/assets\/stac\/collections\/[0-9a-f-]{36}$/,
    )
    const t = await sim.login()
    const col = await sim.call<S['StacCollection']>(
      'GET',
      (done.results?.collection ?? '').slice(BASE.length),
      { token: t },
    )
    expect(col.status).toBe(200)
    expect(col.body['up42-system:job_id']).toBe(id)
    expect(col.body.title).toBe('Buildings')
    sim.advance(10)
    const captured = await status()
    expect(captured.status).toBe('captured')
    expect(captured.creditConsumption).toMatchObject({ credits: 40 })
    expect(captured.creditConsumption?.holdID).not.toBe(captured.creditConsumption?.consumptionID)
    expect(account.creditBalance).toBe(balance - 40)
    expect(account.heldCredits).toBe(held)
    expect(
      sim.world.budgets.get(ids.budgetUrban)?.records.some((x) => x.jobId === id && x.credits === 40),
    ).toBe(true)
  })

  it('keeps step times when the clock jumps far ahead', async () => {
    const sim = new TestSim()
    setProcessingEula(sim, true)
    const token = await sim.login()
    const r = await execute(sim, token, 'detection-ships-airbus', { title: 'x', item: itemUrl(sim) })
    const rec = sim.world.jobs.get(r.body.jobID)
    if (!rec) throw new Error('no job')
    rec.willFail = false
    rec.runSeconds = 600
    sim.advance(3600)
    const job = rec.job
    expect(job.status).toBe('captured')
    expect(Date.parse(job.started ?? '') - Date.parse(job.created)).toBe(60_000)
    expect(Date.parse(job.finished ?? '') - Date.parse(job.started ?? '')).toBe(600_000)
  })

  it('fails and releases the held credits', async () => {
    const sim = new TestSim()
    setProcessingEula(sim, true)
    quiet(sim)
    const token = await sim.login()
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    if (!account) throw new Error('no account')
    const before = { balance: account.creditBalance, held: account.heldCredits }
    const r = await execute(sim, token, 'detection-change-simularity', {
      title: 'x',
      sourceItem: itemUrl(sim, ids.enterpriseAccount, 0),
      referenceItem: itemUrl(sim, ids.enterpriseAccount, 1),
    })
    const rec = sim.world.jobs.get(r.body.jobID)
    if (!rec) throw new Error('no job')
    rec.willFail = true
    rec.runSeconds = 120
    sim.advance(60)
    expect(rec.job.status).toBe('running')
    expect(account.creditBalance).toBe(before.balance - 60)
    sim.advance(120)
    expect(rec.job.status).toBe('failed')
    expect(rec.job.results?.errors?.length).toBe(1)
    sim.advance(10)
    expect(rec.job.status).toBe('released')
    expect(rec.job.creditConsumption).toBeNull()
    expect(account.creditBalance).toBe(before.balance)
    expect(account.heldCredits).toBe(before.held)
  })

  it('ends unlicensed when the processing EULA is not accepted', async () => {
    const sim = new TestSim()
    setProcessingEula(sim, false)
    const token = await sim.login()
    const r = await execute(sim, token, 'upsampling-ns', { title: 'x', item: itemUrl(sim) })
    sim.advance(10)
    const job = (await sim.call<Job>('GET', `/v2/processing/jobs/${r.body.jobID}`, { token })).body
    expect(job.status).toBe('unlicensed')
    expect(job.finished).not.toBeNull()
    sim.advance(600)
    expect(sim.world.jobs.get(r.body.jobID)?.job.status).toBe('unlicensed')
  })

  it('ends invalid when an input item disappeared, and rejected when the balance is too low', async () => {
    const sim = new TestSim()
    setProcessingEula(sim, true)
    const token = await sim.login()
    const url = itemUrl(sim)
    const r = await execute(sim, token, 'upsampling-ns', { title: 'x', item: url })
    const collectionId = url.split('/')[7]
    expect((await sim.call('DELETE', `/v2/assets/stac/collections/${collectionId}`, { token })).status).toBe(
      204,
    )
    sim.advance(20)
    const invalid = sim.world.jobs.get(r.body.jobID)?.job
    expect(invalid?.status).toBe('invalid')
    expect(invalid?.results?.errors?.[0].name).toBe('InvalidItem')

    const account = sim.world.accounts.get(ids.enterpriseAccount)
    if (!account) throw new Error('no account')
    const poor = await execute(sim, token, 'detection-ships-airbus', { title: 'x', item: itemUrl(sim) })
    account.creditBalance = 10
    sim.advance(30)
    const rejected = sim.world.jobs.get(poor.body.jobID)?.job
    expect(rejected?.status).toBe('rejected')
    expect(account.creditBalance).toBe(10)
  })
})

describe('job list', () => {
  it('lists the account jobs newest first with next/prev links carrying the filters', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const all = await sim.call<S['JobList']>('GET', '/v2/processing/jobs?limit=100', { token })
    expect(all.body.jobs.length).toBeGreaterThanOrEqual(12)
    expect(all.body.jobs.every((j) => j.accountID === ids.enterpriseAccount)).toBe(true)
    const created = all.body.jobs.map((j) => Date.parse(j.created))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect(new Set(all.body.jobs.map((j) => j.status)).size).toBeGreaterThanOrEqual(8)
    expect(all.body.links.some((l) => l.rel === 'next')).toBe(false)

    const first = await sim.call<S['JobList']>(
      'GET',
      `/v2/processing/jobs?limit=5&workspaceId=${ids.mainWorkspace}`,
      { token },
    )
    expect(first.body.jobs).toHaveLength(5)
    const next = first.body.links.find((l) => l.rel === 'next')
    // A relative path: the SDK puts its host in front of it.
    expect(next?.href).toMatch(/^\/v2\/processing\/jobs\?/)
    const nextUrl = new URL(`http://sdk.host${next?.href ?? ''}`)
    expect(nextUrl.searchParams.get('workspaceId')).toBe(ids.mainWorkspace)
    expect(nextUrl.searchParams.get('page')).toBe('1')
    const second = await sim.call<S['JobList']>('GET', nextUrl.pathname + nextUrl.search, { token })
    expect(second.body.jobs[0].jobID).not.toBe(first.body.jobs[0].jobID)
    expect(second.body.jobs.every((j) => j.workspaceID === ids.mainWorkspace)).toBe(true)
    expect(second.body.links.find((l) => l.rel === 'prev')?.href).toContain('page=0')
    // Behind a proxy prefix too: the path is relative to the API base, whatever that is.
    const proxied = await sim.call<S['JobList']>('GET', '/v2/processing/jobs?limit=5', {
      token,
      headers: { 'x-forwarded-prefix': '/api' },
    })
    expect(proxied.body.links.find((l) => l.rel === 'next')?.href).toBe('/v2/processing/jobs?limit=5&page=1')
    // The default page size is 10.
    expect((await sim.call<S['JobList']>('GET', '/v2/processing/jobs', { token })).body.jobs).toHaveLength(10)
  })

  it('filters by process, status, ids and duration, and sorts by each field', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const get = async (q: string) =>
      (await sim.call<S['JobList']>('GET', `/v2/processing/jobs?limit=100&${q}`, { token })).body.jobs
    const ships = await get('processId=detection-ships-airbus,upsampling-ns')
    expect(ships.length).toBeGreaterThan(0)
    expect(ships.every((j) => ['detection-ships-airbus', 'upsampling-ns'].includes(j.processID))).toBe(true)
    const st = await get('status=captured,released')
    expect(st.length).toBeGreaterThan(0)
    expect(st.every((j) => j.status === 'captured' || j.status === 'released')).toBe(true)
    const picked = st.slice(0, 2).map((j) => j.jobID)
    expect((await get(`ids=${picked.join(',')}`)).map((j) => j.jobID).sort()).toEqual([...picked].sort())
    // Durations: seeded runs are 4 to 20 minutes; the running job counts until now; unstarted jobs never match.
    const long = await get('minDuration=900')
    expect(long.length).toBeGreaterThan(0)
    for (const j of long)
      expect(Date.parse(j.finished ?? '') - Date.parse(j.started ?? '')).toBeGreaterThanOrEqual(900_000)
    const short = await get('maxDuration=400')
    expect(short.length).toBeGreaterThan(0)
    expect(short.every((j) => j.started !== null)).toBe(true)
    expect(short.some((j) => j.status === 'running')).toBe(true)
    const none = await get('minDuration=0')
    expect(none.every((j) => j.started !== null)).toBe(true)
    expect(await get(`workspaceId=${ids.coastalWorkspace}`)).toSatisfy(
      (l: Job[]) => l.length > 0 && l.every((j) => j.workspaceID === ids.coastalWorkspace),
    )

    const byProcess = (await get('sort=processID,asc')).map((j) => j.processID)
    expect(byProcess).toEqual([...byProcess].sort())
    const byStatus = (await get('sort=status,desc')).map((j) => j.status)
    expect(byStatus).toEqual([...byStatus].sort().reverse())
    const byCredits = (await get('sort=creditConsumption.credits,desc')).map(
      (j) => j.creditConsumption?.credits,
    )
    const withCredits = byCredits.filter((c) => c !== undefined)
    expect(withCredits).toEqual([...withCredits].sort((a, b) => (b ?? 0) - (a ?? 0)))
    expect(byCredits.slice(withCredits.length).every((c) => c === undefined)).toBe(true)
    const asc = (await get('sort=created,asc')).map((j) => Date.parse(j.created))
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
  })

  it.each([
    'limit=0',
    'limit=x',
    'page=-1',
    'sort=name,asc',
    'sort=created,up',
    'status=done',
    'ids=abc',
    'minDuration=-5',
    'maxDuration=1.5',
    'workspaceId=nope',
    'minDuration=10&maxDuration=5',
  ])('answers 400 for %s', async (q) => {
    const sim = new TestSim()
    const token = await sim.login()
    const r = await sim.call<S['ProcessingError']>('GET', `/v2/processing/jobs?${q}`, { token })
    expect(r.status).toBe(400)
    expect(r.body.status).toBe(400)
  })

  it('hides other accounts jobs: empty list and 404', async () => {
    const sim = new TestSim()
    const token = await sim.login('starter@swath.test')
    const list = await sim.call<S['JobList']>('GET', '/v2/processing/jobs', { token })
    expect(list.body.jobs).toEqual([])
    const someone = [...sim.world.jobs.keys()][0]
    expect((await sim.call('GET', `/v2/processing/jobs/${someone}`, { token })).status).toBe(404)
    expect((await sim.call('GET', `/v2/processing/jobs/${crypto.randomUUID()}`, { token })).status).toBe(404)
    expect((await sim.call('GET', '/v2/processing/jobs')).status).toBe(401)
  })

  it('seeds 5,000 jobs and 1,000 delivery collections for the large seed size', () => {
    // The processing seeder alone, on the accounts of a default world: the full large world takes long to build.
    const base = new TestSim().world
    const world = new World(manualClock(), 'large')
    for (const [k, v] of base.accounts) world.accounts.set(k, { ...v })
    for (const [k, v] of base.workspaces) world.workspaces.set(k, v)
    for (const [k, v] of base.eulas) world.eulas.set(k, v)
    for (const [k, v] of base.budgets) world.budgets.set(k, { ...v, records: [] })
    seedProcessing(world)
    const jobs = [...world.jobs.values()].filter((j) => j.job.accountID === ids.enterpriseAccount)
    expect(jobs).toHaveLength(LARGE_JOBS)
    // Deliveries of orders; job results come on top, one for each job that produced one.
    const collections = [...world.stacCollections.values()].filter(
      (c) => c.accountId === ids.enterpriseAccount && c.source !== 'PROCESSING',
    )
    expect(collections).toHaveLength(LARGE_COLLECTIONS)
    expect(new Set(jobs.map((j) => j.job.status)).size).toBeGreaterThanOrEqual(5)
    // Every captured job points at a result collection that exists.
    for (const j of jobs.filter((x) => x.job.status === 'captured')) {
      const id = (j.job.results?.collection ?? '').split('/').pop() ?? ''
      expect(world.stacCollections.get(id)?.jobId).toBe(j.job.jobID)
    }
    // Building 5,000 jobs and 50,000 items takes seconds; the other large-seed tests allow as long.
  }, 120_000)
})
