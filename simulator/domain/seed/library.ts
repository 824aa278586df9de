import { rect } from '../geometries/coverage'
import { createRng, uuidFrom } from '../world/random'
import { buildEulas } from './glossary'
import { eulaId, ids, SEED_EPOCH } from '../world/ids'
import type { S } from '../world/types'
import type { World } from '../world/world'

/**
 * Seed data of the account's "library": saved geometries (AOIs), EULA acceptances and budget usage.
 * Runs last among the area seeders, so orders and jobs seeded by other areas already exist.
 */

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

type Ring = [number, number][]

/** An axis-aligned rectangle as a closed, counter-clockwise ring. */
const box = (west: number, south: number, east: number, north: number): Ring =>
  rect(west, south, east, north).coordinates[0] as Ring

interface GeometrySeed {
  key: string
  name: string
  workspace: 'main' | 'coastal' | 'starter'
  daysAgo: number
  polygons: Ring[][]
}

const GEOMETRY_SEEDS: GeometrySeed[] = [
  {
    key: 'rondonia',
    name: 'Rondônia deforestation front',
    workspace: 'main',
    daysAgo: 190,
    polygons: [
      [
        [
          [-63.2, -9.1],
          [-62.4, -9.3],
          [-62.1, -9.9],
          [-62.7, -10.4],
          [-63.4, -10.0],
          [-63.2, -9.1],
        ],
      ],
    ],
  },
  {
    key: 'borneo',
    name: 'Central Kalimantan peat forest',
    workspace: 'main',
    daysAgo: 150,
    polygons: [[box(113.6, -2.6, 114.3, -2.0)]],
  },
  {
    key: 'berlin',
    name: 'Berlin city districts (with Tempelhof excluded)',
    workspace: 'main',
    daysAgo: 60,
    // A hole, so the console's map and area maths meet one.
    polygons: [[box(13.3, 52.44, 13.5, 52.56), box(13.39, 52.47, 13.42, 52.48)]],
  },
  {
    key: 'rotterdam',
    name: 'Port of Rotterdam',
    workspace: 'coastal',
    daysAgo: 110,
    polygons: [[box(3.95, 51.88, 4.35, 51.99)]],
  },
  {
    key: 'tagus',
    name: 'Tagus estuary and Lisbon coast',
    workspace: 'coastal',
    daysAgo: 45,
    // Two separate parts: a MultiPolygon.
    polygons: [[box(-9.25, 38.66, -9.05, 38.74)], [box(-9.02, 38.75, -8.9, 38.9)]],
  },
  {
    key: 'venice',
    name: 'Venice lagoon',
    workspace: 'coastal',
    daysAgo: 12,
    polygons: [
      [
        [
          [12.18, 45.2],
          [12.42, 45.25],
          [12.6, 45.5],
          [12.4, 45.57],
          [12.22, 45.45],
          [12.18, 45.2],
        ],
      ],
    ],
  },
  {
    key: 'bordeaux',
    name: 'Saint-Émilion vineyards',
    workspace: 'starter',
    daysAgo: 30,
    polygons: [[box(-0.2, 44.86, -0.1, 44.92)]],
  },
]

export const geometryId = (key: string): string => uuidFrom(`geometry:${key}`)

export function seedLibrary(world: World): void {
  seedGeometries(world)
  seedAcceptances(world)
  if (world.seedSize === 'large') {
    seedLargeGeometries(world)
    seedLargeAcceptances(world)
  }
  seedBudgetUsage(world)
}

/** The large seed's saved geometries of the enterprise account, all told. */
export const LARGE_GEOMETRIES = 1000
/** The large seed's EULA acceptances of the enterprise account, all told. */
export const LARGE_ACCEPTANCES = 200

