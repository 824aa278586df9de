/**
 * The offline basemap's zoom bands and cells (built by scripts/build-basemap.ts into public/basemap/): pure
 * arithmetic shared by the build script and the map engine, so both agree on what lies in which file.
 */

/** The layers of a band file; each feature says which one it belongs to in its `k` property. */
export const BAND_LAYERS = ['land', 'coastline', 'lakes', 'rivers', 'borders'] as const
export type BandLayer = (typeof BAND_LAYERS)[number]

/** A populated place: name, ASCII name, region, country, lon, lat, population, scalerank, min zoom, capital. */
export type PlaceRow = [string, string, string, string, number, number, number, number, number, 0 | 1]

export type BandName = 'world' | 'region' | 'detail'

/** The zoom each band starts at (MapLibre zoom); a band ends where the next one starts. */
export const BAND_MINZOOM: Record<BandName, number> = { world: 0, region: 3, detail: 6 }

/** Width and height of a detail cell, in degrees. */
export const DETAIL_CELL = 15

export function bandFor(zoom: number): BandName {
  if (zoom >= BAND_MINZOOM.detail) return 'detail'
  if (zoom >= BAND_MINZOOM.region) return 'region'
  return 'world'
}

/**
 * The detail cells (`col_row` keys) a view covers. West and east may run past ±180 (MapLibre's world
 * copies): longitudes wrap onto the cells of the one world the files hold.
 */
export function cellsFor([w, s, e, n]: [number, number, number, number]): string[] {
  const cols = 360 / DETAIL_CELL
  const rows = 180 / DETAIL_CELL
  const first = Math.floor((w + 180) / DETAIL_CELL)
  const last = Math.floor((e + 180) / DETAIL_CELL)
  const r0 = Math.max(0, Math.floor((Math.max(-90, s) + 90) / DETAIL_CELL))
  const r1 = Math.min(rows - 1, Math.floor((Math.min(90, n) + 90) / DETAIL_CELL))
  const keys = new Set<string>()
  // A view wider than the world needs every column once.
  for (let c = first; c <= Math.min(last, first + cols - 1); c++) {
    const col = ((c % cols) + cols) % cols
    for (let r = r0; r <= r1; r++) keys.add(`${col}_${r}`)
  }
  return [...keys]
}

/**
 * The box a detail cell covers, [west, south, east, north] in degrees: the engine lays it under the cell's
 * features as water, so the cell hides the coarser bands drawn beneath exactly where its own data has come.
 */
export function cellBox(key: string): [number, number, number, number] {
  const [col, row] = key.split('_').map(Number)
  const w = -180 + col * DETAIL_CELL
  const s = -90 + row * DETAIL_CELL
  return [w, s, w + DETAIL_CELL, s + DETAIL_CELL]
}
