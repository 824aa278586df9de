import { Hono } from 'hono'
import { tokenError } from '../http/errors'
import { signJwt, verifyJwt } from '../http/jwt'
import type { AccessClaims, SimRuntime } from '../http/runtime'
import type { S, User } from '../domain/types'

export const TOKEN_PATH = '/realms/public/protocol/openid-connect/token'
export const ACCESS_TTL = 300
export const REFRESH_TTL = 1800

interface RefreshClaims {
  exp: number
  iat: number
  typ: 'Refresh'
  sub: string
  jti: string
  session_state: string
}

/**
 * The token server: a separate app on its own port, like the service's Keycloak. Password and refresh
 * grants; refresh tokens rotate, so a refresh token works exactly once.
 */
export function createTokenServer(sim: SimRuntime): Hono {
  const app = new Hono()

  app.post(TOKEN_PATH, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
    if (type !== 'application/x-www-form-urlencoded') {
      return tokenError(
        401,
        'invalid_request',
        'The token request must be sent as application/x-www-form-urlencoded.',
      )
    }
    let form: URLSearchParams
    try {
      const text = await c.req.text()
      if (text.length > 16_384) return tokenError(400, 'invalid_request', 'The token request is too large.')
      form = new URLSearchParams(text)
    } catch {
      return tokenError(400, 'invalid_request', 'The token request body could not be read.')
    }
    const grant = form.get('grant_type')
    const clientId = form.get('client_id')
    if (!grant) return tokenError(401, 'invalid_request', 'Missing form parameter: grant_type')
    if (!clientId) return tokenError(401, 'invalid_client', 'Missing form parameter: client_id')
    if (clientId !== 'service-api')
      return tokenError(401, 'invalid_client', 'Invalid client or Invalid client credentials')
    const world = sim.world
    world.settle()

    if (grant === 'password') {
      const user = world.userByEmail(form.get('username') ?? '')
      if (!user || user.password !== form.get('password')) {
        return tokenError(401, 'invalid_grant', 'Invalid user credentials')
      }
      return c.json(await issue(sim, user, world.rng.uuid()), 200, { 'cache-control': 'no-store' })
    }
    if (grant === 'refresh_token') {
      const token = form.get('refresh_token')
      if (!token) return tokenError(401, 'invalid_request', 'Missing parameter: refresh_token')
      const check = await verifyJwt<RefreshClaims>(token, sim.secret, sim.clock.now())
      if (!check.ok || check.claims.typ !== 'Refresh') {
        return tokenError(
          401,
          'invalid_grant',
          check.ok || check.reason !== 'expired' ? 'Invalid refresh token' : 'Token is not active',
        )
      }
      const record = world.refreshTokens.get(check.claims.jti)
      if (!record) return tokenError(401, 'invalid_grant', 'Invalid refresh token')
      if (record.used) return tokenError(401, 'invalid_grant', 'Maximum allowed refresh token reuse exceeded')
      record.used = true
      const user = world.userById(record.userId)
      if (!user) return tokenError(401, 'invalid_grant', 'Invalid refresh token')
      return c.json(await issue(sim, user, record.sessionState), 200, { 'cache-control': 'no-store' })
    }
    return tokenError(400, 'unsupported_grant_type', `Unsupported grant_type: ${grant}`)
  })

  app.notFound((c) =>
    c.json({ error: 'not_found', error_description: `No token-server endpoint at ${c.req.path}` }, 404),
  )
  app.onError((err, c) => {
    console.error('[token-server]', err)
    return c.json({ error: 'server_error', error_description: 'Unexpected token-server error' }, 500)
  })
  return app
}

async function issue(sim: SimRuntime, user: User, sessionState: string): Promise<S['TokenResponse']> {
  const world = sim.world
  const now = Math.floor(sim.clock.now() / 1000)
  const account = world.accounts.get(user.accountId)
  const claims: AccessClaims = {
    iss: 'swath-simulator/realms/public',
    sub: user.id,
    iat: now,
    exp: now + ACCESS_TTL,
    typ: 'Bearer',
    email: user.email,
    name: user.name,
    account_id: user.accountId,
    account_plan: account?.plan ?? 'STANDARD',
    role: user.role,
    workspaces: user.workspaceIds.map((id) => ({ id, name: world.workspaces.get(id)?.name ?? id })),
    scope: user.scopes.join(' '),
    session_state: sessionState,
  }
  const jti = world.rng.uuid()
  const refresh: RefreshClaims = {
    iat: now,
    exp: now + REFRESH_TTL,
    typ: 'Refresh',
    sub: user.id,
    jti,
    session_state: sessionState,
  }
  world.refreshTokens.set(jti, { userId: user.id, sessionState, expiresAt: refresh.exp * 1000, used: false })
  return {
    access_token: await signJwt(claims, sim.secret),
    expires_in: ACCESS_TTL,
    refresh_expires_in: REFRESH_TTL,
    refresh_token: await signJwt(refresh, sim.secret),
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: sessionState,
    scope: claims.scope,
  }
}
