import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Who a long task's time went to, from a Chromium trace of the page with V8's sampling profiler on: each sample
 * of the page's main thread is put to the source file of the function it was in (read through the build's
 * source maps), and the files to owners — MapLibre, the map engine, React, TanStack Query, Mantine, the app's
 * own code — with garbage collection and the browser's own work (style, layout, paint, WebGL's command
 * buffer: V8's "(program)") apart. The bench asks for categories `TRACE_CATEGORIES`.
 */

export const TRACE_CATEGORIES = [
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
]

export type Owner =
  'maplibre' | 'map engine' | 'react' | 'query' | 'mantine' | 'app' | 'other js' | 'gc' | 'browser' | 'idle'

export interface TaskBlame {
  /** Milliseconds of the task by owner (sampled, so a millisecond or so either way). */
  by: Partial<Record<Owner, number>>
  /** The app's and the engine's own functions that took most of it, by source file and name. */
  top: string[]
  /** The functions (any owner's) and the browser's own steps that took most of it. */
  any: string[]
}

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: { name?: string; data?: Record<string, unknown> }
}

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

interface ProfileNode {
  id: number
  callFrame: CallFrame
  parent?: number
}

// -------------------------------------------------------------------------------------------- source maps

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const VLQ_VALUE = new Map([...VLQ].map((c, i) => [c, i]))

/** Per generated line, its segments as [column, source index, name index or -1], sorted by column. */
type LineSegments = [number, number, number][]

