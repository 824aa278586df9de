import type { Polygon, Position } from 'geojson'
import { areaKm2 } from '../src/lib/geo/measure'
import { prepareCoverage } from '../src/features/catalog/coverage'
import { planCoverage, type PlanCandidate, type PlanGoal } from '../src/features/catalog/coverage-plan'
import { KM_PER_DEG_LAT } from '../simulator/domain/geometries/coverage'
import { figures } from './stats'

/**
 * "Plan coverage" (issue 28 §3): choosing scenes to cover an AOI of 500 km² (an irregular outline with a
 * hole) from 500 candidate footprints over it, for each goal, at 95 % and 100 %. Target: under 500 ms a plan,
 * in Node on this machine (the catalog may run it in a worker). Also prints how far the sample's estimate of
 * a plan's coverage strays from the exact figure the plan reports.
 */

const LAT = 48.2
const LON = 16.4
const KM_LON = KM_PER_DEG_LAT * Math.cos((LAT * Math.PI) / 180)
const CANDIDATES = 500
const RUNS = 7
const NOW = Date.parse('2026-03-01T00:00:00Z')

function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const at = (xKm: number, yKm: number): Position => [LON + xKm / KM_LON, LAT + yKm / KM_PER_DEG_LAT]

/** A wobbly outline of 40 corners with a 3 × 4 km hole off its centre, scaled to 500 km² net. */
function aoi(): Polygon {
  const shape = (scale: number): Polygon => {
    const outer: Position[] = []
    for (let i = 0; i < 40; i++) {
      const a = (i / 40) * 2 * Math.PI
      const r = scale * (1 + 0.3 * Math.sin(3 * a + 1) + 0.12 * Math.cos(5 * a))
      outer.push(at(1.3 * r * Math.cos(a), r * Math.sin(a)))
    }
    outer.push(outer[0])
    const hole = [at(2, -1), at(5, -1), at(5, 3), at(2, 3), at(2, -1)]
    return { type: 'Polygon', coordinates: [outer, hole] }
  }
  const first = shape(12)
  return shape(12 * Math.sqrt((500 + 12) / (areaKm2(first) + 12)))
}

/**
 * Rotated, slightly skewed quadrilaterals 5–15 km across, each over some of the AOI, as a search by area
 * returns them.
 */
function candidates(area: Polygon, rand: () => number): PlanCandidate[] {
  const over = prepareCoverage([area])
  const out: PlanCandidate[] = []
  while (out.length < CANDIDATES) {
    const cx = (rand() - 0.5) * 50
    const cy = (rand() - 0.5) * 40
    const w = 5 + rand() * 10
    const h = w * (0.8 + rand() * 0.4)
    const turn = rand() * Math.PI
    const corners = [
      [-w / 2, -h / 2],
      [w / 2, -h / 2],
      [w / 2, h / 2],
      [-w / 2, h / 2],
    ].map(([x, y]) => {
      const jx = x + (rand() - 0.5) * 0.6
      const jy = y + (rand() - 0.5) * 0.6
      return at(
        cx + jx * Math.cos(turn) - jy * Math.sin(turn),
        cy + jx * Math.sin(turn) + jy * Math.cos(turn),
      )
    })
    const footprint: Polygon = { type: 'Polygon', coordinates: [[...corners, corners[0]]] }
    const cloud = rand() < 0.05 ? null : Math.round(rand() * 100)
    const acquired = new Date(NOW - rand() * 730 * 86_400_000).toISOString()
    const price = rand() < 0.1 ? null : Math.round(200 + rand() * 1800)
    if (!over || over(footprint) === 0) continue
    out.push({ id: `scene-${String(out.length).padStart(4, '0')}`, footprint, cloud, acquired, price })
  }
  return out
}

interface Case {
  goal: PlanGoal
  target: number
  maxCloud?: number
}

const CASES: Case[] = [
  { goal: 'price', target: 0.95 },
  { goal: 'cloud', target: 0.95 },
  { goal: 'age', target: 0.95 },
  { goal: 'count', target: 0.95 },
  { goal: 'price', target: 0.95, maxCloud: 30 },
  { goal: 'price', target: 1 },
  { goal: 'cloud', target: 1 },
  // Few scenes left, and 100 % out of their reach: the plan takes every one that adds something.
  { goal: 'price', target: 1, maxCloud: 3 },
]

