import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok } from './client'
import { ApiError } from './errors'
import { localLock } from './session'
import { createSimBackend, createTestConsole, DEMO_PASSWORD, type TestConsole } from '../testing/sim-backend'

/** A tab's sessionStorage, in memory. */
class MemoryStorage implements Storage {
  private m = new Map<string, string>()
  get length() {
    return this.m.size
  }
  clear() {
    this.m.clear()
  }
  getItem(k: string) {
    return this.m.get(k) ?? null
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null
  }
  removeItem(k: string) {
    this.m.delete(k)
  }
  setItem(k: string, v: string) {
    this.m.set(k, v)
  }
  copy(): MemoryStorage {
    const s = new MemoryStorage()
    for (const [k, v] of this.m) s.setItem(k, v)
    return s
  }
}

const KEY = 'swath.session'

const signIn = (c: TestConsole, email = 'analyst@swath.test') =>
  c.session.signIn({ regionId: 'eu', email, password: DEMO_PASSWORD })

const getCollection = (c: TestConsole) =>
  ok(c.client.GET('/v2/collections/{collection-name}', { params: { path: { 'collection-name': 'phr' } } }))

const refreshGrants = (c: TestConsole) =>
  c.backend.log.filter((r) => r.path.endsWith('/token')).length - 1 /* the password grant */

/** Moves both clocks: the simulator's (token validity) and the console's (Date.now and timers). */
async function advanceBoth(c: TestConsole, seconds: number) {
  c.backend.advance(seconds)
  await vi.advanceTimersByTimeAsync(seconds * 1000)
  await c.session.idle()
}

/** Token signing runs off the main thread: let real I/O turns and fake time pass until `cond` holds. */
async function until(cond: () => boolean) {
  for (let i = 0; i < 500 && !cond(); i++) {
    await new Promise((r) => setImmediate(r))
    await vi.advanceTimersByTimeAsync(20)
  }
}

const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
}

