import type { FeatureCollection, Polygon } from 'geojson'
import type { LayerSpecification, Map as MlMap } from 'maplibre-gl'
import { whenIdle } from '../lib/when-idle'
import { offlineStyle, type Scheme } from './basemap'
import { EngineBasemap } from './engine-basemap'
import { EngineCamera } from './engine-camera'
import { EngineDrawing } from './engine-drawing'
import { holdFrames } from './engine-frame'
import { EngineImagery } from './engine-imagery'
import { createMap } from './engine-map'
import { EngineKeyboard } from './engine-keyboard'
import { EngineOverlays, type OverlayOptions } from './engine-overlays'
import { EnginePicking } from './engine-picking'
import { IDLE_WAIT } from './engine-shared'
import type { Bbox, DrawMode, EngineLife, LonLat, MapEngineHandlers, MapImage } from './engine-types'
import type { FootprintView } from './layers'
import type { Swipe } from './swipe'

export type { Bbox, DrawMode, LonLat, MapEngineHandlers, MapImage } from './engine-types'

/** How long a map taken off its page waits before it is removed (see `destroy`). */
const REMOVE_AFTER = 2000

/** How a fit moves (`MapEngine.fitTo`). */
export interface FitHow {
  /** Only to bring the box into view: a camera that shows it whole stays. */
  reveal?: boolean
  /**
   * Now, not with the data waiting to be handed over: a jump after the page's next frame, so the basemap is
   * laid out at the new place while the rest of the data comes (an every-host search's first scenes).
   */
  ahead?: boolean
}

/** At most this long after the page's next frame, a fit asked `ahead` jumps (`whenIdle`). */
const AHEAD_WAIT = 50

/**
 * Owns the MapLibre map. React creates it once and pushes plain data through idempotent setters; the camera
 * and hover live in MapLibre, never in React state. A façade: the work is its parts' (docs/decisions/0053) —
 * the basemap, the camera, the overlays with their feed and picking, the AOI's drawing, keyboard drawing,
 * and the pictures with swipe compare — which share the map, the handlers and the engine's life.
 */
