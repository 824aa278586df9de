import { MapView, type MapViewProps } from '../../../map/map-view'

type Props = Pick<
  MapViewProps,
  | 'overlays'
  | 'onOverlayHover'
  | 'onOverlayClick'
  | 'fit'
  | 'label'
  | 'handle'
  | 'aoi'
  | 'onAoiChange'
  | 'mode'
  | 'images'
  | 'onCursor'
  | 'swipe'
  | 'hold'
> &
  Partial<Pick<MapViewProps, 'keyboardDraw' | 'onKeyboardDraw' | 'onFileDrop'>>

const NO_AOI: never[] = []
const ignore = () => undefined

/** The storage pages' map: footprints (and, on the browser, the AOI toolkit's drawing). Its own chunk. */
export function StorageMap(props: Partial<Props> & { label: string }) {
  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <MapView aoi={NO_AOI} onAoiChange={ignore} mode="static" {...props} />
    </div>
  )
}
