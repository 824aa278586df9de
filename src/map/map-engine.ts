import type { Feature, FeatureCollection, Geometry, Polygon } from 'geojson'
import {
  AttributionControl,
  Map as MlMap,
  NavigationControl,
  ScaleControl,
  prewarm,
  setWorkerUrl,
  type GeoJSONSource,
  type LayerSpecification,
  type StyleSpecification,
} from 'maplibre-gl'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw'
import { selfIntersections } from '../lib/geo/crossings'
import {
  basemapAssetUrl,
  basemapPaint,
  bandSource,
  MORE_PLACES_SOURCE,
  offlineStyle,
  PLACE_DOT,
  placeDotImage,
  type Scheme,
} from './basemap'
import { BAND_MINZOOM, cellsFor } from './basemap-bands'
import { polygonLayers } from './layers'

// MapLibre 6 computes its worker's URL at run time, invisible to the bundler: without this the map is blank.
setWorkerUrl(maplibreWorkerUrl)
// The workers start with this module, while the page renders, rather than with the first map.
prewarm()

export type DrawMode = 'static' | 'polygon' | 'rectangle' | 'circle' | 'select'
export type LonLat = [number, number]
export type Bbox = [number, number, number, number]

export interface MapEngineHandlers {
  /** The AOI polygons after a drawing, an edit or a deletion on the map. */
  onAoiChange?: (polygons: Polygon[]) => void
  /** The pointer's position over the map, or null when it leaves. */
  onCursor?: (at: LonLat | null) => void
  /** A keyboard-drawing key was pressed while the map had focus. */
  onKeyboardDraw?: (action: 'add' | 'undo' | 'finish' | 'cancel', center: LonLat) => void
  onReady?: () => void
  /** The pointer entered (id) or left (null) a feature of an interactive overlay. */
  onOverlayHover?: (source: string, id: string | number | null) => void
  /** A feature of an interactive overlay was clicked. */
  onOverlayClick?: (source: string, id: string | number) => void
  /** The camera stopped moving; the box in view, and whether the analyst moved it (not a fit or a flight). */
  onViewChange?: (bounds: Bbox, byUser: boolean) => void
}

/** A picture placed on the map at four corners (top-left, top-right, bottom-right, bottom-left). */
export interface MapImage {
  id: string
  url: string
  corners: [LonLat, LonLat, LonLat, LonLat]
  opacity: number
}

const AOI_COLOR = '#0b7285'
const PROBLEM_COLOR = '#c92a2a'
const AOI_LAYERS = polygonLayers('aoi-shapes', { color: AOI_COLOR, fillOpacity: 0.18 })
const PROBLEM_LAYERS = polygonLayers('aoi-problems', {
  color: PROBLEM_COLOR,
  fillOpacity: 0.15,
  dashed: true,
})
const EMPTY_FC: FeatureCollection = { type: 'FeatureCollection', features: [] }

/**
 * Owns the MapLibre map and the terra-draw instance. React creates it once and pushes plain data through
 * idempotent setters; the camera and hover live in MapLibre, never in React state.
 */
export class MapEngine {
  readonly map: MlMap
  private draw: TerraDraw | null = null
  private handlers: MapEngineHandlers = {}
  private scheme: Scheme
  private style = 'offline'
  private mode: DrawMode = 'static'
  private aoiKey = '[]'
  /** The AOI as last given or drawn: shown through plain layers until the drawing tool has loaded. */
  private aoi: Polygon[] = []
  private drawLoading: Promise<void> | null = null
  private keyboardDraw = false
  /** True while setAoi rewrites the drawing: terra-draw's own events then are not the analyst's edits. */
  private applying = false
  private ready = false
  private destroyed = false
  private readonly sources = new Map<
    string,
    { data: FeatureCollection; layers: LayerSpecification[]; interactive: boolean; sent?: FeatureCollection }
  >()
  private images: MapImage[] = []
  private readonly hovered = new Map<string, string | number>()
  /** The console's root URL, against which the basemap's assets are named (the page's path may be deep). */
  private readonly base = new URL(import.meta.env.BASE_URL, location.href).href
  /** Basemap data handed to the current style: whether the region band is in, which detail cells are. */
  private regionSent = false
  private detailWanted = ''
  /**
   * The box the page last asked to frame, until the analyst moves the camera: a map whose size settles after
   * the fit (a panel laid out late, a window resized) frames it again instead of cropping it.
   */
  private framed: Bbox | null = null
  /** Detail cells fetched so far (kept across style switches), or their fetch under way. */
  private readonly cells = new Map<string, Promise<Feature[]>>()

