import type { Polygon } from 'geojson'
import { useCallback, useRef, useState, type ComponentProps } from 'react'
import { bboxOf } from '../../lib/geo/measure'
import type { DrawMode, LonLat } from '../../map/map-engine'
import type { MapHandle, MapViewProps } from '../../map/map-view'
import type { AoiPanel } from './aoi-panel'
import { useAoiStore } from './aoi-store'
import type { Bbox } from '../../map/map-engine'
import { useAoiImport } from './use-aoi-import'

/** A camera request; `at` (performance.now()) orders requests from the page and from the toolkit. */
export interface FitRequest {
  bbox: Bbox
  at: number
  /** Only to bring the box into view: a camera that shows it whole stays. */
  reveal?: boolean
  /** Now, not with the footprints waiting to be handed to the map (`MapEngine.fitTo`). */
  ahead?: boolean
}

/** A camera request for a box, stamped now so it wins over older ones; null without a box. */
export function fitRequestOf(bbox: Bbox | null): FitRequest | null {
  return bbox ? { bbox, at: performance.now() } : null
}

/**
 * The AOI toolkit's state and wiring, for pages that lay the map and the panel out themselves: spread
 * `mapProps` on a MapView and `panelProps` on an AoiPanel. `fitRequest` from the page competes with the
 * toolkit's own camera requests; the newest wins.
 */
export function useAoiTools(fitRequest?: FitRequest | null) {
  const polygons = useAoiStore((s) => s.polygons)
  const aoiName = useAoiStore((s) => s.name)
  const setPolygons = useAoiStore((s) => s.setPolygons)
  const [mode, setMode] = useState<DrawMode>('static')
  const [fit, setFit] = useState<FitRequest | null>(null)
  const [keyboard, setKeyboard] = useState<{ on: boolean; vertices: LonLat[] }>({ on: false, vertices: [] })
  // Key presses arrive from the map engine, outside render: they read the corners drawn so far from here.
  const corners = useRef<LonLat[]>([])

  const fitTo = useCallback((ps: Polygon[]) => {
    if (ps.length > 0) setFit({ bbox: bboxOf(ps), at: performance.now() })
  }, [])

  const onKeyboardDraw = useCallback(
    (action: 'add' | 'undo' | 'finish' | 'cancel', center: LonLat) => {
      const now = corners.current
      if (action === 'finish' && now.length < 3) return
      if (action === 'finish') {
        const ring = [...now, now[0]]
        setPolygons([...useAoiStore.getState().polygons, { type: 'Polygon', coordinates: [ring] }])
      }
      const next =
        action === 'add' ? [...now, center] : action === 'undo' ? now.slice(0, -1) : ([] as LonLat[])
      corners.current = next
      setKeyboard({ on: action === 'add' || action === 'undo', vertices: next })
    },
    [setPolygons],
  )

  const importer = useAoiImport(fitTo)
  const map = useRef<MapHandle | null>(null)

  const mapProps = {
    aoi: polygons,
    onAoiChange: setPolygons,
    mode,
    fit: fitRequest && (!fit || fitRequest.at > fit.at) ? fitRequest : fit,
    keyboardDraw: keyboard,
    onKeyboardDraw,
    onFileDrop: (f: File) => void importer.importFile(f),
    // An imported AOI is where the map now is: "Go to a place" says its name rather than the last place.
    place: importer.imports > 0 ? { key: importer.imports, text: aoiName ?? '' } : undefined,
    handle: map,
  } satisfies Partial<MapViewProps>

  const panelProps = {
    mode,
    onMode: setMode,
    onFit: fitTo,
    keyboard,
    onKeyboard: (on: boolean) => {
      corners.current = []
      setKeyboard({ on, vertices: [] })
    },
    onKeyboardAction: (action: 'add' | 'undo' | 'finish' | 'cancel') =>
      onKeyboardDraw(action, map.current?.center() ?? [0, 0]),
    importer,
  } satisfies ComponentProps<typeof AoiPanel>

  return { mapProps, panelProps, map, polygons }
}
