import { generateArchive, seedCatalog } from '../catalog/archive'
import { manualClock, type Clock } from '../world/clock'
import { seedOrders } from '../orders/seed'
import { seedProcessing } from '../processing/seed'
import { uuidFrom } from '../world/random'
import { DEMO_PASSWORD, ids, SEED_EPOCH } from '../world/ids'
import { buildCollections, buildEulas, PROVIDERS } from './glossary'
import { seedLibrary } from './library'
import { seedTasking } from '../tasking/seed'
import type { Account, User } from '../world/types'
import { World, type SeedSize } from '../world/world'

/** Builds the whole seeded world. Area modules add their own seed data through their `seed*` functions. */
export function buildWorld(clock: Clock, size: SeedSize): World {
  const world = new World(clock, size)
  seedAccounts(world)
  world.providers.push(...PROVIDERS)
  world.collections.push(...buildCollections())
  for (const eula of buildEulas(SEED_EPOCH)) world.eulas.set(eula.id, eula)
  seedBudgets(world)
  for (const seedArea of AREA_SEEDERS) seedArea(world)
  return world
}

/**
 * Seeded worlds by start instant, each built once per module graph (in tests: once per worker or test file)
 * and handed out as copies: seeding costs hundreds of milliseconds, a copy a few, and tests build a fresh
 * simulator for nearly every test. Only the default seed: the large one is built rarely and measured.
 */
const templates = new Map<number, World>()
const TEMPLATES_KEPT = 4

/**
 * The seeded world at the instant `clock` reads, on `clock`: the same world `buildWorld` would build, copied
 * from one built before. For clocks that stand still until told (a copy of a world built at another
 * instant would be a different world).
 */
export function seededWorld(clock: Clock, size: SeedSize): World {
  if (size !== 'default') return buildWorld(clock, size)
  const at = clock.now()
  let template = templates.get(at)
  // Another archive may have replaced the shared one since (a test of other collections): a template of the
  // old one would still be right, but its scenes would miss the shared archive's search index.
  if (template && generateArchive(template.collections)[0] !== template.scenes[0]) template = undefined
  if (!template) {
    // On a clock of its own that never moves: the template is never run, only copied.
    template = buildWorld(manualClock(at), size)
    templates.set(at, template)
    // Resets after the clock moved start from other instants: keep the few most recent.
    for (const old of templates.keys()) if (templates.size > TEMPLATES_KEPT) templates.delete(old)
  }
  return template.copy(clock)
}

/** Area seeders, in order: later ones may rely on data of earlier ones (orders before STAC deliveries). */
const AREA_SEEDERS: ((world: World) => void)[] = [
  seedCatalog,
  seedOrders,
  seedTasking,
  seedProcessing,
  seedLibrary,
]

function seedAccounts(world: World): void {
  const accounts: Account[] = [
    {
      id: ids.enterpriseAccount,
      name: 'Swath Demo Enterprise',
      plan: 'ENTERPRISE',
      creditBalance: 250_000,
      heldCredits: 0,
      budgetSettings: { budgetSettingId: uuidFrom('budget-settings:enterprise'), enforcementEnabled: false },
    },
    {
      id: ids.starterAccount,
      name: 'Starter Imaging Co',
      plan: 'STANDARD',
      creditBalance: 5_000,
      heldCredits: 0,
      budgetSettings: { budgetSettingId: uuidFrom('budget-settings:starter'), enforcementEnabled: false },
    },
  ]
  for (const a of accounts) world.accounts.set(a.id, a)
  world.workspaces.set(ids.mainWorkspace, {
    id: ids.mainWorkspace,
    name: 'Main workspace',
    accountId: ids.enterpriseAccount,
  })
  world.workspaces.set(ids.coastalWorkspace, {
    id: ids.coastalWorkspace,
    name: 'Coastal monitoring',
    accountId: ids.enterpriseAccount,
  })
  world.workspaces.set(ids.viewerWorkspace, {
    id: ids.viewerWorkspace,
    name: "Victor's workspace",
    accountId: ids.enterpriseAccount,
  })
  world.workspaces.set(ids.starterWorkspace, {
    id: ids.starterWorkspace,
    name: 'Starter workspace',
    accountId: ids.starterAccount,
  })
  const users: User[] = [
    {
      id: ids.analyst,
      email: 'analyst@swath.test',
      name: 'Ada Analyst',
      password: DEMO_PASSWORD,
      accountId: ids.enterpriseAccount,
      role: 'ADMIN',
      scopes: ['account', 'eula.w', 'budget.r'],
      workspaceIds: [ids.mainWorkspace, ids.coastalWorkspace],
    },
    {
      id: ids.viewer,
      email: 'viewer@swath.test',
      name: 'Victor Viewer',
      password: DEMO_PASSWORD,
      accountId: ids.enterpriseAccount,
      role: 'VIEWER',
      scopes: ['account'],
      workspaceIds: [ids.viewerWorkspace, ids.mainWorkspace],
    },
    {
      id: ids.starter,
      email: 'starter@swath.test',
      name: 'Sam Starter',
      password: DEMO_PASSWORD,
      accountId: ids.starterAccount,
      role: 'ADMIN',
      scopes: ['account', 'eula.w', 'budget.r'],
      workspaceIds: [ids.starterWorkspace],
    },
  ]
  world.users.push(...users)
}

function seedBudgets(world: World): void {
  const analyst = ids.analyst
  const make = (
    id: string,
    name: string,
    status: 'ACTIVE' | 'INACTIVE',
    allocatedCredits: number,
    description: string | null,
    daysAgo: number,
  ) => {
    const at = new Date(SEED_EPOCH - daysAgo * 86_400_000).toISOString()
    world.budgets.set(id, {
      accountId: ids.enterpriseAccount,
      budget: {
        id,
        name,
        status,
        description,
        externalId: null,
        allocatedCredits,
        createdBy: analyst,
        createdAt: at,
        updatedAt: at,
      },
      records: [],
    })
  }
  make(
    ids.budgetForest,
    'Forest monitoring 2026',
    'ACTIVE',
    60_000,
    'Deforestation watch over the Amazon and Borneo.',
    200,
  )
  make(ids.budgetUrban, 'Urban planning', 'ACTIVE', 25_000, 'City growth studies for municipal clients.', 120)
  make(ids.budgetLegacy, 'Legacy project 2025', 'INACTIVE', 10_000, null, 400)
  if (world.seedSize !== 'large') return
  // The large account's budgets: five more, opened two years and more ago, which the bulk orders draw on.
  for (const [key, name, status, credits, daysAgo] of LARGE_BUDGETS)
    make(uuidFrom(`budget:${key}`), name, status, credits, `${name}: a budget of the large seed.`, daysAgo)
}

const LARGE_BUDGETS: [
  key: string,
  name: string,
  status: 'ACTIVE' | 'INACTIVE',
  credits: number,
  daysAgo: number,
][] = [
  ['maritime', 'Maritime surveillance', 'ACTIVE', 2_000_000, 760],
  ['agriculture', 'Agriculture insurance', 'ACTIVE', 1_500_000, 745],
  ['infrastructure', 'Infrastructure monitoring', 'ACTIVE', 1_200_000, 735],
  ['disaster', 'Disaster response', 'ACTIVE', 800_000, 730],
  ['mining-2024', 'Mining concessions 2024', 'INACTIVE', 400_000, 1000],
]
