import { MapView, type MapViewProps } from '../../../map/map-view'

type Props = Pick<MapViewProps, 'overlays' | 'fit' | 'label' | 'images' | 'onCursor' | 'swipe' | 'hold'>

const NO_AOI: never[] = []
const ignore = () => undefined

/** The change review's map: the two images (or their difference) and the changed area's outline. Its own chunk. */
export function ChangeMap(props: Props) {
  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <MapView aoi={NO_AOI} onAoiChange={ignore} mode="static" {...props} />
    </div>
  )
}