const LARGE_GEOMETRY_PLACES: [name: string, lon: number, lat: number][] = [
  ['Rotterdam', 4.3, 51.9],
  ['Manaus', -60.0, -3.1],
  ['Nairobi', 36.8, -1.3],
  ['Lyon', 4.8, 45.8],
  ['Borneo', 114.5, 0.8],
  ['Atacama', -69.1, -24.3],
  ['Singapore', 103.8, 1.3],
  ['Phoenix', -112.1, 33.4],
  ['Lagos', 3.4, 6.5],
  ['Hamburg', 10.0, 53.55],
]

/**
 * Three years of an analyst's saved areas: boxes and five-sided fields near the account's places, in both
 * workspaces, created oldest first and some renamed or replaced since.
 */
function seedLargeGeometries(world: World): void {
  const rng = createRng('seed:large-geometries')
  const own = [...world.geometries.values()].filter((g) => g.accountId === ids.enterpriseAccount).length
  const by: S['Actor'] = { id: ids.analyst, type: 'USER' }
  const count = LARGE_GEOMETRIES - own
  for (let i = 0; i < count; i++) {
    const [place, lon, lat] = rng.pick(LARGE_GEOMETRY_PLACES)
    const [x, y] = [lon + rng.float(-1, 1), lat + rng.float(-1, 1)]
    const r = rng.float(0.01, 0.2)
    const round = (n: number) => Math.round(n * 1e5) / 1e5
    const ring: Ring = rng.chance(0.6)
      ? box(round(x - r), round(y - r), round(x + r), round(y + r))
      : // A field: five corners on a circle, counter-clockwise, closed.
        [0, 1, 2, 3, 4, 0].map((k) => {
          const a = (k * 2 * Math.PI) / 5
          return [round(x + r * Math.cos(a)), round(y + r * Math.sin(a))] as [number, number]
        })
    const created = SEED_EPOCH - Math.round(((count - i) / count) * 3 * 365 * DAY)
    const updated = rng.chance(0.2) ? Math.min(SEED_EPOCH, created + rng.int(1, 200) * DAY) : created
    const id = uuidFrom(`geometry:large:${i}`)
    world.geometries.set(id, {
      id,
      displayName: `${place} area ${i + 1}`,
      featureCollection: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
      },
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      accountId: ids.enterpriseAccount,
      createdAt: iso(created),
      updatedAt: iso(updated),
      createdBy: by,
      updatedBy: by,
    })
  }
}

/**
 * The large account has worked with many partners: their licenses (one or two versions each, made with the
 * same builder as the demo's), every version accepted some days after it came into force.
 */
function seedLargeAcceptances(world: World): void {
  let left =
    LARGE_ACCEPTANCES -
    [...world.acceptances.keys()].filter((k) => k.startsWith(ids.enterpriseAccount)).length
  const seeds: { key: string; title: string; description: string; versions: number }[] = []
  for (let n = 1; left > 0; n++) {
    const versions = Math.min(2, left)
    left -= versions
    seeds.push({
      key: `partner-${n}`,
      title: `Partner archive ${n} license`,
      description: `Terms for the imagery of partner archive ${n}.`,
      versions,
    })
  }
  for (const eula of buildEulas(SEED_EPOCH, seeds)) {
    world.eulas.set(eula.id, eula)
    for (const doc of eula.documents)
      world.acceptances.set(`${ids.enterpriseAccount}:${doc.id}`, {
        acceptedAt: doc.validFrom + 2 * DAY,
        acceptedById: ids.analyst,
      })
  }
}

