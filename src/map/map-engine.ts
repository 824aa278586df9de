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
  type MapSourceDataEvent,
  type StyleSpecification,
} from 'maplibre-gl'
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw'
import { selfIntersections } from '../lib/geo/crossings'
import { rectanglePolygon } from '../lib/geo/shapes'
import {
  basemapAssetUrl,
  basemapPaint,
  bandSource,
  DETAIL_COVER,
  MORE_PLACES_SOURCE,
  offlineStyle,
  PLACE_DOT,
  placeDotImage,
  WORLD_UNDER_REGION,
  type Scheme,
} from './basemap'
import { BAND_MINZOOM, cellBox, cellsFor } from './basemap-bands'
import {
  bandEnd,
  bandOf,
  invisibleCopy,
  OVERLAY_BANDS,
  polygonLayers,
  viewedLayer,
  type FootprintView,
  type MapOverlay,
} from './layers'
import { SwipeCut, type Swipe } from './swipe'
import { whenIdle } from '../lib/when-idle'

/** A lon/lat box as a polygon (a basemap cell's cover). */
const boxPolygonOf = ([w, s, e, n]: Bbox): Polygon => rectanglePolygon([w, s], [e, n])

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

const AOI_COLOR = '#0b7285'
const PROBLEM_COLOR = '#c92a2a'
const AOI_LAYERS = polygonLayers('aoi-shapes', { color: AOI_COLOR, fillOpacity: 0.18 })
const PROBLEM_LAYERS = polygonLayers('aoi-problems', {
  color: PROBLEM_COLOR,
  fillOpacity: 0.15,
  dashed: true,
})
/** The AOI is an area: above every footprint, its fill under the quicklooks. */
const AREA = { tier: 'areas' } as const
const EMPTY_FC: FeatureCollection = { type: 'FeatureCollection', features: [] }
const WORLD = bandSource('world')
const REGION = bandSource('region')
/** Detail cells kept fetched beyond those in view, for panning back (a city view needs one to four). */
const KEPT_CELLS = 16
/**
 * The most features of an interactive overlay handed to MapLibre in one task. MapLibre copies what it sends
 * to its worker by walking every value on this thread, so 2,000 footprints at once can be a long task of their
 * own (15–65 ms measured in Chromium on the bench machine; 500 took 7–12 ms); more go in slices, see
 * `sendData`. Each slice costs the worker a new index of everything sent so far and the map a reload of its
 * tiles: at 200 a slice, one search's 500 footprints took three rounds of both where the bare map takes one,
 * 1.9× its time (decision 47). One host's page (500) goes whole.
 */
const SLICE = 1000
/**
 * An interactive overlay sending more features than this waits until the page is idle (at most IDLE_WAIT): the
 * list that came with them paints first. Sent in the answer's own task, 500 footprints put the map's frame
 * (its tiles' new buckets; slow where WebGL is emulated) before the frame with the first rows: 590 ms instead
 * of 60 from the answer to the rows.
 */
const DEFER_OVER = 200
/** How long a slice waits at most for the page to be idle. */
const IDLE_WAIT = 300
/** How long a map taken off its page waits before it is removed (see `destroy`). */
const REMOVE_AFTER = 2000

/**
 * Owns the MapLibre map and the terra-draw instance. React creates it once and pushes plain data through
 * idempotent setters; the camera and hover live in MapLibre, never in React state.
 */
