import type { Rng } from '../world/random'
import { ids, SEED_EPOCH } from '../world/ids'
import { createDelivery } from '../storage/stac'
import type { Account, S, StacSource } from '../world/types'
import type { World } from '../world/world'
import { PROCESS_DEFS } from './processes'
import { boxPolygon, DAY, type ItemUrl, SEED_DELIVERIES } from './seed-deliveries'
import { seedJob } from './seed-jobs'

/** The large seed's processing volume: thousands of jobs and a thousand deliveries, for paging and benchmarks. */

export const LARGE_JOBS = 5000
/**
 * The enterprise account's order deliveries in the large seed: STAC collections (a delivery is two, its
 * transformed scenes and the original), and their items all told. Job results come on top: one collection
 * for each job that produced one, as in the demo world.
 */
export const LARGE_COLLECTIONS = 1000
export const LARGE_ITEMS = 50_000
/** The title of the large seed's 500-item delivery (bench/storage.ts opens it). */
export const LARGE_DELIVERY_TITLE = 'Large delivery (500 scenes)'
/** The title of the large seed's biggest delivery: 10,000 scenes in a grid of 100 × 100. */
export const HUGE_DELIVERY_TITLE = 'Country-wide mosaic (10,000 scenes)'
const HUGE_DELIVERY_ITEMS = 10_000
const LARGE_STATUSES: [S['JobStatus'], number][] = [
  ['captured', 0.7],
  ['released', 0.08],
  ['unlicensed', 0.06],
  ['invalid', 0.08],
  ['rejected', 0.08],
]

/**
 * The large seed: 5,000 jobs, and 1,000 STAC collections holding 50,000 items (one of 10,000, one of 500) in
 * the enterprise account, for paging and benchmarks.
 */
