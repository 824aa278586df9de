import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { tokenError } from '../http/errors'
import { signJwt, verifyJwt } from '../http/jwt'
import type { AccessClaims, SimRuntime } from '../http/runtime'
import type { S, User } from '../domain/world/types'

export const TOKEN_PATH = '/realms/public/protocol/openid-connect/token'
export const USERINFO_PATH = '/realms/public/protocol/openid-connect/userinfo'
/**
 * The contract's client id, the one the service's public docs give raw-API users, and the one its Python SDK
 * sends: a client written for the real service must get a token unchanged.
 */
export const DEFAULT_CLIENT_IDS: readonly string[] = ['service-api', 'up42-api', 'up42-sdk']
export const ACCESS_TTL = 300
export const REFRESH_TTL = 1800

interface RefreshClaims {
  exp: number
  iat: number
  typ: 'Refresh'
  sub: string
  jti: string
  session_state: string
  /** The client the grant was made to: a refresh from another client is refused, as Keycloak does. */
  azp: string
  scope: string
}

/**
 * The token server: a separate app on its own port, like the service's Keycloak. Password and refresh
 * grants; refresh tokens rotate, so a refresh token works exactly once.
 */
export function createTokenServer(sim: SimRuntime, before?: MiddlewareHandler): Hono {
  const app = new Hono()
  // The control plane's faults and request log (app.ts).
  if (before) app.use('*', before)

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
    if (!sim.clientIds.includes(clientId))
      return tokenError(401, 'invalid_client', 'Invalid client or Invalid client credentials')
    const world = sim.world
    world.settle()

    if (grant === 'password') {
      const user = world.userByEmail(form.get('username') ?? '')
      if (!user || user.password !== form.get('password')) {
        return tokenError(401, 'invalid_grant', 'Invalid user credentials')
      }
      const scope = grantedScope(user, form.get('scope'))
      return c.json(await issue(sim, user, world.rng.uuid(), clientId, scope), 200, {
        'cache-control': 'no-store',
      })
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
      if (check.claims.azp !== clientId)
        return tokenError(
          401,
          'invalid_grant',
          "Invalid refresh token. Token client and authorized client don't match",
        )
      record.used = true
      const user = world.userById(record.userId)
      if (!user) return tokenError(401, 'invalid_grant', 'Invalid refresh token')
      return c.json(await issue(sim, user, record.sessionState, clientId, check.claims.scope), 200, {
        'cache-control': 'no-store',
      })
    }
    return tokenError(400, 'unsupported_grant_type', `Unsupported grant_type: ${grant}`)
  })

  // OIDC userinfo (GET, and POST as the OIDC core spec allows): the SDK reads the workspace id from `sub`.
  const userinfo = async (c: Context) => {
    const invalid = (description: string, error = 'invalid_token') =>
      c.json({ error, error_description: description } satisfies S['TokenError'], 401, {
        'www-authenticate': `Bearer realm="public", error="${error}", error_description="${description}"`,
        'cache-control': 'no-store',
      })
    const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')
    if (!m) return invalid('Missing bearer token', 'invalid_request')
    const check = await verifyJwt<AccessClaims>(m[1], sim.secret, sim.clock.now())
    if (!check.ok || check.claims.typ !== 'Bearer')
      return invalid(
        check.ok || check.reason !== 'expired' ? 'Token verification failed' : 'Token is not active',
      )
    const user = sim.world.userById(check.claims.sub)
    if (!user) return invalid('User not found')
    const [given, ...family] = user.name.split(' ')
    const body: S['UserInfo'] = {
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: user.name,
      preferred_username: user.email,
      given_name: given,
      family_name: family.join(' '),
    }
    return c.json(body, 200, { 'cache-control': 'no-store' })
  }
  app.get(USERINFO_PATH, userinfo)
  app.post(USERINFO_PATH, userinfo)

  app.notFound((c) =>
    c.json({ error: 'not_found', error_description: `No token-server endpoint at ${c.req.path}` }, 404),
  )
  app.onError((err, c) => {
    console.error('[token-server]', err)
    return c.json({ error: 'server_error', error_description: 'Unexpected token-server error' }, 500)
  })
  return app
}

/**
 * The account scopes always; `openid` when the client asks for it (the SDK does), which also brings an ID
 * token. Other requested names are ignored rather than refused, as Keycloak does with unknown optional scopes.
 */
function grantedScope(user: User, requested: string | null): string {
  const asked = (requested ?? '').split(' ').filter((s) => s !== '')
  return [...(asked.includes('openid') ? ['openid'] : []), ...user.scopes].join(' ')
}

async function issue(
  sim: SimRuntime,
  user: User,
  sessionState: string,
  clientId: string,
  scope: string,
): Promise<S['TokenResponse']> {
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
    azp: clientId,
    scope,
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
    azp: clientId,
    scope,
  }
  world.refreshTokens.set(jti, { userId: user.id, sessionState, expiresAt: refresh.exp * 1000, used: false })
  const idToken = scope.split(' ').includes('openid')
    ? {
        id_token: await signJwt(
          {
            iss: claims.iss,
            sub: user.id,
            aud: clientId,
            azp: clientId,
            iat: now,
            exp: now + ACCESS_TTL,
            typ: 'ID',
            session_state: sessionState,
            email: user.email,
            name: user.name,
          },
          sim.secret,
        ),
      }
    : {}
  return {
    access_token: await signJwt(claims, sim.secret),
    expires_in: ACCESS_TTL,
    refresh_expires_in: REFRESH_TTL,
    refresh_token: await signJwt(refresh, sim.secret),
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: sessionState,
    scope: claims.scope,
    ...idToken,
  }
}
