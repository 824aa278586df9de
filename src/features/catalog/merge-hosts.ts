import type { MultiPolygon, Polygon } from 'geojson'
import type { Scene } from '../../data/catalog/queries'
import { compareValues, footprintOf, sortValue, type SceneRow } from './words'
import type { SceneSort } from './url-state'

/**
 * A search of several hosts shown as one list. Each host answers in pages of its own; the list is the
 * scenes of every page that has answered, once each, in the chosen sort. Pure: the page hook feeds it what
 * the query cache holds.
 */

/** One host's answered pages, first page first. */
export interface HostPages {
  host: string
  pages: readonly (readonly Scene[])[]
}

/** A scene shown, with the host it came from and its place among the scenes shown. */
export interface ShownScene {
  scene: Scene
  host: string
  /** Its feature id on the map and its row's index: it never changes while more pages arrive. */
  index: number
}

/**
 * Every scene of the answered pages once, in arrival order: the first page of each host in the order the
 * hosts answered (`arrival` ranks a host's first page; without it, host order), then the second pages, and so
 * on. A host answering after another, or more pages, only append, so a scene keeps its index (and the map its
 * feature id): in host order, a host listed first and answering later moved every scene shown before it, and
 * the map was sent all of them again (decision 47). A scene a host lists twice (its archive changed between
 * two pages) is kept where it came first; scenes of different hosts never merge, since a host's scene is
 * ordered from that host.
 */
export function collectScenes(
  hosts: readonly HostPages[],
  arrival?: (firstPage: readonly Scene[]) => number,
): ShownScene[] {
  const out: ShownScene[] = []
  const seen = new Set<string>()
  const rank = (h: HostPages) => (h.pages[0] && arrival ? arrival(h.pages[0]) : Infinity)
  const ordered = arrival ? [...hosts].sort((a, b) => rank(a) - rank(b)) : hosts
  const rounds = Math.max(0, ...hosts.map((h) => h.pages.length))
  for (let page = 0; page < rounds; page++)
    for (const { host, pages } of ordered)
      for (const scene of pages[page] ?? []) {
        const key = `${host}/${scene.properties.id}`
        if (seen.has(key)) continue
        seen.add(key)
        out.push({ scene, host, index: out.length })
      }
  return out
}

// Each scene's last row, and the coverage function it was measured with.
const madeRows = new WeakMap<Scene, { row: SceneRow; by: unknown }>()

/**
 * The rows of the scenes shown, each with its coverage of the area (null without one). A scene keeps the same
 * row object while its place, its host and the coverage function do: the rows already listed stay equal when
 * another host answers, and are neither measured nor drawn again.
 */
export function sceneRows(
  shown: readonly ShownScene[],
  coverage: ((footprint: Polygon | MultiPolygon) => number) | null,
): SceneRow[] {
  return shown.map((s) => {
    const kept = madeRows.get(s.scene)
    if (kept && kept.by === coverage && kept.row.index === s.index && kept.row.host === s.host)
      return kept.row
    const row: SceneRow = { ...s, coverage: coverage ? coverage(footprintOf(s.scene)) : null }
    madeRows.set(s.scene, { row, by: coverage })
    return row
  })
}

interface Valued {
  row: SceneRow
  value: number | null
}

/** The head of one host's sorted list in the merge: which list, where in it, and its tie-break rank. */
interface Head extends Valued {
  list: number
  at: number
  rank: number
}

// Each host's rows last sorted (by their first row): when another host answers, the hosts that had answered
// keep their sorted lists, and only the new host's rows are valued and sorted before the merge.
const sortedLists = new WeakMap<SceneRow, { rows: readonly SceneRow[]; sort: SceneSort; sorted: Valued[] }>()

/** One host's rows in the sort, ties in the host's order (their index). */
function sortedList(rows: readonly SceneRow[], sort: SceneSort): Valued[] {
  const kept = sortedLists.get(rows[0])
  if (
    kept &&
    kept.sort === sort &&
    kept.rows.length === rows.length &&
    kept.rows.every((r, i) => r === rows[i])
  )
    return kept.sorted
  const sorted = rows
    .map((row) => ({ row, value: sortValue(row, sort) }))
    .sort((a, b) => compareValues(a.value, b.value, sort) || a.row.index - b.row.index)
  sortedLists.set(rows[0], { rows, sort, sorted })
  return sorted
}

/**
 * Rows of several hosts in the chosen sort: each host's rows sorted on their own (ties in the host's order),
 * then the k sorted lists merged through a heap of their heads. Ties between hosts go to the host listed
 * first in `hostOrder`, so the merge is stable and the same answers always give the same list.
 */
export function mergeRows(
  rows: readonly SceneRow[],
  sort: SceneSort,
  hostOrder: readonly string[],
): SceneRow[] {
  const rank = new Map(hostOrder.map((h, i) => [h, i]))
  const byHost = new Map<string, SceneRow[]>()
  for (const row of rows) {
    let list = byHost.get(row.host)
    if (!list) byHost.set(row.host, (list = []))
    list.push(row)
  }
  const lists = [...byHost].map(([host, list]) => ({
    rank: rank.get(host) ?? hostOrder.length,
    list: sortedList(list, sort),
  }))
  if (lists.length === 1) return lists[0].list.map((x) => x.row)

  const before = (a: Head, b: Head) =>
    (compareValues(a.value, b.value, sort) || a.rank - b.rank || a.list - b.list) < 0
  const heap: Head[] = []
  const push = (h: Head) => {
    let i = heap.push(h) - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[i], heap[parent])) break
      ;[heap[i], heap[parent]] = [heap[parent], heap[i]]
      i = parent
    }
  }
  const pop = (): Head => {
    const top = heap[0]
    const last = heap.pop() as Head
    if (heap.length > 0) {
      heap[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        let m = i
        if (l < heap.length && before(heap[l], heap[m])) m = l
        if (l + 1 < heap.length && before(heap[l + 1], heap[m])) m = l + 1
        if (m === i) break
        ;[heap[i], heap[m]] = [heap[m], heap[i]]
        i = m
      }
    }
    return top
  }
  lists.forEach(({ list, rank }, k) => list[0] && push({ ...list[0], list: k, at: 0, rank }))
  const out: SceneRow[] = []
  while (heap.length > 0) {
    const h = pop()
    out.push(h.row)
    const next = lists[h.list].list[h.at + 1]
    if (next) push({ ...next, list: h.list, at: h.at + 1, rank: h.rank })
  }
  return out
}

/** Per host, the cursors of the pages asked after its first, in order. */
export type HostCursors = Readonly<Record<string, readonly string[]>>

/**
 * The cursors after "More": each host whose last answered page links a next page gets that page; a host
 * without one (or whose last page is still out) is left as it is.
 */
export function withMore(cursors: HostCursors, lastNext: ReadonlyMap<string, string | null>): HostCursors {
  const out: Record<string, readonly string[]> = { ...cursors }
  for (const [host, next] of lastNext) {
    const had = out[host] ?? []
    if (next && !had.includes(next)) out[host] = [...had, next]
  }
  return out
}
