import type { MultiPolygon, Polygon } from 'geojson'
import type { CoveragePlan, PlanCandidate, PlanOptions } from './coverage-plan'
import type { PlanRequest } from './plan-worker'

type Answer = { id: number; plan: CoveragePlan } | { id: number; error: string }

let worker: Worker | null = null
let next = 0
const waiting = new Map<number, { resolve: (p: CoveragePlan) => void; reject: (e: Error) => void }>()

function planWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./plan-worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const a = event.data
    const w = waiting.get(a.id)
    waiting.delete(a.id)
    if ('plan' in a) w?.resolve(a.plan)
    else w?.reject(new Error(a.error))
  }
  worker.onerror = (event) => {
    event.preventDefault()
    for (const w of waiting.values()) w.reject(new Error(event.message || 'The planner stopped'))
    waiting.clear()
    worker?.terminate()
    worker = null
  }
  return worker
}

/**
 * A coverage plan, made in a worker where the browser has them (the planner and turf's clipper load there,
 * not with the catalog), else on this thread (tests under jsdom, which has no workers).
 */
export async function runPlan(
  aoi: Polygon | MultiPolygon,
  candidates: PlanCandidate[],
  options: PlanOptions,
): Promise<CoveragePlan> {
  if (typeof Worker === 'undefined') {
    const { planCoverage } = await import('./coverage-plan')
    return planCoverage(aoi, candidates, options)
  }
  const id = ++next
  const request: PlanRequest = { id, aoi, candidates, options }
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    planWorker().postMessage(request)
  })
}
