import type { Geometry } from 'geojson'
import type { Map as MlMap } from 'maplibre-gl'
import type { HandlersOf } from './engine-types'

/**
 * Hovering and clicking the features of interactive overlays: what is under the pointer reaches the page's
 * `onOverlayHover` and `onOverlayClick`; the hover itself is never React state.
 */
export class EnginePicking {
  /** The feature hovered, per source. */
  private readonly hovered = new Map<string, string | number>()

  /** `layers` gives the fill layers of the interactive overlays, the ones a pointer picks from. */
  constructor(
    private readonly map: MlMap,
    private readonly handlers: HandlersOf,
    private readonly layers: () => string[],
  ) {
    map.on('mousemove', (e) => this.pick(e.point, 'hover'))
    map.on('mouseout', () => this.clear())
    map.on('click', (e) => this.pick(e.point, 'click'))
  }

  /** A source's feature ids now name other features (or none): the next pointer move reports afresh. */
  forget(source: string): void {
    this.hovered.delete(source)
  }

  private pick(point: { x: number; y: number }, what: 'hover' | 'click'): void {
    const layers = this.layers().filter((l) => this.map.getLayer(l))
    if (layers.length === 0) return
    const hit = smallest(this.map.queryRenderedFeatures([point.x, point.y], { layers }))
    const source = hit?.source
    const fid = hit?.id
    if (what === 'click') {
      if (source !== undefined && fid !== undefined) this.handlers().onOverlayClick?.(source, fid)
      return
    }
    for (const [src, id] of this.hovered) {
      if (src === source && id === fid) continue
      this.hovered.delete(src)
      this.handlers().onOverlayHover?.(src, null)
    }
    if (source !== undefined && fid !== undefined && this.hovered.get(source) !== fid) {
      this.hovered.set(source, fid)
      this.handlers().onOverlayHover?.(source, fid)
    }
    this.map.getCanvas().style.cursor = source !== undefined ? 'pointer' : ''
  }

  private clear(): void {
    for (const src of this.hovered.keys()) this.handlers().onOverlayHover?.(src, null)
    this.hovered.clear()
    this.map.getCanvas().style.cursor = ''
  }
}

/** The smallest feature with an id among those hit: a small scene inside a large one stays reachable. */
export function smallest<F extends { id?: string | number; geometry: Geometry }>(
  hits: readonly F[],
): F | undefined {
  return hits.filter((f) => f.id !== undefined).sort((a, b) => spanOf(a.geometry) - spanOf(b.geometry))[0]
}

/** Width plus height of a shape's box, in degrees: enough to tell a small footprint from a large one. */
export function spanOf(g: Geometry): number {
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
