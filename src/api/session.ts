import type { Region } from '../config/runtime-config'
import { ApiError, apiErrorFromResponse, isApiError, networkError } from './errors'
import type { GrantRelay } from './session-worker-client'

/**
 * The session: tokens, refresh and re-authentication, outside React (React reads it through `useSession`).
 *
 * - The access token lives in memory only; the refresh token (and nothing else secret) is kept per tab in
 *   sessionStorage so a reload within its validity keeps the analyst signed in. The password is never kept.
 * - Refresh runs ahead of expiry and once after a 401, single-flight: any number of callers that meet an
 *   expired token share one refresh.
 * - Refresh tokens rotate (a used one is dead), so tabs that share a session (a duplicated tab copies
 *   sessionStorage) refresh under one Web Lock and hand the new tokens to each other over a BroadcastChannel.
 * - Refresh grants go through the session worker where there is one (`relay`): its answer outlives a page
 *   that unloads while the grant is in flight, and the reloaded page gets the rotated tokens from it instead
 *   of presenting the spent refresh token (which would sign the analyst out).
 * - When the refresh token is refused or has expired, the session becomes `expired`: callers wait, the
 *   console shows a sign-in dialog over the page, and after signing in every waiting request goes on.
 */

export const TOKEN_PATH = '/realms/public/protocol/openid-connect/token'
const STORAGE_KEY = 'swath.session'
const CHANNEL = 'swath.session'
/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 60_000
/** After a refused refresh, how long to wait for a sibling tab's rotated tokens before asking to sign in. */
const SIBLING_GRACE_MS = 400

export type SessionStatus = 'restoring' | 'signed-out' | 'signed-in' | 'expired'

export interface Workspace {
  id: string
  name: string
}

export interface SessionUser {
  id: string
  email: string
  name: string
  role: string
  accountId: string
  plan: string
  scopes: string[]
  workspaces: Workspace[]
}

export interface SessionSnapshot {
  status: SessionStatus
  /**
   * Signed out by a sign-out (this tab's or a sibling's), not merely never signed in: whoever signs in next may
   * be another user, so the page they left is not theirs to return to (no `next=`).
   */
  ended: boolean
  user: SessionUser | null
  region: Region | null
  workspaceId: string | null
}

interface Tokens {
  access: string
  accessExpiresAt: number
  refresh: string
  refreshExpiresAt: number
  sessionState: string
  scope: string
}

interface Stored {
  regionId: string
  refresh: string
  refreshExpiresAt: number
  sessionState: string
  workspaceId: string | null
}

type Message =
  { type: 'tokens'; sessionState: string; tokens: Tokens } | { type: 'signed-out'; sessionState: string }

export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>

export interface SessionOptions {
  regions: Region[]
  clientId: string
  fetch?: typeof fetch
  /** Per-tab storage for the refresh token; `null` keeps nothing (tests). */
  storage?: Storage | null
  /** BroadcastChannel name shared by sibling tabs; `null` for none. */
  channel?: string | null
  /** Cross-tab mutual exclusion; defaults to Web Locks where the browser has them. */
  lock?: LockFn
  /** Sends refresh grants from somewhere that outlives the page (the session worker); none by default. */
  relay?: GrantRelay | null
}

interface Deferred<T> {
  promise: Promise<T>
  resolve: (v: T) => void
  reject: (e: unknown) => void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  // Nobody may be waiting when a sign-out rejects it.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

/** A lock within this page only, for browsers without Web Locks and for tests. */
export function localLock(): LockFn {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(name: string, fn: () => Promise<T>) => {
    const prev = tails.get(name) ?? Promise.resolve()
    const run = prev.then(fn, fn)
    tails.set(
      name,
      run.catch(() => undefined),
    )
    return run
  }
}

function webLock(): LockFn | null {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks) return null
  return <T>(name: string, fn: () => Promise<T>) => locks.request(name, fn) as Promise<T>
}

