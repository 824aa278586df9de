import './mantine-styles'
import { Box, Grid, NativeSelect, Stack } from '@mantine/core'
import { useConsoleServices } from '../../api/console-context'
import { useState, type ReactNode } from 'react'
import type { Bbox } from '../../map/map-engine'
import { MapView, type MapOverlay } from '../../map/map-view'
import { AoiPanel } from './aoi-panel'
import { useAoiTools } from './use-aoi-tools'

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

/** The basemap choice (offline Natural Earth or a configured online style), with its picker. */
export function BasemapPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { basemaps } = useConsoleServices().config
  if (basemaps.length === 0) return null
  return (
    <NativeSelect
      label="Basemap"
      size="xs"
      mb="xs"
      maw={260}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: 'offline', label: 'Natural Earth (offline)' },
        ...basemaps.map((b) => ({ value: b.styleUrl, label: b.label })),
      ]}
    />
  )
}

/** The map with the AOI toolkit beside it: every page that needs an area of interest uses this. */
export function AoiWorkspace({ aside, overlays, fitRequest }: AoiWorkspaceProps) {
  const { mapProps, panelProps } = useAoiTools(fitRequest)
  const [basemap, setBasemap] = useState('offline')

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <BasemapPicker value={basemap} onChange={setBasemap} />
        <Box h={{ base: 420, md: 'calc(100vh - 140px)' }} mih={420}>
          <MapView
            {...mapProps}
            overlays={overlays}
            label="Map with the area of interest"
            basemap={basemap}
          />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <AoiPanel {...panelProps} />
          {aside}
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
