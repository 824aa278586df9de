import { JOB_STATUSES } from '../../contract/statuses'
import { UUID } from '../domain/world/random'
import { budgetProblem, workspaceProblem } from '../http/gates'
import { tooLarge413 } from '../http/body'
import { checkRequest } from '../domain/processing/inputs'
import { JOB_SORTABLE, listJobs, type JobQuery, type JobSortField } from '../domain/processing/job-list'
import { createJob } from '../domain/processing/jobs'
import { SEED_SERVICE_BASE } from '../domain/world/ids'
import { processDef, type ProcessDef } from '../domain/processing/processes'
import { priceOf } from '../domain/processing/pricing'
import type { S } from '../domain/world/types'
import type { World } from '../domain/world/world'
import { readBody, unreadableBody } from '../http/body'
import {
  HttpError,
  json,
  problem,
  processingError,
  processingSchemaError,
  processingValidationError,
} from '../http/errors'
import { publicBase, queryList, type Api, type ApiContext, type SimRuntime } from '../http/runtime'

/** Processing: processes (public), input validation and pricing, execution, and the job list. */

const DEFAULT_LIMIT = 10

/** Absolute links for the caller: records keep paths, and the public base depends on the request. */
function absolutize(base: string, href: string): string {
  return href.startsWith('/') ? `${base}${href}` : href
}

function processOut(base: string, p: S['Process']): S['Process'] {
  return { ...p, links: (p.links ?? []).map((l) => ({ ...l, href: absolutize(base, l.href) })) }
}

export function jobOut(base: string, job: S['Job']): S['Job'] {
  const results = job.results
  return {
    ...job,
    definition: structuredClone(job.definition),
    results: results
      ? {
          ...results,
          collection: results.collection
            ? absolutize(base, results.collection)
            : (results.collection ?? null),
        }
      : null,
  }
}

function findProcess(world: World, id: string): { process: S['Process']; def: ProcessDef } {
  const process = world.processes.find((p) => p.id === id)
  const def = processDef(id)
  if (!process || !def)
    throw new HttpError(processingError(404, 'Not Found', `No process "${id.slice(0, 100)}" exists.`))
  return { process, def }
}

/**
 * The body of validation and cost: unreadable or non-matching bodies are schema errors (400, the
 * processing shape), an oversized one a 413 problem as everywhere else.
 */
async function processingBody(c: ApiContext): Promise<unknown> {
  const r = await readBody<unknown>(c.req.raw)
  if (r.ok) return r.value
  if (r.kind === 'too-large') {
    throw tooLarge413(r, c.req.path)
  }
  throw new HttpError(processingSchemaError(r.message))
}

/** The addresses of this service's own storage for a request: the one the caller used, and the seed's. */
const serviceBases = (c: ApiContext, sim: SimRuntime) => [publicBase(c.req.raw, sim), SEED_SERVICE_BASE]

/** GET /v2/processing/processes */
function getProcesses(c: ApiContext, sim: SimRuntime): Response {
  const base = publicBase(c.req.raw, sim)
  const body: S['ProcessList'] = {
    processes: sim.world.processes.map((p) => processOut(base, p)),
    links: [{ rel: 'self', href: `${base}/v2/processing/processes`, type: 'application/json' }],
  }
  return c.json(body)
}

/** GET /v2/processing/processes/{process-id} */
function getProcess(c: ApiContext, sim: SimRuntime): Response {
  const { process } = findProcess(sim.world, c.req.param('processId') ?? '')
  return c.json(processOut(publicBase(c.req.raw, sim), process))
}

/** POST /v2/processing/processes/{process-id}/validation */
async function postValidation(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const { def } = findProcess(world, c.req.param('processId') ?? '')
  const check = checkRequest(world, c.get('account').id, def, await processingBody(c), serviceBases(c, sim))
  if (!check.ok)
    return check.kind === 'schema'
      ? processingSchemaError(check.message)
      : processingValidationError(check.errors)
  return c.body(null, 200)
}

/** POST /v2/processing/processes/{process-id}/cost */
async function postCost(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const { def } = findProcess(world, c.req.param('processId') ?? '')
  const check = checkRequest(world, c.get('account').id, def, await processingBody(c), serviceBases(c, sim))
  if (!check.ok)
    return check.kind === 'schema'
      ? processingSchemaError(check.message)
      : processingValidationError(check.errors)
  return c.json(priceOf(def, check.items))
}

/** POST /v2/processing/processes/{process-id}/execution: a job in a workspace, on a budget when named. */
async function postExecution(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const account = c.get('account')
  const instance = c.req.path
  const { def } = findProcess(world, c.req.param('processId') ?? '')
  const workspaceId = c.req.query('workspaceId')
  if (!workspaceId || !UUID.test(workspaceId)) {
    return problem({
      status: 400,
      slug: 'bad-request',
      title: 'Request not valid',
      detail: 'The query parameter workspaceId (a workspace UUID) is required.',
      instance,
      errors: [{ name: 'workspaceId', reason: workspaceId ? 'is not a UUID' : 'is required' }],
    })
  }
  const noWorkspace = workspaceProblem(world, account, workspaceId, instance)
  if (noWorkspace) return noWorkspace
  const budgetId = c.req.query('budgetId') || null
  const gate = budgetProblem(world, account, budgetId, instance)
  if (gate) return gate

  const r = await readBody<unknown>(c.req.raw)
  if (!r.ok) return unreadableBody(r, instance)
  const check = checkRequest(world, account.id, def, r.value, serviceBases(c, sim))
  if (!check.ok) {
    const errors =
      check.kind === 'schema'
        ? [{ name: 'inputs', reason: check.message }]
        : check.errors.map((e) => ({ name: e.name, reason: e.message }))
    return problem({
      status: 400,
      slug: 'invalid-process-inputs',
      title: 'Process inputs not valid',
      detail:
        check.kind === 'schema'
          ? check.message
          : check.errors.map((e) => `${e.name}: ${e.message}`).join('; '),
      instance,
      errors,
    })
  }
  const inputs = (r.value as { inputs: Record<string, unknown> }).inputs
  const record = createJob(world, {
    account,
    def,
    inputs,
    items: check.items,
    workspaceId,
    budgetId,
    credits: priceOf(def, check.items).totalCredits,
  })
  const base = publicBase(c.req.raw, sim)
  return json(201, jobOut(base, record.job), 'application/json', {
    location: `${base}/v2/processing/jobs/${record.job.jobID}`,
  })
}

