import type { Feature, LineString, Point } from 'geojson'
import type { GeoJSONSource, Map as MlMap } from 'maplibre-gl'
import { AOI_COLOR } from './engine-shared'
import type { HandlersOf, KeyboardDrawAction, LonLat } from './engine-types'

const DRAFT = 'keyboard-draft'

/** What a key does while drawing with the keyboard, if anything. */
export function keyboardAction(key: string): KeyboardDrawAction | null {
  if (key === 'Enter' || key === ' ') return 'add'
  if (key === 'Backspace') return 'undo'
  if (key === 'f' || key === 'F') return 'finish'
  if (key === 'Escape') return 'cancel'
  return null
}

/** The draft drawn with the keyboard: its vertices as points, joined by a line once there are two. */
export function draftFeatures(vertices: readonly LonLat[]): Feature<LineString | Point>[] {
  const line: Feature<LineString>[] =
    vertices.length > 1
      ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...vertices] } }]
      : []
  const points = vertices.map((v): Feature<Point> => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Point', coordinates: v },
  }))
  return [...line, ...points]
}

/**
 * Drawing with the keyboard: while on, keys pressed on the focused map add vertices at its centre (the page
 * draws a crosshair there) and the page keeps the vertices; the map shows them as a dashed draft.
 */
export class EngineKeyboard {
  private on = false

  constructor(
    private readonly map: MlMap,
    private readonly handlers: HandlersOf,
    private readonly center: () => LonLat,
  ) {
    map.getCanvasContainer().addEventListener('keydown', this.onKey)
  }

  set(on: boolean, vertices: LonLat[]): void {
    this.on = on
    const source = this.map.getSource<GeoJSONSource>(DRAFT)
    void source?.setData({ type: 'FeatureCollection', features: draftFeatures(vertices) })
  }

  /** The draft's source and layers, on a style just loaded (above every overlay band). */
  addLayers(): void {
    this.map.addSource(DRAFT, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } })
    this.map.addLayer({
      id: `${DRAFT}-line`,
      type: 'line',
      source: DRAFT,
      paint: { 'line-color': AOI_COLOR, 'line-width': 2, 'line-dasharray': [1, 1] },
    })
    this.map.addLayer({
      id: `${DRAFT}-points`,
      type: 'circle',
      source: DRAFT,
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-color': AOI_COLOR, 'circle-radius': 4 },
    })
  }

  stop(): void {
    this.map.getCanvasContainer().removeEventListener('keydown', this.onKey)
  }

  private onKey = (e: KeyboardEvent): void => {
    if (!this.on) return
    const action = keyboardAction(e.key)
    if (!action) return
    e.preventDefault()
    this.handlers().onKeyboardDraw?.(action, this.center())
  }
}