export function seedLarge(world: World, rng: Rng, account: Account, url: ItemUrl): void {
  const itemKeys = SEED_DELIVERIES.filter((d) => d.workspace !== 'starter').map((d) => d.key)
  const pickStatus = (): S['JobStatus'] => {
    let r = rng.next()
    for (const [status, p] of LARGE_STATUSES) {
      if (r < p) return status
      r -= p
    }
    return 'captured'
  }
  while (world.jobs.size < LARGE_JOBS) {
    const def = rng.pick(PROCESS_DEFS)
    const [a, b] = [rng.pick(itemKeys), rng.pick(itemKeys)]
    const inputs: Record<string, unknown> = { title: `${def.title} #${world.jobs.size + 1}` }
    if (def.itemInputs.length === 2) {
      inputs[def.itemInputs[0]] = url(a)
      inputs[def.itemInputs[1]] = url(a === b ? itemKeys[(itemKeys.indexOf(a) + 1) % itemKeys.length] : b)
    } else inputs[def.itemInputs[0]] = url(a)
    seedJob(world, rng, {
      account,
      def,
      inputs,
      status: pickStatus(),
      created: SEED_EPOCH - rng.int(1, 365 * 24) * 3_600_000,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      runSeconds: rng.int(120, 1200),
      budgetId: null,
    })
  }

  // Bulk deliveries come from the account's fulfilled bulk orders (a delivery naming an order the service does
  // not know sent "Delivered by" to "Order not found"): each order delivers one or more of them.
  const fulfilled = { ARCHIVE: [] as string[], TASKING: [] as string[] }
  for (const r of world.orders.values())
    if (r.order.accountId === account.id && r.order.status === 'FULFILLED')
      fulfilled[r.order.type].push(r.order.id)
  const orderOf = (source: StacSource, n: number): string | undefined => {
    const list = source === 'TASKING' ? fulfilled.TASKING : fulfilled.ARCHIVE
    return list.length > 0 ? list[n % list.length] : undefined
  }
  // One delivery of 500 scenes: the storage benchmark lists a whole collection of that size at once.
  createDelivery(world, {
    accountId: account.id,
    workspaceId: ids.mainWorkspace,
    source: 'ARCHIVE',
    title: LARGE_DELIVERY_TITLE,
    description: 'A large delivery of the large seed: 500 scenes.',
    geometry: boxPolygon([10, 45, 10.5, 45.5]),
    datetime: SEED_EPOCH - 3 * DAY,
    createdAt: SEED_EPOCH - 2 * DAY,
    orderId: orderOf('ARCHIVE', 500),
    constellation: 'PHR',
    gsd: 0.5,
    cloudCover: 5,
    tags: ['large'],
    items: 500,
    rng,
  })
  // The biggest delivery: a grid of 100 × 100 scenes over northern France, each its own footprint.
  const [hw, hs, cell] = [-1, 46, 0.05]
  const side = Math.sqrt(HUGE_DELIVERY_ITEMS)
  createDelivery(world, {
    accountId: account.id,
    workspaceId: ids.mainWorkspace,
    source: 'ARCHIVE',
    title: HUGE_DELIVERY_TITLE,
    description: "The large seed's biggest delivery: 10,000 scenes, each its own footprint.",
    geometry: boxPolygon([hw, hs, hw + side * cell, hs + side * cell]),
    itemGeometry: (i) => {
      const [x, y] = [hw + (i % side) * cell, hs + Math.floor(i / side) * cell]
      return boxPolygon([round6(x), round6(y), round6(x + cell), round6(y + cell)])
    },
    datetime: SEED_EPOCH - 20 * DAY,
    createdAt: SEED_EPOCH - 18 * DAY,
    orderId: orderOf('ARCHIVE', 10_000),
    constellation: 'SPOT',
    gsd: 1.5,
    cloudCover: 3,
    tags: ['large', 'mosaic'],
    items: HUGE_DELIVERY_ITEMS,
    rng,
  })

  const ofAccount = [...world.stacCollections.values()].filter(
    (c) => c.accountId === account.id && c.source !== 'PROCESSING',
  )
  let count = ofAccount.length
  let itemsLeft = LARGE_ITEMS - ofAccount.reduce((n, c) => n + c.itemIds.length, 0)
  // Deliveries come in pairs (transformed + original): plan them first, so the items left can be shared out
  // among the transformed ones.
  const sources: StacSource[] = []
  for (; count < LARGE_COLLECTIONS; count += 2) sources.push(rng.pick(['ARCHIVE', 'TASKING']))
  for (const [n, source] of sources.entries()) {
    const share = Math.max(1, Math.round(itemsLeft / (sources.length - n)))
    // Between half and one and a half times an even share; the last takes what is left.
    const items =
      n === sources.length - 1
        ? Math.max(1, itemsLeft)
        : rng.int(Math.ceil(share / 2), Math.floor(share * 1.5))
    itemsLeft -= items
    const w = rng.float(-170, 169)
    const s = rng.float(-60, 69)
    const size = rng.float(0.02, 0.3)
    // A delivery of many scenes lays them side by side in a strip across its box.
    const strip = Math.ceil(Math.sqrt(items))
    const cellSize = size / strip
    const at = SEED_EPOCH - rng.int(1, 3 * 365) * DAY
    const made = createDelivery(world, {
      accountId: account.id,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      source,
      title: `Scene ${n + 1} (${source.toLowerCase()})`,
      description: 'Bulk delivery of the large seed.',
      geometry: boxPolygon([w, s, w + size, s + size]),
      itemGeometry:
        items > 1
          ? (i) => {
              const [x, y] = [w + (i % strip) * cellSize, s + Math.floor(i / strip) * cellSize]
              return boxPolygon([round6(x), round6(y), round6(x + cellSize), round6(y + cellSize)])
            }
          : undefined,
      datetime: at - DAY,
      createdAt: at,
      orderId: orderOf(source, n),
      constellation: rng.pick(['PHR', 'PNEO', 'SPOT', 'Capella', 'NSL']),
      gsd: rng.pick([0.3, 0.5, 1.5]),
      cloudCover: rng.int(0, 40),
      tags: [rng.pick(['forest', 'urban', 'maritime', 'agriculture', 'mining'])],
      items,
      rng,
    })
    if (made.length === 0) break
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6
