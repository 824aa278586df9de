import { planCoverage, type PlanCandidate, type PlanOptions } from './coverage-plan'
import type { Polygon, MultiPolygon } from 'geojson'

/**
 * Plans coverage off the main thread: a plan of 500 scenes takes up to a few hundred milliseconds of clipping
 * on a slow machine, which would otherwise freeze the list and the map while it runs.
 */
export interface PlanRequest {
  id: number
  aoi: Polygon | MultiPolygon
  candidates: PlanCandidate[]
  options: PlanOptions
}

// The project's types are the DOM's; a dedicated worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PlanRequest>) => void) | null
  postMessage: (message: unknown) => void
}

scope.onmessage = (event) => {
  const { id, aoi, candidates, options } = event.data
  try {
    scope.postMessage({ id, plan: planCoverage(aoi, candidates, options) })
  } catch (e) {
    scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) })
  }
}
