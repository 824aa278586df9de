import { describe, expect, it } from 'vitest'
import type { SessionUser } from '../../../api/session'
import { addFound } from '../entries'
import { budgetsSource, type BudgetsSnapshot } from './budgets'
import { decisionsSource } from './decisions'
import { jobsSource, type JobsSnapshot } from './jobs'
import { licencesSource } from './licences'
import { ordersSource, snapshotOrders } from './orders'
import { savedSearchesSource } from './saved-searches'

const user = { id: 'u', accountId: 'a', role: 'ADMIN' } as SessionUser

const order = (id: string, status: string, updatedAt: string) =>
  ({ id, status, displayName: `Order ${id}`, updatedAt }) as Parameters<typeof snapshotOrders>[0][number]

describe('the orders source', () => {
  it('takes the first read as a baseline, then tells each status change with what changed', () => {
    const first = snapshotOrders([order('1', 'BEING_FULFILLED', '2026-11-02T09:00:00Z')])
    expect(ordersSource.diff(undefined, first, user)).toEqual([])
    const next = snapshotOrders([
      order('1', 'FULFILLED', '2026-11-02T10:00:00Z'),
      order('2', 'PLACED', '2026-11-02T10:00:00Z'),
      order('3', 'FULFILLED', '2026-11-02T10:30:00Z'),
      order('4', 'CANCELED', '2026-11-01T10:30:00Z'),
    ])
    expect(ordersSource.diff(first, next, user)).toEqual([
      {
        key: 'order:1:FULFILLED',
        title: 'Order 1: fulfilled',
        detail: 'Being fulfilled → Fulfilled',
        href: '/orders/1',
      },
      // Placed and fulfilled between two reads; an order ended before the last read is old news.
      { key: 'order:3:FULFILLED', title: 'Order 3: fulfilled', detail: 'Now fulfilled', href: '/orders/3' },
    ])
    expect(ordersSource.diff(next, next, user)).toEqual([])
  })
})

describe('the jobs source', () => {
  const snap = (jobs: JobsSnapshot['jobs'], since = 0): JobsSnapshot => ({ since, jobs })
  it('tells a job that finished or failed, once', () => {
    const before = snap({ a: { outcome: 'running', name: 'NDVI', updated: 1 } }, 1)
    const after = snap(
      {
        a: { outcome: 'failed', name: 'NDVI', updated: 5 },
        b: { outcome: 'succeeded', name: 'Pansharpen', updated: 6 },
        c: { outcome: 'succeeded', name: 'Old', updated: 0 },
      },
      6,
    )
    expect(jobsSource.diff(undefined, after, user)).toEqual([])
    expect(jobsSource.diff(before, after, user).map((f) => f.title)).toEqual([
      'Job “NDVI” failed',
      'Job “Pansharpen” finished',
    ])
    expect(jobsSource.diff(after, after, user)).toEqual([])
  })
})

describe('the decisions source', () => {
  it('lists what waits on the first read, and then only what is new', () => {
    const first = { studies: { s1: '2026-11-01T00:00:00Z' }, quotations: {} }
    expect(decisionsSource.diff(undefined, first, user).map((f) => f.href)).toEqual(['/decisions/studies/s1'])
    const next = { studies: { s1: '2026-11-01T00:00:00Z' }, quotations: { q1: '2026-11-02T00:00:00Z' } }
    expect(decisionsSource.diff(first, next, user)).toMatchObject([
      { key: 'quotation:q1', title: 'A quotation waits for your decision', href: '/decisions/quotations/q1' },
    ])
    const viewer = { ...user, role: 'VIEWER' }
    expect(decisionsSource.diff(first, next, viewer)[0].title).toBe('A quotation waits for a decision')
  })
})

describe('the licenses source', () => {
  it('tells a license whose accepted version was replaced by a new one', () => {
    const before = { eulas: { e: { doc: 'v1', accepted: true, title: 'Pléiades' } } }
    const after = { eulas: { e: { doc: 'v2', accepted: false, title: 'Pléiades' } } }
    expect(licencesSource.diff(before, after, user)).toMatchObject([
      { key: 'licence:e:v2', title: '“Pléiades” has a new version to accept', href: '/licences/e' },
    ])
    expect(licencesSource.diff(after, after, user)).toEqual([])
  })
})

describe('the budgets source', () => {
  const snap = (reached: number | null, thresholds = '80,100'): BudgetsSnapshot => ({
    budgets: { b: { name: 'Forest', thresholds, reached, consumed: 850, allocated: 1000 } },
  })
  it('tells spending that crosses a higher threshold, not thresholds just edited', () => {
    expect(budgetsSource.diff(snap(null), snap(80), user)).toMatchObject([
      {
        title: 'Budget “Forest” passed 80 % of its credits',
        detail: '850 of 1,000 credits used',
        href: '/budgets/b',
      },
    ])
    expect(budgetsSource.diff(snap(80), snap(80), user)).toEqual([])
    expect(budgetsSource.diff(snap(null, '90'), snap(80), user)).toEqual([])
    expect(budgetsSource.diff(undefined, snap(80), user)).toEqual([])
  })
})

describe('entries', () => {
  it('adds what was found newest first, each key once, unread', () => {
    const f = (key: string) => ({ key, title: key, href: '/', source: 's' })
    const one = addFound([], [f('a'), f('b')], 1)
    expect(one.entries.map((e) => [e.key, e.read])).toEqual([
      ['a', false],
      ['b', false],
    ])
    const two = addFound([{ ...one.entries[0], read: true }, one.entries[1]], [f('a'), f('c')], 2)
    expect(two.added.map((e) => e.key)).toEqual(['c'])
    expect(two.entries.map((e) => [e.key, e.read])).toEqual([
      ['c', false],
      ['a', true],
      ['b', false],
    ])
  })
})

describe('the saved-searches source', () => {
  const snap = (count: number, latest: string | null, more = false) => ({
    searches: { s: { name: 'Ports', count, more, latest } },
  })
  it('tells new scenes once per newest scene, even on the first read, and not once the search was opened', () => {
    const first = snap(2, '2026-11-20T10:00:00Z')
    expect(savedSearchesSource.diff(undefined, first, user)).toEqual([
      {
        key: 'saved-search:s:2026-11-20T10:00:00Z',
        title: '2 new scenes in “Ports”',
        detail: 'Acquired or published since you last looked',
        href: '/saved-searches',
      },
    ])
    expect(savedSearchesSource.diff(first, first, user)).toEqual([])
    const later = snap(500, '2026-11-21T08:00:00Z', true)
    expect(savedSearchesSource.diff(first, later, user).map((f) => f.title)).toEqual([
      '500+ new scenes in “Ports”',
    ])
    expect(savedSearchesSource.diff(later, snap(0, '2026-11-21T08:00:00Z'), user)).toEqual([])
    expect(savedSearchesSource.diff(undefined, snap(1, 'x'), user)[0].title).toBe('1 new scene in “Ports”')
  })
})
