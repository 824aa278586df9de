import { iso } from '../world/clock'
import { rect } from '../geometries/coverage'
import { type Rng, uuidFrom } from '../world/random'
import { dataProductId, ids, SEED_EPOCH, SEED_SERVICE_BASE } from '../world/ids'
import { createDelivery, itemPath } from '../storage/stac'
import type { S, StacSource } from '../world/types'
import type { World } from '../world/world'
import { buildOrder, userActor } from '../orders/create'
import { SYSTEM_ACTOR, touch } from '../orders/state'

/** The processing seed's stored deliveries, which its jobs read from, each with the order it came from. */

export const DAY = 86_400_000

/** The workspaces the seeded deliveries and jobs are in, by the names the seed lists use. */
export const SEED_WORKSPACES = {
  main: ids.mainWorkspace,
  coastal: ids.coastalWorkspace,
  starter: ids.starterWorkspace,
}

/** A seeded item's URL as clients send it, by its delivery's key and its place in the delivery. */
export type ItemUrl = (key: string, n?: number) => string

interface SeedDelivery {
  key: string
  title: string
  source: StacSource
  workspace: 'main' | 'coastal' | 'starter'
  collection: string
  product: string
  constellation: string
  gsd: number
  cloud: number | null
  items: number
  tags: string[]
  bbox: [number, number, number, number]
  daysAgo: number
}

export const SEED_DELIVERIES: SeedDelivery[] = [
  {
    key: 'rotterdam',
    title: 'Pléiades Neo - Port of Rotterdam',
    source: 'ARCHIVE',
    workspace: 'coastal',
    collection: 'pneo',
    product: 'pneo-display',
    constellation: 'PNEO',
    gsd: 0.3,
    cloud: 3,
    items: 2,
    tags: ['port', 'logistics'],
    bbox: [4.02, 51.88, 4.18, 51.97],
    daysAgo: 40,
  },
  {
    key: 'berlin-2026',
    title: 'Pléiades - Berlin Mitte 2026',
    source: 'TASKING',
    workspace: 'main',
    collection: 'phr-tasking',
    product: 'phr-tasking-display',
    constellation: 'PHR',
    gsd: 0.5,
    cloud: 8,
    items: 1,
    tags: ['urban', 'berlin'],
    bbox: [13.36, 52.5, 13.43, 52.54],
    daysAgo: 20,
  },
  {
    key: 'berlin-2025',
    title: 'Pléiades - Berlin Mitte 2025',
    source: 'ARCHIVE',
    workspace: 'main',
    collection: 'phr',
    product: 'phr-display',
    constellation: 'PHR',
    gsd: 0.5,
    cloud: 12,
    items: 1,
    tags: ['urban', 'berlin', 'reference'],
    bbox: [13.35, 52.49, 13.44, 52.55],
    daysAgo: 300,
  },
  {
    key: 'rondonia',
    title: 'SPOT - Rondônia deforestation front',
    source: 'ARCHIVE',
    workspace: 'main',
    collection: 'spot',
    product: 'spot-display',
    constellation: 'SPOT',
    gsd: 1.5,
    cloud: 22,
    items: 1,
    tags: ['forest', 'deforestation'],
    bbox: [-63.2, -9.9, -62.95, -9.65],
    daysAgo: 60,
  },
  {
    key: 'singapore',
    title: 'Capella SAR - Singapore Strait',
    source: 'TASKING',
    workspace: 'coastal',
    collection: 'capella-tasking',
    product: 'capella-tasking-spotlight',
    constellation: 'Capella',
    gsd: 0.5,
    cloud: null,
    items: 1,
    tags: ['maritime', 'sar'],
    bbox: [103.72, 1.16, 103.86, 1.27],
    daysAgo: 10,
  },
  {
    key: 'austin',
    title: 'Near Space Labs - Austin mosaic',
    source: 'ARCHIVE',
    workspace: 'main',
    collection: 'nsl-30cm',
    product: 'nsl-mosaic',
    constellation: 'NSL',
    gsd: 0.3,
    cloud: 0,
    items: 1,
    tags: ['urban', 'texas'],
    bbox: [-97.77, 30.25, -97.72, 30.3],
    daysAgo: 5,
  },
  {
    key: 'lyon',
    title: 'SPOT - Lyon',
    source: 'ARCHIVE',
    workspace: 'starter',
    collection: 'spot',
    product: 'spot-display',
    constellation: 'SPOT',
    gsd: 1.5,
    cloud: 5,
    items: 1,
    tags: ['urban'],
    bbox: [4.78, 45.71, 4.9, 45.8],
    daysAgo: 15,
  },
]

