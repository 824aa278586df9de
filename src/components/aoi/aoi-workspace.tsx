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
  /** Asks the map to fit a box (e.g. a library geometry shown); `key` makes a repeated request count. */
  fitRequest?: { bbox: Bbox; key: number } | null
}

/** The map with the AOI toolkit beside it: every page that needs an area of interest uses this. */
export function AoiWorkspace({ aside, overlays, fitRequest }: AoiWorkspaceProps) {
  const polygons = useAoiStore((s) => s.polygons)
  const setPolygons = useAoiStore((s) => s.setPolygons)
  const [mode, setMode] = useState<DrawMode>('static')
  const [fit, setFit] = useState<{ bbox: Bbox; key: number } | null>(null)
  const [keyboard, setKeyboard] = useState<{ on: boolean; vertices: LonLat[] }>({ on: false, vertices: [] })

  const fitTo = useCallback((ps: Polygon[]) => {
    if (ps.length > 0) setFit((f) => ({ bbox: bboxOf(ps), key: (f?.key ?? 0) + 1 }))
  }, [])

  const onKeyboardDraw = useCallback(
    (action: 'add' | 'undo' | 'finish' | 'cancel', center: LonLat) => {
      setKeyboard((k) => {
        if (action === 'add') return { ...k, vertices: [...k.vertices, center] }
        if (action === 'undo') return { ...k, vertices: k.vertices.slice(0, -1) }
        if (action === 'cancel') return { on: false, vertices: [] }
        if (k.vertices.length < 3) return k
        const ring = [...k.vertices, k.vertices[0]]
        setPolygons([...useAoiStore.getState().polygons, { type: 'Polygon', coordinates: [ring] }])
        return { on: false, vertices: [] }
      })
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
            fit={fitRequest && (!fit || fitRequest.key > fit.key) ? fitRequest : fit}
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
            onKeyboard={(on) => setKeyboard({ on, vertices: [] })}
            onKeyboardAction={(action) => onKeyboardDraw(action, map.current?.center() ?? [0, 0])}
            importer={importer}
          />
          {aside}
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
