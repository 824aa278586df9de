import type { Scene } from '../world/types'
import type { World } from '../world/world'
import { ArchiveScene, COL, RING_POINTS, searchable, sharedArchive } from './archive'
import { ringBbox, type BBox, type PreparedPolygon } from './prepared-polygon'

/**
 * The spatial index of the search: per host, scenes sorted by acquisition time (newest first), bucketed in
 * 1° cells, so that a search visits only the scenes near its area and sorts by rank instead of by date.
 */

const CELLS_X = 360
const CELLS_Y = 180

export interface HostIndex {
  /** Newest first; a scene's position here (its ordinal) is its rank in the default sort. */
  scenes: Scene[]
  ordinalById: Map<string, number>
  cells: Map<number, Int32Array>
  nonEmpty: Int32Array
  /** Per-query "seen" marks: a scene filed in several cells is looked at once. */
  seen: Uint32Array
  epoch: number
}

interface ArchiveIndex {
  sceneCount: number
  hosts: Map<string, HostIndex>
}

const cellX = (lon: number) => Math.min(CELLS_X - 1, Math.max(0, Math.floor(lon) + 180))
const cellY = (lat: number) => Math.min(CELLS_Y - 1, Math.max(0, Math.floor(lat) + 90))

/** Whether a scene's footprint meets one of the search areas. */
export function footprintMeets(scene: Scene, areas: PreparedPolygon[]): boolean {
  if (scene instanceof ArchiveScene) {
    const { data, at } = scene
    return areas.some((a) => a.intersectsRing(data, at + COL.ring, RING_POINTS, data, at + COL.bbox))
  }
  // Other scenes (none are seeded today) carry GeoJSON: test each outer ring.
  const g = scene.feature.geometry
  const rings = g.type === 'Polygon' ? [g.coordinates[0]] : g.coordinates.map((poly) => poly[0])
  return rings.some((ring) => {
    const flat = ring.flatMap((p) => [p[0], p[1]])
    return areas.some((a) => a.intersectsRing(flat, 0, ring.length, ringBbox(ring), 0))
  })
}

/** The bbox of a scene; an archive scene's is read from its columns (its `bbox` getter caches an array). */
function bboxNumbers(scene: Scene): BBox {
  if (!(scene instanceof ArchiveScene)) return scene.bbox
  const d = scene.data
  const b = scene.at + COL.bbox
  return [d[b], d[b + 1], d[b + 2], d[b + 3]]
}

function buildHostIndex(unsorted: readonly Scene[]): HostIndex {
  const times = Float64Array.from(unsorted, (scene) => scene.time)
  const ids = unsorted.map((scene) => searchable(scene).id)
  const order = Array.from(unsorted, (_, i) => i).sort(
    (a, b) => times[b] - times[a] || (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0),
  )
  const scenes = order.map((i) => unsorted[i])
  const lists = new Map<number, number[]>()
  const ordinalById = new Map<string, number>()
  scenes.forEach((scene, ordinal) => {
    ordinalById.set(ids[order[ordinal]], ordinal)
    const [w, s, e, n] = bboxNumbers(scene)
    for (let y = cellY(s); y <= cellY(n); y++) {
      for (let x = cellX(w); x <= cellX(e); x++) {
        const key = y * CELLS_X + x
        let list = lists.get(key)
        if (!list) lists.set(key, (list = []))
        list.push(ordinal)
      }
    }
  })
  const cells = new Map<number, Int32Array>()
  for (const [key, list] of lists) cells.set(key, Int32Array.from(list))
  return {
    scenes,
    ordinalById,
    cells,
    nonEmpty: Int32Array.from(cells.keys()),
    seen: new Uint32Array(scenes.length),
    epoch: 0,
  }
}

function buildIndex(scenes: readonly Scene[]): ArchiveIndex {
  const byHost = new Map<string, Scene[]>()
  for (const scene of scenes) {
    let list = byHost.get(scene.host)
    if (!list) byHost.set(scene.host, (list = []))
    list.push(scene)
  }
  const hosts = new Map<string, HostIndex>()
  for (const [host, list] of byHost) hosts.set(host, buildHostIndex(list))
  return { sceneCount: scenes.length, hosts }
}

/** Indexes by the scene array they were built from: the shared archive is indexed once per process. */
const indexes = new WeakMap<readonly Scene[], ArchiveIndex>()
const worldIndexes = new WeakMap<World, ArchiveIndex>()

export function indexFor(world: World): ArchiveIndex {
  let index = worldIndexes.get(world)
  if (index && index.sceneCount === world.scenes.length) return index
  const shared = sharedArchive()
  if (
    shared &&
    shared.length === world.scenes.length &&
    shared[0] === world.scenes[0] &&
    shared.at(-1) === world.scenes.at(-1)
  ) {
    index = indexes.get(shared)
    if (!index) indexes.set(shared, (index = buildIndex(shared)))
  } else {
    // Scenes were added or replaced after seeding: index this world's own list.
    index = buildIndex(world.scenes)
  }
  worldIndexes.set(world, index)
  return index
}

/** Calls `visit` once for every scene of the host whose bbox cell range meets one of the boxes. */
export function visitCandidates(idx: HostIndex, boxes: BBox[], visit: (ordinal: number) => void): void {
  const epoch = ++idx.epoch
  if (epoch === 0xffffffff) {
    idx.seen.fill(0)
    idx.epoch = 1
  }
  const mark = idx.epoch
  const take = (list: Int32Array) => {
    for (let i = 0; i < list.length; i++) {
      const o = list[i]
      if (idx.seen[o] === mark) continue
      idx.seen[o] = mark
      visit(o)
    }
  }
  for (const [w, s, e, n] of boxes) {
    const x0 = cellX(w)
    const x1 = cellX(e)
    const y0 = cellY(s)
    const y1 = cellY(n)
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > idx.nonEmpty.length) {
      for (let i = 0; i < idx.nonEmpty.length; i++) {
        const key = idx.nonEmpty[i]
        const x = key % CELLS_X
        const y = (key - x) / CELLS_X
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) take(idx.cells.get(key) as Int32Array)
      }
    } else {
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const list = idx.cells.get(y * CELLS_X + x)
          if (list) take(list)
        }
      }
    }
  }
}
