import { describe, expect, it } from 'vitest'
import { manualClock, type Clock } from './clock'
import { buildWorld, seededWorld } from '../seed/world'
import type { World } from './world'

/**
 * Everything a world holds, as comparable data (maps as entry lists). Archive scenes are left out: they are
 * shared objects (compared by identity below), and building their features for a dump takes seconds.
 */
function dump(world: World): unknown {
  const data = Object.entries(world).filter(
    ([key]) => !['clock', 'rng', 'events', 'eventTime', 'scenes', 'scenesById'].includes(key),
  )
  return JSON.parse(
    JSON.stringify({
      data,
      scenes: world.scenes.length,
      sceneIds: [...world.scenesById.keys()],
      pending: world.pendingEvents(),
      now: world.now(),
      // The runtime generator's next draws: a copy continues where the seed left it.
      draws: ((rng) => [rng.next(), rng.next(), rng.next()])(world.rng.fork()),
    }),
    (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value),
  ) as unknown
}

/** Moves the clock through the seeded orders' and jobs' scheduled steps, as tests and demos do. */
function live(world: World, clock: Clock): World {
  for (const hours of [1, 6, 6, 24, 24 * 7]) {
    clock.advance(hours * 3600)
    world.settle()
  }
  return world
}

describe('the seeded world handed out as copies', () => {
  it('is the world buildWorld builds, before and after its scheduled events have run', () => {
    const freshClock = manualClock()
    const copyClock = manualClock()
    const fresh = buildWorld(freshClock, 'default')
    const copy = seededWorld(copyClock, 'default')
    const seeded = dump(copy)
    expect(seeded).toEqual(dump(fresh))
    expect(copy.pendingEvents()).toBeGreaterThan(0)

    const after = dump(live(copy, copyClock))
    expect(after).toEqual(dump(live(fresh, freshClock)))
    // The seeded events did run (orders moved on), so the comparison above covers them.
    expect(after).not.toEqual(seeded)
    expect(copy.pendingEvents()).toBe(fresh.pendingEvents())
  })

  it('gives every caller a world of its own: changes to one reach neither the next copy nor its clock', () => {
    const clockA = manualClock()
    const a = seededWorld(clockA, 'default')
    const [orderId, record] = [...a.orders.entries()][0]
    record.order.displayName = 'Renamed in copy A'
    a.budgets.clear()
    live(a, clockA)

    const b = seededWorld(manualClock(), 'default')
    expect(b.orders.get(orderId)?.order.displayName).not.toBe('Renamed in copy A')
    expect(b.budgets.size).toBeGreaterThan(0)
    expect(b.now()).toBe(manualClock().now())
    expect(dump(b)).toEqual(dump(buildWorld(manualClock(), 'default')))
  })

  it('shares the read-only archive scenes, as every world does, in lists of its own', () => {
    const world = seededWorld(manualClock(), 'default')
    const other = seededWorld(manualClock(), 'default')
    const first = world.scenes[0]
    expect(other.scenes[0]).toBe(first)
    expect(world.scenesById.get(first.feature.id ?? '')).toBe(first)
    world.scenes.pop()
    expect(other.scenes.length).toBe(world.scenes.length + 1)
  })

  it('builds a world of its own for another instant', () => {
    const later = manualClock(Date.parse('2026-11-20T09:00:00.000Z'))
    expect(dump(seededWorld(later, 'default'))).toEqual(
      dump(buildWorld(manualClock(Date.parse('2026-11-20T09:00:00.000Z')), 'default')),
    )
  })
})
