import type { CanvasSource, Map as MlMap } from 'maplibre-gl'
import type { MapImage } from './engine-types'
import { visiblePart, type Point } from './swipe-clip'

/** Two pictures of the map compared side by side: `left` shows left of the line, `right` right of it. */
export interface Swipe {
  left: string
  right: string
  /** Where the line is, as a share of the map's width (0..1). */
  position: number
}

interface Cut {
  /** The picture as given: its canvas, or its URL loaded into an image element. */
  from: HTMLCanvasElement | string
  picture: HTMLCanvasElement | HTMLImageElement | null
  /** What the map shows in its place: the picture cut at the line. */
  display: HTMLCanvasElement
  corners: MapImage['corners']
  side: 'left' | 'right'
}

/**
 * Swipe compare, for the map engine: each of the two pictures is handed to MapLibre as a canvas of its own,
 * redrawn with only the part on its side of the line whenever the line or the camera moves (MapLibre cannot
 * clip a layer, and one map keeps one WebGL context). Which part that is comes from `swipe-clip.ts`.
 */
export class SwipeCut {
  private swipe: Swipe | null = null
  private readonly cuts = new Map<string, Cut>()

  constructor(private readonly map: MlMap) {}

  get active(): boolean {
    return this.swipe !== null
  }

  /** Sets or clears the swipe; true when the pictures cut change (the images must be synced again). */
  set(swipe: Swipe | null): boolean {
    const before = this.swipe
    this.swipe = swipe
    if (!swipe) this.cuts.clear()
    const changed = before?.left !== swipe?.left || before?.right !== swipe?.right
    if (!changed) this.redraw()
    return changed
  }

  /** The images as MapLibre gets them: the two compared ones as their cut canvases, the others as given. */
  shown(images: readonly MapImage[]): MapImage[] {
    const swipe = this.swipe
    if (!swipe) return [...images]
    const kept = new Set<string>()
    const out = images.map((img): MapImage => {
      const side = img.id === swipe.left ? 'left' : img.id === swipe.right ? 'right' : null
      if (!side) return img
      kept.add(img.id)
      const cut = this.cutOf(img, side)
      return { id: img.id, corners: img.corners, opacity: img.opacity, canvas: cut.display }
    })
    for (const id of this.cuts.keys()) if (!kept.has(id)) this.cuts.delete(id)
    return out
  }

  private cutOf(img: MapImage, side: 'left' | 'right'): Cut {
    const from = 'canvas' in img ? img.canvas : img.url
    const known = this.cuts.get(img.id)
    if (known && known.from === from) {
      known.corners = img.corners
      known.side = side
      return known
    }
    const display = document.createElement('canvas')
    const cut: Cut = { from, picture: null, display, corners: img.corners, side }
    if (typeof from === 'string') {
      // A quicklook's URL: the picture is drawn once it has loaded (an empty pixel until then).
      display.width = 1
      display.height = 1
      const el = new Image()
      el.src = from
      void el
        .decode()
        .then(() => {
          if (this.cuts.get(img.id) !== cut) return
          cut.picture = el
          this.draw(img.id, cut)
        })
        .catch(() => undefined)
    } else cut.picture = from
    if (cut.picture) this.paint(cut)
    this.cuts.set(img.id, cut)
    return cut
  }

  /** Redraws every cut picture for the line and the camera as they are now. */
  redraw(): void {
    for (const [id, cut] of this.cuts) this.draw(id, cut)
  }

  /** Paints the cut and has MapLibre take the canvas's new pixels. */
  private draw(id: string, cut: Cut): void {
    this.paint(cut)
    const source = this.map.getSource<CanvasSource>(`image-${id}`)
    if (source && typeof source.play === 'function') {
      // A still canvas source reads its pixels when it is prepared; playing and pausing prepares it now.
      source.play()
      source.pause()
    }
  }

  private paint(cut: Cut): void {
    const picture = cut.picture
    const swipe = this.swipe
    if (!picture || !swipe) return
    const width = picture.width
    const height = picture.height
    if (cut.display.width !== width) cut.display.width = width
    if (cut.display.height !== height) cut.display.height = height
    const ctx = cut.display.getContext('2d')
    if (!ctx) return
    ctx.clearRect(0, 0, width, height)
    const screen = cut.corners.map((c): Point => {
      const p = this.map.project(c)
      return [p.x, p.y]
    })
    const x = swipe.position * this.map.getContainer().clientWidth
    const part = visiblePart(screen, width, height, x, cut.side)
    if (part.length < 3) return
    ctx.save()
    ctx.beginPath()
    ctx.moveTo(part[0][0], part[0][1])
    for (const [px, py] of part.slice(1)) ctx.lineTo(px, py)
    ctx.closePath()
    ctx.clip()
    ctx.drawImage(picture, 0, 0)
    ctx.restore()
  }
}
