type Listener = (e: Record<string, unknown>) => void

interface FakeLayer {
  id: string
  type: string
  source?: string
  filter?: unknown
  layout?: Record<string, unknown>
  paint?: Record<string, unknown>
}

/**
 * A stand-in for a MapLibre map in unit tests of the map engine's parts (WebGL does not exist in node): it
 * keeps sources and layers in order, answers the getters the parts read, and lets a test fire the map's
 * events. Only the calls the parts make exist; another call fails the test with a TypeError.
 */
export class FakeMap {
  readonly listeners = new Map<string, Listener[]>()
  readonly sources = new Map<string, { spec: unknown; data: unknown[]; updates: unknown[] }>()
  private readonly handles = new Map<
    string,
    {
      setData: (data: unknown) => Promise<void>
      updateData: (diff: unknown) => Promise<void>
      /** MapLibre's page-side copy of a GeoJSON source's data (`GeoJSONSource._data`). */
      _data: { geojson?: unknown; url?: string }
    }
  >()
  readonly layers: FakeLayer[] = []
  readonly calls: string[] = []
  readonly canvas = { style: { cursor: '' }, setAttribute: () => undefined }
  readonly container = { clientWidth: 800, isConnected: true }
  camera = { center: { lng: 0, lat: 0 }, bounds: [-10, -5, 10, 5] as [number, number, number, number] }
  zoom = 1.6
  /** The sources whose tiles have loaded where the camera is (`isSourceLoaded`). */
  readonly loadedSources = new Set<string>()
  /** Whether tiles are still being laid out anywhere (`loaded()` answers the opposite). */
  laying = false
  /** What `queryRenderedFeatures` answers. */
  rendered: { id?: string | number; source: string; geometry: unknown }[] = []

  on(type: string, listener: Listener): this {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
    return this
  }

  once(type: string, listener: Listener): this {
    const wrapped: Listener = (e) => {
      this.listeners.set(
        type,
        (this.listeners.get(type) ?? []).filter((l) => l !== wrapped),
      )
      listener(e)
    }
    return this.on(type, wrapped)
  }

  /** Fires an event at the listeners registered for it, in their order. */
  fire(type: string, e: Record<string, unknown> = {}): void {
    for (const l of [...(this.listeners.get(type) ?? [])]) l(e)
  }

  fitBounds(box: unknown, opts: { animate?: boolean }): void {
    this.calls.push(`fitBounds ${JSON.stringify(box)} animate=${String(opts.animate)}`)
  }

  flyTo(opts: { center: unknown; zoom: number }): void {
    this.calls.push(`flyTo ${JSON.stringify(opts.center)} ${opts.zoom}`)
  }

  getCenter() {
    return this.camera.center
  }

  getBounds() {
    const [w, s, e, n] = this.camera.bounds
    return { getWest: () => w, getSouth: () => s, getEast: () => e, getNorth: () => n }
  }

  getZoom(): number {
    return this.zoom
  }

  /** MapLibre's `loaded()`: the style and every source's tiles in view are in. */
  loaded(): boolean {
    return !this.laying
  }

  isSourceLoaded(id: string): boolean {
    return this.loadedSources.has(id)
  }

  setMissingStyleImageResolver(): void {}

  getCanvas() {
    return this.canvas
  }

  getContainer() {
    return this.container
  }

  addSource(id: string, spec: { data?: unknown }): void {
    const source = { spec, data: [spec.data], updates: [] as unknown[] }
    this.sources.set(id, source)
    // One object per source, as MapLibre's: a part may compare what it was given with what the map has.
    this.handles.set(id, {
      _data: {},
      setData: (data: unknown) => {
        source.data.push(data)
        return Promise.resolve()
      },
      updateData: (diff: unknown) => {
        source.updates.push(diff)
        return Promise.resolve()
      },
    })
  }

  getSource(id: string) {
    return this.sources.has(id) ? this.handles.get(id) : undefined
  }

  removeSource(id: string): void {
    this.sources.delete(id)
  }

  addLayer(layer: FakeLayer, before?: string): void {
    const at = before === undefined ? -1 : this.layers.findIndex((l) => l.id === before)
    if (at < 0) this.layers.push(structuredClone(layer))
    else this.layers.splice(at, 0, structuredClone(layer))
  }

  getLayer(id: string) {
    return this.layers.find((l) => l.id === id)
  }

  removeLayer(id: string): void {
    const at = this.layers.findIndex((l) => l.id === id)
    if (at >= 0) this.layers.splice(at, 1)
  }

  getLayoutProperty(id: string, name: string): unknown {
    return this.getLayer(id)?.layout?.[name]
  }

  setLayoutProperty(id: string, name: string, value: unknown): void {
    const layer = this.getLayer(id)
    if (layer) layer.layout = { ...layer.layout, [name]: value }
  }

  getFilter(id: string): unknown {
    return this.getLayer(id)?.filter
  }

  setFilter(id: string, filter: unknown): void {
    const layer = this.getLayer(id)
    if (layer) layer.filter = filter ?? undefined
  }

  getPaintProperty(id: string, name: string): unknown {
    return this.getLayer(id)?.paint?.[name]
  }

  setPaintProperty(id: string, name: string, value: unknown): void {
    const layer = this.getLayer(id)
    if (layer) layer.paint = { ...layer.paint, [name]: value }
    this.calls.push(`paint ${id} ${name}`)
  }

  queryRenderedFeatures(_point: unknown, opts: { layers: string[] }) {
    this.calls.push(`query ${opts.layers.join(',')}`)
    return this.rendered
  }

  /**
   * This fake as the map a part takes (MapLibre's `Map`, inferred from where it is passed: only src/map
   * imports MapLibre, its types included).
   */
  asMap<M>(): M {
    return this as unknown as M
  }
}
