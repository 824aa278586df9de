import type { Polygon } from 'geojson'
import type { components } from '../../api/schema'
import type { Params } from '../../lib/order-params/form-model'
import { positionOf, timeTicks, type Tick } from '../../components/time-axis/time-scale'
import { formatUtc } from '../../lib/format'
import { stacTime } from '../../lib/stac-datetime'
import type { SceneRow } from './words'

/**
 * "Archive or task" (issue 28 §4), the pure part: the archive scenes of a search and the satellite passes of
 * the coming weeks as marks on one time axis (the past and the future each given their own share of its
 * width, split at the present), the sentence that compares the newest scene with the next pass, and the
 * acquisition window a request started from a pass gets.
 */

type Opportunity = components['schemas']['Opportunity']

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** How far ahead passes are asked for: two weeks (the default acquisition window; further ahead has no forecast). */
export const PASS_HORIZON_DAYS = 14
/** How far back the axis reaches for archive scenes: the last six months. */
const ARCHIVE_SPAN = 183 * DAY
/** Share of the axis the past takes; the two weeks ahead take the rest. */
export const PAST_SHARE = 0.55

/** A viewing angle and what the host called it (off-nadir is the pass's own; some hosts give incidence). */
export interface ViewAngle {
  degrees: number
  kind: 'off-nadir' | 'incidence'
}

export interface SceneMark {
  kind: 'scene'
  /** `scene:<host>/<id>`. */
  key: string
  row: SceneRow
  at: number
  cloud: number | null
  angle: ViewAngle | null
}

export interface PassMark {
  kind: 'pass'
  /** `pass:<collection>:<opportunity id>`. */
  key: string
  collectionName: string
  collectionTitle: string
  at: number
  end: number
  cloud: number | null
  angle: ViewAngle
  sensor: string
  constellation: string
  footprint: Polygon
}

export type Mark = SceneMark | PassMark

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/**
 * The viewing angle a scene's properties give: off-nadir where the host says it (`view:off_nadir`,
 * `offNadirAngle`, also among the deprecated provider properties), else the incidence angle.
 */
export function sceneAngle(properties: Record<string, unknown>): ViewAngle | null {
  const provider =
    properties.providerProperties && typeof properties.providerProperties === 'object'
      ? (properties.providerProperties as Record<string, unknown>)
      : {}
  for (const source of [properties, provider]) {
    const off = num(source['view:off_nadir']) ?? num(source.offNadirAngle) ?? num(source.off_nadir)
    if (off !== null) return { degrees: off, kind: 'off-nadir' }
  }
  for (const source of [properties, provider]) {
    const inc = num(source['view:incidence_angle']) ?? num(source.incidenceAngle)
    if (inc !== null) return { degrees: inc, kind: 'incidence' }
  }
  return null
}

/** The scenes of a search as marks, newest first; scenes without a time are left out (they have no place). */
export function sceneMarks(rows: readonly SceneRow[]): SceneMark[] {
  const out: SceneMark[] = []
  for (const row of rows) {
    const at = stacTime(row.scene.properties)?.at ?? null
    if (at === null) continue
    out.push({
      kind: 'scene',
      key: `scene:${row.host}/${row.scene.properties.id}`,
      row,
      at,
      cloud: row.scene.properties.cloudCoverage ?? null,
      angle: sceneAngle(row.scene.properties),
    })
  }
  return out.sort((a, b) => b.at - a.at || a.key.localeCompare(b.key))
}

