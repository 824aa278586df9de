import type { MiddlewareHandler } from 'hono'
import { problem } from './errors'
import { verifyJwt } from './jwt'
import { matchOperation, securityOf } from './operations'
import type { AccessClaims, ApiEnv, SimRuntime } from './runtime'

/**
 * Access control straight from the contract: an operation with `security: []` is public, every other one
 * needs a valid bearer token on the simulator's clock, oauth2 operations need their scopes, and an
 * operation's `x-forbidden-roles` keeps those roles out.
 */
export function authMiddleware(sim: SimRuntime): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const match = matchOperation(c.req.method, c.req.path)
    if (!match) return next()
    const { public: isPublic, scopes } = securityOf(match.op)
    if (isPublic) return next()
    const instance = c.req.path
    const unauthorized = (detail: string, error = 'invalid_token') =>
      problem({
        status: 401,
        slug: 'unauthorized',
        title: 'Unauthorized',
        detail,
        instance,
        headers: {
          'www-authenticate': `Bearer realm="public", error="${error}", error_description="${detail}"`,
        },
      })
    const header = c.req.header('authorization') ?? ''
    const m = /^Bearer\s+(\S+)$/i.exec(header)
    if (!m)
      return unauthorized(
        'A bearer token is required: send Authorization: Bearer <access token>.',
        'invalid_request',
      )
    const check = await verifyJwt<AccessClaims>(m[1], sim.secret, sim.clock.now())
    if (!check.ok) {
      return unauthorized(
        check.reason === 'expired' ? 'The access token has expired.' : 'The access token is not valid.',
      )
    }
    if (check.claims.typ !== 'Bearer') return unauthorized('The token is not an access token.')
    const user = sim.world.userById(check.claims.sub)
    const account = user && sim.world.accounts.get(user.accountId)
    if (!user || !account) return unauthorized('The token belongs to no known user.')
    const granted = check.claims.scope.split(' ')
    const missing = scopes.filter((s) => !granted.includes(s))
    if (missing.length > 0) {
      return problem({
        status: 403,
        slug: 'insufficient-scope',
        title: 'Forbidden',
        detail: `This operation needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, which the token does not carry (role ${user.role}).`,
        instance,
      })
    }
    // Write operations some roles may not make: the contract names the roles and gives the reason.
    const roleRule = match.op['x-forbidden-roles']?.[user.role]
    if (roleRule) {
      return problem({
        status: 403,
        slug: 'role-not-allowed',
        title: 'Forbidden',
        detail: roleRule,
        instance,
      })
    }
    c.set('user', user)
    c.set('account', account)
    c.set('claims', check.claims)
    return next()
  }
}