export class MapEngine {
  readonly map: MlMap
  private draw: TerraDraw | null = null
  private handlers: MapEngineHandlers = {}
  private scheme: Scheme
  /** The scheme the current offline style was built or last recoloured in. */
  private styleScheme: Scheme
  private style = 'offline'
  /** Counts style loads: an answer for an earlier style is dropped. */
  private styleGen = 0
  /** Whether the map has drawn once (first `idle`): until then a fit jumps, as there is nothing to fly from. */
  private drawn = false
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
    {
      data: FeatureCollection
      layers: LayerSpecification[]
      interactive: boolean
      prewarm?: boolean
      tier?: MapOverlay['tier']
      footprints?: MapOverlay['footprints']
      /** The data whose every feature MapLibre has been handed. */
      sent?: FeatureCollection
      /** The features handed so far, in order: a slice at a time while `slicing` runs. */
      onMap?: readonly Feature[]
      /** The slicing under way (its token), if any. */
      slicing?: object
    }
  >()
  /** Slicings under way: `afterIdle` waits for them. */
  private readonly slicings = new Set<object>()
  private afterSlicing: (() => void)[] = []
  /** Layers whose GPU programs were built ahead (`MapOverlay.prewarm`), by id: the programs outlive styles. */
  private readonly warmed = new Set<string>()
  private images: MapImage[] = []
  /** What the `footprints` overlays show (the map's footprint control). */
  private footprintView: FootprintView = 'all'
  private readonly canvases = new Map<string, HTMLCanvasElement>()
  private readonly resizes: ResizeObserver
  private readonly swipe: SwipeCut
  private readonly hovered = new Map<string, string | number>()
  /** The console's root URL, against which the basemap's assets are named (the page's path may be deep). */
  private readonly base = new URL(import.meta.env.BASE_URL, location.href).href
  /** Basemap data handed to the current style: whether the region band is in, which detail cells are. */
  private regionSent = false
  private morePlacesSent = false
  /**
   * The world band has drawn where the camera is: until then nothing else goes to MapLibre's worker (one on
   * a two-core machine), whose parsing of the region band or a detail cell would hold up the coarse land a
   * map shows first. The detail cells are fetched meanwhile and wait here.
   */
  private worldIn = false
  private worldData = false
  private pendingDetail: FeatureCollection | null = null
  /** The region band's data has reached the worker: once it has drawn, the world band's fills step aside. */
  private regionIn = false
  private worldTucked = false
  private detailWanted = ''
  /** The basemap sources given a URL (MapLibre's worker fetches them), by source id. */
  private readonly urlSources = new Map<string, string>()
  /**
   * The box the page last asked to frame, until the analyst moves the camera: a map whose size settles after
   * the fit (a panel laid out late, a window resized) frames it again instead of cropping it.
   */
  private framed: Bbox | null = null
  /**
   * Detail cells fetched (the latest few, kept across style switches), or their fetch under way: the
   * features, or null when the fetch failed (no cover then: the coarser bands stay visible there).
   */
  private readonly cells = new Map<string, Promise<Feature[] | null>>()

