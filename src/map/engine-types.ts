import type { Polygon } from 'geojson'

/**
 * The map engine's vocabulary: what its façade (`map-engine.ts`), its parts and `swipe.ts` share. Types only,
 * so a part imports it without importing the façade (which imports the parts).
 */

export type DrawMode = 'static' | 'polygon' | 'rectangle' | 'circle' | 'select'
export type LonLat = [number, number]
export type Bbox = [number, number, number, number]

export interface MapEngineHandlers {
  /** The AOI polygons after a drawing, an edit or a deletion on the map. */
  onAoiChange?: (polygons: Polygon[]) => void
  /** The pointer's position over the map, or null when it leaves. */
  onCursor?: (at: LonLat | null) => void
  /** A keyboard-drawing key was pressed while the map had focus. */
  onKeyboardDraw?: (action: KeyboardDrawAction, center: LonLat) => void
  onReady?: () => void
  /** The pointer entered (id) or left (null) a feature of an interactive overlay. */
  onOverlayHover?: (source: string, id: string | number | null) => void
  /** A feature of an interactive overlay was clicked. */
  onOverlayClick?: (source: string, id: string | number) => void
  /** The camera stopped moving; the box in view, and whether the analyst moved it (not a fit or a flight). */
  onViewChange?: (bounds: Bbox, byUser: boolean) => void
}

export type KeyboardDrawAction = 'add' | 'undo' | 'finish' | 'cancel'

/**
 * A picture placed on the map at four corners (top-left, top-right, bottom-right, bottom-left): fetched from
 * `url` (quicklooks), or drawn by the page on `canvas` (delivered imagery rendered in the browser); another
 * canvas under the same id replaces the picture.
 */
export type MapImage = {
  id: string
  corners: [LonLat, LonLat, LonLat, LonLat]
  opacity: number
} & ({ url: string } | { canvas: HTMLCanvasElement })

/**
 * The engine's life as its parts read it: `ready` once the current style has loaded (false again while a
 * style switch loads the next), `destroyed` once the map is taken down. The façade alone writes it.
 */
export interface EngineLife {
  ready: boolean
  destroyed: boolean
}

/** The handlers as they are now: the page may swap them (`setHandlers`), and `destroy` empties them. */
export type HandlersOf = () => MapEngineHandlers
