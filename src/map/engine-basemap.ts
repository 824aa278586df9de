import type { FeatureCollection } from 'geojson'
import type { GeoJSONSource, Map as MlMap, MapSourceDataEvent, StyleSpecification } from 'maplibre-gl'
import {
  basemapAssetUrl,
  basemapPaint,
  bandSource,
  MORE_PLACES_SOURCE,
  offlineStyle,
  PLACE_DOT,
  placeDotImage,
  WORLD_UNDER_REGION,
  type Scheme,
} from './basemap'
import { BAND_MINZOOM, cellsFor } from './basemap-bands'
import { DetailCells, type CellFeatures } from './detail-cells'
import { EMPTY_FC } from './engine-shared'
import type { Bbox, EngineLife } from './engine-types'

const WORLD = bandSource('world')
const REGION = bandSource('region')
const DETAIL = bandSource('detail')
/** The most detail cells one view asks for: a view over much of the world at their zoom is rare (a very large window). */
const MAX_CELLS = 24

type Paint = [layer: string, property: string, value: unknown][]

/**
 * The map engine's basemap: the style (offline or an online URL), the offline style's colours, and its bands
 * handed to MapLibre as the camera nears them — the world band first, then the region band and the place
 * labels by URL (MapLibre's worker fetches them), and the detail band's cells in view, fetched here.
 */
export class EngineBasemap {
  private scheme: Scheme
  /** The scheme the current offline style was built or last recoloured in. */
  private styleScheme: Scheme
  private style = 'offline'
  /** Counts style loads: an answer for an earlier style is dropped. */
  private styleGen = 0
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
  private readonly cells: DetailCells
  private readonly base: string
  private readonly bounds: () => Bbox

  constructor(
    private readonly map: MlMap,
    private readonly life: Readonly<EngineLife>,
    opts: {
      /** The console's root URL, against which the basemap's assets are named (a page's path may be deep). */
      base: string
      scheme: Scheme
      /** The style the map was made with (`offlineStyle` in `scheme`). */
      style: StyleSpecification
      /** The box in view, for the detail cells it covers. */
      bounds: () => Bbox
    },
  ) {
    this.base = opts.base
    this.scheme = opts.scheme
    this.styleScheme = opts.scheme
    this.bounds = opts.bounds
    this.noteUrlSources(opts.style)
    this.cells = new DetailCells((key) => fetchCell(basemapAssetUrl(this.base, `detail/${key}.json`)))
    // The finer bands load as the camera comes near them: a world view fetches only the world band.
    map.on('moveend', () => this.loadBands())
    map.on('sourcedata', (e) => this.onSourceData(e))
    // Should the world band fail to load, the finer bands do not wait for it.
    map.on('error', (e) => {
      // MapLibre names the source of a source's error on the event, beyond its type.
      if (
        (e as { sourceId?: string }).sourceId === WORLD &&
        !this.worldIn &&
        this.style === 'offline' &&
        this.life.ready
      )
        this.letWorldIn()
    })
    map.setMissingStyleImageResolver((id) => {
      if (id === PLACE_DOT && !map.hasImage(PLACE_DOT))
        map.addImage(PLACE_DOT, placeDotImage(), { sdf: true })
    })
  }

  /**
   * Recolours the offline basemap in place (no style reload, so drawings and overlays stay). Before the style
   * has loaded, the recolouring waits for it (`styleLoaded`), so the first frame drawn is already in the scheme.
   */
  setScheme(scheme: Scheme): void {
    if (scheme === this.scheme) return
    this.scheme = scheme
    // Not isStyleLoaded(): it is false while any source loads.
    if (this.life.ready) this.recolour()
  }

  /**
   * The style to switch to ('offline' or an online style URL), or null when it is the current one. Answers
   * still on their way belong to the style being left, and are dropped.
   */
  switchTo(style: string): StyleSpecification | string | null {
    if (style === this.style) return null
    this.style = style
    this.styleGen++
    if (style !== 'offline') return style
    const spec = offlineStyle(this.scheme, this.base)
    this.styleScheme = this.scheme
    this.noteUrlSources(spec)
    return spec
  }

  /** After a style has loaded: the offline style's colours, and the bands the camera is near. */
  styleLoaded(): void {
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

  private recolour(): void {
    if (this.style !== 'offline' || this.styleScheme === this.scheme) return
    this.styleScheme = this.scheme
    this.setPaint(basemapPaint(this.scheme))
  }

  private setPaint(paint: Paint): void {
    for (const [id, prop, v] of paint)
      if (this.map.getLayer(id))
        this.map.setPaintProperty(
          id,
          prop as Parameters<MlMap['setPaintProperty']>[1],
          v as Parameters<MlMap['setPaintProperty']>[2],
        )
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

  /** The world band has drawn (or failed): the finer bands may go to the worker, the cells that waited first. */
  private letWorldIn(): void {
    this.worldIn = true
    this.loadBands()
    const detail = this.pendingDetail
    this.pendingDetail = null
    if (detail) void this.map.getSource<GeoJSONSource>(DETAIL)?.setData(detail)
  }

  /**
   * Hands the region band to MapLibre (its worker fetches it) once the zoom comes within half a level of it,
   * and the detail band's cells in view, fetched here and merged into one source.
   */
  private loadBands(): void {
    if (this.life.destroyed || this.style !== 'offline' || !this.life.ready) return
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
    const want = cellsFor(this.bounds()).slice(0, MAX_CELLS)
    const key = want.join(' ')
    if (key === this.detailWanted) return
    this.detailWanted = key
    const gen = this.styleGen
    void this.cells.want(want).then((data) => {
      // A later move asked for other cells meanwhile: its own answer fills the source.
      if (this.life.destroyed || gen !== this.styleGen || key !== this.detailWanted) return
      if (this.worldIn) void this.map.getSource<GeoJSONSource>(DETAIL)?.setData(data)
      else this.pendingDetail = data
    })
  }
}

/** A detail cell's features; cells over open sea do not exist, and are empty (covered as sea). */
function fetchCell(url: string): Promise<CellFeatures> {
  return fetch(url)
    .then((r) => (r.ok ? (r.json() as Promise<FeatureCollection>) : r.status === 404 ? EMPTY_FC : null))
    .then((fc) => fc?.features ?? null)
    .catch(() => null)
}
