import type { Context, Hono } from 'hono'
import type { Clock } from '../domain/clock'
import type { Account, User } from '../domain/types'
import type { World } from '../domain/world'

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
}

/** The public base of the API as the caller sees it, behind a proxy prefix such as `/api` when embedded. */
export function publicBase(req: Request): string {
  const url = new URL(req.url)
  const proto = req.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '')
  const host = req.headers.get('x-forwarded-host') ?? url.host
  const prefix = (req.headers.get('x-forwarded-prefix') ?? '').replace(/\/$/, '')
  return `${proto}://${host}${prefix}`
}

/** All values of a query parameter, whether repeated (`a=1&a=2`) or comma-joined (`a=1,2`). */
export function queryList(c: Context, name: string, commaJoined: boolean): string[] {
  const values = c.req.queries(name) ?? []
  const out = commaJoined ? values.flatMap((v) => v.split(',')) : values
  return out.map((v) => v.trim()).filter((v) => v !== '')
}
