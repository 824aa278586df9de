import type { Polygon } from 'geojson'
import { MapView, type MapViewProps } from '../../../map/map-view'

const ignore = () => undefined

/** The time-lapse's map: the area drawn above the frames. Its own chunk (the route loads it lazily). */
export function TimelapseMap(
  props: Pick<MapViewProps, 'images' | 'fit' | 'hold' | 'onCursor'> & { area: Polygon[]; label: string },
) {
  const { area, ...rest } = props
  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <MapView aoi={area} onAoiChange={ignore} mode="static" {...rest} />
    </div>
  )
}