export const boxPolygon = ([w, s, e, n]: [number, number, number, number]): S['Polygon'] => rect(w, s, e, n)

/**
 * The fulfilled order a seeded delivery came from: every delivery names its order (`up42-order:id`), and that
 * order must be one the account can open (a delivery naming an order the service does not know sent the
 * storage pages' "Delivered by" link to "Order not found").
 */
function seedDeliveredOrder(
  world: World,
  d: SeedDelivery,
  workspaceId: string,
  accountId: string,
  at: number,
) {
  const collection = world.collections.find((c) => c.name === d.collection)
  const product = collection?.dataProducts.find((p) => p.name === d.product)
  const account = world.accounts.get(accountId)
  if (!collection || !product?.id || !account) return
  const geometry = boxPolygon(d.bbox)
  const ordered = at - 3 * DAY
  const params: Record<string, unknown> =
    collection.type === 'ARCHIVE'
      ? { id: `SIM_${d.collection.toUpperCase()}_${d.key.toUpperCase()}` }
      : { acquisitionStart: iso(ordered + DAY), acquisitionEnd: iso(ordered + 11 * DAY) }
  const record = buildOrder(
    {
      account,
      workspaceId,
      actor: userActor(d.workspace === 'starter' ? ids.starter : ids.analyst),
      collection,
      product,
      displayName: d.title,
      tags: d.tags,
      budgetId: null,
      params,
      priced: { index: 0, geometry, areaKm2: 100, size: 100, credits: 1000, unit: 'SQ_KM' },
      at: ordered,
      id: uuidFrom(`seed-order:${d.key}`),
    },
    'FULFILLED',
    collection.type === 'TASKING' ? 'QUOTATION_ACCEPTED' : undefined,
  )
  touch(record, SYSTEM_ACTOR, at)
  world.orders.set(record.order.id, record)
}

/** Stores the seeded deliveries and their orders; answers the URL of each delivered item. */
export function seedDeliveries(world: World, rng: Rng): ItemUrl {
  const accountOfWorkspace = (ws: string) => world.workspaces.get(ws)?.accountId ?? ids.enterpriseAccount
  const delivered = new Map<string, string[]>()
  for (const d of SEED_DELIVERIES) {
    const workspaceId = SEED_WORKSPACES[d.workspace]
    const at = SEED_EPOCH - d.daysAgo * DAY
    seedDeliveredOrder(world, d, workspaceId, accountOfWorkspace(workspaceId), at)
    const [col] = createDelivery(world, {
      accountId: accountOfWorkspace(workspaceId),
      workspaceId,
      source: d.source,
      title: d.title,
      description: `${d.title}, delivered to storage.`,
      geometry: boxPolygon(d.bbox),
      datetime: at - 2 * DAY,
      createdAt: at,
      orderId: uuidFrom(`seed-order:${d.key}`),
      productId: dataProductId(d.collection, d.product),
      collectionName: d.collection,
      constellation: d.constellation,
      gsd: d.gsd,
      cloudCover: d.cloud,
      tags: d.tags,
      items: d.items,
      rng,
    })
    delivered.set(
      d.key,
      col.itemIds.map((itemId) => itemPath(col.collection.id, itemId)),
    )
  }
  // Seeded inputs carry the URL form clients send; the host part is never checked, only the path.
  return (key: string, n = 0) => `${SEED_SERVICE_BASE}${delivered.get(key)?.[n] ?? ''}`
}
