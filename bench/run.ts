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
import { benchNotifications, NOTIFICATIONS_MINUTES } from './notifications'
import { benchOrderDeliveries } from './order-deliveries'
import { benchOrders } from './orders'
import { benchPageWalk } from './page-walk'
import { stopEveryPreview } from './preview'
import { benchSimulator, benchSimulatorLists } from './simulator'
import { benchStorage } from './storage'
import { benchStorageLarge } from './storage-large'
import { benchTimelapse } from './timelapse'

/** One section of the bench, and how long it may take before it is called stuck (generous: a loaded machine). */
interface Section {
  name: string
  run: () => unknown
  minutes: number
}

const SECTIONS: Section[] = [
  { name: 'bundle', run: benchBundle, minutes: 5 },
  { name: 'catalog', run: benchCatalog, minutes: 20 },
  { name: 'catalog-hosts', run: benchCatalogHosts, minutes: 20 },
  { name: 'coverage-plan', run: benchCoveragePlan, minutes: 10 },
  { name: 'basemap', run: benchBasemap, minutes: 15 },
  { name: 'orders', run: benchOrders, minutes: 15 },
  { name: 'jobs', run: benchJobs, minutes: 15 },
  { name: 'storage', run: benchStorage, minutes: 15 },
  { name: 'storage-large', run: benchStorageLarge, minutes: 30 },
  { name: 'imagery', run: benchImagery, minutes: 20 },
  { name: 'order-deliveries', run: benchOrderDeliveries, minutes: 20 },
  { name: 'timelapse', run: benchTimelapse, minutes: 30 },
  { name: 'imagery-hostile', run: benchHostileTiff, minutes: 10 },
  // Idle minutes are the measure here: its limit grows with them.
  { name: 'notifications', run: benchNotifications, minutes: 10 + NOTIFICATIONS_MINUTES * 12 },
  { name: 'geo', run: benchGeo, minutes: 10 },
  { name: 'simulator', run: benchSimulator, minutes: 20 },
  { name: 'simulator-lists', run: benchSimulatorLists, minutes: 20 },
  { name: 'page-walk', run: benchPageWalk, minutes: 60 },
  { name: 'dev-server', run: benchDevServer, minutes: 15 },
]

class OutOfTime extends Error {}

/** Runs one section; a section that throws or outlasts its limit prints one failure line and the bench goes on. */
async function runSection(s: Section): Promise<boolean> {
  const started = performance.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutOfTime()), s.minutes * 60_000)
  })
  try {
    await Promise.race([Promise.resolve().then(s.run), limit])
    return true
  } catch (e) {
    const took = ((performance.now() - started) / 60_000).toFixed(1)
    console.log(
      e instanceof OutOfTime
        ? `\n!! section ${s.name} FAILED: no result within its ${s.minutes} min limit (stopped after ${took} min)`
        : `\n!! section ${s.name} FAILED after ${took} min: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    )
    // A section stopped midway may still hold the port the next one needs.
    await stopEveryPreview()
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `npm run bench`: every benchmark of the project, printing figures beside their targets; `npm run bench --
 * geo page-walk` runs the sections named. Each section has an overall time limit, so one that cannot finish
 * says so in one line and the others still print.
 */
export async function main(args: string[] = []): Promise<void> {
  console.log(`# Swath benchmarks — ${new Date().toISOString()} — Node ${process.version}`)
  const unknown = args.filter((a) => !SECTIONS.some((s) => s.name === a))
  if (unknown.length > 0)
    throw new Error(`no bench section ${unknown.join(', ')}: ${SECTIONS.map((s) => s.name).join(', ')}`)
  const chosen = args.length > 0 ? SECTIONS.filter((s) => args.includes(s.name)) : SECTIONS
  const failed: string[] = []
  for (const s of chosen) if (!(await runSection(s))) failed.push(s.name)
  console.log(
    failed.length === 0
      ? `\n# ${chosen.length} sections finished`
      : `\n# ${chosen.length - failed.length} of ${chosen.length} sections finished; FAILED: ${failed.join(', ')}`,
  )
  // A section given up on may still hold a browser or a timer: they must not keep the bench from ending.
  process.exit(failed.length === 0 ? 0 : 1)
}
