import type { MultiPolygon, Polygon } from 'geojson'

/** What the basket keeps of a scene: enough to order it and to show it, not its host-specific properties. */
export interface BasketScene {
  /** The scene id (`properties.id`), the one used for ordering. */
  id: string
  host: string
  collection: string
  constellation: string
  datetime: string | null
  cloudCoverage: number | null
  resolution: number | null
  footprint: Polygon | MultiPolygon
  /**
   * The part of the AOI to order from this scene, when a coverage plan put it in: the AOI clipped to the
   * scene, less what the plan's other scenes deliver (decision 35). Absent: the AOI.
   */
  part?: Polygon[]
}
