import type { Context, Hono } from 'hono'
import type { Clock } from '../domain/world/clock'
import type { Account, User } from '../domain/world/types'
import type { World } from '../domain/world/world'

export interface AccessClaims {
  iss: string
  sub: string
  exp: number
  iat: number
  typ: 'Bearer'
  email: string
  name: string
  account_id: string
  account_plan: 'ENTERPRISE' | 'STANDARD'
  role: 'ADMIN' | 'MEMBER' | 'VIEWER'
  workspaces: { id: string; name: string }[]
  scope: string
  session_state: string
  /** The client the token was issued to. */
  azp: string
}

export interface ApiEnv {
  Variables: { user: User; account: Account; claims: AccessClaims }
}
export type Api = Hono<ApiEnv>
export type ApiContext = Context<ApiEnv>

/** What route modules see. `world` is replaced on reset, so read it through this object every time. */
export interface SimRuntime {
  world: World
  readonly clock: Clock
  readonly secret: string
  readonly docsUrl: string
  /** Client ids the token server accepts. */
  readonly clientIds: readonly string[]
  /**
   * The hosts (`host[:port]`, lower case) a proxy in front serves the simulator under, sent as
   * `X-Forwarded-Host`: only these are believed when links are written (`publicBase`).
   */
  readonly proxyHosts: readonly string[]
}

/** A proxy prefix: path segments only, so it can never carry a host (`@evil.example`) or a query. */
const PREFIX = /^(\/[A-Za-z0-9._~-]+)*\/?$/

/**
 * The public base of the API as the caller sees it, behind a proxy prefix such as `/api` when embedded. The
 * forwarded host and scheme are believed only when the host is one a configured proxy serves the simulator
 * under (`SimRuntime.proxyHosts`): any caller can send the headers, and links — signed downloads among them
 * — must not point at a host of the caller's choosing. Otherwise the address the request reached is used.
 */
export function publicBase(req: Request, sim: Pick<SimRuntime, 'proxyHosts'>): string {
  const url = new URL(req.url)
  const forwardedHost = req.headers.get('x-forwarded-host')
  const proxied = forwardedHost !== null && sim.proxyHosts.includes(forwardedHost.toLowerCase())
  const forwardedProto = req.headers.get('x-forwarded-proto')
  const proto =
    proxied && (forwardedProto === 'http' || forwardedProto === 'https')
      ? forwardedProto
      : url.protocol.replace(':', '')
  const host = proxied ? forwardedHost.toLowerCase() : url.host
  const asked = req.headers.get('x-forwarded-prefix') ?? ''
  const prefix = PREFIX.test(asked) ? asked.replace(/\/$/, '') : ''
  return `${proto}://${host}${prefix}`
}

/** All values of a query parameter, whether repeated (`a=1&a=2`) or comma-joined (`a=1,2`). */
export function queryList(c: Context, name: string, commaJoined: boolean): string[] {
  const values = c.req.queries(name) ?? []
  const out = commaJoined ? values.flatMap((v) => v.split(',')) : values
  return out.map((v) => v.trim()).filter((v) => v !== '')
}
