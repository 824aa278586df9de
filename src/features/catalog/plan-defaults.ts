/**
 * The share of the AOI a coverage plan aims at unless the analyst says otherwise. A module of its own: the
 * catalog page's first load needs it, while the planner (and turf's clipping with it) loads when a plan is
 * asked for.
 */
export const DEFAULT_TARGET = 0.95
