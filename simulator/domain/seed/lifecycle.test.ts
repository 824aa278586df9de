import { describe, expect, it } from 'vitest'
import { TestSim } from '../../testing/harness'
import type { S } from '../world/types'

/**
 * The seeded world is a world in motion: what the seed leaves in progress carries on when the simulated
 * clock moves, as a new order, study, quotation or job in the same state would — and nothing moves before.
 */

const TERMINAL_ORDER: S['OrderStatus'][] = ['FULFILLED', 'FAILED_PERMANENTLY', 'CANCELED']
const TERMINAL_JOB: S['JobStatus'][] = ['captured', 'released', 'unlicensed', 'invalid', 'rejected']
/** Sub-statuses in which a placed order waits for a person, not for the clock. */
const WAITING_ON_USER: S['OrderSubStatus'][] = ['FEASIBILITY_WAITING_RESPONSE', 'QUOTATION_WAITING_RESPONSE']

const subStatusOf = (order: S['Order']) =>
  order.orderDetails && 'subStatus' in order.orderDetails ? order.orderDetails.subStatus : undefined

/** Every order's status and sub-status, every job's status, every study's and quotation's decision. */
function states(sim: TestSim): Record<string, string> {
  const w = sim.world
  const out: Record<string, string> = {}
  for (const r of w.orders.values()) out[r.order.id] = `${r.order.status}/${subStatusOf(r.order) ?? '-'}`
  for (const r of w.jobs.values()) out[r.job.jobID] = r.job.status
  for (const s of w.studies.values()) out[s.id] = s.decision
  for (const q of w.quotations.values()) out[q.id] = q.decision
  return out
}

/** Each status an order may move to from another, as the contract's lifecycle has it. */
const NEXT: Record<S['OrderStatus'], S['OrderStatus'][]> = {
  CREATED: ['BEING_PLACED', 'CANCELED'],
  BEING_PLACED: ['PLACED', 'PLACEMENT_FAILED'],
  PLACEMENT_FAILED: ['BEING_PLACED', 'CANCELED'],
  PLACED: ['BEING_FULFILLED', 'FULFILLED', 'FAILED_PERMANENTLY', 'CANCELED'],
  BEING_FULFILLED: ['FULFILLED', 'FAILED_PERMANENTLY'],
  FULFILLED: [],
  FAILED_PERMANENTLY: [],
  CANCELED: [],
}

describe('the seeded world and the clock', () => {
  it('moves orders only along the lifecycle: a failed placement is placed again before it is fulfilled', () => {
    const sim = new TestSim()
    const seen = new Map([...sim.world.orders.values()].map((r) => [r.order.id, r.order.status]))
    const moves = new Set<string>()
    // Every 30 s for two hours: shorter than any step, so every status an order passes through is seen.
    for (let i = 0; i < 240; i++) {
      sim.advance(30)
      for (const r of sim.world.orders.values()) {
        const before = seen.get(r.order.id)
        if (before && before !== r.order.status) {
          moves.add(`${before} → ${r.order.status}`)
          // Fixed-price tasking begins fulfilment in the instant it is placed: PLACED is passed at once.
          const next =
            r.order.type === 'TASKING' && before === 'BEING_PLACED'
              ? [...NEXT.BEING_PLACED, ...NEXT.PLACED]
              : NEXT[before]
          expect(next, `${r.order.displayName}: ${before} → ${r.order.status}`).toContain(r.order.status)
        }
        seen.set(r.order.id, r.order.status)
      }
    }
    expect(moves).toContain('PLACEMENT_FAILED → BEING_PLACED')
  })

  it('changes nothing at the seed instant, then moves every seeded order and job on as new ones move', () => {
    const sim = new TestSim()
    const atSeed = states(sim)
    sim.advance(0)
    expect(states(sim)).toEqual(atSeed)

    const inProgress = [...sim.world.orders.values()].filter((r) => !TERMINAL_ORDER.includes(r.order.status))
    const archiveInProgress = inProgress.filter((r) => r.order.type === 'ARCHIVE')
    expect(archiveInProgress.length).toBeGreaterThan(5)
    const waitingForClock = inProgress.filter((r) => {
      const sub = subStatusOf(r.order)
      return !(r.order.status === 'PLACED' && sub && WAITING_ON_USER.includes(sub))
    })
    const runningJobs = [...sim.world.jobs.values()].filter((r) => !TERMINAL_JOB.includes(r.job.status))
    expect(runningJobs.length).toBeGreaterThan(0)

    // A minute on, the first steps are due (each seeded step has at most its whole duration left).
    sim.advance(60)
    const created = inProgress.filter((r) => atSeed[r.order.id].startsWith('CREATED/'))
    expect(created.length).toBeGreaterThan(0)
    for (const r of created) expect(r.order.status, r.order.displayName).not.toBe('CREATED')

    // A month on: whatever waited for the clock has moved on.
    for (let day = 0; day < 30; day++) sim.advance(86_400)
    for (const r of waitingForClock) {
      expect(`${r.order.status}/${subStatusOf(r.order) ?? '-'}`, r.order.displayName).not.toBe(
        atSeed[r.order.id],
      )
    }
    // Archive orders end delivered or failed; tasking ones end so too, or wait for a person's decision on a
    // study or quotation the system has since uploaded.
    for (const r of archiveInProgress) expect(TERMINAL_ORDER, r.order.displayName).toContain(r.order.status)
    for (const r of inProgress.filter((x) => x.order.type === 'TASKING')) {
      if (TERMINAL_ORDER.includes(r.order.status)) continue
      const sub = subStatusOf(r.order)
      expect(sub && WAITING_ON_USER.includes(sub), `${r.order.displayName}: ${r.order.status}/${sub}`).toBe(
        true,
      )
      const decisions = [...sim.world.studies.values(), ...sim.world.quotations.values()].filter(
        (d) => d.orderId === r.order.id && d.decision === 'NOT_DECIDED',
      )
      expect(decisions, r.order.displayName).toHaveLength(1)
    }
    for (const r of runningJobs) expect(TERMINAL_JOB, r.job.jobID).toContain(r.job.status)
    // Delivered seeded archive orders landed in storage, their held credits captured.
    const delivered = archiveInProgress.filter((r) => r.order.status === 'FULFILLED')
    expect(delivered.length).toBeGreaterThan(0)
    for (const r of delivered) {
      expect([...sim.world.stacCollections.values()].some((c) => c.orderId === r.order.id)).toBe(true)
      expect(r.heldCredits).toBe(0)
    }
    expect(sim.world.accounts.get(archiveInProgress[0].order.accountId)?.heldCredits).toBeGreaterThanOrEqual(
      0,
    )
  })

  it('moves the same way in every world built from the seed', () => {
    const a = new TestSim()
    const b = new TestSim()
    for (const sim of [a, b]) for (const seconds of [45, 600, 3_600, 86_400]) sim.advance(seconds)
    expect(states(a)).toEqual(states(b))
  })
})
