import type { Geometry } from 'geojson'
import { useMemo } from 'react'
import { MapView } from '../../../map/map-view'
import { geometryBbox, orderAoiOverlay } from '../map-layers'
import classes from './orders.module.css'

const NO_AOI: never[] = []
const ignore = () => undefined

/** The order's area on the map, framed to its bounding box. Its own chunk: the page reads before the map loads. */
export function OrderMap({ aoi }: { aoi: Geometry }) {
  const overlays = useMemo(() => [orderAoiOverlay(aoi)], [aoi])
  const fit = useMemo(() => {
    const bbox = geometryBbox(aoi)
    return bbox ? { bbox } : null
  }, [aoi])
  return (
    <div className={classes.map}>
      <MapView
        aoi={NO_AOI}
        onAoiChange={ignore}
        mode="static"
        overlays={overlays}
        fit={fit}
        label="Area of the order"
      />
    </div>
  )
}
