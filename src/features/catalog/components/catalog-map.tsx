import { lazy, Suspense, useState, type ComponentProps } from 'react'
import { BasemapPicker } from '../../../components/aoi/basemap-picker'
import type { Bbox } from '../../../map/map-engine'
import { MapView, type MapViewProps } from '../../../map/map-view'
import type { Scene } from '../../../data/catalog/queries'
import { useCatalogUi } from '../catalog-ui-store'
import { useHoverAndSelection } from '../use-map-overlays'
import classes from './catalog.module.css'
import { DrawToolbar } from './draw-toolbar'

// With its slider and switch, loaded with the first quicklook laid on the map.
const QuicklookPanel = lazy(() => import('./quicklook-panel').then((m) => ({ default: m.QuicklookPanel })))

type Props = Pick<MapViewProps, 'overlays' | 'images' | 'onOverlayHover' | 'onOverlayClick'> & {
  /** The AOI toolkit's part of the map (`useAoiTools().mapProps`). */
  mapProps: Omit<MapViewProps, 'label'>
  hasQuicklooks: boolean
  /** The analyst moved the map (not the page's own camera requests). */
  onViewMoved: () => void
  /** The AOI drawing tools shown on the map. */
  tools: ComponentProps<typeof DrawToolbar>
  /** The response shown: its hovered and active scene are marked on the footprints. */
  scenes: Scene[] | undefined
}

/** The search's map: basemap choice, the AOI toolkit, footprints and quicklooks. */
export function CatalogMap({ mapProps, hasQuicklooks, onViewMoved, tools, scenes, ...overlays }: Props) {
  const [basemap, setBasemap] = useState('offline')
  const marked = useHoverAndSelection(overlays.overlays, scenes)
  // Swipe compare of the last two quicklooks laid, while both are drawn.
  const quicklooks = useCatalogUi((s) => s.quicklooks)
  const swipeOn = useCatalogUi((s) => s.quicklookSwipe && !s.quicklooksHidden)
  const [a, b] = quicklooks.slice(-2)
  const drawn = new Set((overlays.images ?? []).map((i) => i.id))
  const swipe =
    swipeOn && a && b && drawn.has(a.key) && drawn.has(b.key)
      ? { left: { id: a.key, label: a.id }, right: { id: b.key, label: b.id } }
      : null
  return (
    <>
      <BasemapPicker value={basemap} onChange={setBasemap} />
      <div className={classes.mapFill}>
        <MapView
          {...mapProps}
          {...overlays}
          overlays={marked}
          basemap={basemap}
          paintFirst={scenes}
          swipe={swipe}
          label="Map of the search: area and scene footprints"
          onViewChange={(_b: Bbox, byUser: boolean) => {
            if (byUser) onViewMoved()
          }}
        />
        <DrawToolbar {...tools} />
        <div className={classes.quicklooks}>
          {hasQuicklooks && (
            <Suspense fallback={null}>
              <QuicklookPanel />
            </Suspense>
          )}
        </div>
      </div>
    </>
  )
}
