import { createRng } from '../world/random'
import { ids } from '../world/ids'
import type { World } from '../world/world'
import { buildProcesses } from './processes'
import { seedDeliveries } from './seed-deliveries'
import { seedJobs } from './seed-jobs'
import { seedLarge } from './seed-large'

/**
 * The seeded processing world: processes, the stored deliveries jobs read from (seed-deliveries.ts), ~12 jobs
 * (seed-jobs.ts), and the large seed (seed-large.ts). One generator runs through the three in this order.
 */
export function seedProcessing(world: World): void {
  world.processes.push(...buildProcesses())
  const rng = createRng('seed:processing')
  const url = seedDeliveries(world, rng)
  const account = world.accounts.get(ids.enterpriseAccount)
  if (!account) return
  seedJobs(world, rng, account, url)
  if (world.seedSize === 'large') seedLarge(world, rng, account, url)
}
