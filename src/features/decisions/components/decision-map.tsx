import type { Geometry } from 'geojson'
import { useMemo } from 'react'
import type { MapOverlay } from '../../../map/layers'
import { MapView } from '../../../map/map-view'
import { boundsOf } from '../../../lib/geometry-bounds'
import { aoiOverlay, footprintData, footprintsOverlay, FOOTPRINTS_SOURCE } from '../map-layers'
import type { FeasibilityOption } from '../../../data/decisions/queries'
import classes from './tasking.module.css'

const NO_AOI: never[] = []
const NO_OPTIONS: FeasibilityOption[] = []
const ignore = () => undefined

/**
 * The order's area and, for a study, each option's footprint; hovering a footprint reports the option, and
 * the hovered and chosen options are marked through feature-state. Its own chunk: the page reads before the
 * map engine loads.
 */
export function DecisionMap({
  aoi,
  options = NO_OPTIONS,
  hovered = null,
  chosen = null,
  onHover,
  label,
}: {
  aoi: Geometry | null
  options?: FeasibilityOption[]
  hovered?: number | null
  chosen?: number | null
  onHover?: (index: number | null) => void
  label: string
}) {
  const data = useMemo(() => footprintData(options), [options])
  const aoiLayer = useMemo(() => (aoi ? aoiOverlay(aoi) : null), [aoi])
  const overlays = useMemo(() => {
    const out: MapOverlay[] = aoiLayer ? [aoiLayer] : []
    if (data.features.length > 0) out.push(footprintsOverlay(data, hovered, chosen))
    return out
  }, [aoiLayer, data, hovered, chosen])
  const fit = useMemo(() => {
    const bbox = boundsOf([aoi, ...data.features.map((f) => f.geometry)])
    return bbox ? { bbox } : null
  }, [aoi, data])
  return (
    <div className={classes.map}>
      <MapView
        aoi={NO_AOI}
        onAoiChange={ignore}
        mode="static"
        overlays={overlays}
        fit={fit}
        label={label}
        onOverlayHover={(source, id) => {
          if (source === FOOTPRINTS_SOURCE) onHover?.(typeof id === 'number' ? id : null)
        }}
      />
    </div>
  )
}