  constructor(
    container: HTMLElement,
    opts: {
      scheme: Scheme
      handlers?: MapEngineHandlers
      center?: LonLat
      /** The box to frame from the start: the first frame is drawn there, and its basemap fetched at once. */
      fit?: Bbox
    },
  ) {
    this.scheme = opts.scheme
    this.styleScheme = opts.scheme
    this.handlers = opts.handlers ?? {}
    const style = offlineStyle(opts.scheme, this.base)
    this.noteUrlSources(style)
    this.map = new MlMap({
      container,
      style,
      center: opts.center ?? [10, 30],
      zoom: 1.6,
      attributionControl: false,
      // Screenshots and tests read the canvas back.
      canvasContextAttributes: { preserveDrawingBuffer: true },
      // The engine follows its box's size itself (below), so that a map taken off its page stops at once.
      trackResize: false,
    })
    let observed = false
    this.resizes = new ResizeObserver(() => {
      // The first call is the observing itself: the map was made at that size.
      if (observed) this.map.resize()
      observed = true
    })
    this.resizes.observe(container)
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
    this.swipe = new SwipeCut(this.map)
    // The compared pictures are cut at a line on the screen: as the camera moves, so does the cut.
    this.map.on('move', () => {
      if (this.swipe.active) this.swipe.redraw()
    })
    this.map.on('resize', () => {
      if (this.swipe.active) this.swipe.redraw()
    })
    this.map.on('sourcedata', (e) => this.onSourceData(e))
    // Should the world band fail to load, the finer bands do not wait for it.
    this.map.on('error', (e) => {
      // MapLibre names the source of a source's error on the event, beyond its type.
      if (
        (e as { sourceId?: string }).sourceId === WORLD &&
        !this.worldIn &&
        this.style === 'offline' &&
        this.ready
      )
        this.letWorldIn()
    })
    this.map.once('idle', () => (this.drawn = true))
    this.map.setMissingStyleImageResolver((id) => {
      if (id === PLACE_DOT && !this.map.hasImage(PLACE_DOT))
        this.map.addImage(PLACE_DOT, placeDotImage(), { sdf: true })
    })
    this.map.getCanvasContainer().addEventListener('keydown', this.onKey)
    if (opts.fit) this.fitTo(opts.fit, false)
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

  /**
   * Recolours the offline basemap in place (no style reload, so drawings and overlays stay). Before the style
   * has loaded, the recolouring waits for it (style.load), so the first frame drawn is already in the scheme.
   */
  setScheme(scheme: Scheme): void {
    if (scheme === this.scheme) return
    this.scheme = scheme
    // Not isStyleLoaded(): it is false while any source loads.
    if (this.ready) this.recolour()
  }

  private recolour(): void {
    if (this.style !== 'offline' || this.styleScheme === this.scheme) return
    this.styleScheme = this.scheme
    this.setPaint(basemapPaint(this.scheme))
  }

  private setPaint(paint: [layer: string, property: string, value: unknown][]): void {
    for (const [id, prop, v] of paint)
      if (this.map.getLayer(id))
        this.map.setPaintProperty(
          id,
          prop as Parameters<MlMap['setPaintProperty']>[1],
          v as Parameters<MlMap['setPaintProperty']>[2],
        )
  }

  /** After the offline style has loaded: its colours, and the bands the camera is near. */
  private fillOffline(): void {
    this.styleGen++
    if (this.style !== 'offline') return
    this.recolour()
    this.regionSent = false
    this.morePlacesSent = false
    this.worldIn = false
    this.worldData = false
    this.pendingDetail = null
    this.regionIn = false
    this.worldTucked = false
    this.detailWanted = ''
    this.loadBands()
  }

  private noteUrlSources(style: StyleSpecification): void {
    for (const [id, source] of Object.entries(style.sources))
      if (source.type === 'geojson' && typeof source.data === 'string') this.urlSources.set(id, source.data)
  }

  /** Hands a basemap file to a source by URL: MapLibre's worker fetches and parses it off the main thread. */
  private sendUrl(source: string, file: string): Promise<void> {
    const url = basemapAssetUrl(this.base, file)
    this.urlSources.set(source, url)
    return this.map.getSource<GeoJSONSource>(source)?.setData(url) ?? Promise.resolve()
  }

  private onSourceData(e: MapSourceDataEvent): void {
    if (this.style !== 'offline') return
    // MapLibre 6 posts the data its worker fetched from a URL back to the page and keeps it there, for
    // getData() and getStyle(), neither of which the console asks of the basemap: the region band and the
    // place labels alone were some 9 MB of the page's heap. The worker keeps its own copy, which is the one it
    // draws from; the source keeps the URL instead (what getStyle() then gives, as it was set).
    const url = this.urlSources.get(e.sourceId)
    if (url && e.sourceDataType === 'content') {
      const src = this.map.getSource<GeoJSONSource>(e.sourceId)
      if (src?._data.geojson) src._data = { url }
    }
    if (e.sourceId === WORLD && !this.worldIn) {
      if (e.sourceDataType === 'content') this.worldData = true
      else if (this.worldData && this.map.isSourceLoaded(WORLD)) this.letWorldIn()
    }
    // The region band has drawn where the camera is: the world band's fills leave its zooms to it.
    if (
      e.sourceId === REGION &&
      this.regionIn &&
      !this.worldTucked &&
      this.map.getZoom() >= BAND_MINZOOM.region &&
      this.map.isSourceLoaded(REGION)
    ) {
      this.worldTucked = true
      this.setPaint(WORLD_UNDER_REGION)
    }
  }

  /**
   * Hands the region band to MapLibre (its worker fetches it) once the zoom comes within half a level of it,
   * and the detail band's cells in view, fetched here and merged into one source.
   */
  private letWorldIn(): void {
    this.worldIn = true
    this.loadBands()
    const detail = this.pendingDetail
    this.pendingDetail = null
    if (detail) void this.map.getSource<GeoJSONSource>(bandSource('detail'))?.setData(detail)
  }

  private loadBands(): void {
    if (this.destroyed || this.style !== 'offline' || !this.ready) return
    const zoom = this.map.getZoom()
    if (this.worldIn && !this.morePlacesSent && zoom >= BAND_MINZOOM.region - 0.5) {
      this.morePlacesSent = true
      void this.sendUrl(MORE_PLACES_SOURCE, 'place-labels-more.json')
    }
    // Where the detail band draws, the region band would only be parsed to be covered: the world band's land
    // stands in until the cells come.
    if (
      this.worldIn &&
      !this.regionSent &&
      zoom >= BAND_MINZOOM.region - 0.5 &&
      zoom < BAND_MINZOOM.detail + 0.5
    ) {
      this.regionSent = true
      const gen = this.styleGen
      void this.sendUrl(REGION, 'region.json').then(() => {
        if (gen !== this.styleGen) return
        this.regionIn = true
        // Already drawn where the camera is (its tiles loaded before this answer came back): step aside now.
        if (this.map.getSource(REGION) && this.map.isSourceLoaded(REGION))
          this.onSourceData({ sourceId: REGION } as MapSourceDataEvent)
      })
    }
    if (zoom < BAND_MINZOOM.detail - 0.5) return
    // A view over much of the world at this zoom is rare (a very large window): it is capped.
    const want = cellsFor(this.bounds()).slice(0, 24)
    const key = want.join(' ')
    if (key === this.detailWanted) return
    this.detailWanted = key
    for (const key of want) {
      const known = this.cells.get(key)
      if (known) {
        // Most recently wanted last: the oldest are dropped first.
        this.cells.delete(key)
        this.cells.set(key, known)
        continue
      }
      const cell = fetch(basemapAssetUrl(this.base, `detail/${key}.json`))
        // Cells over open sea do not exist: an empty cell (covered as sea).
        .then((r) => (r.ok ? (r.json() as Promise<FeatureCollection>) : r.status === 404 ? EMPTY_FC : null))
        .then((fc) => fc?.features ?? null)
        .catch(() => null)
        .then((features) => {
          if (!features) this.cells.delete(key)
          return features
        })
      this.cells.set(key, cell)
    }
    for (const old of [...this.cells.keys()].slice(
      0,
      Math.max(0, this.cells.size - want.length - KEPT_CELLS),
    ))
      this.cells.delete(old)
    const gen = this.styleGen
    void Promise.all(want.map((k) => this.cells.get(k) ?? Promise.resolve(null))).then((all) => {
      // A later move asked for other cells meanwhile: its own answer fills the source.
      if (this.destroyed || gen !== this.styleGen || key !== this.detailWanted) return
      // Each cell that came is laid over the coarser bands as a box of water under its own features: the
      // coarser land shows until then, and the cell replaces it, in the same tiles, so nothing flashes.
      const covers = want.flatMap((k, i): Feature[] =>
        all[i]
          ? [{ type: 'Feature', properties: { k: DETAIL_COVER }, geometry: boxPolygonOf(cellBox(k)) }]
          : [],
      )
      const data: FeatureCollection = {
        type: 'FeatureCollection',
        features: [...covers, ...all.flatMap((f) => f ?? [])],
      }
      if (this.worldIn) void this.map.getSource<GeoJSONSource>(bandSource('detail'))?.setData(data)
      else this.pendingDetail = data
    })
  }

  /** Switches to 'offline' or an online style URL; drawings and overlays are carried over. */
  setStyle(style: string): void {
    if (style === this.style) return
    this.style = style
    const spec: StyleSpecification | string =
      style === 'offline' ? offlineStyle(this.scheme, this.base) : style
    // Answers still on their way belong to the style being left.
    this.styleGen++
    if (typeof spec !== 'string') {
      this.styleScheme = this.scheme
      this.noteUrlSources(spec)
    }
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
    this.setSource('aoi-shapes', EMPTY_FC, AOI_LAYERS, AREA)
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
      AREA,
    )
  }

