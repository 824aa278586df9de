import type { Feature, FeatureCollection } from 'geojson'
import { DETAIL_COVER } from './basemap'
import { cellBox } from './basemap-bands'
import { boxPolygonOf } from './engine-shared'

/** Detail cells kept fetched beyond those in view, for panning back (a city view needs one to four). */
export const KEPT_CELLS = 16

/** A cell's features, or null when it could not be had (no cover then: the coarser bands stay visible there). */
export type CellFeatures = Feature[] | null

/**
 * The basemap's detail cells fetched so far (the latest few, kept across style switches), or their fetch under
 * way. A failed fetch is forgotten, so a later view asks for the cell again.
 */
export class DetailCells {
  private readonly cells = new Map<string, Promise<CellFeatures>>()

  constructor(
    private readonly fetchCell: (key: string) => Promise<CellFeatures>,
    private readonly kept = KEPT_CELLS,
  ) {}

  /**
   * The wanted cells' data, once every one has come: each cell fetched unless known, the wanted ones made the
   * most recent, and the oldest beyond `kept` others dropped.
   */
  want(keys: readonly string[]): Promise<FeatureCollection> {
    for (const key of keys) {
      const known = this.cells.get(key)
      if (known) {
        // Most recently wanted last: the oldest are dropped first.
        this.cells.delete(key)
        this.cells.set(key, known)
        continue
      }
      const cell = this.fetchCell(key).then((features) => {
        if (!features) this.cells.delete(key)
        return features
      })
      this.cells.set(key, cell)
    }
    for (const old of [...this.cells.keys()].slice(0, Math.max(0, this.cells.size - keys.length - this.kept)))
      this.cells.delete(old)
    return Promise.all(keys.map((k) => this.cells.get(k) ?? Promise.resolve(null))).then((all) =>
      detailData(keys, all),
    )
  }

  /** The cells known, oldest first (for tests and inspection). */
  known(): string[] {
    return [...this.cells.keys()]
  }
}

/**
 * The detail source's data: each cell that came is laid over the coarser bands as a box of water (a cover)
 * under its own features, so the coarser land shows until then and the cell replaces it in the same tiles,
 * without a flash. A cell that did not come has no cover.
 */
export function detailData(keys: readonly string[], all: readonly CellFeatures[]): FeatureCollection {
  const covers = keys.flatMap((k, i): Feature[] =>
    all[i] ? [{ type: 'Feature', properties: { k: DETAIL_COVER }, geometry: boxPolygonOf(cellBox(k)) }] : [],
  )
  return { type: 'FeatureCollection', features: [...covers, ...all.flatMap((f) => f ?? [])] }
}
