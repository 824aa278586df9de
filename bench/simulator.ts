import { HUGE_DELIVERY_TITLE } from '../simulator/domain/processing/seed-large'
import { ids } from '../simulator/domain/world/ids'
import type { SeedSize } from '../simulator/domain/world/world'
import { TestSim } from '../simulator/testing/harness'
import { type Figures, report, time } from './stats'

/**
 * The simulator in-process, large seed: what one request costs without HTTP. Requests go straight to the
 * Hono app (no contract validation), as a server would handle them.
 */
export async function benchSimulator(): Promise<void> {
  console.log('\n## Simulator, in-process (large seed)')
  const t0 = performance.now()
  const sim = new TestSim({ seed: 'large' })
  console.log(`large seed built in ${(performance.now() - t0).toFixed(0)} ms`)
  const token = await sim.login()
  const api = sim.sim.api
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const expectOk = async (res: Response) => {
    if (!res.ok) throw new Error(`benchmark request failed: HTTP ${res.status} ${await res.text()}`)
    return res.json() as Promise<unknown>
  }

  const searchBody = JSON.stringify({ limit: 500, bbox: [-20, 30, 40, 60] })
  const first = (await expectOk(
    await api.request('http://sim.test/catalog/hosts/oneatlas/stac/search', {
      method: 'POST',
      headers,
      body: searchBody,
    }),
  )) as { features: unknown[] }
  console.log(`catalog search returns ${first.features.length} scenes`)
  report(
    'catalog search, 500 scenes (oneatlas, Europe bbox)',
    await time(200, 20, async () =>
      expectOk(
        await api.request('http://sim.test/catalog/hosts/oneatlas/stac/search', {
          method: 'POST',
          headers,
          body: searchBody,
        }),
      ),
    ),
    'median < 25 ms',
  )

  let page = 0
  report(
    'order list, page of 100 (10,000 orders)',
    await time(300, 30, async () => {
      page = (page + 1) % 100
      return expectOk(
        await api.request(`http://sim.test/v2/orders?size=100&page=${page}&sort=createdAt,desc`, { headers }),
      )
    }),
    'median < 5 ms',
  )

  report(
    'STAC collection search (2,000 collections, bbox + source)',
    await time(300, 30, async () =>
      expectOk(
        await api.request(
          'http://sim.test/v2/assets/stac/collections?limit=50&bbox=-180,-90,180,90&sources=ARCHIVE,PROCESSING',
          { headers },
        ),
      ),
    ),
    'median < 10 ms',
  )

  report(
    'STAC item search (POST /v2/assets/stac/search, 100 items)',
    await time(200, 20, async () =>
      expectOk(
        await api.request('http://sim.test/v2/assets/stac/search', {
          method: 'POST',
          headers,
          body: JSON.stringify({ limit: 100, bbox: [-180, -90, 180, 90] }),
        }),
      ),
    ),
  )
}

/** A list request of the console, by the world it is asked of (ids differ between worlds). */
interface ListCase {
  name: string
  path: (sim: TestSim) => string
  target: string
}

/** The enterprise account's delivery with the most items: the 10,000-scene mosaic in the large world. */
function biggestDelivery(sim: TestSim): string {
  let best: { id: string; n: number } | null = null
  for (const c of sim.world.stacCollections.values()) {
    if (c.accountId !== ids.enterpriseAccount) continue
    if (c.collection.title === HUGE_DELIVERY_TITLE) return c.collection.id
    if (!best || c.itemIds.length > best.n) best = { id: c.collection.id, n: c.itemIds.length }
  }
  return best?.id ?? ''
}

/** The enterprise account's budget with the most usage records. */
function busiestBudget(sim: TestSim): string {
  const budgets = [...sim.world.budgets.values()].filter((b) => b.accountId === ids.enterpriseAccount)
  budgets.sort((a, b) => b.records.length - a.records.length)
  return budgets[0]?.budget.id ?? ''
}

