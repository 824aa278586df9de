import type { Map as MlMap } from 'maplibre-gl'
import type { Bbox, HandlersOf, LonLat } from './engine-types'

/**
 * The map engine's camera: framing a box, flying to a place, and telling the page where the camera stopped.
 * The camera itself lives in MapLibre; this keeps only what framing needs to remember.
 */
export class EngineCamera {
  /** Whether the map has drawn once (first `idle`): until then a fit jumps, as there is nothing to fly from. */
  private drawn = false
  /**
   * The box the page last asked to frame, until the analyst moves the camera: a map whose size settles after
   * the fit (a panel laid out late, a window resized) frames it again instead of cropping it.
   */
  private framed: Bbox | null = null

  constructor(
    private readonly map: MlMap,
    handlers: HandlersOf,
  ) {
    map.on('moveend', (e) => handlers().onViewChange?.(this.bounds(), e.originalEvent !== undefined))
    map.on('movestart', (e) => {
      if (e.originalEvent) this.framed = null
    })
    map.on('resize', () => {
      if (this.framed) this.fitTo(this.framed, false)
    })
    map.once('idle', () => (this.drawn = true))
  }

  /**
   * Frames a box: flying there once the map has drawn and has nothing left to lay out, jumping there otherwise.
   * A map opened on an order or an AOI starts where it belongs, and fetches that place's basemap at once rather
   * than after a flight. A map still laying out tiles (a search's footprints just handed over, a basemap band)
   * jumps too (decision 72): each frame of a flight draws the whole map, which where WebGL is emulated leaves a
   * 1.4 s flight two frames, and the tiles where it ends are laid out only once it has: an every-host search's
   * framing held its map's idle with 2,000 footprints back by seconds.
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
      { padding: 48, maxZoom: 14, animate: animate && this.drawn && this.map.loaded() },
    )
  }

  /**
   * Whether the camera shows the whole box already. It is then remembered as the box to frame, as a fit would
   * (a map whose size settles later frames it whole), and the camera stays.
   */
  shows(bbox: Bbox): boolean {
    const [w, s, e, n] = this.bounds()
    if (!(bbox[0] >= w && bbox[1] >= s && bbox[2] <= e && bbox[3] <= n)) return false
    this.framed = bbox
    return true
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

  /** The box in view, west and east as MapLibre gives them (they may run past ±180). */
  bounds(): Bbox {
    const b = this.map.getBounds()
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
  }

  /** Forgets the box to frame: a map taken down follows no later size. */
  stop(): void {
    this.framed = null
  }
}
