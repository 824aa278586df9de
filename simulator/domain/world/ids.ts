import { uuidFrom } from './random'

/**
 * Names and instants the seeders and the rules share: the world's reference time, the demo password, the ids
 * of the seeded accounts, users, workspaces and budgets, and the ids derived from EULA and product names. Apart from seed/world.ts, which imports every area
 * seeder, so that the seeders (and tests) can use them without importing seed/world.ts back.
 */

/** The simulated world's fixed reference time: seed data is dated relative to it, whatever the clock says. */
export const SEED_EPOCH = Date.parse('2026-11-01T00:00:00.000Z')

/** A provider's EULA, by the provider's key (`airbus`, …): ids are derived from names. */
export const eulaId = (name: string): string => uuidFrom(`eula:${name}`)

/** A collection's data product, by the two names. */
export const dataProductId = (collection: string, product: string): string =>
  uuidFrom(`data-product:${collection}:${product}`)

export const DEMO_PASSWORD = 'swath-demo'

const users = {
  analyst: uuidFrom('user:analyst'),
  viewer: uuidFrom('user:viewer'),
  starter: uuidFrom('user:starter'),
}

export const ids = {
  enterpriseAccount: uuidFrom('account:enterprise'),
  starterAccount: uuidFrom('account:starter'),
  ...users,
  // Each user's default (first) workspace carries the user's id, as on the real service: its SDK takes the
  // workspace id from the userinfo `sub`, and orders placed with it must land in that workspace.
  mainWorkspace: users.analyst,
  viewerWorkspace: users.viewer,
  starterWorkspace: users.starter,
  coastalWorkspace: uuidFrom('workspace:coastal'),
  budgetForest: uuidFrom('budget:forest'),
  budgetUrban: uuidFrom('budget:urban'),
  budgetLegacy: uuidFrom('budget:legacy'),
}

/**
 * The address the seeded jobs' inputs give the service (it has none of its own before a request reaches
 * it): items there are the service's own storage too, so a seeded job can be run again. The
 * processing routes accept it beside their own address.
 */
export const SEED_SERVICE_BASE = 'https://api.swath.test'
