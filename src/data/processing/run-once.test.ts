import { describe, expect, it } from 'vitest'
import { acceptEveryLicence, signedInConsole, type TestConsole } from '../../testing/sim-backend'
import { jobIdOfLocation } from './execution'
import { resumeRun, runOnce, type JobAttempt, type RunTarget } from './run-once'

/** The job guard against the in-process simulator: one job per attempt, whatever happens to the answer. */

const PROCESS = 'detection-ships-airbus'

function target(kept: unknown[] = []): RunTarget {
  return { key: `run:${PROCESS}`, keep: (p) => kept.push(p), timing: { windowMs: 300, delaysMs: [20] } }
}

async function setUp(): Promise<{ c: TestConsole; workspaceId: string; inputs: Record<string, unknown> }> {
  const c = await signedInConsole()
  acceptEveryLicence(c)
  const world = c.backend.sim.runtime.world
  const seeded = [...world.jobs.values()].map((r) => r.job).find((j) => j.processID === PROCESS)
  const workspaceId = c.session.getSnapshot().user?.workspaces[0]?.id ?? ''
  return {
    c,
    workspaceId,
    inputs: { title: 'Guarded', item: seeded?.definition.inputs.item, sensitivity: 5 },
  }
}

const executions = (c: TestConsole) =>
  c.backend.log.filter((e) => e.method === 'POST' && e.path.endsWith('/execution'))
const jobsTitled = (c: TestConsole, title: string) =>
  [...c.backend.sim.runtime.world.jobs.values()].filter((r) => r.job.definition.inputs.title === title)

describe('running a process once', () => {
  it('sends once when asked twice at the same time: the second is refused as busy', async () => {
    const { c, workspaceId, inputs } = await setUp()
    const run = { processId: PROCESS, workspaceId, budgetId: null, inputs }
    const [a, b] = await Promise.all([runOnce(c.client, target(), run), runOnce(c.client, target(), run)])
    expect([a.kind, b.kind].sort()).toEqual(['answered', 'busy'])
    expect(executions(c)).toHaveLength(1)
    expect(jobsTitled(c, 'Guarded')).toHaveLength(1)
  })

  it('after a lost answer finds the new job, not an older one with the same inputs ("Run again")', async () => {
    const { c, workspaceId, inputs } = await setUp()
    const run = { processId: PROCESS, workspaceId, budgetId: null, inputs }
    const first = await runOnce(c.client, target(), run)
    if (first.kind !== 'answered') throw new Error(first.kind)
    c.backend.sim.control.faults = [
      { path: '/v2/processing/processes/*/execution', method: 'POST', status: 503, after: true, times: 1 },
    ]
    const second = await runOnce(c.client, target(), run)
    expect(second.kind).toBe('found')
    if (second.kind !== 'found') return
    expect(second.found.jobID).not.toBe(first.response.jobId)
    expect(second.attempt.before).toContain(first.response.jobId)
    expect(jobsTitled(c, 'Guarded')).toHaveLength(2)
  })

  it('does not take an older job with the same inputs for the one a failed attempt never created', async () => {
    const { c, workspaceId, inputs } = await setUp()
    const run = { processId: PROCESS, workspaceId, budgetId: null, inputs }
    expect((await runOnce(c.client, target(), run)).kind).toBe('answered')
    c.backend.sim.control.faults = [
      { path: '/v2/processing/processes/*/execution', method: 'POST', status: 503, times: 1 },
    ]
    expect((await runOnce(c.client, target(), run)).kind).toBe('not-created')
    expect(jobsTitled(c, 'Guarded')).toHaveLength(1)
  })

  it('after a 5xx that created nothing, keeps the attempt as unknown while it looks, then says so', async () => {
    const { c, workspaceId, inputs } = await setUp()
    const kept: unknown[] = []
    // A 503 from the service itself: it has finished, so one look at the job list settles it.
    c.backend.sim.control.faults = [
      { path: '/v2/processing/processes/*/execution', method: 'POST', status: 503, times: 1 },
    ]
    const result = await runOnce(c.client, target(kept), {
      processId: PROCESS,
      workspaceId,
      budgetId: null,
      inputs,
    })
    expect(result.kind).toBe('not-created')
    expect(kept.map((k) => (k as { kind: string }).kind)).toEqual(['placing', 'unknown'])
    expect(jobsTitled(c, 'Guarded')).toHaveLength(0)
  })

  it('resumes a kept attempt and finds its job without sending again', async () => {
    const { c, workspaceId, inputs } = await setUp()
    const sent = await c.client.POST('/v2/processing/processes/{process-id}/execution', {
      params: { path: { 'process-id': PROCESS }, query: { workspaceId } },
      body: { inputs },
    })
    const attempt: JobAttempt = {
      processId: PROCESS,
      workspaceId,
      inputs,
      startedAt: new Date().toISOString(),
      before: [],
    }
    const posts = executions(c).length
    const settled = await resumeRun(c.client, target(), attempt)
    expect(settled?.kind).toBe('found')
    if (settled?.kind === 'found') expect(settled.found.jobID).toBe(sent.data?.jobID)
    expect(executions(c)).toHaveLength(posts)
  })
})

describe('the job’s address', () => {
  it('is read from the Location header', () => {
    expect(
      jobIdOfLocation('https://api.example/v2/processing/jobs/3f1c0a52-0000-4000-8000-000000000001'),
    ).toBe('3f1c0a52-0000-4000-8000-000000000001')
    expect(jobIdOfLocation('/v2/processing/jobs/abc/')).toBe('abc')
    expect(jobIdOfLocation('/v2/processing/processes/x')).toBeNull()
    expect(jobIdOfLocation(null)).toBeNull()
  })
})