function decodeClaims(jwt: string): Record<string, unknown> {
  try {
    const part = jwt.split('.')[1] ?? ''
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((part.length + 3) % 4)
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback)

/** Who is signed in, read from the access token's claims (display only; the service checks the token). */
export function userFromToken(access: string, scope: string): SessionUser {
  const c = decodeClaims(access)
  const id = text(c.sub)
  const workspaces = Array.isArray(c.workspaces)
    ? (c.workspaces as unknown[]).flatMap((w) => {
        const ws = w as Partial<Workspace> | null
        return ws && typeof ws.id === 'string' ? [{ id: ws.id, name: text(ws.name, ws.id) }] : []
      })
    : []
  return {
    id,
    email: text(c.email, text(c.preferred_username)),
    name: text(c.name, text(c.email)),
    role: text(c.role, 'USER'),
    accountId: text(c.account_id),
    plan: text(c.account_plan, 'STANDARD'),
    scopes: (scope || text(c.scope)).split(' ').filter(Boolean),
    // A deployment without workspace claims: the user's own id is the workspace (as the service's SDK does).
    workspaces: workspaces.length > 0 ? workspaces : id ? [{ id, name: 'My workspace' }] : [],
  }
}

export class Session {
  private readonly regions: Region[]
  private readonly clientId: string
  private readonly fetchImpl: typeof fetch
  private readonly storage: Storage | null
  private readonly channel: BroadcastChannel | null
  private readonly lock: LockFn
  private readonly relay: GrantRelay | null

  private tokens: Tokens | null = null
  private region: Region | null = null
  private workspaceId: string | null = null
  private status: SessionStatus = 'signed-out'
  private ended = false
  private snapshot: SessionSnapshot
  private refreshing: Promise<string> | null = null
  private reauth: Deferred<string> | null = null
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly listeners = new Set<() => void>()
  private readonly signOutListeners = new Set<() => void>()
  /** Refresh grants sent by this tab (tests and benchmarks read it). */
  refreshCount = 0

  constructor(opts: SessionOptions) {
    this.regions = opts.regions
    this.clientId = opts.clientId
    this.fetchImpl = opts.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.storage = opts.storage === undefined ? safeSessionStorage() : opts.storage
    const channelName = opts.channel === undefined ? CHANNEL : opts.channel
    this.channel =
      channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null
    this.channel?.addEventListener('message', (e: MessageEvent<Message>) => this.onMessage(e.data))
    this.lock = opts.lock ?? webLock() ?? localLock()
    this.relay = opts.relay ?? null
    this.snapshot = this.makeSnapshot()
  }

  // ---------------------------------------------------------------- React's view

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): SessionSnapshot => this.snapshot

  /** Called after every sign-out (this tab's or a sibling's), e.g. to clear the query cache. */
  onSignOut(listener: () => void): () => void {
    this.signOutListeners.add(listener)
    return () => this.signOutListeners.delete(listener)
  }

  private makeSnapshot(): SessionSnapshot {
    const user = this.tokens?.access ? userFromToken(this.tokens.access, this.tokens.scope) : null
    const prevUser = this.snapshot?.user
    return {
      status: this.status,
      ended: this.ended,
      // Keep the user while the session is expired: the page stays as it was under the dialog.
      user: user ?? (this.status === 'expired' ? (prevUser ?? null) : null),
      region: this.region,
      workspaceId: this.workspaceId,
    }
  }

  private changed(): void {
    this.snapshot = this.makeSnapshot()
    for (const l of this.listeners) l()
  }

  // ---------------------------------------------------------------- lifecycle

  /** On start: a refresh token kept by this tab signs the analyst back in without the password. */
  async restore(): Promise<void> {
    const stored = this.readStored()
    if (!stored || stored.refreshExpiresAt <= Date.now()) {
      this.clearStored()
      return
    }
    const region = this.regions.find((r) => r.id === stored.regionId)
    if (!region) return this.clearStored()
    this.region = region
    this.workspaceId = stored.workspaceId
    this.tokens = {
      access: '',
      accessExpiresAt: 0,
      refresh: stored.refresh,
      refreshExpiresAt: stored.refreshExpiresAt,
      sessionState: stored.sessionState,
      scope: '',
    }
    this.status = 'restoring'
    this.changed()
    try {
      await this.refresh()
    } catch {
      // Refused or unreachable: start signed out, with nothing half-restored.
      this.localSignOut()
    }
  }

  /** Password grant. Throws an `ApiError` whose `kind`/`code` tell wrong credentials from an outage. */
  async signIn(input: { regionId: string; email: string; password: string }): Promise<void> {
    const region = this.regions.find((r) => r.id === input.regionId)
    if (!region) throw new Error(`Unknown region ${input.regionId}`)
    const tokens = await this.grant(region, {
      grant_type: 'password',
      username: input.email.trim(),
      password: input.password,
    })
    const sameUser =
      this.snapshot.user !== null && userFromToken(tokens.access, tokens.scope).id === this.snapshot.user.id
    this.region = region
    if (!sameUser) this.workspaceId = null
    this.adopt(tokens)
    this.broadcast({ type: 'tokens', sessionState: tokens.sessionState, tokens })
    // Requests that waited for the sign-in dialog go on with the new token.
    this.reauth?.resolve(tokens.access)
    this.reauth = null
  }

  signOut(): void {
    const sessionState = this.tokens?.sessionState
    this.localSignOut(true)
    if (sessionState) {
      this.broadcast({ type: 'signed-out', sessionState })
      this.relay?.forget(sessionState)
    }
  }

  setWorkspace(id: string): void {
    this.workspaceId = id
    this.persist()
    this.changed()
  }

  /** The workspace requests act in: the chosen one, else the first the user belongs to. */
  currentWorkspace(): Workspace | null {
    const list = this.snapshot.user?.workspaces ?? []
    return list.find((w) => w.id === this.workspaceId) ?? list[0] ?? null
  }

  /**
   * The service's clock now, as its token server last told it: the access token's `exp` (the service's
   * clock) against when this machine reckons it expires (sent + `expires_in`) gives the offset, so an
   * instant the console stamps itself ("found …") agrees with the service's times beside it — a simulated
   * week (or a machine whose clock is off) included. This machine's clock while no token says otherwise.
   */
  serviceNow(): number {
    const t = this.tokens
    const exp = t ? decodeClaims(t.access).exp : undefined
    const offset = t && typeof exp === 'number' ? exp * 1000 - t.accessExpiresAt : 0
    return Date.now() + offset
  }

  /** Settles when no refresh is under way (tests, and callers that want a quiet moment). */
  async idle(): Promise<void> {
    while (this.refreshing) await this.refreshing.catch(() => undefined)
  }

  dispose(): void {
    clearTimeout(this.timer)
    this.channel?.close()
  }

  // ---------------------------------------------------------------- tokens for requests

  /** A valid access token: refreshed first when it is about to expire; waits while the session is expired. */
  async accessToken(): Promise<string> {
    if (this.status === 'expired' && this.reauth) return this.reauth.promise
    if (!this.tokens) throw unauthenticated()
    if (this.status === 'restoring' || this.tokens.accessExpiresAt - Date.now() < REFRESH_AHEAD_MS) {
      return this.refresh()
    }
    return this.tokens.access
  }

  /** After a 401 with `used`: one refresh, shared by every request that met the same dead token. */
  async renew(used: string): Promise<string> {
    if (this.status === 'expired' && this.reauth) return this.reauth.promise
    if (!this.tokens) throw unauthenticated()
    if (this.tokens.access && this.tokens.access !== used) return this.tokens.access
    return this.refresh()
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async refreshOnce(): Promise<string> {
    const start = this.tokens
    if (!start || !this.region) throw unauthenticated()
    const region = this.region
    return this.lock(`swath-refresh:${start.sessionState}`, async () => {
      // A sibling tab may have rotated the refresh token while this one waited for the lock.
      const now = this.tokens
      if (!now) throw unauthenticated()
      if (now.refresh !== start.refresh && now.access && now.accessExpiresAt - Date.now() > REFRESH_AHEAD_MS)
        return now.access
      // On start there is no page to keep: a dead refresh token just means signed out.
      const restoring = this.status === 'restoring'
      if (now.refreshExpiresAt <= Date.now())
        return restoring ? Promise.reject(unauthenticated()) : this.expire()
      let next: Tokens
      try {
        this.refreshCount++
        next = await this.grant(region, { grant_type: 'refresh_token', refresh_token: now.refresh })
      } catch (e) {
        if (!isApiError(e) || (e.kind !== 'unauthenticated' && e.kind !== 'invalid')) throw e
        // Refused: maybe a sibling rotated it a moment ago and its message is on the way.
        await new Promise((r) => setTimeout(r, SIBLING_GRACE_MS))
        const after = this.tokens
        if (after && after.refresh !== now.refresh && after.access) return after.access
        if (restoring) throw unauthenticated()
        return this.expire()
      }
      this.adopt(next)
      this.broadcast({ type: 'tokens', sessionState: next.sessionState, tokens: next })
      return next.access
    })
  }

  /** The refresh token is dead: keep the page, ask to sign in, and hold every request until then. */
  private expire(): Promise<string> {
    clearTimeout(this.timer)
    if (this.tokens) this.tokens = { ...this.tokens, access: '' }
    this.clearStored()
    this.reauth ??= deferred<string>()
    if (this.status !== 'expired') {
      this.status = 'expired'
      this.changed()
    }
    return this.reauth.promise
  }

  private adopt(tokens: Tokens): void {
    this.tokens = tokens
    this.status = 'signed-in'
    this.ended = false
    this.persist()
    this.schedule()
    this.changed()
  }

  private schedule(): void {
    clearTimeout(this.timer)
    if (!this.tokens) return
    const wait = Math.max(0, this.tokens.accessExpiresAt - Date.now() - REFRESH_AHEAD_MS)
    this.timer = setTimeout(() => {
      this.refresh().catch(() => undefined)
    }, wait)
  }

  /** `ended`: a person signed out (here or in a sibling tab), rather than a stored session that did not restore. */
  private localSignOut(ended = false): void {
    clearTimeout(this.timer)
    this.ended = ended
    this.tokens = null
    this.region = null
    this.workspaceId = null
    this.clearStored()
    this.reauth?.reject(unauthenticated())
    this.reauth = null
    this.status = 'signed-out'
    this.changed()
    for (const l of this.signOutListeners) l()
  }

  // ---------------------------------------------------------------- token server

  private async grant(region: Region, fields: Record<string, string>): Promise<Tokens> {
    const url = `${region.authUrl}${TOKEN_PATH}`
    const body = new URLSearchParams({ ...fields, client_id: this.clientId }).toString()
    let sentAt = Date.now()
    let res: Response
    try {
      // A refresh grant goes through the session worker when there is one (never the password grant).
      const relayed =
        this.relay && fields.refresh_token ? await this.relay.refresh(url, body, fields.refresh_token) : null
      if (relayed) {
        // Possibly an answer the worker kept from before this page: its lifetimes count from its sending.
        sentAt = relayed.sentAt
        res = new Response(relayed.body, {
          status: relayed.status,
          headers: { 'content-type': relayed.contentType },
        })
      } else
        res = await this.fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
    } catch (e) {
      throw networkError(e)
    }
    if (!res.ok) throw await apiErrorFromResponse(res)
    const t = (await res.json()) as Record<string, unknown>
    if (typeof t.access_token !== 'string' || typeof t.refresh_token !== 'string')
      throw new ApiError({
        kind: 'http',
        status: res.status,
        title: 'The token server answered oddly',
        body: t,
      })
    // Expiry by this machine's clock, from the lifetimes the server gave: immune to clock skew.
    const expiresIn = typeof t.expires_in === 'number' ? t.expires_in : 300
    const refreshIn = typeof t.refresh_expires_in === 'number' ? t.refresh_expires_in : 1800
    return {
      access: t.access_token,
      accessExpiresAt: sentAt + expiresIn * 1000,
      refresh: t.refresh_token,
      refreshExpiresAt: sentAt + refreshIn * 1000,
      sessionState: text(t.session_state, 'local'),
      scope: text(t.scope),
    }
  }

  // ---------------------------------------------------------------- tabs and storage

  private broadcast(m: Message): void {
    this.channel?.postMessage(m)
  }

  private onMessage(m: Message): void {
    const mine = this.tokens?.sessionState
    if (!mine || m.sessionState !== mine) return
    if (m.type === 'signed-out') return this.localSignOut(true)
    if (m.tokens.refresh === this.tokens?.refresh) return
    this.adopt(m.tokens)
    this.reauth?.resolve(m.tokens.access)
    this.reauth = null
  }

  private persist(): void {
    if (!this.storage || !this.tokens || !this.region) return
    const s: Stored = {
      regionId: this.region.id,
      refresh: this.tokens.refresh,
      refreshExpiresAt: this.tokens.refreshExpiresAt,
      sessionState: this.tokens.sessionState,
      workspaceId: this.workspaceId,
    }
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify(s))
    } catch {
      // Storage full or blocked: the session still works, it just will not survive a reload.
    }
  }

  private readStored(): Stored | null {
    try {
      const raw = this.storage?.getItem(STORAGE_KEY)
      const s = raw ? (JSON.parse(raw) as Partial<Stored>) : null
      if (!s || typeof s.refresh !== 'string' || typeof s.regionId !== 'string') return null
      return {
        regionId: s.regionId,
        refresh: s.refresh,
        refreshExpiresAt: Number(s.refreshExpiresAt) || 0,
        sessionState: text(s.sessionState, 'local'),
        workspaceId: typeof s.workspaceId === 'string' ? s.workspaceId : null,
      }
    } catch {
      return null
    }
  }

  private clearStored(): void {
    try {
      this.storage?.removeItem(STORAGE_KEY)
    } catch {
      // nothing to clear
    }
  }
}

function unauthenticated(): ApiError {
  return new ApiError({
    kind: 'unauthenticated',
    status: 401,
    title: 'You are signed out',
    detail: 'Sign in to continue.',
  })
}

function safeSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}
