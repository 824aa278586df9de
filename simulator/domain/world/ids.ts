import { uuidFrom } from './random'

/**
 * Names and instants the seeders share: the world's reference time, the demo password and the ids of the
 * seeded accounts, users, workspaces and budgets. Apart from seed/world.ts, which imports every area
 * seeder, so that the seeders (and tests) can use them without importing seed/world.ts back.
 */

/** The simulated world's fixed reference time: seed data is dated relative to it, whatever the clock says. */
export const SEED_EPOCH = Date.parse('2026-11-01T00:00:00.000Z')

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
