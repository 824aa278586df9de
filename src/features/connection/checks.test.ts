import { describe, expect, it } from 'vitest'
import {
  classifyServiceAnswer,
  classifyTokenAnswer,
  probe,
  runConnectionChecks,
  targetsOf,
  type Fetch,
} from './checks'
import { rowsOf, summaryOf } from './words'

const ORIGIN = 'https://console.example.com'
const TOKEN = '/realms/public/protocol/openid-connect/token'

type Host =
  | { answer: (init: RequestInit) => Response }
  /** Answers, without Access-Control-Allow-Origin for this page. */
  | { cors: 'refused' }
  /** Allows plain requests, refuses the preflight an Authorization header brings. */
  | { cors: 'simple-only'; answer: (init: RequestInit) => Response }
  | 'down'

/** A fetch that behaves as a browser's does to a page on ORIGIN: what CORS hides, it hides. */
function browserFetch(hosts: Record<string, Host>): Fetch & { calls: { url: string; mode?: string }[] } {
  const calls: { url: string; mode?: string }[] = []
  const respond = (url: string, init: RequestInit): Response => {
    calls.push({ url, mode: init.mode })
    const host = Object.entries(hosts).find(([prefix]) => url.startsWith(prefix))?.[1]
    if (!host || host === 'down') throw new TypeError('Failed to fetch')
    const sameOrigin = new URL(url).origin === ORIGIN
    if (init.mode === 'no-cors') return new Response(null, { status: 200 })
    if ('cors' in host && !sameOrigin) {
      const preflighted = new Headers(init.headers).has('authorization')
      if (host.cors === 'refused' || preflighted) throw new TypeError('Failed to fetch')
    }
    if (!('answer' in host)) throw new TypeError('Failed to fetch')
    return host.answer(init)
  }
  const fetch = ((url: string, init: RequestInit = {}) =>
    new Promise<Response>((resolve) => resolve(respond(url, init)))) as Fetch & { calls: typeof calls }
  fetch.calls = calls
  return fetch
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const collections = () => json(200, { content: [{ name: 'a' }], totalElements: 12 })
const html = () =>
  new Response('<!doctype html><title>Swath</title>', { headers: { 'content-type': 'text/html' } })
const tokenServer = (known: string[]) => (init: RequestInit) => {
  const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '')
  return known.includes(form.get('client_id') ?? '')
    ? json(401, { error: 'invalid_grant', error_description: 'Invalid user credentials' })
    : json(401, {
        error: 'invalid_client',
        error_description: 'Invalid client or Invalid client credentials',
      })
}

const config = (apiUrl: string, authUrl: string, clientId = 'service-api') => ({
  apiUrl,
  clientId,
  regions: [{ id: 'eu', label: 'Europe', authUrl }],
})

async function report(hosts: Record<string, Host>, cfg: ReturnType<typeof config>) {
  const outcomes = await runConnectionChecks({ config: cfg, origin: ORIGIN, fetch: browserFetch(hosts) })
  const ctx = { origin: ORIGIN, clientId: cfg.clientId }
  return {
    outcomes,
    rows: Object.fromEntries(outcomes.map((o) => [o.target.id, rowsOf(o, ctx)])),
    summary: summaryOf(outcomes, ctx),
  }
}
const states = (rows: { state: string }[]) => rows.map((r) => r.state)

