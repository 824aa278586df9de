import { benchBasemap } from './basemap'
import { benchBundle } from './bundle'
import { benchCatalog } from './catalog'
import { benchCatalogHosts } from './catalog-hosts'
import { benchCoveragePlan } from './coverage-plan'
import { benchDevServer } from './dev-server'
import { benchGeo } from './geo'
import { benchImagery } from './imagery'
import { benchHostileTiff } from './imagery-hostile'
import { benchJobs } from './jobs'
import { benchNotifications } from './notifications'
import { benchOrders } from './orders'
import { benchSimulator, benchSimulatorLists } from './simulator'
import { benchStorage } from './storage'
import { benchStorageLarge } from './storage-large'

/** `npm run bench`: every benchmark of the project, printing figures beside their targets. */
export async function main(): Promise<void> {
  console.log(`# Swath benchmarks — ${new Date().toISOString()} — Node ${process.version}`)
  benchBundle()
  await benchCatalog()
  await benchCatalogHosts()
  benchCoveragePlan()
  await benchBasemap()
  await benchOrders()
  await benchJobs()
  await benchStorage()
  await benchStorageLarge()
  await benchImagery()
  await benchHostileTiff()
  await benchNotifications()
  await benchGeo()
  await benchSimulator()
  await benchSimulatorLists()
  await benchDevServer()
}