export function benchCoveragePlan(): void {
  const area = aoi()
  const scenes = candidates(area, seeded(28))
  const corners = area.coordinates.reduce((n, r) => n + r.length - 1, 0)
  console.log(
    `\n## Coverage plan (${CANDIDATES} footprints 5–15 km across over an AOI of ${areaKm2(area).toFixed(0)} km², ${corners} corners with a hole)`,
  )
  let worst = 0
  let worstCpu = 0
  let worstError = 0
  let cells = 0
  // Every case once first, so the timed runs find the code compiled.
  for (const { goal, target, maxCloud } of CASES)
    planCoverage(area, scenes, { goal, target, maxCloud, now: NOW })
  for (const { goal, target, maxCloud } of CASES) {
    const options = { goal, target, maxCloud, now: NOW }
    let plan = planCoverage(area, scenes, options)
    const samples: number[] = []
    const cpu: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const c0 = process.cpuUsage()
      const t0 = performance.now()
      plan = planCoverage(area, scenes, options)
      samples.push(performance.now() - t0)
      const c = process.cpuUsage(c0)
      cpu.push((c.user + c.system) / 1000)
    }
    const f = figures(samples)
    const max = Math.max(...samples)
    worst = Math.max(worst, max)
    worstCpu = Math.max(worstCpu, ...cpu)
    worstError = Math.max(worstError, Math.abs(plan.sample.coverage - plan.coverage))
    cells = plan.sample.cells
    const name = `${goal}, ${target * 100} %${maxCloud === undefined ? '' : `, cloud ≤ ${maxCloud} %`}`
    console.log(
      `${name.padEnd(24)} median ${f.median.toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms  (CPU ${figures(cpu).median.toFixed(1).padStart(5)} ms; ${RUNS} runs) — ${plan.scenes.length} scenes of ${plan.considered}, ${(plan.coverage * 100).toFixed(3)} % covered${plan.reached ? '' : ' (target missed)'}, total ${plan.totalPrice ?? `unknown (${plan.pricesUnknown} unpriced)`}`,
    )
  }
  // The sample's size against its accuracy and the time it takes, on the first case.
  for (const size of [1024, 4096, 16384]) {
    const options = { goal: 'price' as const, target: 0.95, now: NOW, cells: size }
    planCoverage(area, scenes, options)
    const samples: number[] = []
    let plan = planCoverage(area, scenes, options)
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      plan = planCoverage(area, scenes, options)
      samples.push(performance.now() - t0)
    }
    console.log(
      `price, 95 %, ${plan.sample.cells.toLocaleString('en-GB').padStart(6)} cells: median ${figures(samples).median.toFixed(1).padStart(6)} ms — ${plan.scenes.length} scenes, total ${plan.totalPrice ?? 'unknown'}, estimate ${(plan.sample.coverage * 100).toFixed(2)} % against ${(plan.coverage * 100).toFixed(2)} % exact`,
    )
  }
  console.log(
    `sample: ${cells.toLocaleString('en-GB')} cells by default; its estimate of each plan's coverage against the exact one: at most ${(worstError * 100).toFixed(2)} points off`,
  )
  // Wall-clock time includes waiting for a core when the machine is busy; CPU time is the plan's own work. A
  // slowest plan of some 2 s wall-clock, measured once on a busy machine, was not the planner's: its CPU time
  // and every run since stay under 200 ms (decision 47). Both are printed, so a spike says which it is.
  console.log(
    `slowest plan ${worst.toFixed(1)} ms wall-clock, ${worstCpu.toFixed(1)} ms CPU — target < 500 ms: ${worst < 500 ? 'meets' : worstCpu < 500 ? 'MISSES on wall-clock only (the machine was busy: its CPU time meets it)' : 'MISSES'}`,
  )
}

/** `node scripts/run-ts.mjs bench/coverage-plan.ts`: this section alone. */
export const main = benchCoveragePlan