/** One collection's passes as marks, soonest first (every feature's, once each: the same pass covers them). */
export function passMarks(
  collection: { name: string; title: string },
  opportunities: readonly Opportunity[],
): PassMark[] {
  const seen = new Set<string>()
  const out: PassMark[] = []
  for (const o of opportunities) {
    const key = `pass:${collection.name}:${o.id}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({
      kind: 'pass',
      key,
      collectionName: collection.name,
      collectionTitle: collection.title,
      at: Date.parse(o.start),
      end: Date.parse(o.end),
      cloud: o.cloudForecast ?? null,
      angle: { degrees: o.offNadirAngle, kind: 'off-nadir' },
      sensor: o.sensor,
      constellation: o.constellation,
      footprint: o.footprint as Polygon,
    })
  }
  return out.sort((a, b) => a.at - b.at || a.key.localeCompare(b.key))
}

/** The axis: from the oldest scene shown to two weeks ahead, split at the present. */
export interface SplitAxis {
  from: number
  now: number
  to: number
}

/**
 * The last six months, or less when the search's scenes start later; when every scene is older than that,
 * the axis reaches back to two weeks before the newest, so it is on the axis with the passes.
 */
export function axisOf(now: number, scenes: readonly SceneMark[]): SplitAxis {
  const to = now + PASS_HORIZON_DAYS * DAY
  const earliest = now - ARCHIVE_SPAN
  const inRange = scenes.filter((s) => s.at >= earliest && s.at <= now)
  if (inRange.length > 0) {
    const oldest = Math.min(...inRange.map((s) => s.at))
    // A little room before the oldest, so its mark is not cut by the axis' edge.
    return { from: Math.max(earliest, oldest - 3 * DAY), now, to }
  }
  const past = scenes.filter((s) => s.at <= now)
  if (past.length > 0) return { from: past[0].at - 14 * DAY, now, to }
  return { from: now - 30 * DAY, now, to }
}

/** Share of the axis' width at which `t` sits: the past linear over `PAST_SHARE`, the future over the rest. */
export function axisPosition(axis: SplitAxis, t: number): number {
  return t <= axis.now
    ? positionOf(t, axis.from, axis.now) * PAST_SHARE
    : PAST_SHARE + positionOf(t, axis.now, axis.to) * (1 - PAST_SHARE)
}

/**
 * Ticks of each half, labelled in days, each half's as many as its width holds; none too near the present,
 * whose line has its own label, nor too near the tick before.
 */
export function axisTicks(axis: SplitAxis): (Tick & { position: number })[] {
  const ticks = [...timeTicks(axis.from, axis.now, 4), ...timeTicks(axis.now, axis.to, 3)]
  const out: (Tick & { position: number })[] = []
  for (const t of ticks) {
    const position = axisPosition(axis, t.at)
    if (Math.abs(position - PAST_SHARE) < 0.06) continue
    if (out.length > 0 && position - out[out.length - 1].position < 0.13) continue
    out.push({ ...t, position })
  }
  return out
}

/** Whether a mark is on the axis at all (scenes older than it are counted, not drawn). */
export const onAxis = (axis: SplitAxis, m: Mark): boolean => m.at >= axis.from && m.at <= axis.to

/** "41 days", "5 hours", "1 day". */
function span(ms: number): string {
  if (ms < DAY) {
    const h = Math.max(1, Math.round(ms / HOUR))
    return `${h} ${h === 1 ? 'hour' : 'hours'}`
  }
  const d = Math.round(ms / DAY)
  return `${d} ${d === 1 ? 'day' : 'days'}`
}

const cloudOf = (c: number | null) => (c === null ? 'of unknown cloud cover' : `${Math.round(c)} % cloudy`)

/**
 * The comparison an analyst makes first: "The newest archive scene is 41 days old and 30 % cloudy; the next
 * pass is in 2 days (Pléiades Neo, PNEO3, cloud forecast 20 %)."
 */
export function archiveOrTaskSummary(
  scenes: readonly SceneMark[],
  passes: readonly PassMark[],
  now: number,
): string {
  const newest = scenes.find((s) => s.at <= now)
  const next = passes.find((p) => p.at >= now)
  const archive = newest
    ? `The newest archive scene is ${span(now - newest.at)} old and ${cloudOf(newest.cloud)}`
    : 'No archive scene of these results was taken yet'
  const pass = next
    ? `the next pass is in ${span(next.at - now)} (${next.collectionTitle}, ${next.sensor}, ${
        next.cloud === null ? 'no cloud forecast yet' : `cloud forecast ${Math.round(next.cloud)} %`
      })`
    : `no pass is published for the coming ${PASS_HORIZON_DAYS} days`
  return `${archive}; ${pass}.`
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The window passes are asked for: from this hour to two weeks ahead (the same all hour, so one ask). */
export function passSearchWindow(now: number): { acquisitionStart: string; acquisitionEnd: string } {
  const start = Math.floor(now / HOUR) * HOUR
  return { acquisitionStart: isoSeconds(start), acquisitionEnd: isoSeconds(start + PASS_HORIZON_DAYS * DAY) }
}

/** Length of a window started from a pass: two weeks, the default window, shorter ones being rush. */
export const PASS_WINDOW_DAYS = 14

/**
 * The acquisition window of a request started from a pass: from the start of the pass's UTC day (or this
 * hour, for a pass later today) for two weeks, so the pass is its first chance and the window is not a rush.
 */
export function passWindow(
  passStart: number,
  now: number,
): { acquisitionStart: string; acquisitionEnd: string } {
  const start = Math.max(Math.floor(passStart / DAY) * DAY, Math.floor(now / HOUR) * HOUR)
  return { acquisitionStart: isoSeconds(start), acquisitionEnd: isoSeconds(start + PASS_WINDOW_DAYS * DAY) }
}

/** The params a request from a pass starts with: the product's own, with the pass's window. */
export function passParams(base: Params, passStart: number, now: number): Params {
  return { ...base, ...passWindow(passStart, now) }
}

/** What a mark says to a screen reader and in its tooltip. */
export function markLabel(m: Mark): string {
  const angle = m.angle
    ? `${m.angle.kind === 'off-nadir' ? 'off-nadir' : 'incidence'} ${m.angle.degrees.toFixed(1)}°`
    : 'angle not given'
  if (m.kind === 'scene') {
    const cloud = m.cloud === null ? 'cloud not given' : `${Math.round(m.cloud)} % cloud`
    return `Archive scene ${m.row.scene.properties.id}, ${formatUtc(m.at)}, ${cloud}, ${angle}`
  }
  const cloud = m.cloud === null ? 'no cloud forecast yet' : `cloud forecast ${Math.round(m.cloud)} %`
  return `Pass of ${m.collectionTitle}, ${m.sensor}, ${formatUtc(m.at)}, ${cloud}, ${angle}`
}