  constructor(
    container: HTMLElement,
    opts: { scheme: Scheme; handlers?: MapEngineHandlers; center?: LonLat },
  ) {
    this.scheme = opts.scheme
    this.handlers = opts.handlers ?? {}
    this.map = new MlMap({
      container,
      style: offlineStyle(opts.scheme, this.base),
      center: opts.center ?? [10, 30],
      zoom: 1.6,
      attributionControl: false,
      // Screenshots and tests read the canvas back.
      canvasContextAttributes: { preserveDrawingBuffer: true },
    })
    this.map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    this.map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left')
    this.map.addControl(
      new AttributionControl({
        compact: true,
        customAttribution: 'Made with Natural Earth (public domain) · world-atlas',
      }),
    )
    this.map.getCanvas().setAttribute('aria-label', 'Map. Arrow keys pan, plus and minus zoom.')
    this.map.on('mousemove', (e) => this.handlers.onCursor?.([e.lngLat.lng, e.lngLat.lat]))
    this.map.on('mouseout', () => this.handlers.onCursor?.(null))
    this.map.on('mousemove', (e) => this.pick(e.point, 'hover'))
    this.map.on('mouseout', () => this.clearHover())
    this.map.on('click', (e) => this.pick(e.point, 'click'))
    this.map.on('moveend', (e) => this.handlers.onViewChange?.(this.bounds(), e.originalEvent !== undefined))
    this.map.on('movestart', (e) => {
      if (e.originalEvent) this.framed = null
    })
    this.map.on('resize', () => {
      if (this.framed) this.fitTo(this.framed, false)
    })
    // The finer bands load as the camera comes near them: a world view fetches only the world band.
    this.map.on('moveend', () => this.loadBands())
    this.map.setMissingStyleImageResolver((id) => {
      if (id === PLACE_DOT && !this.map.hasImage(PLACE_DOT))
        this.map.addImage(PLACE_DOT, placeDotImage(), { sdf: true })
    })
    this.map.getCanvasContainer().addEventListener('keydown', this.onKey)
    // Not `load`, which waits until the basemap has drawn: overlays go in with the style, and the map draws
    // them and the basemap in one pass.
    this.map.once('style.load', () => {
      this.addOverlayLayers()
      this.ready = true
      this.fillOffline()
      if (this.mode !== 'static') void this.startDraw()
      this.setAoi(this.aoi, true)
      this.handlers.onReady?.()
    })
  }

  setHandlers(handlers: MapEngineHandlers): void {
    this.handlers = handlers
  }

  isReady(): boolean {
    return this.ready
  }

  // ---------------------------------------------------------------- basemap

  /** Recolours the offline basemap in place (no style reload, so drawings and overlays stay). */
  setScheme(scheme: Scheme): void {
    if (scheme === this.scheme) return
    this.scheme = scheme
    if (this.style !== 'offline') return
    const paint = basemapPaint(scheme)
    const apply = () =>
      paint.forEach(
        ([id, prop, v]) =>
          this.map.getLayer(id) &&
          this.map.setPaintProperty(
            id,
            prop as Parameters<MlMap['setPaintProperty']>[1],
            v as Parameters<MlMap['setPaintProperty']>[2],
          ),
      )
    // Not isStyleLoaded(): it is false while any source loads, and `load` does not come again.
    if (this.ready) apply()
    else this.map.once('idle', apply)
  }

  /** After the offline style has loaded: the bands the camera is near. */
  private fillOffline(): void {
    if (this.style !== 'offline') return
    this.regionSent = false
    this.detailWanted = ''
    this.loadBands()
  }