describe('session', () => {
  let consoles: TestConsole[] = []
  const make = (...args: Parameters<typeof createTestConsole>) => {
    const c = createTestConsole(...args)
    consoles.push(c)
    return c
  }
  afterEach(() => {
    consoles.forEach((c) => c.session.dispose())
    consoles = []
    vi.useRealTimers()
  })

  describe('signing in', () => {
    it('reads who is signed in from the token', async () => {
      const c = make()
      await signIn(c)
      const snap = c.session.getSnapshot()
      expect(snap.status).toBe('signed-in')
      expect(snap.user).toMatchObject({ email: 'analyst@swath.test', role: 'ADMIN', plan: 'ENTERPRISE' })
      expect(snap.user?.scopes).toEqual(expect.arrayContaining(['account', 'eula.w', 'budget.r']))
      expect(snap.user?.workspaces).toHaveLength(2)
      expect(c.session.currentWorkspace()?.id).toBe(snap.user?.workspaces[0].id)
    })

    it('tells wrong credentials, an unreachable token server and a server error apart', async () => {
      const c = make()
      const wrong = await c.session
        .signIn({ regionId: 'eu', email: 'analyst@swath.test', password: 'nope' })
        .catch((e: unknown) => e)
      expect(wrong).toBeInstanceOf(ApiError)
      expect(wrong).toMatchObject({ kind: 'unauthenticated', code: 'invalid_grant' })

      const far = await c.session
        .signIn({ regionId: 'sa', email: 'analyst@swath.test', password: DEMO_PASSWORD })
        .catch((e: unknown) => e)
      expect(far).toMatchObject({ kind: 'network' })

      const c500 = make({
        ...createSimBackend(),
        fetch: () => Promise.resolve(new Response('upstream down', { status: 502 })),
      })
      const server = await signIn(c500).catch((e: unknown) => e)
      expect(server).toMatchObject({ kind: 'server', status: 502 })
      expect(c.session.getSnapshot().status).toBe('signed-out')
    })

    it('keeps only the refresh token, per tab, and never the password', async () => {
      const storage = new MemoryStorage()
      const c = make(undefined, { storage })
      await signIn(c)
      const kept = storage.getItem('swath.session') ?? ''
      expect(kept).toContain('refresh')
      expect(kept).not.toContain(DEMO_PASSWORD)
      expect(JSON.parse(kept)).not.toHaveProperty('access')
      c.session.signOut()
      expect(storage.length).toBe(0)
    })

    it('a reload within the refresh token’s life signs back in without the password', async () => {
      const storage = new MemoryStorage()
      const backend = createSimBackend()
      const first = make(backend, { storage })
      await signIn(first)
      first.session.dispose()

      const reloaded = make(backend, { storage })
      await reloaded.session.restore()
      expect(reloaded.session.getSnapshot()).toMatchObject({ status: 'signed-in' })
      expect(reloaded.session.getSnapshot().user?.email).toBe('analyst@swath.test')
      await expect(getCollection(reloaded)).resolves.toMatchObject({ name: 'phr' })
    })

    it('a reload after the refresh token expired starts signed out', async () => {
      vi.useFakeTimers()
      const storage = new MemoryStorage()
      const backend = createSimBackend()
      const first = make(backend, { storage })
      await signIn(first)
      first.session.dispose()
      backend.advance(1801)
      vi.setSystemTime(Date.now() + 1801_000)
      const reloaded = make(backend, { storage })
      await reloaded.session.restore()
      expect(reloaded.session.getSnapshot().status).toBe('signed-out')
    })
  })

  describe('refresh', () => {
    beforeEach(() => {
      vi.useFakeTimers(FAKE)
    })

    it('refreshes ahead of expiry, without any request failing', async () => {
      const c = make()
      await signIn(c)
      const before = c.session.getSnapshot()
      await advanceBoth(c, 239)
      expect(c.session.refreshCount).toBe(0)
      await advanceBoth(c, 2)
      expect(c.session.refreshCount).toBe(1)
      expect(c.session.getSnapshot()).not.toBe(before)
      // Three more access lifetimes: the refresh chain keeps going on rotated tokens.
      for (let i = 0; i < 3; i++) await advanceBoth(c, 240)
      expect(c.session.refreshCount).toBe(4)
      await expect(getCollection(c)).resolves.toMatchObject({ name: 'phr' })
      expect(c.backend.log.filter((r) => r.status === 401)).toEqual([])
    })

    it('fifty requests that meet an expired token cause exactly one refresh, and all fifty succeed', async () => {
      const c = make()
      await signIn(c)
      // Only the service's clock moves: the console still believes its token is fresh, the service does not.
      c.backend.advance(301)
      const results = await Promise.all(Array.from({ length: 50 }, () => getCollection(c)))
      expect(results.every((r) => r.name === 'phr')).toBe(true)
      expect(refreshGrants(c)).toBe(1)
      expect(c.session.refreshCount).toBe(1)
      expect(c.backend.log.filter((r) => r.status === 401)).toHaveLength(50)
    })

    it('fifty requests started after the console’s own expiry share one refresh before sending', async () => {
      const c = make()
      await signIn(c)
      c.backend.advance(299)
      vi.setSystemTime(Date.now() + 299_000)
      const results = await Promise.all(Array.from({ length: 50 }, () => getCollection(c)))
      expect(results).toHaveLength(50)
      expect(refreshGrants(c)).toBe(1)
      expect(c.backend.log.filter((r) => r.status === 401)).toEqual([])
    })

    it('uses each refresh token once: the rotated one carries on, the used one is dead', async () => {
      const c = make()
      await signIn(c)
      await advanceBoth(c, 241)
      await advanceBoth(c, 241)
      expect(c.session.refreshCount).toBe(2)
      // Two successful refreshes in a row prove rotation: the simulator refuses a reused refresh token.
      const refused = c.backend.log.filter((r) => r.path.endsWith('/token') && r.status !== 200)
      expect(refused).toEqual([])
    })

    it('when the refresh token has expired, requests wait for a new sign-in and then go on', async () => {
      const c = make()
      await signIn(c)
      c.backend.advance(1801)
      vi.setSystemTime(Date.now() + 1801_000)
      const waiting = getCollection(c)
      await until(() => c.session.getSnapshot().status === 'expired')
      expect(c.session.getSnapshot().status).toBe('expired')
      // The page keeps knowing who it belongs to while the dialog is open.
      expect(c.session.getSnapshot().user?.email).toBe('analyst@swath.test')
      let settled = false
      void waiting.finally(() => (settled = true))
      await vi.advanceTimersByTimeAsync(5_000)
      expect(settled).toBe(false)

      await signIn(c)
      await expect(waiting).resolves.toMatchObject({ name: 'phr' })
      expect(c.session.getSnapshot().status).toBe('signed-in')
    })

    it('a refused refresh (the service ended the session) opens the dialog the same way', async () => {
      const c = make()
      await signIn(c)
      // Another client used this refresh token: the server refuses it.
      c.backend.sim.runtime.world.refreshTokens.forEach((r) => (r.used = true))
      c.backend.advance(301)
      const waiting = getCollection(c)
      await until(() => c.session.getSnapshot().status === 'expired')
      expect(c.session.getSnapshot().status).toBe('expired')
      await signIn(c)
      await expect(waiting).resolves.toMatchObject({ name: 'phr' })
    })

    it('signing out while requests wait rejects them as signed out and forgets the user', async () => {
      const c = make()
      await signIn(c)
      let cleared = 0
      c.session.onSignOut(() => cleared++)
      c.backend.advance(1801)
      vi.setSystemTime(Date.now() + 1801_000)
      const waiting = getCollection(c).catch((e: unknown) => e)
      await until(() => c.session.getSnapshot().status === 'expired')
      c.session.signOut()
      expect(await waiting).toMatchObject({ kind: 'unauthenticated' })
      expect(c.session.getSnapshot()).toMatchObject({ status: 'signed-out', user: null })
      expect(cleared).toBe(1)
    })
  })

  describe('tabs sharing a session', () => {
    it('coordinate: one refresh for both, the sibling adopts the rotated tokens', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      const backend = createSimBackend()
      const lock = localLock()
      const channel = `test-${Math.random()}`
      const storageA = new MemoryStorage()
      const a = make(backend, { storage: storageA, channel, lock })
      await signIn(a)
      // A duplicated tab starts with a copy of the first tab's sessionStorage.
      const storageB = storageA.copy()
      const b = make(backend, { storage: storageB, channel, lock })
      await b.session.restore()
      expect(b.session.getSnapshot().status).toBe('signed-in')
      // b's restore rotated the refresh token; a hears of it instead of holding a dead one.
      await vi.waitFor(() => expect(storageA.getItem(KEY)).toBe(storageB.getItem(KEY)))

      backend.advance(299)
      vi.setSystemTime(Date.now() + 299_000)
      const [ra, rb] = await Promise.all([getCollection(a), getCollection(b)])
      expect([ra.name, rb.name]).toEqual(['phr', 'phr'])
      // password grant + b's restore + one refresh for both tabs. The tab that queued behind the lock may
      // still send its now-dead token once before the sibling's message lands; it then adopts, never asks.
      const grants = backend.log.filter((r) => r.path.endsWith('/token'))
      expect(grants.filter((g) => g.status === 200)).toHaveLength(3)
      expect(grants.filter((g) => g.status !== 200).length).toBeLessThanOrEqual(1)
      expect(a.session.getSnapshot().status).toBe('signed-in')
      expect(b.session.getSnapshot().status).toBe('signed-in')
    })

    it('signing out in one tab signs out its siblings', async () => {
      const backend = createSimBackend()
      const channel = `test-${Math.random()}`
      const storageA = new MemoryStorage()
      const a = make(backend, { storage: storageA, channel })
      await signIn(a)
      const b = make(backend, { storage: storageA.copy(), channel })
      await b.session.restore()
      b.session.signOut()
      await vi.waitFor(() => expect(a.session.getSnapshot().status).toBe('signed-out'))
    })
  })
})
