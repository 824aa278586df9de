import { describe, expect, it } from 'vitest'
import { captureCredits } from '../domain/budgets/credits'
import { ids } from '../domain/world/ids'
import type { S } from '../domain/world/types'
import { signJwt } from '../http/jwt'
import { TestSim } from '../testing/harness'

type Page = S['BudgetPage']
type Problem = S['Problem']

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const ALL_PATHS = [
  '/v2/budgets',
  '/v2/budgets/settings',
  `/v2/budgets/${ids.budgetForest}`,
  `/v2/budgets/${ids.budgetForest}/usage`,
]

async function setup(email = 'analyst@swath.test') {
  const sim = new TestSim()
  const token = await sim.login(email)
  return { sim, token }
}

describe('GET /v2/budgets', () => {
  it("lists the account's budgets, most recently updated first", async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Page>('GET', '/v2/budgets', { token })
    expect(r.status).toBe(200)
    expect(r.body.totalElements).toBe(3)
    const updated = r.body.content.map((b) => b.updatedAt)
    expect(updated).toEqual([...updated].sort().reverse())
    expect(r.body.content.find((b) => b.id === ids.budgetForest)).toMatchObject({
      name: 'Forest monitoring 2026',
      status: 'ACTIVE',
      allocatedCredits: 60_000,
    })
  })

  it('filters by status, repeated or comma-joined; an unknown status matches nothing', async () => {
    const { sim, token } = await setup()
    const active = await sim.call<Page>('GET', '/v2/budgets?status=ACTIVE', { token })
    expect(active.body.content.map((b) => b.id).sort()).toEqual([ids.budgetForest, ids.budgetUrban].sort())
    const inactive = await sim.call<Page>('GET', '/v2/budgets?status=INACTIVE', { token })
    expect(inactive.body.content.map((b) => b.id)).toEqual([ids.budgetLegacy])
    expect(
      (await sim.call<Page>('GET', '/v2/budgets?status=ACTIVE&status=INACTIVE', { token })).body
        .totalElements,
    ).toBe(3)
    expect(
      (await sim.call<Page>('GET', '/v2/budgets?status=ACTIVE,INACTIVE', { token })).body.totalElements,
    ).toBe(3)
    expect((await sim.call<Page>('GET', '/v2/budgets?status=EXPIRED', { token })).body.totalElements).toBe(0)
  })

  it('sorts by name, createdAt or updatedAt and pages; bad paging values fall back', async () => {
    const { sim, token } = await setup()
    const byName = await sim.call<Page>('GET', '/v2/budgets?sort=name,asc', { token })
    expect(byName.body.content.map((b) => b.name)).toEqual([
      'Forest monitoring 2026',
      'Legacy project 2025',
      'Urban planning',
    ])
    const oldest = await sim.call<Page>('GET', '/v2/budgets?sort=createdAt,asc&size=1&page=0', { token })
    expect(oldest.body.content.map((b) => b.id)).toEqual([ids.budgetLegacy])
    expect(oldest.body).toMatchObject({ totalPages: 3, first: true, last: false })
    const page2 = await sim.call<Page>('GET', '/v2/budgets?sort=updatedAt,asc&size=2&page=1', { token })
    expect(page2.body).toMatchObject({ number: 1, numberOfElements: 1, last: true })
    const bad = await sim.call<Page>('GET', '/v2/budgets?page=-1&size=99999&sort=credits,desc', { token })
    expect(bad.status).toBe(200)
    expect(bad.body).toMatchObject({ number: 0, size: 1000 })
    // Beyond int32 the page number is clamped, so the envelope stays within the contract.
    const far = await sim.call<Page>('GET', '/v2/budgets?page=99999999999999999999', { token })
    expect(far.body).toMatchObject({ number: 2_147_483_647, empty: true, content: [] })
  })
})

describe('GET /v2/budgets/{budget-id}', () => {
  it('reads a budget', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['Budget']>('GET', `/v2/budgets/${ids.budgetUrban}`, { token })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      id: ids.budgetUrban,
      name: 'Urban planning',
      status: 'ACTIVE',
      createdBy: ids.analyst,
      externalId: null,
    })
  })

  it.each([
    ['an unknown id', UNKNOWN],
    ['a malformed id', 'forest'],
    ['a huge id', 'x'.repeat(5000)],
  ])('answers 404 budget-not-found for %s, on the budget and its usage', async (_n, id) => {
    const { sim, token } = await setup()
    for (const path of [`/v2/budgets/${id}`, `/v2/budgets/${id}/usage`]) {
      const r = await sim.call<Problem>('GET', path, { token })
      expect(r.status, path).toBe(404)
      expect(r.body.type).toMatch(/budget-not-found$/)
    }
  })

  it("answers 404 for another account's budget", async () => {
    const { sim, token } = await setup()
    sim.world.budgets.set(UNKNOWN, {
      accountId: 'other-account',
      records: [],
      budget: {
        id: UNKNOWN,
        name: 'Theirs',
        status: 'ACTIVE',
        description: null,
        externalId: null,
        allocatedCredits: 1,
        createdBy: 'x',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      },
    })
    expect((await sim.call('GET', `/v2/budgets/${UNKNOWN}`, { token })).status).toBe(404)
    expect((await sim.call('GET', `/v2/budgets/${UNKNOWN}/usage`, { token })).status).toBe(404)
    expect((await sim.call<Page>('GET', '/v2/budgets', { token })).body.totalElements).toBe(3)
  })
})

