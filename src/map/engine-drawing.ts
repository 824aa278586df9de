import type { Polygon } from 'geojson'
import type { Map as MlMap } from 'maplibre-gl'
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw'
import { selfIntersections } from '../lib/geo/crossings'
import { AOI_COLOR, asFeature, EMPTY_FC } from './engine-shared'
import type { DrawMode, EngineLife, HandlersOf } from './engine-types'
import type { EngineOverlays } from './engine-overlays'
import { polygonLayers } from './layers'

const PROBLEM_COLOR = '#c92a2a'
const AOI_LAYERS = polygonLayers('aoi-shapes', { color: AOI_COLOR, fillOpacity: 0.18 })
const PROBLEM_LAYERS = polygonLayers('aoi-problems', {
  color: PROBLEM_COLOR,
  fillOpacity: 0.15,
  dashed: true,
})
/** The AOI is an area: above every footprint, its fill under the quicklooks. */
const AREA = { tier: 'areas' } as const

/**
 * The AOI on the map and its drawing: shown through plain overlay layers until the analyst first draws or
 * edits, then through terra-draw, loaded at that moment (a map that only shows an AOI does without it).
 */
export class EngineDrawing {
  private draw: TerraDraw | null = null
  private drawLoading: Promise<void> | null = null
  private mode: DrawMode = 'static'
  private aoiKey = '[]'
  /** The AOI as last given or drawn: shown through plain layers until the drawing tool has loaded. */
  private aoi: Polygon[] = []
  /** True while setAoi rewrites the drawing: terra-draw's own events then are not the analyst's edits. */
  private applying = false

  constructor(
    private readonly map: MlMap,
    private readonly life: Readonly<EngineLife>,
    private readonly handlers: HandlersOf,
    private readonly overlays: EngineOverlays,
  ) {}

  /** Whether terra-draw is running (it loads with the first drawing or editing). */
  isDrawing(): boolean {
    return this.draw !== null
  }

  setDrawMode(mode: DrawMode): void {
    this.mode = mode
    if (this.draw) this.draw.setMode(mode)
    else if (mode !== 'static' && this.life.ready) void this.start()
  }

  /** Replaces what is drawn, unless it is what the map itself just reported (no feedback loop). */
  setAoi(polygons: Polygon[], force = false): void {
    const key = JSON.stringify(polygons)
    if (!force && key === this.aoiKey) return
    this.aoiKey = key
    this.aoi = polygons
    if (!this.draw) {
      this.showAoi(polygons)
      return
    }
    this.overlays.set('aoi-shapes', EMPTY_FC, AOI_LAYERS, AREA)
    this.applying = true
    this.draw.clear()
    const rejected: Polygon[] = []
    for (const p of polygons) {
      const f: GeoJSONStoreFeatures = {
        id: crypto.randomUUID(),
        type: 'Feature',
        geometry: p,
        properties: { mode: 'polygon' },
      }
      const [result] = this.draw.addFeatures([f])
      if (!result?.valid) rejected.push(p)
    }
    this.applying = false
    // Shapes the drawing tool refuses (self-intersecting, say) still show, in red, until they are fixed.
    this.overlays.set(
      'aoi-problems',
      { type: 'FeatureCollection', features: rejected.map(asFeature) },
      PROBLEM_LAYERS,
      AREA,
    )
  }

  /**
   * Stops the drawing tool for a style switch or the map's end; gives the AOI as drawn and whether the tool
   * was running or loading (the next style starts it again: `styleLoaded`).
   */
  stop(): { aoi: Polygon[]; drawing: boolean } {
    const aoi = this.current()
    const drawing = this.draw !== null || this.drawLoading !== null
    this.draw?.stop()
    this.draw = null
    // The next start builds terra-draw again on the new style (its modules are loaded by then).
    this.drawLoading = null
    return { aoi, drawing }
  }

  /** On a style just loaded: the drawing tool again if it ran or a mode wants it, and the AOI. */
  styleLoaded(was: { aoi: Polygon[]; drawing: boolean } = { aoi: this.aoi, drawing: false }): void {
    if (was.drawing || this.mode !== 'static') void this.start()
    this.setAoi(was.aoi, true)
  }

  /** Loads terra-draw (and its MapLibre adapter) the first time the analyst draws or edits. */
  private start(): Promise<void> {
    this.drawLoading ??= Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).then(
      ([td, adapter]) => {
        if (this.life.destroyed || !this.life.ready || this.draw) return
        const editable = {
          draggable: true,
          coordinates: { midpoints: true, draggable: true, deletable: true },
        }
        const styles = {
          fillColor: AOI_COLOR,
          outlineColor: AOI_COLOR,
          fillOpacity: 0.18,
          outlineWidth: 2,
        } as const
        const draw = new td.TerraDraw({
          adapter: new adapter.TerraDrawMapLibreGLAdapter({ map: this.map }),
          modes: [
            new td.TerraDrawPolygonMode({ styles }),
            // A press, a drag and a release draws as well as click, move, click: a newcomer drags a box.
            new td.TerraDrawRectangleMode({ styles, drawInteraction: 'click-move-or-drag' }),
            new td.TerraDrawCircleMode({ styles, drawInteraction: 'click-move-or-drag' }),
            new td.TerraDrawSelectMode({
              flags: {
                polygon: { feature: editable },
                rectangle: { feature: { draggable: true } },
                circle: { feature: { draggable: true } },
              },
            }),
            new td.TerraDrawRenderMode({ modeName: 'static', styles: {} }),
          ],
        })
        draw.start()
        draw.setMode(this.mode)
        draw.on('finish', () => this.emit())
        draw.on('change', (_ids, type) => {
          if (type === 'delete') this.emit()
        })
        this.draw = draw
        this.setAoi(this.aoi, true)
      },
    )
    const loading = this.drawLoading
    // A style switch stops the tool: the next start builds it again on the loaded modules.
    void loading.finally(() => {
      if (this.drawLoading === loading && !this.draw) this.drawLoading = null
    })
    return loading
  }

  /** The AOI through plain layers, before terra-draw: self-crossing shapes in red as terra-draw shows them. */
  private showAoi(polygons: Polygon[]): void {
    const bad = (p: Polygon) => selfIntersections(p).length > 0
    this.overlays.set(
      'aoi-shapes',
      { type: 'FeatureCollection', features: polygons.filter((p) => !bad(p)).map(asFeature) },
      AOI_LAYERS,
      AREA,
    )
    this.overlays.set(
      'aoi-problems',
      { type: 'FeatureCollection', features: polygons.filter(bad).map(asFeature) },
      PROBLEM_LAYERS,
      AREA,
    )
  }

  private current(): Polygon[] {
    if (!this.draw) return this.aoi
    return this.draw
      .getSnapshot()
      .filter((f) => f.geometry.type === 'Polygon' && !f.properties.currentlyDrawing)
      .map((f) => f.geometry as Polygon)
  }

  private emit(): void {
    if (this.applying) return
    const polygons = this.current()
    this.aoiKey = JSON.stringify(polygons)
    this.handlers().onAoiChange?.(polygons)
  }
}