describe('classifyTokenAnswer', () => {
  it('reads the OAuth error the token server gives a made-up user', () => {
    const c = (status: number, body: unknown, type = 'application/json') =>
      classifyTokenAnswer(status, type, typeof body === 'string' ? body : JSON.stringify(body))
    expect(c(401, { error: 'invalid_grant' })).toEqual({ kind: 'client-known' })
    expect(c(400, { error: 'invalid_grant' })).toEqual({ kind: 'client-known' })
    expect(c(401, { error: 'invalid_client' })).toEqual({ kind: 'client-unknown' })
    expect(
      c(400, {
        error: 'unauthorized_client',
        error_description: 'Client not allowed for direct access grants',
      }),
    ).toEqual({
      kind: 'client-not-allowed',
      description: 'Client not allowed for direct access grants',
    })
    expect(c(404, { error: 'Unable to find matching target resource method' })).toEqual({
      kind: 'no-endpoint',
      status: 404,
    })
    expect(c(404, '<html>Not found</html>', 'text/html')).toEqual({ kind: 'no-endpoint', status: 404 })
    expect(c(200, '<!doctype html><div id=root>', 'text/html')).toEqual({ kind: 'web-page', status: 200 })
    expect(c(502, 'Bad gateway', 'text/plain')).toEqual({ kind: 'failing', status: 502 })
    expect(c(400, { error: 'invalid_scope', error_description: 'nope' })).toEqual({
      kind: 'unexpected',
      status: 400,
      description: 'invalid_scope: nope',
    })
  })
})

describe('classifyServiceAnswer', () => {
  it('knows the v2 collections page from a web page, a missing path, a token wall and an outage', () => {
    const c = (status: number, body: string, type = 'application/json') =>
      classifyServiceAnswer(status, type, body)
    expect(c(200, JSON.stringify({ content: [{}, {}], totalElements: 7 }))).toEqual({
      kind: 'service',
      collections: 7,
    })
    expect(c(200, '<!DOCTYPE html><html>', 'text/html; charset=utf-8')).toEqual({
      kind: 'web-page',
      status: 200,
    })
    expect(c(404, JSON.stringify({ error: 'x' }))).toEqual({ kind: 'not-found', status: 404 })
    expect(c(401, JSON.stringify({ title: 'Unauthorized' }))).toEqual({ kind: 'needs-token', status: 401 })
    expect(c(503, '')).toEqual({ kind: 'failing', status: 503 })
    expect(c(200, JSON.stringify({ items: [] }))).toEqual({ kind: 'unexpected', status: 200 })
  })
})

describe('probe', () => {
  it('tells a refused origin from an unreachable host with a no-cors request', async () => {
    const fetch = browserFetch({ 'https://auth.example.com': { cors: 'refused' } })
    expect(await probe(fetch, 'https://auth.example.com/x', { method: 'GET' })).toEqual({
      kind: 'cors-refused',
    })
    expect(fetch.calls.map((c) => c.mode)).toEqual(['cors', 'no-cors'])
    expect(await probe(fetch, 'https://down.example.com/x', { method: 'GET' })).toEqual({
      kind: 'unreachable',
    })
  })

  it('gives up after the timeout on a host that never answers', async () => {
    const hang: Fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new TypeError('aborted'))),
      )
    expect(await probe(hang, 'https://slow.example.com/', { method: 'GET' }, { timeoutMs: 20 })).toEqual({
      kind: 'timeout',
    })
  })
})