  /**
   * Hands the region band to MapLibre (its worker fetches it) once the zoom comes within half a level of it,
   * and the detail band's cells in view, fetched here and merged into one source.
   */
  private loadBands(): void {
    if (this.destroyed || this.style !== 'offline' || !this.ready) return
    const zoom = this.map.getZoom()
    if (!this.regionSent && zoom >= BAND_MINZOOM.region - 0.5) {
      this.regionSent = true
      void this.map
        .getSource<GeoJSONSource>(bandSource('region'))
        ?.setData(basemapAssetUrl(this.base, 'region.json'))
      void this.map
        .getSource<GeoJSONSource>(MORE_PLACES_SOURCE)
        ?.setData(basemapAssetUrl(this.base, 'place-labels-more.json'))
    }
    if (zoom < BAND_MINZOOM.detail - 0.5) return
    // A view over much of the world at this zoom is rare (a very large window): it is capped.
    const want = cellsFor(this.bounds()).slice(0, 24)
    const key = want.join(' ')
    if (key === this.detailWanted) return
    this.detailWanted = key
    for (const key of want) {
      if (this.cells.has(key)) continue
      const cell = fetch(basemapAssetUrl(this.base, `detail/${key}.json`))
        // Cells over open sea do not exist: an empty cell.
        .then((r) => (r.ok ? (r.json() as Promise<FeatureCollection>) : EMPTY_FC))
        .then((fc) => fc.features)
        .catch(() => {
          this.cells.delete(key)
          return [] as Feature[]
        })
      this.cells.set(key, cell)
    }
    void Promise.all(want.map((k) => this.cells.get(k) ?? Promise.resolve([]))).then((all) => {
      // A later move asked for other cells meanwhile: its own answer fills the source.
      if (this.destroyed || this.style !== 'offline' || key !== this.detailWanted) return
      void this.map
        .getSource<GeoJSONSource>(bandSource('detail'))
        ?.setData({ type: 'FeatureCollection', features: all.flat() })
    })
  }

  /** Switches to 'offline' or an online style URL; drawings and overlays are carried over. */
  setStyle(style: string): void {
    if (style === this.style) return
    this.style = style
    const spec: StyleSpecification | string =
      style === 'offline' ? offlineStyle(this.scheme, this.base) : style
    const aoi = this.currentAoi()
    const drawing = this.draw !== null || this.drawLoading !== null
    this.draw?.stop()
    this.draw = null
    // The next start builds terra-draw again on the new style (its modules are loaded by then).
    this.drawLoading = null
    this.ready = false
    this.map.setStyle(spec)
    this.map.once('style.load', () => {
      this.addOverlayLayers()
      this.ready = true
      this.fillOffline()
      if (drawing || this.mode !== 'static') void this.startDraw()
      this.setAoi(aoi, true)
    })
  }

  // ---------------------------------------------------------------- drawing

