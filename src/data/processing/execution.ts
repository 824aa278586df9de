import { queryOptions } from '@tanstack/react-query'
import { ok, type ApiClient } from '../../api/client'
import { isApiError, type ApiError } from '../../api/errors'
import type { components } from '../../api/schema'
import { processingKeys } from './keys'
import type { Job } from './status'

/**
 * Validating, pricing and running a process (decision 21). Validation and price are reads keyed by the
 * inputs: the same inputs are asked about once, and an edit asks again. The service's refusals of the inputs
 * (400 schema error, 422 named errors) are answers the launch form shows on its fields, not failures.
 */

export type JobInputs = Record<string, unknown>
export type JobPrice = components['schemas']['JobPrice']

/** What the service says of a set of inputs: fine, or refused with the reasons (a 400 or 422 `ApiError`). */
export type InputsVerdict = { ok: true } | { ok: false; refusal: ApiError }

/** A refusal of the inputs themselves, as opposed to a failure to ask. */
export const isInputsRefusal = (e: unknown): e is ApiError =>
  isApiError(e) && (e.status === 400 || e.status === 422)

/** Asking whether inputs are valid: the answer is 200, or 400/422 with the reasons. */
export const validationCall = (processId: string, inputs: JobInputs) => ({
  method: 'POST' as const,
  path: '/v2/processing/processes/{process-id}/validation' as const,
  params: { path: { 'process-id': processId } },
  body: { inputs },
})

/** Asking for the price of running the process on these inputs. */
export const costCall = (processId: string, inputs: JobInputs) => ({
  method: 'POST' as const,
  path: '/v2/processing/processes/{process-id}/cost' as const,
  params: { path: { 'process-id': processId } },
  body: { inputs },
})

/** Running the process in a workspace, charged to a budget where one is chosen. */
export const executionCall = (
  processId: string,
  target: { workspaceId: string; budgetId: string | null },
  inputs: JobInputs,
) => ({
  method: 'POST' as const,
  path: '/v2/processing/processes/{process-id}/execution' as const,
  params: {
    path: { 'process-id': processId },
    query: { workspaceId: target.workspaceId, ...(target.budgetId ? { budgetId: target.budgetId } : {}) },
  },
  body: { inputs },
})

export function validationOptions(client: ApiClient, processId: string, inputs: JobInputs) {
  return queryOptions({
    queryKey: processingKeys.validation(processId, inputs),
    queryFn: async ({ signal }): Promise<InputsVerdict> => {
      try {
        const call = validationCall(processId, inputs)
        await client.POST(call.path, { params: call.params, body: call.body, signal })
        return { ok: true }
      } catch (e) {
        if (isInputsRefusal(e)) return { ok: false, refusal: e }
        throw e
      }
    },
    // An item may be deleted or the account's storage change; a minute is long enough to avoid asking on
    // every keystroke back and forth, short enough to see it.
    staleTime: 60_000,
    throwOnError: false,
  })
}

/** The price of running the process on these inputs: area-based (with the area) or plain. */
export function costOptions(client: ApiClient, processId: string, inputs: JobInputs) {
  return queryOptions({
    queryKey: processingKeys.cost(processId, inputs),
    queryFn: ({ signal }) => {
      const call = costCall(processId, inputs)
      return ok(client.POST(call.path, { params: call.params, body: call.body, signal }))
    },
    staleTime: 60_000,
    throwOnError: false,
  })
}

/** The job id at the end of a `Location` URL (`…/v2/processing/jobs/<id>`), or null. */
export function jobIdOfLocation(location: string | null): string | null {
  if (!location) return null
  const m = /\/v2\/processing\/jobs\/([^/?#]+)\/?(?:[?#].*)?$/.exec(location)
  return m ? decodeURIComponent(m[1]) : null
}

export interface Started {
  job: Job
  /** Where to follow the job: the `Location` header's id, else the body's. */
  jobId: string
}

/** Runs the process: 201 with the job, and its address in `Location`. */
export async function executeJob(
  client: ApiClient,
  processId: string,
  target: { workspaceId: string; budgetId: string | null },
  inputs: JobInputs,
): Promise<Started> {
  const call = executionCall(processId, target, inputs)
  const { data, response } = await client.POST(call.path, { params: call.params, body: call.body })
  const job = data as Job
  return { job, jobId: jobIdOfLocation(response.headers.get('location')) ?? job.jobID }
}

/** The same inputs, whatever the order of their keys. */
export function sameInputs(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b)
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}
