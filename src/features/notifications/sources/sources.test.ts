import { describe, expect, it } from 'vitest'
import type { SessionUser } from '../../../api/session'
import { addFound, markRead, openedBy } from '../entries'
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
  it('takes the first read as a baseline, then keeps one entry per order with the path it took', () => {
    const first = snapshotOrders([order('1', 'PLACED', '2026-11-02T09:00:00Z')])
    expect(ordersSource.diff(undefined, first, user)).toEqual([])
    const second = snapshotOrders(
      [
        order('1', 'BEING_FULFILLED', '2026-11-03T10:00:00Z'),
        order('2', 'PLACED', '2026-11-03T10:00:00Z'),
        { ...order('3', 'FULFILLED', '2026-11-03T10:30:00Z'), createdAt: '2026-11-03T09:00:00Z' },
        order('4', 'CANCELED', '2026-11-01T10:30:00Z'),
      ],
      first,
    )
    expect(ordersSource.diff(first, second, user)).toEqual([
      {
        key: 'order:1',
        title: 'Order 1: being fulfilled',
        detail: 'placed 2 Nov, being fulfilled 3 Nov',
        href: '/orders/1',
        when: '2026-11-03T10:00:00.000Z',
        fold: 'orders',
        state: 'being fulfilled',
      },
      // Placed and fulfilled between two reads; an order ended before the last read is old news.
      expect.objectContaining({
        key: 'order:3',
        title: 'Order 3: fulfilled',
        detail: 'ordered 3 Nov, delivered 3 Nov',
      }),
    ])
    const third = snapshotOrders([order('1', 'FULFILLED', '2026-11-04T10:00:00Z')], second)
    // The same key: the entry of order 1 is replaced by its latest state; a status only passed through is
    // left out of the path once the order moved on.
    expect(ordersSource.diff(second, third, user)).toMatchObject([
      { key: 'order:1', title: 'Order 1: fulfilled', detail: 'placed 2 Nov, delivered 4 Nov' },
    ])
    expect(ordersSource.diff(third, third, user)).toEqual([])
  })

  it('never tells a step the lifecycle does not have between two statuses read far apart', () => {
    // PLACEMENT_FAILED is retried (BEING_PLACED, PLACED, BEING_FULFILLED) before FULFILLED; a read that
    // missed all of those saw the two ends only, and says what it saw, with its days.
    const first = snapshotOrders([order('9', 'PLACEMENT_FAILED', '2026-11-01T09:00:00Z')])
    const next = snapshotOrders([order('9', 'FULFILLED', '2026-11-04T09:00:00Z')], first)
    const [entry] = ordersSource.diff(first, next, user)
    expect(entry.detail).toBe('placement failed 1 Nov, delivered 4 Nov')
    expect(entry.detail).not.toMatch(/→/)
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
  const waiting = (createdAt: string, more: object = {}) => ({
    createdAt,
    orderId: '0c6f7a52-aaaa-bbbb-cccc-000000000000',
    order: 'Nile delta survey',
    ...more,
  })
  it('names each waiting item by its order with what it asks, on the first read too, then only what is new', () => {
    const first = { studies: { s1: waiting('2026-10-27T08:00:00Z', { options: 3 }) }, quotations: {} }
    expect(decisionsSource.diff(undefined, first, user)).toMatchObject([
      {
        key: 'study:s1',
        title: 'Feasibility study for Nile delta survey: 3 options, waiting since 27 Oct',
        href: '/decisions/studies/s1',
      },
    ])
    const next = { ...first, quotations: { q1: waiting('2026-10-29T12:00:00Z', { credits: 4840 }) } }
    expect(decisionsSource.diff(first, next, user)).toMatchObject([
      {
        key: 'quotation:q1',
        title: 'Quotation for Nile delta survey: 4,840 credits, waiting since 29 Oct',
        detail: 'Waits for your decision',
        href: '/decisions/quotations/q1',
      },
    ])
    const viewer = { ...user, role: 'VIEWER' }
    expect(decisionsSource.diff(first, next, viewer)[0].detail).toBe(
      'Waits for a decision by an administrator or member',
    )
    // An order whose name could not be read is named by its id.
    const unnamed = {
      studies: {},
      quotations: { q2: { ...waiting('2026-10-29T12:00:00Z'), order: undefined, credits: 10 } },
    }
    expect(decisionsSource.diff(undefined, unnamed, user)[0].title).toBe(
      'Quotation for order 0c6f7a52: 10 credits, waiting since 29 Oct',
    )
  })
})

