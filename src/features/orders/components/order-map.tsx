import type { Geometry } from 'geojson'
import { useMemo } from 'react'
import { MapView, type MapViewProps } from '../../../map/map-view'
import { boundsOf } from '../../../lib/geometry-bounds'
import { coverageOverlays, orderAoiOverlay } from '../map-layers'
import type { Coverage } from '../../../data/orders/queries'
import classes from './orders.module.css'

const NO_AOI: never[] = []
const ignore = () => undefined

/**
 * The order's area on the map, framed to its bounding box, with the delivered coverage over it when there is
 * some. Its own chunk: the page reads before the map loads.
 */
export function OrderMap({
  aoi,
  coverage,
  images,
  onCursor,
  hold,
}: {
  aoi: Geometry
  coverage?: Coverage | null
  /** The delivered imagery, under the area and coverage outlines. */
  images?: MapViewProps['images']
  onCursor?: MapViewProps['onCursor']
  /** Not made yet while the delivered pictures are searched for and read (MapView's `hold`). */
  hold?: boolean
}) {
  const area = useMemo(() => orderAoiOverlay(aoi), [aoi])
  const overlays = useMemo(() => [area, ...(coverage ? coverageOverlays(coverage) : [])], [area, coverage])
  // Framed on the AOI alone: new coverage must not move the camera the analyst may have moved.
  const fit = useMemo(() => {
    const bbox = boundsOf([aoi])
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
        images={images}
        onCursor={onCursor}
        hold={hold}
        label={
          images && images.length > 0
            ? 'Area of the order and its delivered imagery'
            : coverage
              ? 'Area of the order and its delivered coverage'
              : 'Area of the order'
        }
      />
    </div>
  )
}
