import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok } from './client'
import { ApiError } from './errors'
import { RefreshRelay } from './refresh-relay'
import { localLock } from './session'
import type { GrantRelay } from './session-worker-client'
import {
  createSimBackend,
  createTestConsole,
  DEMO_PASSWORD,
  type SimBackend,
  type TestConsole,
} from '../testing/sim-backend'

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
  // Bounded by real time, not by a count of turns: on a busy machine the signing worker can take many turns.
  const deadline = process.hrtime.bigint() + 60_000_000_000n
  while (!cond() && process.hrtime.bigint() < deadline) {
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
  describe('a reload while a refresh is in flight', () => {
    /**
     * The session worker over the test backend: the token server acts at once, and its answers wait until
     * `release()` (a slow answer on the way back, after the refresh token was rotated).
     */
    function sessionWorker(backend: SimBackend) {
      let gate = Promise.resolve()
      let open = () => {}
      const memory = new RefreshRelay(async (url, body) => {
        const sentAt = Date.now()
        const res = await backend.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
        const text = await res.text()
        await gate
        return { status: res.status, body: text, contentType: res.headers.get('content-type') ?? '', sentAt }
      })
      const relay: GrantRelay = {
        refresh: (url, body, refresh) => memory.refresh(url, body, refresh),
        forget: (sessionState) => memory.forget(sessionState),
      }
      return {
        relay,
        holdAnswers: () => {
          gate = new Promise<void>((resolve) => (open = resolve))
        },
        release: () => open(),
      }
    }

    const answeredGrants = (backend: SimBackend) =>
      backend.log.filter((r) => r.path.endsWith('/token') && r.status === 200).length

    /**
     * A tab signs in, refreshes (`start`), and reloads once the token server has rotated the refresh token
     * but before its answer is back. `worker` is shared by both pages of the tab (the session worker outlives
     * the page), or is each page's own memory (no worker: what the page sent dies with it).
     */
    async function reloadMidRefresh(shared: boolean, start: (page: TestConsole) => Promise<unknown>) {
      const backend = createSimBackend()
      const storage = new MemoryStorage()
      const first = sessionWorker(backend)
      const page = make(backend, { storage, relay: first.relay })
      await signIn(page)
      first.holdAnswers()
      void start(page).catch(() => undefined)
      await vi.waitFor(() => expect(answeredGrants(backend)).toBe(2))
      // The page unloads; the tab's sessionStorage stays, still holding the refresh token just spent.
      page.session.dispose()
      const worker = shared ? first : sessionWorker(backend)
      // What the old page would write later never lands: the reloaded page reads the tab's storage as it was.
      const reloaded = make(backend, { storage: storage.copy(), relay: worker.relay })
      const restoring = reloaded.session.restore()
      first.release()
      await restoring
      return { backend, reloaded }
    }

    it('the reloaded page takes the rotated tokens from the session worker and stays signed in', async () => {
      // The page's own refresh (a request met the expired access token), and the one a reload starts with.
      const starts = [
        (p: TestConsole) => {
          p.backend.advance(301)
          return getCollection(p)
        },
        (p: TestConsole) => p.session.restore(),
      ]
      for (const start of starts) {
        const { backend, reloaded } = await reloadMidRefresh(true, start)
        expect(reloaded.session.getSnapshot()).toMatchObject({
          status: 'signed-in',
          user: { email: 'analyst@swath.test' },
        })
        // No grant of its own: the spent refresh token was never presented again.
        const grants = backend.log.filter((r) => r.path.endsWith('/token'))
        expect(grants.map((g) => g.status)).toEqual([200, 200])
        await expect(getCollection(reloaded)).resolves.toMatchObject({ name: 'phr' })
      }
    })

    it('without the session worker the same reload signs the analyst out (decision 4’s residual case)', async () => {
      const { backend, reloaded } = await reloadMidRefresh(false, (p) => p.session.restore())
      expect(reloaded.session.getSnapshot().status).toBe('signed-out')
      const grants = backend.log.filter((r) => r.path.endsWith('/token'))
      expect(grants.map((g) => g.status)).toEqual([200, 200, 401])
    })

    it('a sibling tab that missed the handover gets the same answer instead of spending the token again', async () => {
      const backend = createSimBackend()
      const worker = sessionWorker(backend)
      const storage = new MemoryStorage()
      // No channel between them: the rotated tokens never reach the sibling by message.
      const a = make(backend, { storage, relay: worker.relay })
      await signIn(a)
      const b = make(backend, { storage: storage.copy(), relay: worker.relay })
      worker.holdAnswers()
      const [ra, rb] = [a.session.restore(), b.session.restore()]
      worker.release()
      await Promise.all([ra, rb])
      expect(a.session.getSnapshot().status).toBe('signed-in')
      expect(b.session.getSnapshot().status).toBe('signed-in')
      expect(backend.log.filter((r) => r.path.endsWith('/token')).map((g) => g.status)).toEqual([200, 200])
    })

    it('signing out tells the worker to forget the session', async () => {
      const forgotten: string[] = []
      const c = make(createSimBackend(), {
        relay: { refresh: () => Promise.resolve(null), forget: (s) => forgotten.push(s) },
      })
      await signIn(c)
      c.session.signOut()
      expect(forgotten).toHaveLength(1)
      expect(forgotten[0]).not.toBe('')
    })
  })
})