/** The job list's checked query and page, or the processing error that refuses it. */
function jobListQuery(c: ApiContext): { query: JobQuery; page: number; size: number } | Response {
  const bad = (detail: string) => processingError(400, 'Bad Request', detail)
  const intParam = (name: string, min: number): number | undefined | Response => {
    const raw = c.req.query(name)
    if (raw === undefined || raw === '') return undefined
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) return bad(`${name} must be a whole number from ${min}`)
    return Number(raw)
  }
  const page = intParam('page', 0)
  if (page instanceof Response) return page
  const limit = intParam('limit', 1)
  if (limit instanceof Response) return limit
  const minDuration = intParam('minDuration', 0)
  if (minDuration instanceof Response) return minDuration
  const maxDuration = intParam('maxDuration', 0)
  if (maxDuration instanceof Response) return maxDuration
  if (minDuration !== undefined && maxDuration !== undefined && minDuration > maxDuration) {
    return bad('minDuration must not be greater than maxDuration')
  }

  const sortRaw = c.req.query('sort') || 'created,desc'
  const [field, dir = 'asc', ...rest] = sortRaw.split(',')
  const direction = dir.toLowerCase()
  if (
    !JOB_SORTABLE.includes(field as JobSortField) ||
    (direction !== 'asc' && direction !== 'desc') ||
    rest.length > 0
  ) {
    return bad(`sort must be one of ${JOB_SORTABLE.join(', ')}, optionally followed by ,asc or ,desc`)
  }

  const workspaceId = c.req.query('workspaceId')
  if (workspaceId !== undefined && workspaceId !== '' && !UUID.test(workspaceId))
    return bad('workspaceId must be a UUID')
  const processIds = queryList(c, 'processId', true)
  const statuses = queryList(c, 'status', true)
  const unknown = statuses.filter((s) => !JOB_STATUSES.includes(s as S['JobStatus']))
  if (unknown.length > 0)
    return bad(`status must be among ${JOB_STATUSES.join(', ')}; got ${unknown.join(', ').slice(0, 200)}`)
  const jobIds = queryList(c, 'ids', true)
  if (jobIds.some((id) => !UUID.test(id))) return bad('ids must be comma-separated job UUIDs')

  const query: JobQuery = {
    accountId: c.get('account').id,
    workspaceId: workspaceId || undefined,
    processIds,
    statuses,
    jobIds,
    minDuration,
    maxDuration,
    sort: field as JobSortField,
    direction: direction === 'asc' ? 'asc' : 'desc',
  }
  return { query, page: page ?? 0, size: limit ?? DEFAULT_LIMIT }
}

/** GET /v2/processing/jobs: one page, with `next` and `prev` links as relative paths. */
function getJobList(c: ApiContext, sim: SimRuntime): Response {
  const asked = jobListQuery(c)
  if (asked instanceof Response) return asked
  const sorted = listJobs(sim.world, asked.query)
  const { page: p, size } = asked
  const start = p * size
  const base = publicBase(c.req.raw, sim)
  // Relative paths, as the service sends them: its SDK follows `next` by putting its own host in front.
  const pageHref = (n: number) => {
    const params = new URLSearchParams(new URL(c.req.url).search)
    params.set('page', String(n))
    params.set('limit', String(size))
    return `/v2/processing/jobs?${params.toString()}`
  }
  const links: S['Link'][] = [{ rel: 'self', href: pageHref(p), type: 'application/json' }]
  if (start + size < sorted.length)
    links.push({ rel: 'next', href: pageHref(p + 1), type: 'application/json' })
  if (p > 0)
    links.push({
      rel: 'prev',
      href: pageHref(Math.min(p - 1, Math.max(0, Math.ceil(sorted.length / size) - 1))),
      type: 'application/json',
    })
  const body: S['JobList'] = { jobs: sorted.slice(start, start + size).map((j) => jobOut(base, j)), links }
  return c.json(body)
}

/** GET /v2/processing/jobs/{job-id} */
function getJob(c: ApiContext, sim: SimRuntime): Response {
  const id = c.req.param('jobId') ?? ''
  const record = sim.world.jobs.get(id)
  if (!record || record.job.accountID !== c.get('account').id) {
    return processingError(404, 'Not Found', `No job ${id.slice(0, 100)} exists in this account.`)
  }
  return c.json(jobOut(publicBase(c.req.raw, sim), record.job))
}

export function registerProcessing(api: Api, sim: SimRuntime): void {
  api.get('/v2/processing/processes', (c) => getProcesses(c, sim))
  api.get('/v2/processing/processes/:processId', (c) => getProcess(c, sim))
  api.post('/v2/processing/processes/:processId/validation', (c) => postValidation(c, sim))
  api.post('/v2/processing/processes/:processId/cost', (c) => postCost(c, sim))
  api.post('/v2/processing/processes/:processId/execution', (c) => postExecution(c, sim))
  api.get('/v2/processing/jobs', (c) => getJobList(c, sim))
  api.get('/v2/processing/jobs/:jobId', (c) => getJob(c, sim))
}