  /**
   * Loads terra-draw (and its MapLibre adapter) the first time the analyst draws or edits: a map that only
   * shows an AOI and overlays does without it. From then on terra-draw shows the AOI.
   */
  private startDraw(): Promise<void> {
    this.drawLoading ??= Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).then(
      ([td, adapter]) => {
        if (this.destroyed || !this.ready || this.draw) return
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
            new td.TerraDrawRectangleMode({ styles }),
            new td.TerraDrawCircleMode({ styles }),
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
        draw.on('finish', () => this.emitAoi())
        draw.on('change', (_ids, type) => {
          if (type === 'delete') this.emitAoi()
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

  /** Whether terra-draw is running (it loads with the first drawing or editing). */
  isDrawing(): boolean {
    return this.draw !== null
  }

  setDrawMode(mode: DrawMode): void {
    this.mode = mode
    if (this.draw) this.draw.setMode(mode)
    else if (mode !== 'static' && this.ready) void this.startDraw()
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
    this.setSource('aoi-shapes', EMPTY_FC, AOI_LAYERS)
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
    this.setSource(
      'aoi-problems',
      { type: 'FeatureCollection', features: rejected.map(asFeature) },
      PROBLEM_LAYERS,
    )
  }

  /** The AOI through plain layers, before terra-draw: self-crossing shapes in red as terra-draw shows them. */
  private showAoi(polygons: Polygon[]): void {
    const bad = (p: Polygon) => selfIntersections(p).length > 0
    this.setSource(
      'aoi-shapes',
      { type: 'FeatureCollection', features: polygons.filter((p) => !bad(p)).map(asFeature) },
      AOI_LAYERS,
    )
    this.setSource(
      'aoi-problems',
      { type: 'FeatureCollection', features: polygons.filter(bad).map(asFeature) },
      PROBLEM_LAYERS,
    )
  }

  private currentAoi(): Polygon[] {
    if (!this.draw) return this.aoi
    return this.draw
      .getSnapshot()
      .filter((f) => f.geometry.type === 'Polygon' && !f.properties.currentlyDrawing)
      .map((f) => f.geometry as Polygon)
  }

  private emitAoi(): void {
    if (this.applying) return
    const polygons = this.currentAoi()
    this.aoiKey = JSON.stringify(polygons)
    this.handlers.onAoiChange?.(polygons)
  }

  // ---------------------------------------------------------------- keyboard drawing

  /** While on, keys pressed on the focused map add vertices at its centre (a crosshair marks it). */
  setKeyboardDraw(on: boolean, vertices: LonLat[] = []): void {
    this.keyboardDraw = on
    const line =
      vertices.length > 1
        ? [
            {
              type: 'Feature' as const,
              properties: {},
              geometry: { type: 'LineString' as const, coordinates: vertices },
            },
          ]
        : []
    const points = vertices.map((v) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: v },
    }))
    const source = this.map.getSource<GeoJSONSource>('keyboard-draft')
    void source?.setData({ type: 'FeatureCollection', features: [...line, ...points] })
  }

  private onKey = (e: KeyboardEvent): void => {
    if (!this.keyboardDraw) return
    const action =
      e.key === 'Enter' || e.key === ' '
        ? 'add'
        : e.key === 'Backspace'
          ? 'undo'
          : e.key === 'f' || e.key === 'F'
            ? 'finish'
            : e.key === 'Escape'
              ? 'cancel'
              : null
    if (!action) return
    e.preventDefault()
    this.handlers.onKeyboardDraw?.(action, this.center())
  }

  // ---------------------------------------------------------------- overlays and camera

  /**
   * A named source with its layers (plain specs a feature builds, e.g. with `polygonLayers`), drawn above the
   * basemap. Calling it again with the same id swaps the data, and only when it is another object; layers
   * given anew (another object) have their paint brought up to date, as when colours follow a theme. With
   * `interactive`, hovering and clicking its features reach `onOverlayHover` and `onOverlayClick` (features
   * need ids).
   */
  setSource(id: string, data: FeatureCollection, layers: LayerSpecification[], interactive = false): void {
    const entry = this.sources.get(id)
    if (entry && entry.data === data && entry.layers === layers) return
    if (entry && entry.layers !== layers && this.ready) this.repaint(entry.layers, layers)
    this.sources.set(id, { data, layers, interactive, sent: entry?.sent })
    if (entry && entry.data === data) return
    // Feature ids now name other features: the next pointer move reports what is under it afresh.
    this.hovered.delete(id)
    // Not isStyleLoaded(): it is false while any source loads, and the data would wait for nothing.
    if (this.ready) this.addSource(id)
  }

  /** Hover, selection and the like, per feature (features need ids), without sending the data again. */
  setFeatureState(source: string, featureId: string | number, state: Record<string, boolean>): void {
    if (this.map.getSource(source)) this.map.setFeatureState({ source, id: featureId }, state)
  }

  /** Calls back once the map has drawn everything it was given so far (MapLibre's `idle`). */
  afterIdle(callback: () => void): void {
    this.map.once('idle', callback)
  }

  /** The box in view, west and east as MapLibre gives them (they may run past ±180). */
  bounds(): Bbox {
    const b = this.map.getBounds()
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
  }

  /** Sets the paint properties that differ between a source's old and new layers (same ids). */
  private repaint(before: LayerSpecification[], after: LayerSpecification[]): void {
    type Paint = Parameters<MlMap['setPaintProperty']>
    for (const layer of after) {
      const old = before.find((l) => l.id === layer.id)
      if (!old || !this.map.getLayer(layer.id)) continue
      const paint = ('paint' in layer ? (layer.paint ?? {}) : {}) as Record<string, Paint[2]>
      const oldPaint = ('paint' in old ? (old.paint ?? {}) : {}) as Record<string, Paint[2]>
      for (const [name, value] of Object.entries(paint))
        if (JSON.stringify(value) !== JSON.stringify(oldPaint[name]))
          this.map.setPaintProperty(layer.id, name as Paint[1], value)
    }
  }

  private addSource(id: string): void {
    const entry = this.sources.get(id)
    if (!entry) return
    const src = this.map.getSource<GeoJSONSource>(id)
    if (src) {
      if (entry.sent !== entry.data) void src.setData(entry.data)
      entry.sent = entry.data
      return
    }
    this.map.addSource(id, { type: 'geojson', data: entry.data })
    entry.sent = entry.data
    for (const layer of entry.layers) this.map.addLayer(layer)
  }

  private pick(point: { x: number; y: number }, what: 'hover' | 'click'): void {
    const layers = [...this.sources]
      .filter(([, e]) => e.interactive)
      .flatMap(([, e]) => e.layers.filter((l) => l.type === 'fill').map((l) => l.id))
      .filter((l) => this.map.getLayer(l))
    if (layers.length === 0) return
    const hits = this.map.queryRenderedFeatures([point.x, point.y], { layers })
    // The smallest shape under the pointer wins: a small scene inside a large one stays reachable.
    const hit = hits
      .filter((f) => f.id !== undefined)
      .sort((a, b) => spanOf(a.geometry) - spanOf(b.geometry))[0]
    const source = hit?.source
    const fid = hit?.id
    if (what === 'click') {
      if (source !== undefined && fid !== undefined) this.handlers.onOverlayClick?.(source, fid)
      return
    }
    for (const [src, id] of this.hovered) {
      if (src === source && id === fid) continue
      this.hovered.delete(src)
      this.handlers.onOverlayHover?.(src, null)
    }
    if (source !== undefined && fid !== undefined && this.hovered.get(source) !== fid) {
      this.hovered.set(source, fid)
      this.handlers.onOverlayHover?.(source, fid)
    }
    this.map.getCanvas().style.cursor = source !== undefined ? 'pointer' : ''
  }

  private clearHover(): void {
    for (const src of this.hovered.keys()) this.handlers.onOverlayHover?.(src, null)
    this.hovered.clear()
    this.map.getCanvas().style.cursor = ''
  }

  // ---------------------------------------------------------------- images

  /**
   * Pictures placed at their corners (quicklooks), below every overlay's shapes so outlines stay visible.
   * The list replaces the previous one; unchanged images are left alone and opacity changes are cheap.
   */
  setImages(images: MapImage[]): void {
    this.images = images
    if (this.ready) this.syncImages()
  }

  private syncImages(): void {
    const want = new Map(this.images.map((i) => [`image-${i.id}`, i]))
    for (const layer of this.map.getStyle().layers ?? []) {
      if (layer.id.startsWith('image-') && !want.has(layer.id)) {
        this.map.removeLayer(layer.id)
        if (this.map.getSource(layer.id)) this.map.removeSource(layer.id)
      }
    }
    const firstOverlay = this.firstOverlayLayer()
    for (const [key, img] of want) {
      if (!this.map.getSource(key)) {
        this.map.addSource(key, { type: 'image', url: img.url, coordinates: img.corners })
        this.map.addLayer(
          {
            id: key,
            type: 'raster',
            source: key,
            paint: { 'raster-opacity': img.opacity, 'raster-fade-duration': 0 },
          },
          firstOverlay,
        )
      } else if (this.map.getPaintProperty(key, 'raster-opacity') !== img.opacity) {
        this.map.setPaintProperty(key, 'raster-opacity', img.opacity)
      }
    }
  }

  private firstOverlayLayer(): string | undefined {
    const overlays = new Set([...this.sources.values()].flatMap((e) => e.layers.map((l) => l.id)))
    return (this.map.getStyle().layers ?? []).find((l) => overlays.has(l.id))?.id
  }

  private addOverlayLayers(): void {
    this.map.addSource('keyboard-draft', {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
    })
    this.map.addLayer({
      id: 'keyboard-draft-line',
      type: 'line',
      source: 'keyboard-draft',
      paint: { 'line-color': AOI_COLOR, 'line-width': 2, 'line-dasharray': [1, 1] },
    })
    this.map.addLayer({
      id: 'keyboard-draft-points',
      type: 'circle',
      source: 'keyboard-draft',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: { 'circle-color': AOI_COLOR, 'circle-radius': 4 },
    })
    for (const [id, entry] of this.sources) {
      entry.sent = undefined
      this.addSource(id)
    }
    this.syncImages()
  }

  fitTo(bbox: Bbox, animate = true): void {
    const [w, s, e, n] = bbox
    if (![w, s, e, n].every(Number.isFinite)) return
    this.framed = bbox
    this.map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 48, maxZoom: 14, animate },
    )
  }

  /** Flies the camera to a point (a place picked in "Go to a place"). */
  flyTo(center: LonLat, zoom: number): void {
    this.framed = null
    this.map.flyTo({ center, zoom, essential: true })
  }

  center(): LonLat {
    const c = this.map.getCenter()
    return [c.lng, c.lat]
  }

  destroy(): void {
    this.destroyed = true
    this.map.getCanvasContainer().removeEventListener('keydown', this.onKey)
    this.draw?.stop()
    this.map.remove()
  }
}

/** Width plus height of a shape's box, in degrees: enough to tell a small footprint from a large one. */
function spanOf(g: Geometry): number {
  const xs: number[] = []
  const ys: number[] = []
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      xs.push(c[0])
      ys.push(c[1] as number)
    } else if (Array.isArray(c)) c.forEach(walk)
  }
  if ('coordinates' in g) walk(g.coordinates)
  return xs.length ? Math.max(...xs) - Math.min(...xs) + Math.max(...ys) - Math.min(...ys) : Infinity
}

function asFeature(p: Polygon): Feature<Polygon> {
  return { type: 'Feature', properties: {}, geometry: p }
}
