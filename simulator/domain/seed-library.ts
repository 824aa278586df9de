import { rect } from './coverage'
import { createRng, uuidFrom } from './random'
import { eulaId } from './seed-glossary'
import { ids, SEED_EPOCH } from './seed-constants'
import type { S } from './types'
import type { World } from './world'

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
  seedBudgetUsage(world)
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
 * holds its credits and records them itself when it completes (domain/credits.ts), so mirroring it here
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
