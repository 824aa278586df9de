import { iso } from '../world/clock'
import { rect } from '../geometries/coverage'
import { holdCredits } from '../budgets/credits'
import { type Rng, createRng, uuidFrom } from '../world/random'
import { dataProductId, eulaId, ids, SEED_EPOCH, SEED_SERVICE_BASE } from '../world/ids'
import { collectionPath, createDelivery, itemPath } from '../storage/stac'
import type { Account, JobRecord, S, StacSource } from '../world/types'
import type { World } from '../world/world'
import { buildOrder, userActor } from '../orders/create'
import { SYSTEM_ACTOR, touch } from '../orders/state'
import { checkRequest } from './inputs'
import { START_DELAY_MS, STEP_MS, contextOf, holdIdOf, scheduleStep } from './jobs'
import { priceOf } from './pricing'
import { type NamedError, PROCESS_DEFS, type ProcessDef, buildProcesses, processDef } from './processes'

/** The seeded processing world: processes, the stored deliveries jobs read from, ~12 jobs, and the large seed. */

const DAY = 86_400_000

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

const SEED_DELIVERIES: SeedDelivery[] = [
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

const boxPolygon = ([w, s, e, n]: [number, number, number, number]): S['Polygon'] => rect(w, s, e, n)

interface SeedJob {
  process: string
  inputs: (url: (key: string, n?: number) => string) => Record<string, unknown>
  status: S['JobStatus']
  /** Terminal jobs: created days before the seed epoch. In-flight jobs: entered their status seconds ago. */
  daysAgo?: number
  secondsAgo?: number
  workspace: 'main' | 'coastal'
  runMinutes: number
  budget?: string
  /** An in-flight job that fails when it ends (the others succeed): a failure for the clock to bring. */
  fails?: true
}

const SEED_JOBS: SeedJob[] = [
  {
    process: 'pansharpening',
    inputs: (u) => ({ title: 'Rotterdam sharpened', item: u('rotterdam') }),
    status: 'captured',
    daysAgo: 30,
    workspace: 'coastal',
    runMinutes: 9,
  },
  {
    process: 'upsampling-ns',
    inputs: (u) => ({ title: 'Berlin Mitte 15 cm', item: u('berlin-2026') }),
    status: 'captured',
    daysAgo: 15,
    workspace: 'main',
    runMinutes: 14,
    budget: 'urban',
  },
  {
    process: 'detection-ships-airbus',
    inputs: (u) => ({ title: 'Ships in the Singapore Strait', item: u('singapore'), sensitivity: 7 }),
    status: 'captured',
    daysAgo: 8,
    workspace: 'coastal',
    runMinutes: 6,
  },
  {
    process: 'detection-buildings-spacept',
    inputs: (u) => ({ title: 'Austin buildings', item: u('austin') }),
    status: 'captured',
    daysAgo: 3,
    workspace: 'main',
    runMinutes: 18,
    budget: 'urban',
  },
  {
    process: 'detection-change-simularity',
    inputs: (u) => ({
      title: 'Berlin Mitte changes 2025-2026',
      sourceItem: u('berlin-2026'),
      referenceItem: u('berlin-2025'),
    }),
    status: 'captured',
    daysAgo: 12,
    workspace: 'main',
    runMinutes: 20,
  },
  {
    process: 'detection-ships-airbus',
    inputs: (u) => ({ title: 'Rotterdam ships (east)', item: u('rotterdam', 1) }),
    status: 'released',
    daysAgo: 25,
    workspace: 'coastal',
    runMinutes: 4,
  },
  {
    process: 'upsampling-ns',
    inputs: (u) => ({ title: 'Rondônia upsampled', item: u('rondonia') }),
    status: 'unlicensed',
    daysAgo: 50,
    workspace: 'main',
    runMinutes: 10,
  },
  {
    process: 'detection-buildings-spacept',
    inputs: (u) => ({ title: 'Berlin buildings 2025', item: u('berlin-2025'), sensitivity: 9 }),
    status: 'invalid',
    daysAgo: 18,
    workspace: 'main',
    runMinutes: 10,
  },
  {
    process: 'pansharpening',
    inputs: (u) => ({
      title: 'Rondônia sharpened',
      item: u('rondonia'),
      greyWeights: [
        { band: 'red', weight: 0.4 },
        { band: 'nir', weight: 0.6 },
      ],
    }),
    status: 'rejected',
    daysAgo: 45,
    workspace: 'main',
    runMinutes: 10,
    budget: 'forest',
  },
  {
    process: 'detection-ships-airbus',
    inputs: (u) => ({ title: 'Singapore ships, second pass', item: u('singapore'), sensitivity: 4 }),
    status: 'running',
    secondsAgo: 240,
    workspace: 'coastal',
    runMinutes: 12,
  },
  {
    process: 'detection-buildings-spacept',
    inputs: (u) => ({ title: 'Berlin buildings 2026', item: u('berlin-2026') }),
    status: 'accepted',
    secondsAgo: 15,
    workspace: 'main',
    runMinutes: 8,
    fails: true,
  },
  {
    process: 'pansharpening',
    inputs: (u) => ({ title: 'Austin sharpened', item: u('austin') }),
    status: 'created',
    secondsAgo: 3,
    workspace: 'main',
    runMinutes: 5,
  },
]

const FAILURE_ERRORS: Partial<Record<S['JobStatus'], NamedError[]>> = {
  unlicensed: [
    {
      name: 'EulaNotAccepted',
      message: `Accept the current document of EULA ${eulaId('processing')} before running processes.`,
    },
  ],
  invalid: [
    {
      name: 'MissingPanchromaticAsset',
      message: 'The item has no panchromatic asset, which this process needs.',
    },
  ],
  rejected: [
    {
      name: 'InsufficientCredits',
      message: 'The account did not have enough credits available for this job.',
    },
  ],
  released: [
    {
      name: 'ProcessingFailed',
      message: 'The algorithm stopped with an internal error; held credits are released.',
    },
  ],
}

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

/** Seeds processes, the stored deliveries jobs read from, ~12 jobs, and the large seed's volume. */
export function seedProcessing(world: World): void {
  world.processes.push(...buildProcesses())
  const rng = createRng('seed:processing')
  const workspaceOf = {
    main: ids.mainWorkspace,
    coastal: ids.coastalWorkspace,
    starter: ids.starterWorkspace,
  }
  const budgetOf = { forest: ids.budgetForest, urban: ids.budgetUrban } as Record<string, string>
  const accountOfWorkspace = (ws: string) => world.workspaces.get(ws)?.accountId ?? ids.enterpriseAccount

  const delivered = new Map<string, string[]>()
  for (const d of SEED_DELIVERIES) {
    const workspaceId = workspaceOf[d.workspace]
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
  const url = (key: string, n = 0) => `${SEED_SERVICE_BASE}${delivered.get(key)?.[n] ?? ''}`

  const account = world.accounts.get(ids.enterpriseAccount)
  if (!account) return
  for (const [i, s] of SEED_JOBS.entries()) {
    const def = processDef(s.process)
    if (!def) continue
    const inputs = s.inputs(url)
    const runSeconds = s.runMinutes * 60
    const created =
      s.daysAgo !== undefined
        ? SEED_EPOCH - s.daysAgo * DAY + i * 3_600_000
        : world.now() - (s.secondsAgo ?? 0) * 1000 - statusOffsets(0, runSeconds)[s.status]
    seedJob(world, rng, {
      account,
      def,
      inputs,
      status: s.status,
      created,
      workspaceId: workspaceOf[s.workspace],
      runSeconds,
      budgetId: s.budget ? budgetOf[s.budget] : null,
      fails: s.fails ?? false,
    })
  }

  if (world.seedSize === 'large') seedLarge(world, rng, account, url)
}

/** When a job that was created at `c` and runs `runSeconds` reaches each status. */
function statusOffsets(c: number, runSeconds: number): Record<S['JobStatus'], number> {
  const started = c + 3 * STEP_MS + START_DELAY_MS
  const finished = started + runSeconds * 1000
  return {
    created: c,
    licensed: c + STEP_MS,
    unlicensed: c + STEP_MS,
    valid: c + 2 * STEP_MS,
    invalid: c + 2 * STEP_MS,
    accepted: c + 3 * STEP_MS,
    rejected: c + 3 * STEP_MS,
    running: started,
    successful: finished,
    failed: finished,
    captured: finished + STEP_MS,
    released: finished + STEP_MS,
  }
}

interface SeedJobInput {
  account: Account
  def: ProcessDef
  inputs: Record<string, unknown>
  status: S['JobStatus']
  created: number
  workspaceId: string
  runSeconds: number
  budgetId: string | null
  /** In flight, and fails when it ends. */
  fails?: boolean
}

/**
 * A job as it would look had it run from `created` to `status`. Terminal jobs are written as they end;
 * in-flight ones hold credits where an accepted job would, and their next step is scheduled.
 */
function seedJob(world: World, rng: Rng, s: SeedJobInput): JobRecord {
  const check = checkRequest(world, s.account.id, s.def, { inputs: s.inputs })
  const items = check.ok ? check.items : {}
  const credits = priceOf(s.def, items).totalCredits
  const jobID = rng.uuid()
  const c = s.created
  const at = statusOffsets(c, s.runSeconds)
  const started = at.running
  const finished = at.successful
  const updated = at[s.status]
  const ran = ['running', 'successful', 'failed', 'captured', 'released'].includes(s.status)
  const ended = ['successful', 'failed', 'captured', 'released'].includes(s.status)
  const earlyEnd = ['unlicensed', 'invalid', 'rejected'].includes(s.status)
  const record: JobRecord = {
    job: {
      jobID,
      processID: s.def.id,
      accountID: s.account.id,
      workspaceID: s.workspaceId,
      type: 'process',
      definition: { inputs: s.inputs },
      status: s.status,
      results: null,
      creditConsumption: null,
      created: iso(c),
      updated: iso(updated),
      started: ran ? iso(started) : null,
      finished: ended ? iso(finished) : earlyEnd ? iso(updated) : null,
      budgetId: s.budgetId,
    },
    credits,
    runSeconds: s.runSeconds,
    willFail: s.fails === true || s.status === 'failed' || s.status === 'released',
  }
  const errors = FAILURE_ERRORS[s.status]
  if (errors) record.job.results = { collection: null, errors }
  if (s.status === 'successful' || s.status === 'captured') {
    const ctx = contextOf(s.def, items)
    const [result] = createDelivery(world, {
      accountId: s.account.id,
      workspaceId: s.workspaceId,
      source: 'PROCESSING',
      title: typeof s.inputs.title === 'string' ? s.inputs.title : s.def.title,
      description: `${s.def.title} result of job ${jobID}.`,
      geometry: ctx.geometry,
      datetime: finished,
      createdAt: finished,
      jobId: jobID,
      constellation: ctx.constellation ?? undefined,
      gsd: ctx.gsd ?? undefined,
      tags: ['processing', s.def.id],
      items: s.def.resultItems,
      rng,
    })
    record.job.results = { collection: collectionPath(result.collection.id), errors: null }
  }
  if (s.status === 'captured') {
    record.job.creditConsumption = { credits, holdID: holdIdOf(jobID), consumptionID: rng.uuid() }
    const budget = s.budgetId ? world.budgets.get(s.budgetId) : undefined
    budget?.records.push({ jobId: jobID, credits, recordedAt: iso(finished + STEP_MS) })
  }
  world.jobs.set(jobID, record)

  // In flight: hold what an accepted job holds, and carry on from the current step.
  if (['accepted', 'running', 'successful', 'failed'].includes(s.status)) holdCredits(s.account, credits)
  if (!['unlicensed', 'invalid', 'rejected', 'captured', 'released'].includes(s.status)) {
    const delay =
      s.status === 'accepted' ? START_DELAY_MS : s.status === 'running' ? s.runSeconds * 1000 : STEP_MS
    scheduleStep(world, record, updated + delay, contextOf(s.def, items))
  }
  return record
}

export const LARGE_JOBS = 5000
/**
 * The enterprise account's order deliveries in the large seed: STAC collections (a delivery is two, its
 * transformed scenes and the original), and their items all told. Job results come on top: one collection
 * for each job that produced one, as in the demo world.
 */
export const LARGE_COLLECTIONS = 1000
export const LARGE_ITEMS = 50_000
/** The title of the large seed's 500-item delivery (bench/storage.ts opens it). */
export const LARGE_DELIVERY_TITLE = 'Large delivery (500 scenes)'
/** The title of the large seed's biggest delivery: 10,000 scenes in a grid of 100 × 100. */
export const HUGE_DELIVERY_TITLE = 'Country-wide mosaic (10,000 scenes)'
const HUGE_DELIVERY_ITEMS = 10_000
const LARGE_STATUSES: [S['JobStatus'], number][] = [
  ['captured', 0.7],
  ['released', 0.08],
  ['unlicensed', 0.06],
  ['invalid', 0.08],
  ['rejected', 0.08],
]

/**
 * The large seed: 5,000 jobs, and 1,000 STAC collections holding 50,000 items (one of 10,000, one of 500) in
 * the enterprise account, for paging and benchmarks.
 */
function seedLarge(world: World, rng: Rng, account: Account, url: (key: string, n?: number) => string): void {
  const itemKeys = SEED_DELIVERIES.filter((d) => d.workspace !== 'starter').map((d) => d.key)
  const pickStatus = (): S['JobStatus'] => {
    let r = rng.next()
    for (const [status, p] of LARGE_STATUSES) {
      if (r < p) return status
      r -= p
    }
    return 'captured'
  }
  while (world.jobs.size < LARGE_JOBS) {
    const def = rng.pick(PROCESS_DEFS)
    const [a, b] = [rng.pick(itemKeys), rng.pick(itemKeys)]
    const inputs: Record<string, unknown> = { title: `${def.title} #${world.jobs.size + 1}` }
    if (def.itemInputs.length === 2) {
      inputs[def.itemInputs[0]] = url(a)
      inputs[def.itemInputs[1]] = url(a === b ? itemKeys[(itemKeys.indexOf(a) + 1) % itemKeys.length] : b)
    } else inputs[def.itemInputs[0]] = url(a)
    seedJob(world, rng, {
      account,
      def,
      inputs,
      status: pickStatus(),
      created: SEED_EPOCH - rng.int(1, 365 * 24) * 3_600_000,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      runSeconds: rng.int(120, 1200),
      budgetId: null,
    })
  }

  // Bulk deliveries come from the account's fulfilled bulk orders (a delivery naming an order the service does
  // not know sent "Delivered by" to "Order not found"): each order delivers one or more of them.
  const fulfilled = { ARCHIVE: [] as string[], TASKING: [] as string[] }
  for (const r of world.orders.values())
    if (r.order.accountId === account.id && r.order.status === 'FULFILLED')
      fulfilled[r.order.type].push(r.order.id)
  const orderOf = (source: StacSource, n: number): string | undefined => {
    const list = source === 'TASKING' ? fulfilled.TASKING : fulfilled.ARCHIVE
    return list.length > 0 ? list[n % list.length] : undefined
  }
  // One delivery of 500 scenes: the storage benchmark lists a whole collection of that size at once.
  createDelivery(world, {
    accountId: account.id,
    workspaceId: ids.mainWorkspace,
    source: 'ARCHIVE',
    title: LARGE_DELIVERY_TITLE,
    description: 'A large delivery of the large seed: 500 scenes.',
    geometry: boxPolygon([10, 45, 10.5, 45.5]),
    datetime: SEED_EPOCH - 3 * DAY,
    createdAt: SEED_EPOCH - 2 * DAY,
    orderId: orderOf('ARCHIVE', 500),
    constellation: 'PHR',
    gsd: 0.5,
    cloudCover: 5,
    tags: ['large'],
    items: 500,
    rng,
  })
  // The biggest delivery: a grid of 100 × 100 scenes over northern France, each its own footprint.
  const [hw, hs, cell] = [-1, 46, 0.05]
  const side = Math.sqrt(HUGE_DELIVERY_ITEMS)
  createDelivery(world, {
    accountId: account.id,
    workspaceId: ids.mainWorkspace,
    source: 'ARCHIVE',
    title: HUGE_DELIVERY_TITLE,
    description: "The large seed's biggest delivery: 10,000 scenes, each its own footprint.",
    geometry: boxPolygon([hw, hs, hw + side * cell, hs + side * cell]),
    itemGeometry: (i) => {
      const [x, y] = [hw + (i % side) * cell, hs + Math.floor(i / side) * cell]
      return boxPolygon([round6(x), round6(y), round6(x + cell), round6(y + cell)])
    },
    datetime: SEED_EPOCH - 20 * DAY,
    createdAt: SEED_EPOCH - 18 * DAY,
    orderId: orderOf('ARCHIVE', 10_000),
    constellation: 'SPOT',
    gsd: 1.5,
    cloudCover: 3,
    tags: ['large', 'mosaic'],
    items: HUGE_DELIVERY_ITEMS,
    rng,
  })

  const ofAccount = [...world.stacCollections.values()].filter(
    (c) => c.accountId === account.id && c.source !== 'PROCESSING',
  )
  let count = ofAccount.length
  let itemsLeft = LARGE_ITEMS - ofAccount.reduce((n, c) => n + c.itemIds.length, 0)
  // Deliveries come in pairs (transformed + original): plan them first, so the items left can be shared out
  // among the transformed ones.
  const sources: StacSource[] = []
  for (; count < LARGE_COLLECTIONS; count += 2) sources.push(rng.pick(['ARCHIVE', 'TASKING']))
  for (const [n, source] of sources.entries()) {
    const share = Math.max(1, Math.round(itemsLeft / (sources.length - n)))
    // Between half and one and a half times an even share; the last takes what is left.
    const items =
      n === sources.length - 1
        ? Math.max(1, itemsLeft)
        : rng.int(Math.ceil(share / 2), Math.floor(share * 1.5))
    itemsLeft -= items
    const w = rng.float(-170, 169)
    const s = rng.float(-60, 69)
    const size = rng.float(0.02, 0.3)
    // A delivery of many scenes lays them side by side in a strip across its box.
    const strip = Math.ceil(Math.sqrt(items))
    const cellSize = size / strip
    const at = SEED_EPOCH - rng.int(1, 3 * 365) * DAY
    const made = createDelivery(world, {
      accountId: account.id,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      source,
      title: `Scene ${n + 1} (${source.toLowerCase()})`,
      description: 'Bulk delivery of the large seed.',
      geometry: boxPolygon([w, s, w + size, s + size]),
      itemGeometry:
        items > 1
          ? (i) => {
              const [x, y] = [w + (i % strip) * cellSize, s + Math.floor(i / strip) * cellSize]
              return boxPolygon([round6(x), round6(y), round6(x + cellSize), round6(y + cellSize)])
            }
          : undefined,
      datetime: at - DAY,
      createdAt: at,
      orderId: orderOf(source, n),
      constellation: rng.pick(['PHR', 'PNEO', 'SPOT', 'Capella', 'NSL']),
      gsd: rng.pick([0.3, 0.5, 1.5]),
      cloudCover: rng.int(0, 40),
      tags: [rng.pick(['forest', 'urban', 'maritime', 'agriculture', 'mining'])],
      items,
      rng,
    })
    if (made.length === 0) break
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6
