import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { signedInConsole } from '../../testing/sim-backend'
import { orderKeys } from './keys'
import { ownedScenesOf, ownedScenesOptions, ownedSummary, sameProduct, sceneIdOf } from './owned-scenes'
import type { Order } from './queries'

const order = (o: Partial<Order>): Order => ({
  id: 'o1',
  displayName: 'Lyon archive 4',
  status: 'FULFILLED',
  type: 'ARCHIVE',
  workspaceId: 'w',
  accountId: 'a',
  dataProductId: 'p1',
  tags: [],
  createdAt: '2026-09-12T10:00:00Z',
  updatedAt: '2026-09-14T10:00:00Z',
  orderDetails: { aoi: { type: 'Point', coordinates: [0, 0] }, imageId: 'SCENE_A' },
  ...o,
})

describe('owned scenes', () => {
  it('maps each scene to its archive orders that still hold it, newest first', () => {
    const owned = ownedScenesOf([
      order({ id: 'old', createdAt: '2026-01-01T00:00:00Z' }),
      order({ id: 'new', createdAt: '2026-10-01T00:00:00Z', status: 'BEING_FULFILLED', dataProductId: 'p2' }),
      order({ id: 'failed', status: 'FAILED_PERMANENTLY' }),
      order({ id: 'placement-failed', status: 'PLACEMENT_FAILED' }),
      order({ id: 'canceled', status: 'CANCELED' }),
      order({
        id: 'other',
        orderDetails: { aoi: { type: 'Point', coordinates: [0, 0] }, imageId: 'SCENE_B' },
      }),
      order({ id: 'no-details', orderDetails: undefined }),
      order({
        id: 'tasking',
        type: 'TASKING',
        orderDetails: {
          acquisitionStart: 'x',
          acquisitionEnd: 'y',
          geometry: { type: 'Point', coordinates: [0, 0] },
        },
      }),
    ])
    expect([...owned.keys()].sort()).toEqual(['SCENE_A', 'SCENE_B'])
    expect(owned.get('SCENE_A')?.map((o) => o.orderId)).toEqual(['new', 'old'])
    expect(sameProduct(owned.get('SCENE_A') ?? [], 'p2').map((o) => o.orderId)).toEqual(['new'])
    expect(sameProduct(owned.get('SCENE_A') ?? [], null)).toEqual([])
  })

  it('says when and how far, and that the delivery is in storage once known', () => {
    const [o] = ownedScenesOf([order({})]).get('SCENE_A') ?? []
    expect(ownedSummary(o)).toBe('Ordered 12 Sep 2026 · Fulfilled')
    expect(ownedSummary(o, true)).toBe('Ordered 12 Sep 2026 · Fulfilled · in storage')
  })

  it('reads every archive order in the owning statuses in the largest pages, under the orders keys', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const me = c.session.getSnapshot().user?.accountId
    const expected = [...world.orders.values()]
      .map((r) => r.order)
      .filter(
        (o) =>
          o.accountId === me &&
          o.type === 'ARCHIVE' &&
          !['FAILED_PERMANENTLY', 'PLACEMENT_FAILED', 'CANCELED'].includes(o.status),
      )
    expect(expected.length).toBeGreaterThan(5)
    const from = c.backend.log.length
    const owned = await new QueryClient().fetchQuery(ownedScenesOptions(c.client))
    const sent = c.backend.log.slice(from)
    expect(sent).toHaveLength(1)
    const q = new URLSearchParams(sent[0].query)
    expect(q.get('type')).toBe('ARCHIVE')
    expect(q.getAll('status').sort()).toEqual([
      'BEING_FULFILLED',
      'BEING_PLACED',
      'CREATED',
      'FULFILLED',
      'PLACED',
    ])
    expect(q.get('size')).toBe('1000')
    const ids = [...owned.values()].flat().map((o) => o.orderId)
    expect(ids.sort()).toEqual(expected.map((o) => o.id).sort())
    // The scene of a fulfilled seeded order is the one its details name.
    const fulfilled = expected.find((o) => o.status === 'FULFILLED')
    const scene = fulfilled ? sceneIdOf(fulfilled) : null
    expect(scene).toBeTruthy()
    expect(owned.get(scene ?? '')?.some((o) => o.orderId === fulfilled?.id)).toBe(true)
    expect(ownedScenesOptions(c.client).queryKey.slice(0, 1)).toEqual(orderKeys.all)
  })
})