export class MapEngine {
  readonly map: MlMap
  private handlers: MapEngineHandlers = {}
  private readonly life: EngineLife = { ready: false, destroyed: false }
  private readonly resizes: ResizeObserver
  private readonly basemap: EngineBasemap
  private readonly camera: EngineCamera
  private readonly overlays: EngineOverlays
  private readonly drawing: EngineDrawing
  private readonly keyboard: EngineKeyboard
  private readonly imagery: EngineImagery
  /** The fit waiting for an overlay's data (`fitTo`), until it goes or the camera is moved otherwise. */
  private fitWaiting: object | null = null
  /** Ends the hold on the map's frames under way (`paintFirst`), if any. */
  private endHold: ((draw?: boolean) => void) | null = null

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
    this.handlers = opts.handlers ?? {}
    const handlers = () => this.handlers
    // The console's root URL, against which the basemap's assets are named (the page's path may be deep).
    const base = new URL(import.meta.env.BASE_URL, location.href).href
    const style = offlineStyle(opts.scheme, base)
    const { map, resizes } = createMap(container, style, opts.center)
    this.map = map
    this.resizes = resizes
    map.on('mousemove', (e) => this.handlers.onCursor?.([e.lngLat.lng, e.lngLat.lat]))
    map.on('mouseout', () => this.handlers.onCursor?.(null))
    // The parts listen to the map as they are made, in this order (a moved camera is reported before the
    // basemap follows it; a resized map is framed again before the swipe's cut is redrawn).
    const picking = new EnginePicking(map, handlers, () => this.overlays.interactiveFills())
    this.overlays = new EngineOverlays(map, this.life, (id) => picking.forget(id))
    const camera = (this.camera = new EngineCamera(map, handlers))
    this.basemap = new EngineBasemap(map, this.life, {
      base,
      scheme: opts.scheme,
      style,
      bounds: () => camera.bounds(),
    })
    this.imagery = new EngineImagery(map, this.life)
    this.drawing = new EngineDrawing(map, this.life, handlers, this.overlays)
    this.keyboard = new EngineKeyboard(map, handlers, () => camera.center())
    if (opts.fit) camera.fitTo(opts.fit, false)
    map.on('movestart', (e) => {
      if (e.originalEvent) this.fitWaiting = null
    })
    // Not `load`, which waits until the basemap has drawn: overlays go in with the style, and the map draws
    // them and the basemap in one pass.
    map.once('style.load', () => {
      this.styleLoaded()
      this.handlers.onReady?.()
    })
  }

  setHandlers(handlers: MapEngineHandlers): void {
    this.handlers = handlers
  }

  isReady(): boolean {
    return this.life.ready
  }

  // ---------------------------------------------------------------- basemap

  /**
   * Recolours the offline basemap in place (no style reload, so drawings and overlays stay). Before the style
   * has loaded, the recolouring waits for it (style.load), so the first frame drawn is already in the scheme.
   */
  setScheme(scheme: Scheme): void {
    this.basemap.setScheme(scheme)
  }

  /** Switches to 'offline' or an online style URL; drawings and overlays are carried over. */
  setStyle(style: string): void {
    const spec = this.basemap.switchTo(style)
    if (spec === null) return
    const drawn = this.drawing.stop()
    this.life.ready = false
    this.map.setStyle(spec)
    this.map.once('style.load', () => this.styleLoaded(drawn))
  }

  /** A style has loaded: the overlays, the keyboard's draft and the pictures go in with it, then the AOI. */
  private styleLoaded(drawn?: Parameters<EngineDrawing['styleLoaded']>[0]): void {
    this.overlays.addBands()
    this.keyboard.addLayers()
    this.overlays.addAll()
    this.imagery.sync()
    this.life.ready = true
    this.basemap.styleLoaded()
    this.drawing.styleLoaded(drawn)
  }

  // ---------------------------------------------------------------- drawing

  /** Whether terra-draw is running (it loads with the first drawing or editing). */
  isDrawing(): boolean {
    return this.drawing.isDrawing()
  }

  setDrawMode(mode: DrawMode): void {
    this.drawing.setDrawMode(mode)
  }

  /** Replaces what is drawn, unless it is what the map itself just reported (no feedback loop). */
  setAoi(polygons: Polygon[], force = false): void {
    this.drawing.setAoi(polygons, force)
  }

  /** While on, keys pressed on the focused map add vertices at its centre (a crosshair marks it). */
  setKeyboardDraw(on: boolean, vertices: LonLat[] = []): void {
    this.keyboard.set(on, vertices)
  }

  // ---------------------------------------------------------------- overlays

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
    opts: OverlayOptions = {},
  ): void {
    this.overlays.set(id, data, layers, opts)
  }

  /** Takes a source and its layers off the map: an overlay the page no longer lists. */
  removeSource(id: string): void {
    this.overlays.remove(id)
  }

  /**
   * Shows every footprint of the `footprints` overlays, only their kept ones, or none. Hiding and narrowing
   * are a layer's visibility and filter: MapLibre's worker lays the tiles out again, the data stays.
   */
  setFootprintView(view: FootprintView): void {
    this.overlays.setFootprintView(view)
  }

  /** Hover, selection and the like, per feature (features need ids), without sending the data again. */
  setFeatureState(source: string, featureId: string | number, state: Record<string, boolean>): void {
    if (this.map.getSource(source)) this.map.setFeatureState({ source, id: featureId }, state)
  }

  /** Calls back once the map has drawn everything it was given so far (MapLibre's `idle`). */
  afterIdle(callback: () => void): void {
    this.overlays.afterIdle(callback)
  }

  // ---------------------------------------------------------------- images

  /**
   * Pictures placed at their corners (quicklooks), above the footprints and the areas' fills (which would tint
   * them) and below the areas' outlines.
   * The list replaces the previous one; unchanged images are left alone and opacity changes are cheap.
   */
  setImages(images: MapImage[]): void {
    this.imagery.set(images)
  }

  /**
   * Compares two of the images side by side (swipe compare): `left` shows left of a vertical line at
   * `position` (a share of the map's width), `right` right of it; null shows them whole again.
   */
  setSwipe(swipe: Swipe | null): void {
    this.imagery.setSwipe(swipe)
  }

  // ---------------------------------------------------------------- frames

  /**
   * The page paints something first (a search's first rows): the map's next frame, asked before or meanwhile,
   * is drawn in the frame after the page's next one (`holdFrames`, decision 82).
   */
  paintFirst(): void {
    if (this.life.destroyed) return
    this.endHold = holdFrames(this.map)
  }

  // ---------------------------------------------------------------- camera

  /**
   * Frames a box: flying there once the map has drawn, jumping there before (a map opened on an order or an
   * AOI starts where it belongs, and fetches that place's basemap at once rather than after a flight). A fit
   * asked while an overlay's data waits to be handed over (a search's footprints, sent after the rows' frame)
   * waits for it and jumps in the same task, just before it: the map lays its tiles out once, at the framed
   * place with every footprint, where framed first it laid them out there, then again with the footprints
   * (decision 81). The analyst's own camera (a drag, "Go to a place") wins over a fit still waiting.
   */
  fitTo(bbox: Bbox, animate = true, how: FitHow = {}): void {
    // Only to bring more into view (an every-host search's later scenes, past what its first ones framed): a
    // camera that shows it all stays, its tiles laid out where they are (decision 83). With a fit still
    // waiting, the camera has not reached the earlier frame: this one replaces it.
    if (how.reveal && this.fitWaiting === null && this.camera.shows(bbox)) return
    const token = {}
    this.fitWaiting = token
    const go = (jump: boolean) => {
      if (this.fitWaiting !== token || this.life.destroyed) return
      this.fitWaiting = null
      this.camera.fitTo(bbox, animate && !jump)
    }
    if (!how.ahead) return this.overlays.beforeData(go)
    // Ahead of the data: a jump once the page's next frame is painted, or with the data if it goes first.
    whenIdle(() => go(true), AHEAD_WAIT)
    this.overlays.beforeData((held) => held && go(true))
  }

  /** Flies the camera to a point (a place picked in "Go to a place"). */
  flyTo(center: LonLat, zoom: number): void {
    this.fitWaiting = null
    this.camera.flyTo(center, zoom)
  }

  center(): LonLat {
    return this.camera.center()
  }

  /** The box in view, west and east as MapLibre gives them (they may run past ±180). */
  bounds(): Bbox {
    return this.camera.bounds()
  }

  /**
   * Takes the map down. Once its page has left the document, that waits REMOVE_AFTER ms and then for an idle
   * moment: freeing its GPU buffers and losing its WebGL context holds the main thread for a few hundred
   * milliseconds on a software GL, which the next page's first render, requests and pictures should not wait
   * for. Meanwhile it neither follows its box (resizing its canvas costs as much) nor says anything to the page.
   */
  destroy(): void {
    this.life.destroyed = true
    this.handlers = {}
    this.endHold?.(false)
    this.camera.stop()
    this.resizes.disconnect()
    this.keyboard.stop()
    this.drawing.stop()
    if (this.map.getContainer().isConnected) this.map.remove()
    else setTimeout(() => whenIdle(() => this.map.remove(), IDLE_WAIT), REMOVE_AFTER)
  }
}
