/**
 * Land and water for the synthetic deliveries, from the Natural Earth 1:10m land and lakes the repository
 * already carries for the console's basemap (`public/basemap/detail/<col>_<row>.json`, 15° cells built by
 * scripts/build-basemap.ts). A cell is read the first time a scene needs it and kept; a cell the build did
 * not write holds no land.
 */

type Ring = number[][]
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] }
interface CellFile {
  features: { properties: { k: string }; geometry: Geometry | { type: string } }[]
}

/** Rings of one cell: land polygons and lakes, each a list of rings (outer first). */
export interface CellRings {
  land: Ring[][]
  lakes: Ring[][]
}

const CELL = 15
// Lazy loaders, one per cell file, resolved by Vite (the simulator always runs through it: dev server,
// preview loader, run-ts, vitest). Nothing is read before a scene asks.
const LOADERS = import.meta.glob<CellFile>('../../../public/basemap/detail/*.json', { import: 'default' })
const byKey = new Map<string, () => Promise<CellFile>>()
for (const [path, load] of Object.entries(LOADERS))
  byKey.set(/([0-9]+_[0-9]+)\.json$/.exec(path)?.[1] ?? path, load)

const cells = new Map<string, Promise<CellRings>>()

function polygonsOf(file: CellFile, kind: string): Ring[][] {
  const out: Ring[][] = []
  for (const f of file.features) {
    if (f.properties.k !== kind) continue
    const g = f.geometry as Geometry
    if (g.type === 'Polygon') out.push(g.coordinates)
    else if (g.type === 'MultiPolygon') out.push(...g.coordinates)
  }
  return out
}

/** The cells ("col_row") a box touches, longitudes in -180..180. */
export function cellKeys([w, s, e, n]: [number, number, number, number]): string[] {
  const keys: string[] = []
  const c0 = Math.max(0, Math.floor((w + 180) / CELL))
  const c1 = Math.min(360 / CELL - 1, Math.floor((e + 180) / CELL))
  const r0 = Math.max(0, Math.floor((s + 90) / CELL))
  const r1 = Math.min(180 / CELL - 1, Math.floor((n + 90) / CELL))
  for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) keys.push(`${c}_${r}`)
  return keys
}

function cell(key: string): Promise<CellRings> {
  let hit = cells.get(key)
  if (!hit) {
    const load = byKey.get(key)
    hit = load
      ? load().then((file) => ({ land: polygonsOf(file, 'land'), lakes: polygonsOf(file, 'lakes') }))
      : Promise.resolve({ land: [], lakes: [] })
    cells.set(key, hit)
  }
  return hit
}

/** Land and lake polygons of every cell a box touches. */
export async function landAround(bbox: [number, number, number, number]): Promise<CellRings> {
  const parts = await Promise.all(cellKeys(bbox).map(cell))
  return { land: parts.flatMap((p) => p.land), lakes: parts.flatMap((p) => p.lakes) }
}
