import type { Map as MlMap } from 'maplibre-gl'
import type { EngineLife, MapImage } from './engine-types'
import { bandEnd } from './layers'
import { SwipeCut, type Swipe } from './swipe'

/**
 * Pictures placed on the map at their corners (quicklooks by URL, delivered imagery on canvases) and the swipe
 * compare of two of them (`swipe.ts`).
 */
export class EngineImagery {
  private images: MapImage[] = []
  /** The canvas each canvas source was made from: another canvas is given to MapLibre anew. */
  private readonly canvases = new Map<string, HTMLCanvasElement>()
  private readonly swipe: SwipeCut

  constructor(
    private readonly map: MlMap,
    private readonly life: Readonly<EngineLife>,
  ) {
    this.swipe = new SwipeCut(map)
    // The compared pictures are cut at a line on the screen: as the camera moves, so does the cut.
    map.on('move', () => {
      if (this.swipe.active) this.swipe.redraw()
    })
    map.on('resize', () => {
      if (this.swipe.active) this.swipe.redraw()
    })
  }

  /** See `MapEngine.setImages`. */
  set(images: MapImage[]): void {
    this.images = images
    if (this.life.ready) this.sync()
  }

  /** See `MapEngine.setSwipe`. */
  setSwipe(swipe: Swipe | null): void {
    if (this.swipe.set(swipe) && this.life.ready) this.sync()
  }

  /** Brings the map's picture layers to the images (on a style just loaded, all of them). */
  sync(): void {
    const want = new Map(this.swipe.shown(this.images).map((i) => [`image-${i.id}`, i]))
    // Another canvas is given to MapLibre anew: a static canvas source reads its pixels once, when added.
    const stale = (id: string) => {
      const img = want.get(id)
      return !img || ('canvas' in img && this.canvases.get(id) !== img.canvas)
    }
    // The layers' ids alone: the style's copy (getStyle) serialises every source and layer, at each step.
    for (const id of this.map.getLayersOrder()) {
      if (id.startsWith('image-') && stale(id)) {
        this.map.removeLayer(id)
        if (this.map.getSource(id)) this.map.removeSource(id)
        this.canvases.delete(id)
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
}
