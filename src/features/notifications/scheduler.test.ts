import { describe, expect, it } from 'vitest'
import { startPolling, type SchedulerClock, type Visibility } from './scheduler'

/** A clock whose time moves only when the test says, running timers as it passes them. */
function manualClock() {
  let now = 0
  let seq = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(++seq, { at: now + ms, run })
      return seq
    },
    clearTimeout: (h) => void timers.delete(h as number),
  }
  const advance = async (ms: number) => {
    const end = now + ms
    for (;;) {
      const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0]
      if (!next || next[1].at > end) break
      timers.delete(next[0])
      now = next[1].at
      next[1].run()
      // Let the read's promise settle, as the event loop would.
      await Promise.resolve()
      await Promise.resolve()
    }
    now = end
  }
  return { clock, advance, pending: () => timers.size }
}

function visibility(initially = true) {
  let visible = initially
  const listeners = new Set<() => void>()
  const v: Visibility = {
    visible: () => visible,
    subscribe: (fn) => {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
  }
  const set = (next: boolean) => {
    visible = next
    for (const fn of listeners) fn()
  }
  return { v, set, listeners }
}

const MINUTE = 60_000

function setUp(visible = true) {
  const c = manualClock()
  const vis = visibility(visible)
  const reads: number[] = []
  const stop = startPolling({
    intervalMs: MINUTE,
    clock: c.clock,
    visibility: vis.v,
    read: () => {
      reads.push(c.clock.now())
      return Promise.resolve()
    },
  })
  return { ...c, ...vis, reads, stop }
}

describe('the notification poller', () => {
  it('reads at once, then once a minute while the tab is visible', async () => {
    const t = setUp()
    await t.advance(0)
    await t.advance(10 * MINUTE)
    expect(t.reads).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((m) => m * MINUTE))
  })

  it('reads nothing while hidden and keeps no timer, then reads once on return', async () => {
    const t = setUp()
    await t.advance(0)
    await t.advance(30_000)
    t.set(false)
    expect(t.pending()).toBe(0)
    await t.advance(10 * MINUTE)
    expect(t.reads).toEqual([0])
    t.set(true)
    await t.advance(0)
    expect(t.reads).toEqual([0, 10 * MINUTE + 30_000])
    await t.advance(MINUTE)
    expect(t.reads).toHaveLength(3)
  })

  it('keeps to one read a minute when the tab is hidden and shown again quickly', async () => {
    const t = setUp()
    await t.advance(0)
    for (let i = 0; i < 5; i++) {
      await t.advance(5_000)
      t.set(false)
      await t.advance(1_000)
      t.set(true)
    }
    expect(t.reads).toEqual([0])
    await t.advance(MINUTE)
    expect(t.reads).toEqual([0, MINUTE])
  })

  it('starts hidden without reading, and stops for good', async () => {
    const t = setUp(false)
    await t.advance(5 * MINUTE)
    expect(t.reads).toEqual([])
    t.set(true)
    await t.advance(0)
    expect(t.reads).toEqual([5 * MINUTE])
    t.stop()
    expect(t.listeners.size).toBe(0)
    await t.advance(5 * MINUTE)
    expect(t.reads).toHaveLength(1)
  })

  it('never starts a read while one is still running, and goes on after a failed one', async () => {
    const c = manualClock()
    const vis = visibility()
    let calls = 0
    let finish: () => void = () => {}
    startPolling({
      intervalMs: MINUTE,
      clock: c.clock,
      visibility: vis.v,
      read: () => {
        calls++
        if (calls === 1) return Promise.reject(new Error('503'))
        return new Promise<void>((resolve) => (finish = resolve))
      },
    })
    await c.advance(0)
    await c.advance(MINUTE)
    expect(calls).toBe(2)
    vis.set(false)
    vis.set(true)
    await c.advance(5 * MINUTE)
    expect(calls).toBe(2)
    finish()
    await Promise.resolve()
    await c.advance(0)
    expect(calls).toBe(3)
  })
})