  /** The AOI through plain layers, before terra-draw: self-crossing shapes in red as terra-draw shows them. */
  private showAoi(polygons: Polygon[]): void {
    const bad = (p: Polygon) => selfIntersections(p).length > 0
    this.setSource(
      'aoi-shapes',
      { type: 'FeatureCollection', features: polygons.filter((p) => !bad(p)).map(asFeature) },
      AOI_LAYERS,
      AREA,
    )
    this.setSource(
      'aoi-problems',
      { type: 'FeatureCollection', features: polygons.filter(bad).map(asFeature) },
      PROBLEM_LAYERS,
      AREA,
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
  setSource(
    id: string,
    data: FeatureCollection,
    layers: LayerSpecification[],
    opts: Pick<MapOverlay, 'interactive' | 'prewarm' | 'tier' | 'footprints'> = {},
  ): void {
    const entry = this.sources.get(id)
    const kept = opts.footprints?.kept
    const keptChanged = !sameList(entry?.footprints?.kept, kept)
    if (entry && entry.data === data && entry.layers === layers && !keptChanged) return
    if (entry && entry.layers !== layers && this.ready) this.repaint(entry.layers, layers)
    this.sources.set(id, {
      data,
      layers,
      interactive: opts.interactive ?? false,
      prewarm: opts.prewarm,
      tier: opts.tier,
      footprints: opts.footprints,
      sent: entry?.sent,
      onMap: entry?.onMap,
      slicing: entry?.slicing,
    })
    if (entry && this.ready && (entry.layers !== layers || keptChanged)) this.applyView(id)
    if (entry && entry.data === data) return
    // Feature ids now name other features: the next pointer move reports what is under it afresh.
    this.hovered.delete(id)
    // Not isStyleLoaded(): it is false while any source loads, and the data would wait for nothing.
    if (this.ready) this.addSource(id)
  }

  /** Takes a source and its layers off the map: an overlay the page no longer lists. */
  removeSource(id: string): void {
    const entry = this.sources.get(id)
    if (!entry) return
    this.sources.delete(id)
    this.hovered.delete(id)
    if (entry.slicing) this.endSlicing(entry.slicing)
    if (!this.ready) return
    for (const layer of entry.layers) if (this.map.getLayer(layer.id)) this.map.removeLayer(layer.id)
    if (this.map.getSource(id)) this.map.removeSource(id)
  }

  /**
   * Shows every footprint of the `footprints` overlays, only their kept ones, or none. Hiding and narrowing
   * are a layer's visibility and filter: MapLibre's worker lays the tiles out again, the data stays.
   */
  setFootprintView(view: FootprintView): void {
    if (view === this.footprintView) return
    this.footprintView = view
    if (!this.ready) return
    for (const [id, entry] of this.sources) if (entry.footprints) this.applyView(id)
  }

  /** Brings a `footprints` overlay's layers' visibility and filter to the footprint view. */
  private applyView(id: string): void {
    const entry = this.sources.get(id)
    if (!entry?.footprints) return
    for (const layer of entry.layers) {
      if (!this.map.getLayer(layer.id)) continue
      const want = this.viewed(layer, entry)
      const visibility = ('layout' in want && want.layout?.visibility) || 'visible'
      if ((this.map.getLayoutProperty(layer.id, 'visibility') ?? 'visible') !== visibility)
        this.map.setLayoutProperty(layer.id, 'visibility', visibility)
      const filter = 'filter' in want ? want.filter : undefined
      if (JSON.stringify(this.map.getFilter(layer.id) ?? null) !== JSON.stringify(filter ?? null))
        this.map.setFilter(layer.id, filter ?? null)
    }
  }

  private viewed(layer: LayerSpecification, entry: { footprints?: MapOverlay['footprints'] }) {
    return entry.footprints ? viewedLayer(layer, this.footprintView, entry.footprints.kept) : layer
  }

  /** Hover, selection and the like, per feature (features need ids), without sending the data again. */
  setFeatureState(source: string, featureId: string | number, state: Record<string, boolean>): void {
    if (this.map.getSource(source)) this.map.setFeatureState({ source, id: featureId }, state)
  }

  /** Calls back once the map has drawn everything it was given so far (MapLibre's `idle`). */
  afterIdle(callback: () => void): void {
    if (this.slicings.size > 0) this.afterSlicing.push(callback)
    else this.map.once('idle', callback)
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
      if (entry.sent !== entry.data) this.sendData(id, src)
      return
    }
    this.map.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } })
    entry.onMap = []
    entry.sent = undefined
    for (const layer of entry.layers)
      this.map.addLayer(this.viewed(layer, entry), bandEnd(bandOf(layer, entry.tier)))
    if (entry.prewarm) this.prewarm(entry.layers)
    const added = this.map.getSource<GeoJSONSource>(id)
    if (added) this.sendData(id, added)
  }

  /**
   * Hands a source's data to MapLibre. Data that only adds features to what the map has (a search's next
   * answers, in arrival order) sends the new ones alone, through `updateData`; other data replaces it. An
   * interactive overlay (features with ids) with more than DEFER_OVER features to send gets them once the page
   * is idle (the list that the data came with shows first), SLICE at a time, each slice once MapLibre's worker
   * has taken the previous: no task copies more than a slice.
   */
  private sendData(id: string, src: GeoJSONSource): void {
    const entry = this.sources.get(id)
    if (!entry) return
    const features = entry.data.features
    const had = entry.onMap ?? []
    const appends = had.length <= features.length && had.every((f, i) => features[i] === f)
    const from = appends ? had.length : 0
    const sliced =
      entry.interactive &&
      features.length - from > DEFER_OVER &&
      features.every((f) => f.id !== undefined && f.id !== null)
    if (entry.slicing) this.endSlicing(entry.slicing)
    entry.slicing = undefined
    if (!sliced) {
      if (appends && from === features.length) {
        // Nothing new (the same features in a new collection, or none again: a search starting over none).
      } else if (appends && from > 0) void src.updateData({ add: features.slice(from) })
      else void src.setData(entry.data)
      entry.onMap = features
      entry.sent = entry.data
      return
    }
    const token = {}
    entry.slicing = token
    this.slicings.add(token)
    const live = () =>
      !this.destroyed &&
      this.sources.get(id)?.slicing === token &&
      this.map.getSource<GeoJSONSource>(id) === src
    const step = (replace: boolean) => {
      const now = this.sources.get(id)
      if (!live() || !now) return this.endSlicing(token)
      const at = replace ? 0 : (now.onMap?.length ?? 0)
      const slice = now.data.features.slice(at, at + SLICE)
      now.onMap = [...(replace ? [] : (now.onMap ?? [])), ...slice]
      const done = now.onMap.length >= now.data.features.length
      const sent = replace
        ? src.setData({ type: 'FeatureCollection', features: slice })
        : src.updateData({ add: slice })
      if (done) {
        now.sent = now.data
        now.slicing = undefined
        this.endSlicing(token)
        return
      }
      void sent.then(() => whenIdle(() => step(false), IDLE_WAIT))
    }
    whenIdle(() => step(!appends), IDLE_WAIT)
  }

  private endSlicing(token: object): void {
    if (!this.slicings.delete(token) || this.slicings.size > 0) return
    for (const callback of this.afterSlicing.splice(0)) this.map.once('idle', callback)
  }

  /**
   * Draws invisible copies of layers over the whole world until the map is next idle, so that MapLibre builds
   * the GPU programs they need now (each one a long task where WebGL is emulated) rather than in the frame
   * that first shows their data. Once per layer id: built programs stay with the map.
   */
  private prewarm(layers: LayerSpecification[]): void {
    const source = `prewarm-${layers[0]?.id ?? ''}`
    const copies = layers
      .filter((l) => !this.warmed.has(l.id))
      .flatMap((l) => invisibleCopy(l, `${l.id}-prewarm`, source) ?? [])
    if (copies.length === 0 || this.map.getSource(source)) return
    const world = boxPolygonOf([-180, -85, 180, 85])
    this.map.addSource(source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [asFeature(world)] },
    })
    for (const copy of copies) this.map.addLayer(copy)
    // The source object names this style's copy: after a style switch the new style's own copy is left alone.
    const added = this.map.getSource(source)
    this.map.once('idle', () => {
      if (this.destroyed || this.map.getSource(source) !== added) return
      for (const l of layers) this.warmed.add(l.id)
      for (const copy of copies) if (this.map.getLayer(copy.id)) this.map.removeLayer(copy.id)
      if (this.map.getSource(source)) this.map.removeSource(source)
    })
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
   * Pictures placed at their corners (quicklooks), above the footprints and the areas' fills (which would tint
   * them) and below the areas' outlines.
   * The list replaces the previous one; unchanged images are left alone and opacity changes are cheap.
   */
  setImages(images: MapImage[]): void {
    this.images = images
    if (this.ready) this.syncImages()
  }

  /**
   * Compares two of the images side by side (swipe compare): `left` shows left of a vertical line at
   * `position` (a share of the map's width), `right` right of it; null shows them whole again.
   */
  setSwipe(swipe: Swipe | null): void {
    if (this.swipe.set(swipe) && this.ready) this.syncImages()
  }

  private syncImages(): void {
    const want = new Map(this.swipe.shown(this.images).map((i) => [`image-${i.id}`, i]))
    // Another canvas is given to MapLibre anew: a static canvas source reads its pixels once, when added.
    const stale = (id: string) => {
      const img = want.get(id)
      return !img || ('canvas' in img && this.canvases.get(id) !== img.canvas)
    }
    for (const layer of this.map.getStyle().layers ?? []) {
      if (layer.id.startsWith('image-') && stale(layer.id)) {
        this.map.removeLayer(layer.id)
        if (this.map.getSource(layer.id)) this.map.removeSource(layer.id)
        this.canvases.delete(layer.id)
      }
    }
    for (const [key, img] of want) {
      if (!this.map.getSource(key)) {
        if ('canvas' in img) {
          this.map.addSource(key, {
            type: 'canvas',
            canvas: img.canvas,
            coordinates: img.corners,
            animate: false,
          })
          this.canvases.set(key, img.canvas)
        } else this.map.addSource(key, { type: 'image', url: img.url, coordinates: img.corners })
        this.map.addLayer(
          {
            id: key,
            type: 'raster',
            source: key,
            paint: { 'raster-opacity': img.opacity, 'raster-fade-duration': 0 },
          },
          bandEnd('pictures'),
        )
      } else if (this.map.getPaintProperty(key, 'raster-opacity') !== img.opacity) {
        this.map.setPaintProperty(key, 'raster-opacity', img.opacity)
      }
    }
  }

  private addOverlayLayers(): void {
    // The bands' end markers, above the basemap: each overlay's layers go in under their band's (`bandOf`).
    for (const band of OVERLAY_BANDS)
      this.map.addLayer({ id: bandEnd(band), type: 'background', layout: { visibility: 'none' } })
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

  /**
   * Frames a box: flying there once the map has drawn, jumping there before (a map opened on an order or an
   * AOI starts where it belongs, and fetches that place's basemap at once rather than after a flight).
   */
  fitTo(bbox: Bbox, animate = true): void {
    const [w, s, e, n] = bbox
    if (![w, s, e, n].every(Number.isFinite)) return
    this.framed = bbox
    this.map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 48, maxZoom: 14, animate: animate && this.drawn },
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

  /**
   * Takes the map down. Once its page has left the document, that waits REMOVE_AFTER ms and then for an idle
   * moment: freeing its GPU buffers and losing its WebGL context holds the main thread for a few hundred
   * milliseconds on a software GL, which the next page's first render, requests and pictures should not wait
   * for. Meanwhile it neither follows its box (resizing its canvas costs as much) nor says anything to the page.
   */
  destroy(): void {
    this.destroyed = true
    this.handlers = {}
    this.framed = null
    this.resizes.disconnect()
    this.map.getCanvasContainer().removeEventListener('keydown', this.onKey)
    this.draw?.stop()
    if (this.map.getContainer().isConnected) this.map.remove()
    else setTimeout(() => whenIdle(() => this.map.remove(), IDLE_WAIT), REMOVE_AFTER)
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

function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true
  if (!a || !b || a.length !== b.length) return false
  return a.every((x, i) => x === b[i])
}

function asFeature(p: Polygon): Feature<Polygon> {
  return { type: 'Feature', properties: {}, geometry: p }
}