function seedGeometries(world: World): void {
  const workspaces = { main: ids.mainWorkspace, coastal: ids.coastalWorkspace, starter: ids.starterWorkspace }
  for (const g of GEOMETRY_SEEDS) {
    const workspaceId = workspaces[g.workspace]
    const accountId = g.workspace === 'starter' ? ids.starterAccount : ids.enterpriseAccount
    const by: S['Actor'] = { id: g.workspace === 'starter' ? ids.starter : ids.analyst, type: 'USER' }
    const geometry: S['Polygon'] | S['MultiPolygon'] =
      g.polygons.length === 1
        ? { type: 'Polygon', coordinates: g.polygons[0] }
        : { type: 'MultiPolygon', coordinates: g.polygons }
    const at = iso(SEED_EPOCH - g.daysAgo * DAY)
    const id = geometryId(g.key)
    world.geometries.set(id, {
      id,
      displayName: g.name,
      featureCollection: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry }],
      },
      workspaceId,
      accountId,
      createdAt: at,
      updatedAt: at,
      createdBy: by,
      updatedBy: by,
    })
  }
}

/**
 * The enterprise account has accepted Capella's and Near Space's current documents, and Airbus's version 1
 * only: Airbus has since published version 2, so its EULA shows as not accepted (a new current document).
 */
function seedAcceptances(world: World): void {
  const accepted: [eula: string, version: number][] = [
    ['capella', 1],
    ['nearspace', 1],
    ['airbus', 1],
  ]
  for (const [key, version] of accepted) {
    const doc = world.eulas.get(eulaId(key))?.documents.find((d) => d.version === version)
    if (!doc) continue
    world.acceptances.set(`${ids.enterpriseAccount}:${doc.id}`, {
      acceptedAt: doc.validFrom + 3 * DAY,
      acceptedById: ids.analyst,
    })
  }
}

/**
 * Orders whose credits were consumed before the seed epoch. Only FULFILLED ones: an order still in flight
 * holds its credits and records them itself when it completes (domain/budgets/credits.ts), so mirroring it here
 * would count it twice.
 */
const CONSUMED_ORDER_STATUSES = new Set<string>(['FULFILLED'])

/**
 * Budget usage: first the consumption of orders and jobs that earlier seeders placed on a budget (so the
 * dashboard's links lead somewhere), then older consumption whose orders predate the seeded history, so
 * each active budget shows a believable burn-down even when no seeded order uses it.
 */
function seedBudgetUsage(world: World): void {
  const rng = createRng('seed:budget-usage')
  for (const record of world.budgets.values()) {
    const recorded = new Set(record.records.map((r) => r.orderId ?? r.jobId))
    for (const o of world.orders.values()) {
      if (
        o.order.budgetId !== record.budget.id ||
        !CONSUMED_ORDER_STATUSES.has(o.order.status) ||
        recorded.has(o.order.id)
      )
        continue
      record.records.push({
        orderId: o.order.id,
        credits: Math.round(o.credits),
        recordedAt: o.order.updatedAt,
      })
    }
    for (const j of world.jobs.values()) {
      const consumption = j.job.creditConsumption
      if (j.job.budgetId !== record.budget.id || !consumption || recorded.has(j.job.jobID)) continue
      record.records.push({
        jobId: j.job.jobID,
        credits: consumption.credits,
        recordedAt: j.job.finished ?? j.job.updated,
      })
    }
    const created = Date.parse(record.budget.createdAt)
    const historical = record.budget.status === 'ACTIVE' ? 6 : 3
    const past: S['BudgetUsageRecord'][] = []
    for (let i = 0; i < historical; i++) {
      // Spread between the budget's creation and two weeks before the seed epoch.
      const at = created + Math.round(((i + 1) / (historical + 1)) * (SEED_EPOCH - 14 * DAY - created))
      const share = rng.float(0.02, 0.09)
      const ref = rng.chance(0.7)
        ? { orderId: uuidFrom(`seed:budget-order:${record.budget.id}:${i}`) }
        : { jobId: uuidFrom(`seed:budget-job:${record.budget.id}:${i}`) }
      past.push({
        ...ref,
        credits: Math.max(1, Math.round(record.budget.allocatedCredits * share)),
        recordedAt: iso(at),
      })
    }
    record.records.unshift(...past)
    record.records.sort((a, b) => Date.parse(a.recordedAt) - Date.parse(b.recordedAt))
  }
}
