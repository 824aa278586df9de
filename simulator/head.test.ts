import { describe, expect, it } from 'vitest'
import { openapi } from './http/contract'
import { securityOf } from './http/operations'
import { ids } from './domain/world/ids'
import { TestSim } from './testing/harness'

/**
 * HEAD is GET without a body (RFC 9110 §9.3.2): same authentication, same status, same headers. Hono answers
 * HEAD by running the GET route, so whatever runs before it (access control above all) must treat HEAD as
 * GET too. The matrix covers every GET path of the contract, with and without a token.
 */

/** A real id from the seed for each path parameter of the contract, owned by the analyst's account. */
function seedIds(sim: TestSim): Record<string, string> {
  const w = sim.world
  const mine = <T>(list: Iterable<T>, accountOf: (t: T) => string | undefined, what: string): T => {
    const found = [...list].find((t) => accountOf(t) === ids.enterpriseAccount)
    if (!found) throw new Error(`the seed has no ${what} of the analyst's account`)
    return found
  }
  const scene = w.scenes[0]
  const product = w.collections.flatMap((c) => c.dataProducts ?? []).find((p) => p.id !== undefined)
  if (!product?.id) throw new Error('the seed has no data product with an id')
  const delivered = mine(
    [...w.orders.values()].filter((r) => r.order.type === 'TASKING' && r.order.status === 'FULFILLED'),
    (r) => r.order.accountId,
    'fulfilled tasking order',
  )
  const stac = mine(
    [...w.stacCollections.values()].filter((c) => c.itemIds.length > 0),
    (c) => c.accountId,
    'STAC collection with items',
  )
  const eula = [...w.eulas.values()][0]
  return {
    'collection-name': w.collections[0].name,
    'data-product-name': product.name,
    'data-product-id': product.id,
    'provider-name': w.providers[0].name,
    'host-name': scene.host,
    'image-id': String(scene.feature.id),
    'order-id': delivered.order.id,
    'geometry-id': mine(w.geometries.values(), (g) => g.accountId, 'geometry').id,
    'process-id': w.processes[0].id,
    'job-id': mine(w.jobs.values(), (j) => j.job.accountID, 'job').job.jobID,
    'collection-id': stac.collection.id,
    'item-id': stac.itemIds[0],
    'eula-id': eula.id,
    'eula-document-id': eula.documents[0].id,
    'budget-id': ids.budgetForest,
  }
}

/** Every GET path of the contract with its parameters filled in; `tokenServer` paths live on the auth app. */
function getPaths(
  params: Record<string, string>,
): { template: string; path: string; tokenServer: boolean }[] {
  return Object.entries(openapi.paths)
    .filter(([, item]) => item.get)
    .map(([template, item]) => ({
      template,
      tokenServer: Array.isArray((item as { servers?: unknown }).servers),
      path: template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = params[name]
        if (value === undefined) throw new Error(`no seed id for {${name}} in ${template}`)
        return encodeURIComponent(value)
      }),
    }))
}

const headersOf = (res: Response) => [...res.headers.entries()].sort(([a], [b]) => a.localeCompare(b))

describe('HEAD', () => {
  it.each([
    ['without a token', false],
    ['with a token', true],
  ])('answers every GET path of the contract as GET does, without a body: %s', async (_name, withToken) => {
    const sim = new TestSim()
    const token = withToken ? await sim.login() : undefined
    const paths = getPaths(seedIds(sim))
    expect(paths.length).toBeGreaterThanOrEqual(37)
    const mismatches: string[] = []
    const getStatus: Record<string, number> = {}
    for (const { template, path, tokenServer } of paths) {
      const app = tokenServer ? sim.sim.auth : sim.sim.api
      const send = (method: 'GET' | 'HEAD') =>
        app.request(`http://sim.test${path}`, {
          method,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
      const get = await send('GET')
      await get.arrayBuffer()
      const head = await send('HEAD')
      const headBody = await head.text()
      const label = `HEAD ${template}`
      getStatus[template] = get.status
      if (head.status !== get.status) mismatches.push(`${label}: ${head.status}, GET ${get.status}`)
      else if (JSON.stringify(headersOf(head)) !== JSON.stringify(headersOf(get)))
        mismatches.push(
          `${label}: headers ${JSON.stringify(headersOf(head))}, GET ${JSON.stringify(headersOf(get))}`,
        )
      if (headBody !== '') mismatches.push(`${label}: a body of ${headBody.length} characters`)
      // A 500 is a bug whatever GET says.
      if (head.status >= 500) mismatches.push(`${label}: ${head.status}`)
    }
    expect(mismatches).toEqual([])
    // The ids are real: with a token every GET (and so every HEAD) finds its resource; without one, every
    // path but the public ones is refused.
    const public_ = Object.entries(openapi.paths)
      .filter(([, item]) => item.get && securityOf(item.get).public)
      .map(([template]) => template)
    expect(public_.length).toBeGreaterThan(0)
    for (const [template, status] of Object.entries(getStatus))
      expect([template, status]).toEqual([template, withToken || public_.includes(template) ? 200 : 401])
  })

  it('needs a token wherever GET does', async () => {
    const sim = new TestSim()
    for (const path of [
      '/v2/orders',
      '/v2/budgets',
      '/v2/eulas',
      '/v2/assets/stac',
      '/v2/assets/stac/queryables',
    ]) {
      const head = await sim.sim.api.request(`http://sim.test${path}`, { method: 'HEAD' })
      expect([path, head.status]).toEqual([path, 401])
      expect(head.headers.get('www-authenticate')).toContain('Bearer')
    }
  })

  it('fails as GET does under a fault injected for GET', async () => {
    const sim = new TestSim()
    await sim.call('PUT', '/__sim/faults', { body: [{ path: '/v2/providers', method: 'GET', status: 503 }] })
    const head = await sim.sim.api.request('http://sim.test/v2/providers', { method: 'HEAD' })
    expect(head.status).toBe(503)
    expect(await head.text()).toBe('')
  })
})
