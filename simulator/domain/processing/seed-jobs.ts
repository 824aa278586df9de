import { iso } from '../world/clock'
import { holdCredits } from '../budgets/credits'
import type { Rng } from '../world/random'
import { eulaId, ids, SEED_EPOCH } from '../world/ids'
import { collectionPath, createDelivery } from '../storage/stac'
import type { Account, JobRecord, S } from '../world/types'
import type { World } from '../world/world'
import { checkRequest } from './inputs'
import { START_DELAY_MS, STEP_MS, contextOf, holdIdOf, scheduleStep } from './jobs'
import { priceOf } from './pricing'
import { type NamedError, type ProcessDef, processDef } from './processes'
import { DAY, type ItemUrl, SEED_WORKSPACES } from './seed-deliveries'

/**
 * The processing seed's jobs: SEED_JOBS lists them, one entry each (a process, its inputs and the status it
 * has reached), and seedJob writes a job as it would look had it run that far.
 */

interface SeedJob {
  process: string
  inputs: (url: ItemUrl) => Record<string, unknown>
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

const SEED_BUDGETS = { forest: ids.budgetForest, urban: ids.budgetUrban } as Record<string, string>

/** Writes SEED_JOBS into the account, reading the seeded deliveries' items. */
export function seedJobs(world: World, rng: Rng, account: Account, url: ItemUrl): void {
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
      workspaceId: SEED_WORKSPACES[s.workspace],
      runSeconds,
      budgetId: s.budget ? SEED_BUDGETS[s.budget] : null,
      fails: s.fails ?? false,
    })
  }
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
export function seedJob(world: World, rng: Rng, s: SeedJobInput): JobRecord {
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
