import { iso } from '../world/clock'
import { captureCredits, holdCredits, releaseCredits } from '../budgets/credits'
import { uuidFrom } from '../world/random'
import { eulaId } from '../world/ids'
import { collectionPath, createDelivery } from '../storage/stac'
import type { Account, JobRecord, S, StacItemRecord } from '../world/types'
import type { World } from '../world/world'
import { checkRequest } from './inputs'
import { type Footprint, footprintOf } from './pricing'
import { type NamedError, type ProcessDef, processDef } from './processes'

/**
 * The job life cycle created → licensed → valid → accepted → running → successful → captured (with the
 * failure branches unlicensed, invalid, rejected, failed → released), driven by world.schedule events.
 */

export const STEP_MS = 10_000
export const START_DELAY_MS = 30_000

/** What a successful job needs to write its result, taken from the input item when the job was created. */
interface ResultContext {
  geometry: Footprint
  constellation: string | null
  gsd: number | null
}

export function contextOf(def: ProcessDef, items: Record<string, StacItemRecord>): ResultContext {
  const item = items[def.itemInputs[0]]?.item
  const fallback: Footprint = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [0.01, 0],
        [0.01, 0.01],
        [0, 0.01],
        [0, 0],
      ],
    ],
  }
  return {
    geometry: (item && footprintOf(item)) ?? fallback,
    constellation: typeof item?.properties.constellation === 'string' ? item.properties.constellation : null,
    gsd: typeof item?.properties.gsd === 'number' ? item.properties.gsd : null,
  }
}

/** Whether an account has accepted the current document (the highest version) of a process's EULA. */
export function processEulaAccepted(world: World, accountId: string, def: ProcessDef): boolean {
  const eula = world.eulas.get(eulaId(def.eula))
  if (!eula || eula.documents.length === 0) return true
  const current = eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
  return world.isAccepted(accountId, current.id)
}

export interface NewJob {
  account: Account
  def: ProcessDef
  inputs: Record<string, unknown>
  items: Record<string, StacItemRecord>
  workspaceId: string
  budgetId: string | null
  credits: number
}

/** Creates a job in status `created` and sets its life cycle going on the simulated clock. */
export function createJob(world: World, input: NewJob): JobRecord {
  const now = world.now()
  const jobID = world.rng.uuid()
  const record: JobRecord = {
    job: {
      jobID,
      processID: input.def.id,
      accountID: input.account.id,
      workspaceID: input.workspaceId,
      type: 'process',
      definition: { inputs: structuredClone(input.inputs) },
      status: 'created',
      results: null,
      creditConsumption: null,
      created: iso(now),
      updated: iso(now),
      started: null,
      finished: null,
      budgetId: input.budgetId,
    },
    credits: input.credits,
    runSeconds: world.rng.int(120, 1200),
    willFail: world.rng.chance(1 / 8),
  }
  world.jobs.set(jobID, record)
  scheduleStep(world, record, now + STEP_MS, contextOf(input.def, input.items))
  return record
}

export function scheduleStep(world: World, record: JobRecord, at: number, ctx: ResultContext): void {
  const jobID = record.job.jobID
  // By id in the world it runs in, not the captured record: a copied world runs this on its own records.
  world.schedule(at, (runIn) => {
    const current = runIn.jobs.get(jobID)
    if (current) step(runIn, current, at, ctx)
  })
}

/**
 * One transition. Timestamps use the event's own time, not the clock's: a test or demo that jumps an hour
 * ahead still sees the steps spaced as they would have happened.
 */
export function step(world: World, record: JobRecord, at: number, ctx: ResultContext): void {
  const job = record.job
  if (world.jobs.get(job.jobID) !== record) return
  const account = world.accounts.get(job.accountID)
  const def = processDef(job.processID)
  if (!account || !def) return
  const stamp = iso(at)
  job.updated = stamp
  const fail = (status: S['JobStatus'], errors: NamedError[]) => {
    job.status = status
    job.finished = stamp
    job.results = { collection: null, errors }
  }
  switch (job.status) {
    case 'created':
      if (processEulaAccepted(world, account.id, def)) {
        job.status = 'licensed'
        scheduleStep(world, record, at + STEP_MS, ctx)
      } else {
        fail('unlicensed', [
          {
            name: 'EulaNotAccepted',
            message: `Accept the current document of EULA ${eulaId(def.eula)} before running ${def.id}.`,
          },
        ])
      }
      return
    case 'licensed': {
      // Inputs are checked again: an input item may have been deleted since the job was created.
      const check = checkRequest(world, account.id, def, job.definition)
      if (check.ok) {
        job.status = 'valid'
        scheduleStep(world, record, at + STEP_MS, ctx)
      } else {
        fail(
          'invalid',
          check.kind === 'schema' ? [{ name: 'InvalidSchema', message: check.message }] : check.errors,
        )
      }
      return
    }
    case 'valid':
      if (holdCredits(account, record.credits)) {
        job.status = 'accepted'
        scheduleStep(world, record, at + START_DELAY_MS, ctx)
      } else {
        fail('rejected', [
          {
            name: 'InsufficientCredits',
            message: `The job costs ${record.credits} credits; the account has ${account.creditBalance} available.`,
          },
        ])
      }
      return
    case 'accepted':
      job.status = 'running'
      job.started = stamp
      scheduleStep(world, record, at + record.runSeconds * 1000, ctx)
      return
    case 'running':
      job.finished = stamp
      if (record.willFail) {
        job.status = 'failed'
        job.results = {
          collection: null,
          errors: [
            {
              name: 'ProcessingFailed',
              message: 'The algorithm stopped with an internal error; held credits are released.',
            },
          ],
        }
      } else {
        job.status = 'successful'
        const [result] = createDelivery(world, {
          accountId: account.id,
          workspaceId: job.workspaceID ?? '',
          source: 'PROCESSING',
          title: typeof job.definition.inputs.title === 'string' ? job.definition.inputs.title : def.title,
          description: `${def.title} result of job ${job.jobID}.`,
          geometry: ctx.geometry,
          datetime: at,
          createdAt: at,
          jobId: job.jobID,
          constellation: ctx.constellation ?? undefined,
          gsd: ctx.gsd ?? undefined,
          tags: ['processing', def.id],
          items: def.resultItems,
        })
        job.results = { collection: collectionPath(result.collection.id), errors: null }
      }
      scheduleStep(world, record, at + STEP_MS, ctx)
      return
    case 'successful':
      captureCredits(world, account, record.credits, job.budgetId, { jobId: job.jobID })
      job.status = 'captured'
      job.creditConsumption = {
        credits: record.credits,
        holdID: holdIdOf(job.jobID),
        consumptionID: world.rng.uuid(),
      }
      return
    case 'failed':
      releaseCredits(account, record.credits)
      job.status = 'released'
      return
    default:
      return
  }
}

/** The hold is never shown before capture, so its id can be derived from the job instead of stored. */
export const holdIdOf = (jobId: string) => uuidFrom(`hold:${jobId}`)

/** Duration in seconds of a job that started: until it finished, or until `now` while it runs. */
export function durationSeconds(job: S['Job'], now: number): number | undefined {
  if (!job.started) return undefined
  const end = job.finished ? Date.parse(job.finished) : now
  return Math.max(0, Math.round((end - Date.parse(job.started)) / 1000))
}