const LIST_CASES: ListCase[] = [
  { name: 'orders: page 3 of 20', path: () => '/v2/orders?size=20&page=2', target: '< 5 ms' },
  {
    name: 'orders: filter status + tag',
    path: () => '/v2/orders?size=20&status=FULFILLED&tags=forest',
    target: '< 10 ms',
  },
  { name: 'orders: sort by name', path: () => '/v2/orders?size=20&sort=displayName,asc', target: '< 10 ms' },
  { name: 'jobs: page 3 of 20', path: () => '/v2/processing/jobs?limit=20&page=2', target: '< 5 ms' },
  {
    name: 'jobs: filter status',
    path: () => '/v2/processing/jobs?limit=20&status=captured',
    target: '< 10 ms',
  },
  {
    name: 'jobs: sort by credits',
    path: () => '/v2/processing/jobs?limit=20&sort=creditConsumption.credits,desc',
    target: '< 10 ms',
  },
  {
    name: 'STAC collections: page 3 of 20',
    path: () => '/v2/assets/stac/collections?limit=20&page=2',
    target: '< 10 ms',
  },
  {
    name: 'STAC collections: filter source + bbox',
    path: () => '/v2/assets/stac/collections?limit=20&sources=ARCHIVE&bbox=-20,30,40,60',
    target: '< 10 ms',
  },
  {
    name: 'STAC items of the biggest collection: page 1 of 20',
    path: (sim) => `/v2/assets/stac/collections/${biggestDelivery(sim)}/items?limit=20`,
    target: '< 10 ms',
  },
  {
    name: 'quotations: page 3 of 20',
    path: () => '/v2/tasking/quotation?size=20&page=2',
    target: '< 5 ms',
  },
  {
    name: 'quotations: waiting, oldest first',
    path: () => '/v2/tasking/quotation?size=20&decision=NOT_DECIDED&sort=createdAt,asc',
    target: '< 10 ms',
  },
  {
    name: 'feasibility studies: page 3 of 20',
    path: () => '/v2/tasking/feasibility-studies?size=20&page=2',
    target: '< 5 ms',
  },
  {
    name: 'geometries: page 3 of 20',
    path: () => '/v2/spatial/geometries?size=20&page=2',
    target: '< 5 ms',
  },
  {
    name: 'geometries: filter name, sort by name',
    path: () => '/v2/spatial/geometries?size=20&displayName=rotterdam&sort=displayName,asc',
    target: '< 10 ms',
  },
  { name: 'EULAs: page 1 of 20', path: () => '/v2/eulas?size=20', target: '< 10 ms' },
  {
    name: 'budget usage: every record of the busiest budget',
    path: (sim) => `/v2/budgets/${busiestBudget(sim)}/usage`,
    target: '< 10 ms',
  },
]

/**
 * What the simulator answers to each list the console reads — a page, a filter, a sort — in the default world
 * and in the large one, side by side (issue 40: the answers hold at the large size).
 */
export async function benchSimulatorLists(): Promise<void> {
  console.log('\n## Simulator list answers, in-process: default seed beside the large seed')
  const results = new Map<string, Partial<Record<SeedSize, Figures>>>()
  for (const seed of ['default', 'large'] as const) {
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const sim = new TestSim({ seed })
    const cpu = process.cpuUsage(cpu0)
    // CPU time beside wall time: on a shared machine the wall figure is mostly other people's work.
    console.log(
      `${seed} seed built in ${(performance.now() - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU (target for large: < 10,000 ms)`,
    )
    const token = await sim.login()
    const headers = { authorization: `Bearer ${token}` }
    for (const c of LIST_CASES) {
      const url = `http://sim.test${c.path(sim)}`
      const probe = await sim.sim.api.request(url, { headers })
      if (!probe.ok)
        throw new Error(`benchmark request failed: ${c.name}: HTTP ${probe.status} ${await probe.text()}`)
      const f = await time(100, 10, async () => (await sim.sim.api.request(url, { headers })).json())
      results.set(c.name, { ...results.get(c.name), [seed]: f })
    }
  }
  const ms = (f: Figures | undefined) => (f ? `${f.median.toFixed(2)} ms` : '—').padStart(10)
  console.log(`${'request'.padEnd(52)} ${'default'.padStart(10)} ${'large'.padStart(10)}  (medians of 100)`)
  for (const c of LIST_CASES) {
    const r = results.get(c.name)
    console.log(`${c.name.padEnd(52)} ${ms(r?.default)} ${ms(r?.large)}  target: large ${c.target}`)
  }
}
