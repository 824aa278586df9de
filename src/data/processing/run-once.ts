import { ok, type ApiClient } from '../../api/client'
import {
  createOnce,
  resumeCreation,
  type CreateOnceResult,
  type CreationSpec,
  type Pending,
  type SentAttempt,
  type Settled,
  type SettleTiming,
} from '../create-once'
import { executeJob, sameInputs, type JobInputs, type Started } from './execution'
import { serializeJobListQuery, type JobListQuery } from './keys'
import type { Job } from './status'

/**
 * Running a process through the one creation guard (`../create-once`, decision 21): a double click, a lost
 * answer or a reload never start two jobs. An attempt is recognised in the job list by its process,
 * workspace and inputs (a job's `definition.inputs` is the request exactly as submitted), among the jobs
 * that were not there before it was sent.
 */

export interface JobAttempt extends SentAttempt {
  processId: string
  workspaceId: string
  inputs: JobInputs
}

export type { Pending as PendingRun } from '../create-once'

/**
 * How many of the newest jobs of one process in one workspace are read, before and after: a job started by the
 * attempt is among the newest, whatever else was run meanwhile.
 */
export const JOBS_READ_MAX = 100

/** The newest jobs of the process in the workspace with exactly these inputs. */
export async function jobsLike(
  client: ApiClient,
  q: { processId: string; workspaceId: string; inputs: JobInputs },
  limit: number,
): Promise<Job[]> {
  const list = await ok(
    client.GET('/v2/processing/jobs', {
      params: {
        query: {
          processId: [q.processId],
          workspaceId: q.workspaceId,
          sort: 'created,desc',
          limit: Math.min(JOBS_READ_MAX, limit),
        },
      },
      // Multi-valued filters are comma-joined on processing (service-notes §7.6).
      querySerializer: (query: JobListQuery) => serializeJobListQuery(query),
    }),
  )
  return list.jobs.filter(
    (j) =>
      j.workspaceID?.toLowerCase() === q.workspaceId.toLowerCase() &&
      sameInputs(j.definition.inputs, q.inputs),
  )
}

export interface RunTarget {
  /** The thing run (`run:<process>`): one attempt or check at a time. */
  key: string
  keep: (pending: Pending<JobAttempt>) => void
  timing?: SettleTiming
}

function creation(client: ApiClient, target: RunTarget, identity: Omit<JobAttempt, keyof SentAttempt>) {
  const spec: CreationSpec<JobAttempt, Job> = {
    keys: [target.key, `job-identity\n${identity.workspaceId}\n${identity.processId}`],
    keep: target.keep,
    timing: target.timing,
    look: async (attempt) =>
      (await jobsLike(client, attempt, JOBS_READ_MAX)).find((j) => !attempt.before.includes(j.jobID)) ?? null,
  }
  return spec
}

export type RunOnceResult = CreateOnceResult<JobAttempt, Started, Job>

/** The jobs like it before, the execution, and, when the answer may hide a started job, checks until known. */
export function runOnce(
  client: ApiClient,
  target: RunTarget,
  run: { processId: string; workspaceId: string; budgetId: string | null; inputs: JobInputs },
): Promise<RunOnceResult> {
  const identity = { processId: run.processId, workspaceId: run.workspaceId, inputs: run.inputs }
  return createOnce(creation(client, target, identity), {
    before: async () => (await jobsLike(client, identity, JOBS_READ_MAX)).map((j) => j.jobID),
    attemptOf: (base) => ({ ...identity, ...base }),
    send: () => executeJob(client, run.processId, run, run.inputs),
  })
}

/** Settles a kept attempt after a reload, or "Check again". Null while another instance holds it. */
export function resumeRun(
  client: ApiClient,
  target: RunTarget,
  attempt: JobAttempt,
): Promise<Settled<JobAttempt, Job> | null> {
  return resumeCreation(creation(client, target, attempt), attempt)
}
