import { Box, Grid, NativeSelect, Stack } from '@mantine/core'
import { useConsoleServices } from '../../api/console-context'
import type { Polygon } from 'geojson'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { bboxOf } from '../../lib/geo'
import type { Bbox, DrawMode, LonLat } from '../../map/map-engine'
import { MapView, type MapHandle, type MapOverlay } from '../../map/map-view'
import { AoiPanel } from './aoi-panel'
import { useAoiStore } from './aoi-store'
import { useAoiImport } from './use-aoi-import'

export interface AoiWorkspaceProps {
  /** More panels beside the toolkit (the geometry library, search filters…). */
  aside?: ReactNode
  overlays?: MapOverlay[]
  /** Asks the map to fit a box (e.g. a library geometry shown); the newest request wins. */
  fitRequest?: FitRequest | null
}

/** A camera request; `at` (performance.now()) orders requests from the page and from the toolkit. */
export interface FitRequest {
  bbox: Bbox
  at: number
}

/** The map with the AOI toolkit beside it: every page that needs an area of interest uses this. */
export function AoiWorkspace({ aside, overlays, fitRequest }: AoiWorkspaceProps) {
  const polygons = useAoiStore((s) => s.polygons)
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
  const { basemaps } = useConsoleServices().config
  const [basemap, setBasemap] = useState('offline')
  const map = useRef<MapHandle | null>(null)

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        {basemaps.length > 0 && (
          <NativeSelect
            label="Basemap"
            size="xs"
            mb="xs"
            maw={260}
            value={basemap}
            onChange={(e) => setBasemap(e.currentTarget.value)}
            data={[
              { value: 'offline', label: 'Natural Earth (offline)' },
              ...basemaps.map((b) => ({ value: b.styleUrl, label: b.label })),
            ]}
          />
        )}
        <Box h={{ base: 420, md: 'calc(100vh - 140px)' }} mih={420}>
          <MapView
            aoi={polygons}
            onAoiChange={setPolygons}
            mode={mode}
            overlays={overlays}
            fit={fitRequest && (!fit || fitRequest.at > fit.at) ? fitRequest : fit}
            keyboardDraw={keyboard}
            onKeyboardDraw={onKeyboardDraw}
            onFileDrop={(f) => void importer.importFile(f)}
            label="Map with the area of interest"
            handle={map}
            basemap={basemap}
          />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <AoiPanel
            mode={mode}
            onMode={setMode}
            onFit={fitTo}
            keyboard={keyboard}
            onKeyboard={(on) => {
              corners.current = []
              setKeyboard({ on, vertices: [] })
            }}
            onKeyboardAction={(action) => onKeyboardDraw(action, map.current?.center() ?? [0, 0])}
            importer={importer}
          />
          {aside}
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