describe('runConnectionChecks', () => {
  it('passes every check for a console behind its own reverse proxy', async () => {
    const r = await report(
      {
        [`${ORIGIN}/api/v2/collections`]: { answer: collections },
        [`${ORIGIN}/auth${TOKEN}`]: { answer: tokenServer(['service-api']) },
      },
      config('/api', '/auth'),
    )
    expect(states(r.rows.service)).toEqual(['ok', 'ok', 'ok'])
    expect(states(r.rows.eu)).toEqual(['ok', 'ok', 'ok'])
    expect(r.rows.service[1].text).toMatch(/own origin/)
    expect(r.rows.service[2].text).toMatch(/listed 12 collections/)
    expect(r.summary.ok).toBe(true)
  })

  it('says which client id the token server does not know, and where to set it', async () => {
    const r = await report(
      {
        'https://api.example.com': { answer: collections },
        'https://auth.example.com': { answer: tokenServer(['other']) },
      },
      config('https://api.example.com', 'https://auth.example.com'),
    )
    expect(states(r.rows.eu)).toEqual(['ok', 'ok', 'failed'])
    expect(r.rows.eu[2].text).toBe(
      'The token server does not know the client id “service-api”: set clientId in config.json to the client registered for this console.',
    )
    expect(r.summary).toEqual({ ok: false, text: '1 check failed: each says what to change.' })
  })

  it('says the token server refused this origin, and cannot check the client id then', async () => {
    const r = await report(
      { 'https://api.example.com': { answer: collections }, 'https://auth.example.com': { cors: 'refused' } },
      config('https://api.example.com', 'https://auth.example.com'),
    )
    expect(states(r.rows.eu)).toEqual(['ok', 'failed', 'skipped'])
    expect(r.rows.eu[1].text).toBe(
      'The token server did not allow this site’s origin (https://console.example.com): add it to the client’s web origins, or serve the console behind the same origin — see docs/deploy.md.',
    )
  })

  it('says nothing answered at an unreachable token server, and that HTTPS pages cannot call http:', async () => {
    const r = await report(
      { 'https://api.example.com': { answer: collections } },
      config('https://api.example.com', 'http://auth.example.com'),
    )
    expect(states(r.rows.eu)).toEqual(['failed', 'skipped', 'skipped'])
    expect(r.rows.eu[0].text).toMatch(
      /^Nothing answered at http:\/\/auth\.example\.com\/realms\/public\/protocol\/openid-connect\/token: check authUrl of region “eu” in config.json/,
    )
    expect(r.rows.eu[0].text).toMatch(/may not call an http: address/)
  })

  it('says the service refused this origin, or only refused the Authorization header', async () => {
    const refused = await report(
      {
        'https://api.example.com': { cors: 'refused' },
        [`${ORIGIN}/auth`]: { answer: tokenServer(['service-api']) },
      },
      config('https://api.example.com', '/auth'),
    )
    expect(states(refused.rows.service)).toEqual(['ok', 'failed', 'skipped'])
    expect(refused.rows.service[1].text).toMatch(
      /^The service did not allow this site’s origin \(https:\/\/console\.example\.com\)/,
    )

    const headerOnly = await report(
      {
        'https://api.example.com': { cors: 'simple-only', answer: collections },
        [`${ORIGIN}/auth`]: { answer: tokenServer(['service-api']) },
      },
      config('https://api.example.com', '/auth'),
    )
    expect(states(headerOnly.rows.service)).toEqual(['ok', 'failed', 'ok'])
    expect(headerOnly.rows.service[1].text).toMatch(/refused one with the Authorization header/)
  })

  it('says apiUrl reached a web page when the proxy does not forward it', async () => {
    const r = await report({ [ORIGIN]: { answer: html } }, config('/api', '/auth'))
    expect(r.rows.service[2]).toMatchObject({ state: 'failed' })
    expect(r.rows.service[2].text).toMatch(
      /^A web page answered at https:\/\/console\.example\.com\/api\/v2\/collections\?size=1, not the service/,
    )
    expect(r.rows.eu[2].text).toMatch(/not a token server: authUrl of region “eu”/)
  })

  it('checks only the token servers asked for', async () => {
    const fetch = browserFetch({ [ORIGIN]: { answer: tokenServer(['service-api']) } })
    const cfg = {
      apiUrl: '/api',
      clientId: 'service-api',
      regions: [
        { id: 'eu', label: 'Europe', authUrl: '/auth' },
        { id: 'sa', label: 'South America', authUrl: '/auth-sa' },
      ],
    }
    const outcomes = await runConnectionChecks({ config: cfg, origin: ORIGIN, fetch, regionIds: ['sa'] })
    expect(outcomes.map((o) => o.target.id)).toEqual(['service', 'sa'])
    expect(targetsOf(cfg, ORIGIN)[2].probeUrl).toBe(`${ORIGIN}/auth-sa${TOKEN}`)
  })
})