/** Reads a source map's mappings down to which source each generated position belongs to. */
function decodeMappings(mappings: string): LineSegments[] {
  const lines: LineSegments[] = []
  let source = 0
  let name = 0
  for (const line of mappings.split(';')) {
    const segs: LineSegments = []
    let column = 0
    for (const seg of line.split(',')) {
      if (!seg) continue
      const values: number[] = []
      let value = 0
      let shift = 0
      for (const c of seg) {
        const digit = VLQ_VALUE.get(c) ?? 0
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += values[0] ?? 0
      if (values.length >= 4) {
        source += values[1]
        if (values.length >= 5) name += values[4]
        segs.push([column, source, values.length >= 5 ? name : -1])
      }
    }
    lines.push(segs)
  }
  return lines
}

interface SourceMap {
  sources: string[]
  names: string[]
  lines: LineSegments[]
}

/** The source file a position of a built script comes from, through its map in `dir` (null without one). */
export class Sources {
  private maps = new Map<string, SourceMap | null>()
  private texts = new Map<string, string[]>()
  constructor(private dir: string) {}

  fileOf(url: string, line: number, column: number): string | null {
    const name = url.split('/').pop()?.split('?')[0] ?? ''
    if (!name.endsWith('.js')) return null
    let map = this.maps.get(name)
    if (map === undefined) {
      const path = join(this.dir, 'assets', `${name}.map`)
      map = null
      if (existsSync(path)) {
        const raw = JSON.parse(readFileSync(path, 'utf8')) as {
          sources: string[]
          names?: string[]
          mappings: string
        }
        map = { sources: raw.sources, names: raw.names ?? [], lines: decodeMappings(raw.mappings) }
      }
      this.maps.set(name, map)
    }
    if (!map) return `${name} (no source map)`
    const segs = map.lines[line] ?? []
    let found: number | null = null
    for (const [col, src] of segs) {
      if (col > column) break
      found = src
    }
    return found === null ? null : (map.sources[found] ?? null)
  }

  /**
   * The source's name of a built function (`functionName` as the profiler gives it, minified): the name the
   * source map gives the minified name's occurrence nearest the function's position; else the name as given.
   */
  nameOf(url: string, line: number, column: number, functionName: string): string {
    const name = url.split('/').pop()?.split('?')[0] ?? ''
    const map = this.maps.get(name)
    if (!map || !functionName || !/^[\w$]+$/.test(functionName)) return functionName
    let text = this.texts.get(name)
    if (text === undefined) {
      const path = join(this.dir, 'assets', name)
      text = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : []
      this.texts.set(name, text)
    }
    const generated = text[line] ?? ''
    const near = generated.slice(Math.max(0, column - 40), column + 40)
    let best: number | null = null
    for (const m of near.matchAll(
      new RegExp(`(?<![\\w$])${functionName.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'),
    )) {
      const at = Math.max(0, column - 40) + (m.index ?? 0)
      if (best === null || Math.abs(at - column) < Math.abs(best - column)) best = at
    }
    if (best === null) return functionName
    const segment = (map.lines[line] ?? []).find(([col]) => col === best)
    return segment && segment[2] >= 0 ? (map.names[segment[2]] ?? functionName) : functionName
  }
}

function ownerOf(file: string | null, frame: CallFrame): Owner {
  if (frame.functionName === '(garbage collector)') return 'gc'
  if (!frame.url) return 'browser'
  if (!file) return 'other js'
  if (file.includes('node_modules/maplibre-gl')) return 'maplibre'
  if (/node_modules\/(react-dom|react|scheduler)\//.test(file)) return 'react'
  if (file.includes('node_modules/@tanstack/')) return 'query'
  if (file.includes('node_modules/@mantine/')) return 'mantine'
  if (/(^|\/)src\/map\//.test(file)) return 'map engine'
  if (/(^|\/)src\//.test(file)) return 'app'
  return 'other js'
}

// ------------------------------------------------------------------------------------------------- trace

export interface Sample {
  at: number
  owner: Owner
  where: string
  app?: string
}

export interface Trace {
  /**
   * The page's main thread samples: time (ms, page clock), the leaf node's owner and source, and the app's
   * own source file nearest the leaf on its stack (`src/…`), if any: whose render or handler the time was for.
   */
  samples: Sample[]
  /** The main thread's tasks of 10 ms or more: start (ms, page clock) and length. */
  tasks: { at: number; duration: number }[]
  /** The browser's own steps on the main thread (style, layout, paint…): name, start (page clock), length. */
  steps: { name: string; at: number; duration: number }[]
  /**
   * Every complete event of 1 ms or more on the main thread under a task (any name but the task's own): what a
   * task whose samples are all the browser's own ("(program)") was doing.
   */
  events: { name: string; at: number; duration: number }[]
}

/** The renderer's own steps worth naming when a task's time is the browser's. */
const STEPS = new Set([
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'Decode Image',
  'ImageDecodeTask',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MC_BACKGROUND_EVACUATE_COPY',
  'UpdateLayer',
  'IntersectionObserverController::computeIntersections',
  'ResourceReceivedData',
  'ResourceFinish',
  'v8.compile',
  'v8.parseOnBackground',
])

/**
 * The page's main-thread samples from a trace, on the page's own clock (`performance.now()`): the trace's
 * `anchor` user-timing mark is matched with its time in the page, `anchorAt`.
 */
export function readTrace(json: string, sources: Sources, anchor: string, anchorAt: number): Trace | null {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents
  const mark = events.find((e) => e.name === anchor && e.cat.includes('blink.user_timing'))
  if (!mark) return null
  const { pid, tid } = mark
  // The trace's clock (µs) to the page's (ms).
  const offset = mark.ts / 1000 - anchorAt
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)
  if (!profile?.id) return null
  const samples = profileSamples(events, profile, sources, offset)
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.pid === pid && e.tid === tid && (e.dur ?? 0) >= 10_000)
    .map((e) => ({ at: e.ts / 1000 - offset, duration: (e.dur ?? 0) / 1000 }))
  const steps = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && STEPS.has(e.name))
    .map((e) => ({ name: e.name, at: e.ts / 1000 - offset, duration: (e.dur ?? 0) / 1000 }))
  const events_ = events
    .filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.ph === 'X' &&
        (e.dur ?? 0) >= 1_000 &&
        !/^(RunTask|ThreadControllerImpl::RunTask|ProfileChunk)$/.test(e.name),
    )
    .map((e) => ({ name: e.name, at: e.ts / 1000 - offset, duration: (e.dur ?? 0) / 1000 }))
  return { samples, tasks, steps, events: events_ }
}

/** The trace events in a stretch of the main thread, summed by name, the longest first (nested ones count too). */
export function eventsIn(trace: Trace, start: number, duration: number): string[] {
  const by = new Map<string, number>()
  for (const e of trace.events) {
    const overlap = Math.min(start + duration, e.at + e.duration) - Math.max(start, e.at)
    if (overlap > 0) by.set(e.name, (by.get(e.name) ?? 0) + overlap)
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([n, t]) => `${n} ${t.toFixed(0)}`)
}

/** A profile's samples, on the page's clock (`offset`: the trace's clock, ms, minus the page's). */
function profileSamples(events: TraceEvent[], profile: TraceEvent, sources: Sources, offset: number) {
  const { pid } = profile
  const start = Number(profile.args?.data?.startTime ?? profile.ts)
  const nodes = new Map<number, ProfileNode>()
  const owners = new Map<number, { owner: Owner; where: string }>()
  const apps = new Map<number, string | undefined>()
  /** The app's source file nearest the node on its stack (the node's own included). */
  const appOf = (id: number): string | undefined => {
    if (apps.has(id)) return apps.get(id)
    const node = nodes.get(id)
    let app: string | undefined
    if (node) {
      const f = node.callFrame
      const file = f.url ? sources.fileOf(f.url, f.lineNumber, f.columnNumber) : null
      const own = file ? /(^|\/)(src\/.*)$/.exec(file) : null
      app = own ? own[2] : node.parent !== undefined ? appOf(node.parent) : undefined
    }
    apps.set(id, app)
    return app
  }
  const samples: Trace['samples'] = []
  let t = start
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id !== profile.id) continue
    const data = e.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
    const ids = data?.cpuProfile?.samples ?? []
    const deltas = data?.timeDeltas ?? []
    for (let i = 0; i < ids.length; i++) {
      t += deltas[i] ?? 0
      const node = nodes.get(ids[i])
      if (!node) continue
      let o = owners.get(node.id)
      if (!o) {
        const f = node.callFrame
        const file = f.url ? sources.fileOf(f.url, f.lineNumber, f.columnNumber) : null
        const owner: Owner =
          f.functionName === '(idle)' ? 'idle' : f.functionName === '(program)' ? 'browser' : ownerOf(file, f)
        const short = (file ?? f.url ?? '').replace(/^.*?(node_modules\/|src\/)/, '$1')
        const fn = f.url
          ? sources.nameOf(f.url, f.lineNumber, f.columnNumber, f.functionName)
          : f.functionName
        o = { owner, where: `${fn || '(anonymous)'} ${short}` }
        owners.set(node.id, o)
      }
      samples.push({ at: t / 1000 - offset, ...o, app: appOf(node.id) })
    }
  }
  return samples
}

/**
 * The page's other profiled threads (MapLibre's workers), each by its name with its samples on the page's
 * clock: where the time goes while the main thread waits for them.
 */
export function readWorkers(
  json: string,
  sources: Sources,
  anchor: string,
  anchorAt: number,
): { thread: string; samples: Trace['samples'] }[] {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents
  const mark = events.find((e) => e.name === anchor && e.cat.includes('blink.user_timing'))
  if (!mark) return []
  const offset = mark.ts / 1000 - anchorAt
  const names = new Map(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid)
      .map((e) => [e.tid, e.args?.name ?? `thread ${e.tid}`]),
  )
  return events
    .filter((e) => e.name === 'Profile' && e.pid === mark.pid && e.tid !== mark.tid && e.id)
    .map((p) => ({
      thread: `${names.get(p.tid) ?? 'thread'} ${p.tid}`,
      samples: profileSamples(events, p, sources, offset),
    }))
    .filter((w) => w.samples.some((x) => x.owner !== 'idle'))
}

/** A thread's busy time in a stretch (its samples not idle) and the functions that took most of it. */
export function blameThread(
  samples: Trace['samples'],
  start: number,
  duration: number,
): { busy: number; top: string[] } {
  const inside = samples.filter((s) => s.at >= start && s.at <= start + duration)
  if (inside.length < 2) return { busy: 0, top: [] }
  const ms = (inside[inside.length - 1].at - inside[0].at) / (inside.length - 1)
  const by = new Map<string, number>()
  let busy = 0
  for (const s of inside) {
    if (s.owner === 'idle') continue
    busy += ms
    by.set(s.where, (by.get(s.where) ?? 0) + ms)
  }
  const top = [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([w, t]) => `${w} ${t.toFixed(0)}`)
  return { busy, top }
}

/**
 * The samples of one task (or any stretch of time), by owner, with the app's and the engine's costliest
 * functions. A task's samples are scaled to its length; a stretch's are the profiler's own intervals.
 */
export function blameTask(trace: Trace, start: number, duration: number, scale = true): TaskBlame {
  const inTask = trace.samples.filter((s) => s.at >= start && s.at <= start + duration)
  const ms =
    inTask.length === 0
      ? 0
      : scale
        ? duration / inTask.length
        : (inTask[inTask.length - 1].at - inTask[0].at) / Math.max(1, inTask.length - 1)
  const by: TaskBlame['by'] = {}
  const mine = new Map<string, number>()
  const any = new Map<string, number>()
  for (const s of inTask) {
    by[s.owner] = (by[s.owner] ?? 0) + ms
    if (s.owner === 'app' || s.owner === 'map engine') mine.set(s.where, (mine.get(s.where) ?? 0) + ms)
    if (s.owner !== 'browser' && s.owner !== 'idle') any.set(s.where, (any.get(s.where) ?? 0) + ms)
  }
  for (const step of trace.steps) {
    const inside = Math.min(start + duration, step.at + step.duration) - Math.max(start, step.at)
    if (inside > 0) any.set(`<${step.name}>`, (any.get(`<${step.name}>`) ?? 0) + inside)
  }
  const top = [...mine]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([w, t]) => `${w} ${t.toFixed(0)}`)
  return {
    by,
    top,
    any: [...any]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([w, t]) => `${w} ${t.toFixed(0)}`),
  }
}

/** Milliseconds by owner, the most first ("maplibre 40, react 12"), leaving out what is under a millisecond. */
export const describeOwners = (by: Partial<Record<Owner, number>>): string =>
  (Object.entries(by) as [Owner, number][])
    .filter(([, ms]) => ms >= 1)
    .sort((x, y) => y[1] - x[1])
    .map(([o, ms]) => `${o} ${ms.toFixed(0)}`)
    .join(', ')

/** With TRACE_CATEGORIES, what `nativeEvents` reads: the GPU's work, in the page and in the GPU process. */
export const GPU_TRACE_CATEGORIES = ['gpu', 'gpu.angle', 'disabled-by-default-gpu.service']

/**
 * The named trace events within a stretch of the page's clock (`at`, `duration` ms), by thread ("page" for the
 * page's main thread, else the process and thread names), each thread's `top` names by their time in it (ms,
 * events clipped to the stretch; nested events count in their own name as well): where a long task's native
 * time went when no script owns it, say the page waiting on the GPU process while it builds programs.
 */
export function nativeEvents(
  json: string,
  anchor: string,
  anchorAt: number,
  at: number,
  duration: number,
  top = 5,
): string[] {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents
  const mark = events.find((e) => e.name === anchor && e.cat.includes('blink.user_timing'))
  if (!mark) return []
  const offset = mark.ts / 1000 - anchorAt
  const names = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && (e.name === 'thread_name' || e.name === 'process_name'))
      names.set(e.name === 'thread_name' ? `${e.pid}/${e.tid}` : `${e.pid}`, e.args?.name ?? '')
  const generic = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask'])
  const byThread = new Map<string, Map<string, number>>()
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur || generic.has(e.name)) continue
    const from = Math.max(at, e.ts / 1000 - offset)
    const to = Math.min(at + duration, (e.ts + e.dur) / 1000 - offset)
    if (to <= from) continue
    const thread =
      e.pid === mark.pid && e.tid === mark.tid
        ? 'page'
        : `${names.get(`${e.pid}`) ?? e.pid}/${names.get(`${e.pid}/${e.tid}`) ?? e.tid}`
    const own = byThread.get(thread) ?? new Map<string, number>()
    own.set(e.name, (own.get(e.name) ?? 0) + (to - from))
    byThread.set(thread, own)
  }
  return [...byThread]
    .map(([thread, own]) => ({ thread, own, total: Math.max(...own.values()) }))
    .sort((a, b) => b.total - a.total)
    .slice(0, 4)
    .map(
      ({ thread, own }) =>
        `${thread}: ${[...own]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join('; ')}`,
    )
}

/**
 * What a stretch of the main thread went to, by the step of the way to a search's first rows it belongs to:
 * each sample by its leaf (MapLibre, garbage collection, the browser's own work, idle) and otherwise by the
 * app's source file nearest the leaf on its stack (the component React was rendering, the hook it ran).
 * `kinds` names those files' steps, the first match winning; the rest is "other app" or the leaf's owner.
 * Milliseconds by step (the profiler's intervals), and the browser's named steps (style, layout, paint, image
 * decode) in the stretch, summed by name.
 */
export function attribute(
  trace: Trace,
  start: number,
  duration: number,
  kinds: readonly (readonly [string, RegExp])[],
): { by: Record<string, number>; steps: Record<string, number> } {
  const inside = trace.samples.filter((s) => s.at >= start && s.at <= start + duration)
  const ms = inside.length < 2 ? 0 : (inside[inside.length - 1].at - inside[0].at) / (inside.length - 1)
  const by: Record<string, number> = {}
  for (const s of inside) {
    const kind =
      s.owner === 'maplibre' || s.owner === 'gc' || s.owner === 'idle' || s.owner === 'browser'
        ? s.owner
        : s.app
          ? (kinds.find(([, re]) => re.test(s.app ?? ''))?.[0] ?? 'other app')
          : s.owner
    by[kind] = (by[kind] ?? 0) + ms
  }
  const steps: Record<string, number> = {}
  for (const step of trace.steps) {
    const overlap = Math.min(start + duration, step.at + step.duration) - Math.max(start, step.at)
    if (overlap > 0) steps[step.name] = (steps[step.name] ?? 0) + overlap
  }
  return { by, steps }
}
