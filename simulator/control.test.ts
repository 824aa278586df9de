import { describe, expect, it } from 'vitest'
import { globToRegExp, parseFaults } from './control'
import { ids } from './domain/world/ids'
import { TestSim } from './testing/harness'
import { createSimulator } from './app'

describe('control plane', () => {
  it('moves the simulated clock and rejects bad advances', async () => {
    const sim = new TestSim()
    const before = (await sim.call<{ now: string }>('GET', '/__sim/clock')).body.now
    const r = await sim.call<{ now: string }>('POST', '/__sim/clock', { body: { advanceSeconds: 3600 } })
    expect(r.status).toBe(200)
    expect(Date.parse(r.body.now) - Date.parse(before)).toBe(3_600_000)
    for (const body of [{}, { advanceSeconds: -1 }, { advanceSeconds: 'soon' }, { advanceSeconds: 1e12 }]) {
      expect((await sim.call('POST', '/__sim/clock', { body })).status).toBe(400)
    }
    expect(
      (await sim.call('POST', '/__sim/clock', { rawBody: '{nope', contentType: 'application/json' })).status,
    ).toBe(400)
  })

  it('resets the world to the seed', async () => {
    const sim = new TestSim()
    const ws = sim.world.workspaces.keys().next().value as string
    sim.world.workspaces.delete(ws)
    expect(sim.world.workspaces.has(ws)).toBe(false)
    expect((await sim.call('POST', '/__sim/reset')).status).toBe(200)
    expect(sim.world.workspaces.has(ws)).toBe(true)
  })

  it('switches to the large world on {"seed": "large"} and back to its own seed on a reset without one', async () => {
    const sim = new TestSim()
    const enterpriseOrders = () =>
      [...sim.world.orders.values()].filter((r) => r.order.accountId === ids.enterpriseAccount).length
    expect(enterpriseOrders()).toBeLessThan(100)
    expect((await sim.call('POST', '/__sim/reset', { body: { seed: 'large' } })).status).toBe(200)
    expect(sim.world.seedSize).toBe('large')
    expect(enterpriseOrders()).toBeGreaterThanOrEqual(10_000)
    expect((await sim.call('POST', '/__sim/reset', { body: { seed: 'huge' } })).status).toBe(400)
    expect(sim.world.seedSize).toBe('large')
    expect((await sim.call('POST', '/__sim/reset')).status).toBe(200)
    expect(sim.world.seedSize).toBe('default')
    expect(enterpriseOrders()).toBeLessThan(100)
  }, 120_000)

  it('takes a real clock back to the present with the world: a reset after a simulated week is today again', async () => {
    const sim = createSimulator({ clock: 'real' })
    const now = async () =>
      Date.parse(((await (await sim.api.request('/__sim/clock')).json()) as { now: string }).now)
    const advance = { advanceSeconds: 7 * 86_400 }
    const post = (path: string, body?: object) =>
      sim.api.request(path, {
        method: 'POST',
        ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      })
    expect((await post('/__sim/clock', advance)).status).toBe(200)
    expect((await now()) - Date.now()).toBeGreaterThan(6 * 86_400_000)
    expect((await post('/__sim/reset')).status).toBe(200)
    expect(Math.abs((await now()) - Date.now())).toBeLessThan(60_000)
  })

  it('switches budget enforcement for Enterprise accounts only', async () => {
    const sim = new TestSim()
    expect((await sim.call('PUT', '/__sim/settings', { body: { budgetEnforcement: true } })).status).toBe(200)
    const accounts = [...sim.world.accounts.values()]
    expect(
      accounts.filter((a) => a.plan === 'ENTERPRISE').every((a) => a.budgetSettings.enforcementEnabled),
    ).toBe(true)
    expect(
      accounts.filter((a) => a.plan !== 'ENTERPRISE').some((a) => a.budgetSettings.enforcementEnabled),
    ).toBe(false)
    expect((await sim.call('PUT', '/__sim/settings', { body: { budgetEnforcement: 'yes' } })).status).toBe(
      400,
    )
  })

  it('injects faults by glob and method, logs requests, and clears faults with an empty list', async () => {
    const sim = new TestSim()
    expect(
      (
        await sim.call('PUT', '/__sim/faults', {
          body: [{ path: '/v2/collections', method: 'get', status: 503 }],
        })
      ).status,
    ).toBe(200)
    const failed = await sim.call<{ status: number }>('GET', '/v2/collections', { unchecked: true })
    expect(failed.status).toBe(503)
    expect(failed.headers.get('content-type')).toContain('application/problem+json')
    // Another method and another path are untouched.
    expect((await sim.call('GET', '/v2/providers')).status).toBe(200)
    const log = (
      await sim.call<{ path: string; status: number; faulted: boolean }[]>('GET', '/__sim/requests')
    ).body
    expect(log.map((e) => [e.path, e.status, e.faulted])).toEqual([
      ['/v2/collections', 503, true],
      ['/v2/providers', 200, false],
    ])
    await sim.call('PUT', '/__sim/faults', { body: [] })
    expect((await sim.call('GET', '/v2/collections')).status).toBe(200)
  })

  it('fails only the given share of requests with rate, deterministically', async () => {
    const sim = new TestSim()
    await sim.call('PUT', '/__sim/faults', { body: [{ path: '/v2/providers', status: 500, rate: 0.5 }] })
    const statuses: number[] = []
    for (let i = 0; i < 200; i++)
      statuses.push((await sim.call('GET', '/v2/providers', { unchecked: true })).status)
    const failures = statuses.filter((s) => s === 500).length
    expect(failures).toBeGreaterThan(60)
    expect(failures).toBeLessThan(140)
  })

  it('adds latency without failing when only latencyMs is given', async () => {
    const sim = new TestSim()
    await sim.call('PUT', '/__sim/faults', { body: [{ path: '/v2/providers', latencyMs: 120 }] })
    const t0 = performance.now()
    expect((await sim.call('GET', '/v2/providers')).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110)
  })

  it('reaches the token server: with after and latencyMs the refresh takes effect before its slow answer', async () => {
    const sim = new TestSim()
    const form = { client_id: 'service-api' }
    const signedIn = await sim.token({
      ...form,
      grant_type: 'password',
      username: 'analyst@swath.test',
      password: 'swath-demo',
    })
    const refresh = (signedIn.body as { refresh_token: string }).refresh_token
    await sim.call('PUT', '/__sim/faults', {
      body: [{ path: '**/openid-connect/token', after: true, latencyMs: 1500, times: 1 }],
    })
    let answered = false
    const slow = sim.token({ ...form, grant_type: 'refresh_token', refresh_token: refresh }).then((r) => {
      answered = true
      return r
    })
    const logged = async () =>
      (await sim.call<{ path: string; status: number }[]>('GET', '/__sim/requests')).body.filter((e) =>
        e.path.endsWith('/openid-connect/token'),
      )
    // The log shows the grant answered while its client still waits: the refresh token is already spent.
    while ((await logged()).length < 2 || (await logged())[1].status === 0)
      await new Promise((r) => setTimeout(r, 10))
    expect(answered).toBe(false)
    expect((await logged()).map((e) => e.status)).toEqual([200, 200])
    const again = await sim.token({ ...form, grant_type: 'refresh_token', refresh_token: refresh })
    expect(again.status).toBe(401)
    expect((await slow).status).toBe(200)
  })

  it('with after, lets the write take effect and loses only its answer; times spends the fault', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    await sim.call('PUT', '/__sim/faults', {
      body: [{ path: '/v2/spatial/geometries', method: 'POST', status: 503, after: true, times: 1 }],
    })
    const save = () =>
      sim.call('POST', `/v2/spatial/geometries?workspaceId=${ids.mainWorkspace}`, {
        token,
        unchecked: true,
        body: {
          displayName: 'Lost answer',
          featureCollection: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: {},
                geometry: {
                  type: 'Polygon',
                  coordinates: [
                    [
                      [2, 48],
                      [2.1, 48],
                      [2.1, 48.1],
                      [2, 48],
                    ],
                  ],
                },
              },
            ],
          },
        },
      })
    const saved = () => [...sim.world.geometries.values()].filter((g) => g.displayName === 'Lost answer')
    expect((await save()).status).toBe(503)
    // The route ran: the geometry exists although the client was told the service failed.
    expect(saved()).toHaveLength(1)
    // The fault is spent: the next request goes through untouched.
    expect((await save()).status).toBe(201)
    expect(saved()).toHaveLength(2)
    const log = (await sim.call<{ status: number; faulted: boolean }[]>('GET', '/__sim/requests')).body
    expect(log.slice(-2).map((e) => [e.status, e.faulted])).toEqual([
      [503, true],
      [201, false],
    ])
  })

  it('publishes a new EULA version that becomes current and resets acceptance', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const eulas = (
      await sim.call<{ content: { id: string; title: string; isAccepted: boolean }[] }>(
        'GET',
        '/v2/eulas?term=capella',
        { token },
      )
    ).body.content
    const capella = eulas[0]
    // The seeded account accepted Capella's only document.
    expect(capella.isAccepted).toBe(true)
    const published = await sim.call<{ eulaId: string; documentId: string; version: number }>(
      'POST',
      '/__sim/eulas/publish',
      { body: { eula: 'Capella Space SAR license' } },
    )
    expect(published.status).toBe(200)
    expect(published.body).toMatchObject({ eulaId: capella.id, version: 2 })
    const after = await sim.call<{ isAccepted: boolean; currentDocumentId: string }>(
      'GET',
      `/v2/eulas/${capella.id}`,
      { token },
    )
    expect(after.body).toMatchObject({ isAccepted: false, currentDocumentId: published.body.documentId })
    const docs = (
      await sim.call<{ content: { version: number; isCurrent: boolean }[] }>(
        'GET',
        `/v2/eulas/${capella.id}/documents`,
        { token },
      )
    ).body.content
    expect(docs.map((d) => [d.version, d.isCurrent])).toEqual([
      [2, true],
      [1, false],
    ])
    // The new text differs from the old by more than its heading.
    const doc = sim.world.eulas.get(capella.id)?.documents.find((d) => d.version === 2)
    expect(doc?.text).toContain('Derived products must name license version')
    // By id too; unknown names and bad bodies are refused.
    expect(
      (await sim.call<{ version: number }>('POST', '/__sim/eulas/publish', { body: { eula: capella.id } }))
        .body.version,
    ).toBe(3)
    expect((await sim.call('POST', '/__sim/eulas/publish', { body: { eula: 'Nope' } })).status).toBe(404)
    expect((await sim.call('POST', '/__sim/eulas/publish', { body: {} })).status).toBe(400)
  })

  it('rejects malformed fault lists with a message', () => {
    expect(parseFaults([{ path: '/x', after: true }])).toMatch(/after needs a status or a latencyMs/)
    expect(parseFaults([{ path: '/x', status: 500, after: 'yes' }])).toMatch(/after must be a boolean/)
    expect(parseFaults([{ path: '/x', status: 500, times: 0 }])).toMatch(/times/)
    expect(parseFaults({})).toMatch(/list of faults/)
    expect(parseFaults([{ status: 500 }])).toMatch(/path/)
    expect(parseFaults([{ path: '/x', status: 404 }])).toMatch(/500, 503 or 542/)
    expect(parseFaults([{ path: '/x' }])).toMatch(/status, a latencyMs/)
    expect(parseFaults([{ path: '/x', status: 500, rate: 2 }])).toMatch(/rate/)
    expect(parseFaults([{ path: '/x', status: 542, method: 'post' }])).toEqual([
      { path: '/x', status: 542, method: 'POST', latencyMs: undefined, rate: undefined },
    ])
  })

  it('matches globs segment by segment', () => {
    expect(globToRegExp('/catalog/**').test('/catalog/hosts/oneatlas/stac/search')).toBe(true)
    expect(globToRegExp('/catalog/*').test('/catalog/hosts/oneatlas')).toBe(false)
    expect(globToRegExp('/v2/orders/*').test('/v2/orders/abc')).toBe(true)
    expect(globToRegExp('/v2/orders/*').test('/v2/orders/abc/cancellation')).toBe(false)
    expect(globToRegExp('/v2/orders').test('/v2/orders.json')).toBe(false)
  })

  describe('refuses what a web page could send', () => {
    /** Every write of the control plane, with a body that works when sent properly. */
    const WRITES: { method: string; path: string; body?: unknown; ok: number }[] = [
      { method: 'POST', path: '/__sim/reset', ok: 200 },
      { method: 'POST', path: '/__sim/clock', body: { advanceSeconds: 3600 }, ok: 200 },
      { method: 'PUT', path: '/__sim/settings', body: { budgetEnforcement: true }, ok: 200 },
      { method: 'PUT', path: '/__sim/faults', body: [{ path: '/x', status: 500 }], ok: 200 },
      { method: 'POST', path: '/__sim/eulas/publish', body: { eula: 'Capella Space SAR license' }, ok: 200 },
      { method: 'DELETE', path: '/__sim/requests', ok: 204 },
    ]
    const OWN_ORIGIN = 'http://sim.test'

    /** What any control write changes: the world (a reset replaces it), clock, settings, faults, EULAs, log. */
    async function prepared() {
      const sim = new TestSim()
      // One logged request, so that clearing the log shows.
      await sim.call('GET', '/v2/providers')
      const state = () => ({
        now: sim.sim.runtime.clock.now(),
        enforcement: [...sim.world.accounts.values()].map((a) => a.budgetSettings.enforcementEnabled),
        faults: JSON.stringify(sim.sim.control.faults),
        eulaVersions: [...sim.world.eulas.values()].map((e) => e.documents.length),
        logged: sim.sim.control.log.length,
      })
      const world = sim.world
      const before = state()
      expect(before.logged).toBe(1)
      return {
        sim,
        untouched: () => {
          expect(sim.world).toBe(world)
          expect(state()).toEqual(before)
        },
        changed: () =>
          expect(sim.world !== world || JSON.stringify(state()) !== JSON.stringify(before)).toBe(true),
      }
    }

    const send = (
      sim: TestSim,
      w: (typeof WRITES)[number],
      opts: { type?: string; headers?: Record<string, string> },
    ) =>
      sim.call<{ type?: string; status?: number; title?: string }>(w.method, w.path, {
        rawBody: JSON.stringify(w.body ?? {}),
        contentType: opts.type,
        headers: opts.headers,
      })

    it.each(WRITES.map((w) => [`${w.method} ${w.path}`, w] as const))(
      '%s: 403 from another origin or site, 415 for text/plain, forms and untyped bodies',
      async (_name, w) => {
        const { sim, untouched } = await prepared()
        const refusals: [string, { type?: string; headers?: Record<string, string> }, number][] = [
          ['foreign Origin', { type: 'application/json', headers: { origin: 'https://evil.example' } }, 403],
          [
            'Origin of another port',
            { type: 'application/json', headers: { origin: 'http://sim.test:8080' } },
            403,
          ],
          ['opaque Origin', { type: 'application/json', headers: { origin: 'null' } }, 403],
          [
            'opaque Origin from another site',
            { type: 'application/json', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } },
            403,
          ],
          [
            'cross-site fetch',
            { type: 'application/json', headers: { 'sec-fetch-site': 'cross-site' } },
            403,
          ],
          ['same-site fetch', { type: 'application/json', headers: { 'sec-fetch-site': 'same-site' } }, 403],
          ['foreign text/plain', { type: 'text/plain', headers: { origin: 'https://evil.example' } }, 403],
          ['text/plain', { type: 'text/plain;charset=UTF-8' }, 415],
          ['form', { type: 'application/x-www-form-urlencoded' }, 415],
          ['multipart form', { type: 'multipart/form-data; boundary=x' }, 415],
          ['same-origin text/plain', { type: 'text/plain', headers: { origin: OWN_ORIGIN } }, 415],
        ]
        for (const [what, opts, status] of refusals) {
          const r = await send(sim, w, opts)
          expect([what, r.status]).toEqual([what, status])
          expect(r.headers.get('content-type')).toContain('application/problem+json')
          expect(r.body.status).toBe(status)
          expect(r.body.type).toMatch(/\/problems\/control-plane-/)
        }
        // Bytes without any Content-Type (a fetch of an untyped Blob) are no JSON either.
        const untyped = await sim.call(w.method, w.path, { rawBody: new TextEncoder().encode('{}') })
        expect(untyped.status).toBe(415)
        untouched()
      },
    )

    it.each(WRITES.map((w) => [`${w.method} ${w.path}`, w] as const))(
      '%s: works from its own origin with JSON, and without an Origin (tests, curl, the bench)',
      async (_name, w) => {
        const callers: Record<string, string>[] = [
          { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' },
          // A page of the console (Referrer-Policy: no-referrer) posts with an opaque Origin.
          { origin: 'null', 'sec-fetch-site': 'same-origin' },
          { origin: OWN_ORIGIN },
          {},
        ]
        for (const headers of callers) {
          const { sim, changed } = await prepared()
          const r =
            w.body === undefined
              ? await sim.call(w.method, w.path, { headers })
              : await sim.call(w.method, w.path, { body: w.body, headers })
          expect([headers, r.status]).toEqual([headers, w.ok])
          changed()
        }
      },
    )

    it('keeps the log and faults from other origins too', async () => {
      const sim = new TestSim()
      expect(
        (await sim.call('GET', '/__sim/requests', { headers: { origin: 'https://evil.example' } })).status,
      ).toBe(403)
      expect(
        (await sim.call('GET', '/__sim/faults', { headers: { 'sec-fetch-site': 'cross-site' } })).status,
      ).toBe(403)
      // Typed into the address bar: Sec-Fetch-Site none.
      expect((await sim.call('GET', '/__sim/clock', { headers: { 'sec-fetch-site': 'none' } })).status).toBe(
        200,
      )
    })
  })
})
