import type { FeatureCollection } from 'geojson'
import type { GeoJSONSource, LayerSpecification, Map as MlMap } from 'maplibre-gl'
import { asFeature, boxPolygonOf } from './engine-shared'
import type { EngineLife } from './engine-types'
import {
  bandEnd,
  bandOf,
  invisibleCopy,
  OVERLAY_BANDS,
  viewedLayer,
  type FootprintView,
  type MapOverlay,
} from './layers'
import { OverlayFeed, type Fed } from './overlay-feed'

export type OverlayOptions = Pick<MapOverlay, 'interactive' | 'prewarm' | 'tier' | 'footprints' | 'cluster'>

interface Overlay extends Fed {
  layers: LayerSpecification[]
  prewarm?: boolean
  tier?: MapOverlay['tier']
  footprints?: MapOverlay['footprints']
  cluster?: MapOverlay['cluster']
}

/**
 * The overlays the page gives the map (named sources with their layers, kept across style switches and
 * stacked in the bands of `layers.ts`), what the footprint control shows of them, and the GPU programs built
 * ahead for them. Their data reaches MapLibre through the `OverlayFeed`.
 */
export class EngineOverlays {
  private readonly sources = new Map<string, Overlay>()
  private readonly feed: OverlayFeed
  /** Layers whose GPU programs were built ahead (`MapOverlay.prewarm`), by id: the programs outlive styles. */
  private readonly warmed = new Set<string>()
  /** What the `footprints` overlays show (the map's footprint control). */
  private footprintView: FootprintView = 'all'

  /** `newData` hears of an overlay whose feature ids name other features now, or that left. */
  constructor(
    private readonly map: MlMap,
    private readonly life: Readonly<EngineLife>,
    private readonly newData: (id: string) => void,
  ) {
    this.feed = new OverlayFeed(map, life, (id) => this.sources.get(id))
  }

  /** See `MapEngine.setSource`. */
  set(id: string, data: FeatureCollection, layers: LayerSpecification[], opts: OverlayOptions = {}): void {
    const entry = this.sources.get(id)
    const kept = opts.footprints?.kept
    const keptChanged = !sameList(entry?.footprints?.kept, kept)
    if (entry && entry.data === data && entry.layers === layers && !keptChanged) return
    if (entry && entry.layers !== layers && this.life.ready) this.repaint(entry.layers, layers)
    this.sources.set(id, {
      data,
      layers,
      interactive: opts.interactive ?? false,
      prewarm: opts.prewarm,
      tier: opts.tier,
      footprints: opts.footprints,
      cluster: entry?.cluster ?? opts.cluster,
      sent: entry?.sent,
      onMap: entry?.onMap,
      slicing: entry?.slicing,
    })
    if (entry && this.life.ready && (entry.layers !== layers || keptChanged)) this.applyView(id)
    if (entry && entry.data === data) return
    this.newData(id)
    // Not isStyleLoaded(): it is false while any source loads, and the data would wait for nothing.
    if (this.life.ready) this.add(id)
  }

  /** Takes a source and its layers off the map: an overlay the page no longer lists. */
  remove(id: string): void {
    const entry = this.sources.get(id)
    if (!entry) return
    this.sources.delete(id)
    this.newData(id)
    if (entry.slicing) this.feed.stop(entry.slicing)
    if (!this.life.ready) return
    for (const layer of entry.layers) if (this.map.getLayer(layer.id)) this.map.removeLayer(layer.id)
    if (this.map.getSource(id)) this.map.removeSource(id)
  }

  /** See `MapEngine.setFootprintView`. */
  setFootprintView(view: FootprintView): void {
    if (view === this.footprintView) return
    this.footprintView = view
    if (!this.life.ready) return
    for (const [id, entry] of this.sources) if (entry.footprints) this.applyView(id)
  }

  /** The fill layers of the interactive overlays: what hovering and clicking pick from. */
  interactiveFills(): string[] {
    return [...this.sources.values()]
      .filter((e) => e.interactive)
      .flatMap((e) => e.layers.filter((l) => l.type === 'fill').map((l) => l.id))
  }

  afterIdle(callback: () => void): void {
    this.feed.afterIdle(callback)
  }

  /** See `OverlayFeed.beforeData`. */
  beforeData(callback: (held: boolean) => void): void {
    this.feed.beforeData(callback)
  }

  /** The bands' end markers, above the basemap: each overlay's layers go in under their band's (`bandOf`). */
  addBands(): void {
    for (const band of OVERLAY_BANDS)
      this.map.addLayer({ id: bandEnd(band), type: 'background', layout: { visibility: 'none' } })
  }

  /** Every overlay, on a style just loaded: all of its data goes again. */
  addAll(): void {
    for (const [id, entry] of this.sources) {
      entry.sent = undefined
      this.add(id)
    }
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

  private viewed(layer: LayerSpecification, entry: Overlay) {
    return entry.footprints ? viewedLayer(layer, this.footprintView, entry.footprints.kept) : layer
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

  private add(id: string): void {
    const entry = this.sources.get(id)
    if (!entry) return
    const src = this.map.getSource<GeoJSONSource>(id)
    if (src) {
      if (entry.sent !== entry.data) this.feed.send(id, src)
      return
    }
    this.map.addSource(id, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      ...clusterOf(entry),
    })
    entry.onMap = []
    entry.sent = undefined
    for (const layer of entry.layers)
      this.map.addLayer(this.viewed(layer, entry), bandEnd(bandOf(layer, entry.tier)))
    if (entry.prewarm) this.prewarm(entry.layers)
    const added = this.map.getSource<GeoJSONSource>(id)
    if (added) this.feed.send(id, added)
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
      if (this.life.destroyed || this.map.getSource(source) !== added) return
      for (const l of layers) this.warmed.add(l.id)
      for (const copy of copies) if (this.map.getLayer(copy.id)) this.map.removeLayer(copy.id)
      if (this.map.getSource(source)) this.map.removeSource(source)
    })
  }
}

export function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true
  if (!a || !b || a.length !== b.length) return false
  return a.every((x, i) => x === b[i])
}

/**
 * MapLibre's clustering options for an overlay that asks for it (`MapOverlay.cluster`), else none. Its tiles
 * stop one zoom past the last clustered one (the layers of centres end there; deeper tiles are never drawn),
 * and their buffer is what the widest disc (24 px and its stroke) needs, not MapLibre's 128 px: fewer and
 * smaller tiles to build at each zoom the camera crosses.
 */
export function clusterOf(entry: Pick<MapOverlay, 'cluster'>) {
  const c = entry.cluster
  return c
    ? {
        cluster: true,
        clusterRadius: c.radius,
        clusterMaxZoom: c.maxZoom,
        maxzoom: c.maxZoom + 1,
        buffer: 32,
      }
    : {}
}
