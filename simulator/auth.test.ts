import { describe, expect, it } from 'vitest'
import { TestSim } from './testing/harness'
import { DEMO_PASSWORD, ids } from './domain/world/ids'

const form = (extra: Record<string, string> = {}) => ({
  grant_type: 'password',
  username: 'analyst@swath.test',
  password: DEMO_PASSWORD,
  client_id: 'service-api',
  ...extra,
})

const claimsOf = (jwt: string) =>
  JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>

describe('token server', () => {
  it('issues signed tokens with the contract fields and the account claims', async () => {
    const sim = new TestSim()
    const r = await sim.token(form())
    expect(r.status).toBe(200)
    const body = r.body as Record<string, unknown>
    expect(body).toMatchObject({
      expires_in: 300,
      refresh_expires_in: 1800,
      token_type: 'Bearer',
      'not-before-policy': 0,
    })
    expect(body.scope).toBe('account eula.w budget.r')
    expect(typeof body.session_state).toBe('string')
    const claims = claimsOf(body.access_token as string)
    expect(claims).toMatchObject({ email: 'analyst@swath.test', role: 'ADMIN', account_plan: 'ENTERPRISE' })
    expect((claims.workspaces as unknown[]).length).toBeGreaterThanOrEqual(1)
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  it('gives each seeded account its plan, role and scopes', async () => {
    const sim = new TestSim()
    const viewer = claimsOf(
      ((await sim.token(form({ username: 'viewer@swath.test' }))).body as { access_token: string })
        .access_token,
    )
    expect(viewer).toMatchObject({ role: 'VIEWER', account_plan: 'ENTERPRISE', scope: 'account' })
    const starter = claimsOf(
      ((await sim.token(form({ username: 'starter@swath.test' }))).body as { access_token: string })
        .access_token,
    )
    expect(starter).toMatchObject({ account_plan: 'STANDARD' })
    expect(viewer.account_id).not.toBe(starter.account_id)
  })

  it.each([
    ['wrong password', form({ password: 'nope' }), 'application/x-www-form-urlencoded', 'invalid_grant'],
    [
      'unknown user',
      form({ username: 'nobody@swath.test' }),
      'application/x-www-form-urlencoded',
      'invalid_grant',
    ],
    [
      'missing grant_type',
      { username: 'analyst@swath.test', password: DEMO_PASSWORD, client_id: 'service-api' },
      'application/x-www-form-urlencoded',
      'invalid_request',
    ],
    [
      'missing client_id',
      { grant_type: 'password', username: 'analyst@swath.test', password: DEMO_PASSWORD },
      'application/x-www-form-urlencoded',
      'invalid_client',
    ],
    [
      'wrong client_id',
      form({ client_id: 'someone-else' }),
      'application/x-www-form-urlencoded',
      'invalid_client',
    ],
    ['JSON instead of a form', form(), 'application/json', 'invalid_request'],
    ['no media type', form(), '', 'invalid_request'],
  ])('answers 401 with a Keycloak-like body: %s', async (_name, f, type, error) => {
    const sim = new TestSim()
    const r = await sim.token(f, type)
    expect(r.status).toBe(401)
    expect(r.body).toMatchObject({ error, error_description: expect.any(String) as string })
  })

  it('rejects an unknown grant type with 400 unsupported_grant_type', async () => {
    const r = await new TestSim().token(form({ grant_type: 'client_credentials' }))
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ error: 'unsupported_grant_type' })
  })

  it('rotates refresh tokens: a used refresh token is dead', async () => {
    const sim = new TestSim()
    const first = (await sim.token(form())).body as { refresh_token: string; session_state: string }
    const refresh = {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'service-api',
    }
    const second = await sim.token(refresh)
    expect(second.status).toBe(200)
    expect((second.body as { session_state: string }).session_state).toBe(first.session_state)
    const again = await sim.token(refresh)
    expect(again.status).toBe(401)
    expect(again.body).toMatchObject({ error: 'invalid_grant' })
    const next = await sim.token({
      ...refresh,
      refresh_token: (second.body as { refresh_token: string }).refresh_token,
    })
    expect(next.status).toBe(200)
  })

  it('expires refresh tokens after 1800 s of simulated time', async () => {
    const sim = new TestSim()
    const { refresh_token } = (await sim.token(form())).body as { refresh_token: string }
    sim.advance(1801)
    const r = await sim.token({ grant_type: 'refresh_token', refresh_token, client_id: 'service-api' })
    expect(r.status).toBe(401)
    expect(r.body).toMatchObject({ error: 'invalid_grant', error_description: 'Token is not active' })
  })

  it.each(['service-api', 'up42-api', 'up42-sdk'])('accepts the default client id %s', async (clientId) => {
    const r = await new TestSim().token(form({ client_id: clientId }))
    expect(r.status).toBe(200)
    expect(claimsOf((r.body as { access_token: string }).access_token).azp).toBe(clientId)
  })

  it('accepts exactly the configured client ids when given', async () => {
    const sim = new TestSim({ clientIds: ['acme-console'] })
    expect((await sim.token(form({ client_id: 'acme-console' }))).status).toBe(200)
    const refused = await sim.token(form({ client_id: 'service-api' }))
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ error: 'invalid_client' })
  })

  it('grants openid when asked, with an ID token for that client, and keeps it across a refresh', async () => {
    const sim = new TestSim()
    const plain = (await sim.token(form())).body as Record<string, unknown>
    expect(plain.scope).toBe('account eula.w budget.r')
    expect(plain.id_token).toBeUndefined()
    const r = await sim.token(form({ client_id: 'up42-sdk', scope: 'openid' }))
    expect(r.status).toBe(200)
    const body = r.body as { scope: string; id_token: string; refresh_token: string }
    expect(body.scope).toBe('openid account eula.w budget.r')
    expect(claimsOf(body.id_token)).toMatchObject({ aud: 'up42-sdk', email: 'analyst@swath.test' })
    const refreshed = await sim.token({
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token,
      client_id: 'up42-sdk',
    })
    expect(refreshed.status).toBe(200)
    expect((refreshed.body as { scope: string }).scope).toBe('openid account eula.w budget.r')
  })

  it('refuses a refresh token presented by another client', async () => {
    const sim = new TestSim()
    const { refresh_token } = (await sim.token(form({ client_id: 'up42-sdk' }))).body as {
      refresh_token: string
    }
    const r = await sim.token({ grant_type: 'refresh_token', refresh_token, client_id: 'service-api' })
    expect(r.status).toBe(401)
    expect(r.body).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses a forged refresh token', async () => {
    const sim = new TestSim()
    const r = await sim.token({
      grant_type: 'refresh_token',
      refresh_token: 'a.b.c',
      client_id: 'service-api',
    })
    expect(r.status).toBe(401)
  })
})