describe('GET /v2/budgets/{budget-id}/usage', () => {
  it('sums the seeded consumption records', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['BudgetUsage']>('GET', `/v2/budgets/${ids.budgetForest}/usage`, { token })
    expect(r.status).toBe(200)
    expect(r.body.budgetId).toBe(ids.budgetForest)
    expect(r.body.allocatedCredits).toBe(60_000)
    expect(r.body.records.length).toBeGreaterThanOrEqual(6)
    expect(r.body.consumedCredits).toBe(r.body.records.reduce((s, x) => s + x.credits, 0))
    expect(r.body.consumedCredits).toBeGreaterThan(0)
    expect(r.body.consumedCredits).toBeLessThan(60_000)
    const times = r.body.records.map((x) => x.recordedAt)
    expect(times).toEqual([...times].sort())
    for (const rec of r.body.records) expect(Boolean(rec.orderId) !== Boolean(rec.jobId)).toBe(true)
  })

  it('includes consumption recorded at runtime by orders and jobs', async () => {
    const { sim, token } = await setup()
    const path = `/v2/budgets/${ids.budgetUrban}/usage`
    const before = (await sim.call<S['BudgetUsage']>('GET', path, { token })).body
    const account = sim.world.accounts.get(ids.enterpriseAccount)
    if (!account) throw new Error('seeded account missing')
    account.heldCredits += 1234
    const orderId = sim.world.rng.uuid()
    captureCredits(sim.world, account, 1234, ids.budgetUrban, { orderId })
    const after = (await sim.call<S['BudgetUsage']>('GET', path, { token })).body
    expect(after.consumedCredits).toBe(before.consumedCredits + 1234)
    expect(after.records.at(-1)).toMatchObject({
      orderId,
      credits: 1234,
      recordedAt: new Date(sim.world.now()).toISOString(),
    })
  })
})

describe('GET /v2/budgets/settings', () => {
  it('gives the enforcement settings and follows the control plane', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['BudgetSettings']>('GET', '/v2/budgets/settings', { token })
    expect(r.status).toBe(200)
    expect(r.body.enforcementEnabled).toBe(false)
    expect(r.body.budgetSettingId).toMatch(/^[0-9a-f-]{36}$/)
    await sim.call('PUT', '/__sim/settings', { body: { budgetEnforcement: true } })
    expect(
      (await sim.call<S['BudgetSettings']>('GET', '/v2/budgets/settings', { token })).body.enforcementEnabled,
    ).toBe(true)
  })
})

describe('budget access', () => {
  it.each(ALL_PATHS)('answers 404 account-not-enterprise to a Standard account: %s', async (path) => {
    const { sim, token } = await setup('starter@swath.test')
    const r = await sim.call<Problem>('GET', path, { token })
    expect(r.status).toBe(404)
    expect(r.body.type).toMatch(/\/problems\/account-not-enterprise$/)
  })

  it.each(ALL_PATHS)('answers 403 to the Viewer (no budget.r): %s', async (path) => {
    const { sim, token } = await setup('viewer@swath.test')
    const r = await sim.call<Problem>('GET', path, { token })
    expect(r.status).toBe(403)
    expect(r.body.detail).toMatch(/budget\.r/)
  })

  it.each(ALL_PATHS)('answers 403 to a Viewer token that somehow carries budget.r: %s', async (path) => {
    const sim = new TestSim()
    const now = Math.floor(sim.world.now() / 1000)
    const token = await signJwt(
      {
        iss: 'test',
        sub: ids.viewer,
        exp: now + 300,
        iat: now,
        typ: 'Bearer',
        email: 'viewer@swath.test',
        name: 'Victor Viewer',
        account_id: ids.enterpriseAccount,
        account_plan: 'ENTERPRISE',
        role: 'VIEWER',
        workspaces: [],
        scope: 'account budget.r',
        session_state: 'x',
      },
      sim.sim.runtime.secret,
    )
    const r = await sim.call<Problem>('GET', path, { token })
    expect(r.status).toBe(403)
    expect(r.body.detail).toMatch(/Viewer/)
  })

  it.each(ALL_PATHS)('answers 401 without a token: %s', async (path) => {
    expect((await new TestSim().call('GET', path)).status).toBe(401)
  })
})
