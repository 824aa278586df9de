import type { MultiPolygon, Polygon } from 'geojson'

/** What a coverage plan takes and gives (./coverage-plan.ts makes it): plain values, so a worker can carry them. */

export type PlanGoal = 'price' | 'cloud' | 'age' | 'count'

export interface PlanCandidate {
  id: string
  footprint: Polygon | MultiPolygon
  /** Cloud cover in percent; null when the scene has none (radar) or does not say. */
  cloud: number | null
  /** Acquisition time, ISO 8601. */
  acquired: string | null
  /**
   * Estimated price in credits of the scene ordered over all of the AOI it covers (the basket's estimate);
   * null when not known.
   */
  price: number | null
  /**
   * How that price follows the area ordered: 'area' (the default) bills credits per km² of the area ordered,
   * 'scene' the same whatever the area.
   */
  priceUnit?: 'area' | 'scene'
  /**
   * The km² the price was billed for (the estimate's size), when known: more than the scene's part of the
   * AOI when the service bills a minimum area. Without it the rate is the price over that part as the
   * sample measures it (a percent or so off).
   */
  billedKm2?: number | null
}

export interface PlanOptions {
  /** Share of the AOI to cover, 0–1 (default 0.95). */
  target?: number
  goal: PlanGoal
  /** Scenes with more cloud (percent) are left out; scenes without a cloud figure stay, as in the search. */
  maxCloud?: number | null
  /** Now, in ms since the epoch: the age goal counts days before it. */
  now: number
  /** About how many sample cells steer the choice (default 4,096). */
  cells?: number
}

export interface PlannedScene {
  id: string
  /** Share of the AOI this scene delivers: its part, which the ones before it in the list do not (0–1). */
  share: number
  /**
   * What to order from this scene: the AOI clipped to the scene, less what the scenes before it deliver.
   * Null when the plan could not clip (order the AOI, as without a plan). A part too small to order on its
   * own (under 1 km²: services refuse tiny areas or bill a minimum) is the scene's whole share of the AOI.
   */
  part: Polygon | MultiPolygon | null
  /** Estimated price of ordering `part` (credits), from the scene's estimate; null when not known. */
  price: number | null
}

export interface CoveragePlan {
  /** The chosen scenes in the order they were picked, the most worthwhile first. */
  scenes: PlannedScene[]
  /**
   * Share of the AOI the chosen scenes cover together (0–1), as the catalog's coverage column measures one
   * scene's (./coverage.ts: exact clipping, areas in the longitude/latitude plane).
   */
  coverage: number
  /** Whether the coverage meets the target. When it cannot, the plan is the best coverage found. */
  reached: boolean
  /** Sum of the chosen scenes' prices (each for its part); null when any of them is not known. */
  totalPrice: number | null
  /** Chosen scenes whose price is not known (priced as the dearest known one while choosing). */
  pricesUnknown: number
  /** The AOI's part the chosen footprints cover; null when none does (or clipping failed: see `exact`). */
  covered: Polygon | MultiPolygon | null
  /** The AOI's part left uncovered; null when nothing is (or clipping failed). */
  uncovered: Polygon | MultiPolygon | null
  /** The AOI's geodesic area, km². */
  aoiKm2: number
  /** Candidates that took part in the choice: within the cloud limit and over some of the AOI. */
  considered: number
  excluded: {
    /** Over the cloud limit. */
    cloud: number
    /** Over none of the AOI's sample cells: outside it, in a hole, or a sliver thinner than a cell. */
    noOverlap: number
  }
  /**
   * Whether coverage, shares and shapes were measured with polygon clipping. Turf's clipper can throw on
   * degenerate input; the plan then carries the sample's figures and no shapes rather than failing.
   */
  exact: boolean
  /** The sample that steered the choice: its cell count and its estimate of the chosen scenes' coverage. */
  sample: { cells: number; coverage: number }
}