describe('userinfo', () => {
  it('answers the OIDC claims of the token user, by GET and by POST', async () => {
    const sim = new TestSim()
    const token = await sim.login('viewer@swath.test')
    for (const method of ['GET', 'POST'] as const) {
      const r = await sim.userinfo<Record<string, unknown>>(token, method)
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({
        sub: ids.viewer,
        email: 'viewer@swath.test',
        email_verified: true,
        name: 'Victor Viewer',
        given_name: 'Victor',
        family_name: 'Viewer',
      })
    }
  })

  it('answers 401 invalid_token for a missing, forged or expired token', async () => {
    const sim = new TestSim()
    const missing = await sim.userinfo()
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer realm="public"/)
    expect((await sim.userinfo('a.b.c')).body).toMatchObject({ error: 'invalid_token' })
    const token = await sim.login()
    sim.advance(301)
    const expired = await sim.userinfo(token)
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ error: 'invalid_token', error_description: 'Token is not active' })
  })

  it("gives every seeded user a default workspace whose id is the user's sub", async () => {
    const sim = new TestSim()
    for (const email of ['analyst@swath.test', 'viewer@swath.test', 'starter@swath.test']) {
      const r = await sim.token(form({ username: email }))
      const claims = claimsOf((r.body as { access_token: string }).access_token)
      const { sub } = (await sim.userinfo<{ sub: string }>((r.body as { access_token: string }).access_token))
        .body
      expect(sub, email).toBe(claims.sub)
      expect((claims.workspaces as { id: string }[])[0].id, email).toBe(sub)
    }
  })
})

describe('service access control', () => {
  it('fails a token request sent to the API port', async () => {
    const sim = new TestSim()
    const res = await sim.sim.api.request('http://sim.test/realms/public/protocol/openid-connect/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form()).toString(),
    })
    expect(res.status).toBe(404)
  })

  it('answers 401 problems for a missing, invalid or expired token', async () => {
    const sim = new TestSim()
    const missing = await sim.call('GET', '/v2/orders')
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/)
    const invalid = await sim.call('GET', '/v2/orders', { token: 'not-a-jwt' })
    expect(invalid.status).toBe(401)
    const token = await sim.login()
    const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expect((await sim.call('GET', '/v2/orders', { token: tampered })).status).toBe(401)
    sim.advance(301)
    const expired = await sim.call<{ detail: string }>('GET', '/v2/orders', { token })
    expect(expired.status).toBe(401)
    expect(expired.body.detail).toMatch(/expired/)
  })

  it('keeps a token valid for its 300 s', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    sim.advance(299)
    expect((await sim.call('GET', '/v2/orders', { token })).status).toBe(200)
  })

  it('serves public endpoints without a token', async () => {
    const sim = new TestSim()
    for (const path of [
      '/v2/collections',
      '/v2/data-products',
      '/v2/providers',
      '/v2/processing/processes',
    ]) {
      expect((await sim.call('GET', path)).status, path).toBe(200)
    }
  })

  it('denies budget endpoints to the Viewer with 403 (no budget.r scope)', async () => {
    const sim = new TestSim()
    const token = await sim.login('viewer@swath.test')
    const r = await sim.call<{ detail: string }>('GET', '/v2/budgets', { token })
    expect(r.status).toBe(403)
    expect(r.body.detail).toMatch(/budget\.r/)
  })

  it('answers decommissioned and unknown endpoints with 404', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    for (const [method, path] of [
      ['GET', '/v2/assets'],
      ['GET', '/v2/payments/balances'],
      ['GET', '/v2/tasking/feasibility'],
      ['GET', '/v1/orders'],
      ['GET', '/v2/nothing-here'],
    ] as const) {
      const r = await sim.call<{ status: number }>(method, path, { token, unchecked: true })
      expect(r.status, path).toBe(404)
    }
  })
})