describe('the licenses source', () => {
  it('tells a license whose accepted version was replaced by a new one', () => {
    const before = { eulas: { e: { doc: 'v1', accepted: true, title: 'Pléiades' } } }
    const after = { eulas: { e: { doc: 'v2', accepted: false, title: 'Pléiades' } } }
    expect(licencesSource.diff(before, after, user)).toMatchObject([
      { key: 'licence:e', title: '“Pléiades” has a new version to accept', href: '/licences/e' },
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
  const f = (key: string, more: object = {}) => ({ key, title: key, href: `/${key}`, source: 's', ...more })
  it('keeps one entry per object: news of one already listed replaces it, unread and on top', () => {
    const one = addFound([], [f('a'), f('b')], 1)
    expect(one.entries.map((e) => [e.key, e.read])).toEqual([
      ['a', false],
      ['b', false],
    ])
    const two = addFound(
      [
        { ...one.entries[0], read: true },
        { ...one.entries[1], read: true },
      ],
      [f('b', { title: 'b again' }), f('c')],
      2,
    )
    expect(two.added.map((e) => e.key)).toEqual(['b', 'c'])
    expect(two.entries.map((e) => [e.key, e.title, e.read])).toEqual([
      ['b', 'b again', false],
      ['c', 'c', false],
      ['a', 'a', true],
    ])
  })

  it("folds a day's many orders into one line that opens them in the orders list, read once all are", () => {
    const o = (id: string, day: string) =>
      f(`order:${id}`, {
        href: `/orders/${id}`,
        when: `2026-11-${day}T10:00:00Z`,
        fold: 'orders',
        state: 'fulfilled',
        source: 'orders',
      })
    const lines = { orders: ordersSource.foldLine! }
    const { entries } = addFound(
      [],
      [o('1', '02'), o('2', '02'), o('3', '02'), o('4', '02'), o('5', '03')],
      1,
      lines,
    )
    expect(entries.map((e) => [e.key, e.title, e.detail, e.href])).toEqual([
      ['fold:orders:2026-11-02', '4 orders changed on 2 Nov', '4 fulfilled', '/orders?orderIds=1,2,3,4'],
      ['order:5', 'order:5', undefined, '/orders/5'],
    ])
    // One of them opened on its own page: the fold stays unread until every order in it is read.
    const one = markRead(entries, 'order:2')
    expect(one[0].read).toBe(false)
    expect(markRead(entries, 'fold:orders:2026-11-02')[0].read).toBe(true)
    // News of an order in the fold updates it in place.
    const later = addFound(one, [{ ...o('3', '02'), state: 'failed' }], 2, lines)
    expect(later.entries[0]).toMatchObject({ key: 'fold:orders:2026-11-02', detail: '3 fulfilled, 1 failed' })
  })

  it('reads an entry when its page is opened, whatever the page adds to the address', () => {
    const entries = addFound(
      [],
      [
        f('order:1', { href: '/orders/1' }),
        f('s', { href: '/catalog?host=x&since=2026-11-20T10%3A00%3A00Z' }),
      ],
      1,
    ).entries
    expect(openedBy(entries, { pathname: '/orders/1', search: '' })).toEqual(['order:1'])
    expect(openedBy(entries, { pathname: '/orders/12', search: '' })).toEqual([])
    expect(
      openedBy(entries, { pathname: '/catalog', search: '?host=x&limit=25&since=2026-11-20T10:00:00Z' }),
    ).toEqual(['s'])
    expect(openedBy(entries, { pathname: '/catalog', search: '?host=x' })).toEqual([])
  })
})

describe('the saved-searches source', () => {
  const snap = (count: number, latest: string | null, more = false) => ({
    searches: {
      s: { name: 'Ports', count, more, latest, href: '/catalog?host=x&since=2026-11-19T00%3A00%3A00Z' },
    },
  })
  it('tells new scenes once per newest scene, even on the first read, and not once the search was opened', () => {
    const first = snap(2, '2026-11-20T10:00:00Z')
    expect(savedSearchesSource.diff(undefined, first, user)).toEqual([
      {
        key: 'saved-search:s',
        title: '2 new scenes in “Ports”',
        detail: 'Acquired or published since you last looked',
        href: '/catalog?host=x&since=2026-11-19T00%3A00%3A00Z',
        when: '2026-11-20T10:00:00Z',
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
