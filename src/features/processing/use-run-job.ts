import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { explainBudgetProblem } from '../../lib/budget-rules'
import { isHeld, useHeld } from '../../data/create-once'
import type { JobInputs } from '../../data/processing/execution'
import { processingKeys } from '../../data/processing/keys'
import type { Process } from '../../data/processing/queries'
import { resumeRun, runOnce, type JobAttempt, type RunTarget } from '../../data/processing/run-once'
import { paths } from '../../config/paths'
import { refusalProblems } from './launch-model'
import { isRunPending, useLaunchStore, type RunState } from './launch-store'

/** The guard's key of a process's launch: one run or check at a time per process in this tab. */
export const runKey = (processId: string) => `run:${processId}`

const target = (processId: string): RunTarget => ({
  key: runKey(processId),
  keep: (pending) => useLaunchStore.getState().setRun(processId, pending),
})

/** A refused execution in plain words: the inputs on their fields, a budget at the budget gate, else why. */
export function explainRunRefusal(process: Pick<Process, 'inputs'>, error: unknown): RunState {
  if (!isApiError(error))
    return { kind: 'failed', message: 'The job could not be started.', details: 'Try again.' }
  const budget = explainBudgetProblem(error.code, 'run')
  if (budget) return { kind: 'failed', ...budget, code: error.code }
  const workspace = error.code === 'workspace-not-found' || error.code === 'workspace-not-allowed'
  // Any other 400/422 refuses the inputs, whichever body shape the service uses (a problem with `errors`,
  // or the processing shape with its `schema-error`, as validation answers).
  const aboutInputs =
    error.code === 'invalid-process-inputs' ||
    error.status === 422 ||
    (error.status === 400 && !workspace && (!!error.detail || error.fieldErrors.length > 0))
  if (aboutInputs)
    return {
      kind: 'failed',
      message: 'The service refused these inputs.',
      details: 'Change what is marked, then run again.',
      problems: refusalProblems(process, error),
    }
  if (workspace)
    return {
      kind: 'failed',
      message: 'The workspace is not available.',
      details: 'Choose another workspace in the header, then run again.',
    }
  if (error.kind === 'forbidden')
    return {
      kind: 'failed',
      message: 'Your role cannot run processes.',
      details: error.detail ?? 'Ask an account administrator.',
    }
  if (error.kind === 'not-found')
    return { kind: 'failed', message: 'This process is no longer offered.', details: error.detail }
  return { kind: 'failed', message: error.title, details: error.detail }
}

/**
 * Runs the process once through the creation guard (`data/processing/run-once.ts`): a double click, a lost
 * answer or a reload never start two jobs. An answer opens the job's page (from `Location`); an outcome not
 * known yet is looked for in the job list, and a reload resumes that from the attempt kept in the draft.
 */
export function useRunJob(process: Process) {
  const client = useApiClient()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const key = runKey(process.id)
  const running = useHeld(key)
  const navigateRef = useRef(navigate)
  const mounted = useRef(true)
  useEffect(() => {
    navigateRef.current = navigate
  })
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const started = (jobId: string) => {
    useLaunchStore.getState().clear(process.id)
    void qc.invalidateQueries({ queryKey: processingKeys.jobs() })
    // An answer that comes after the analyst left the page does not pull them back: the job is in the
    // monitor (and the navigation's count).
    if (mounted.current) void navigateRef.current(paths.job(jobId))
  }

  const settle = (result: Awaited<ReturnType<typeof resumeRun>>, setRun: (r: RunState) => void): void => {
    if (!result) return
    switch (result.kind) {
      case 'found':
        started(result.found.jobID)
        return
      case 'not-created':
        setRun({ kind: 'not-created' })
        return
      case 'unknown':
        setRun({ kind: 'unknown', attempt: result.attempt, checkFailed: true })
        return
      case 'left':
        return
    }
  }

  const setRun = (r: RunState) => useLaunchStore.getState().setRun(process.id, r)

  // An attempt a reload or a sign-out cut short: its answer is lost, so look for its job.
  useEffect(() => {
    const run = useLaunchStore.getState().drafts[process.id]?.run
    if (run && isRunPending(run) && !isHeld(key))
      void resumeRun(client, target(process.id), run.attempt).then((r) => settle(r, setRun))
    // Once per page and process: a resumed check runs to its end under the guard's lock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, process.id])

  async function run(opts: { workspaceId: string; budgetId: string | null; inputs: JobInputs }) {
    const current = useLaunchStore.getState().drafts[process.id]?.run
    if (isHeld(key) || (current && isRunPending(current))) return
    const result = await runOnce(client, target(process.id), { processId: process.id, ...opts })
    switch (result.kind) {
      case 'busy':
        return
      case 'not-sent':
        setRun({
          kind: 'failed',
          message: 'Nothing was sent: the job list could not be read first.',
          details: 'The console reads it to make sure one click starts one job. Try again in a moment.',
        })
        return
      case 'answered':
        started(result.response.jobId)
        return
      case 'refused':
        setRun(explainRunRefusal(process, result.error))
        return
      default:
        settle(result, setRun)
    }
  }

  /** "Check again" when looking for the job failed too. */
  async function checkAgain(attempt: JobAttempt) {
    settle(await resumeRun(client, target(process.id), attempt), setRun)
  }

  return { run, checkAgain, running }
}
