import './mantine-styles'
import { Box, Grid, Stack } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import type { MapOverlay } from '../../map/layers'
import { MapView } from '../../map/map-view'
import { AoiPanel } from './aoi-panel'
import { BasemapPicker } from './basemap-picker'
import { useAoiTools, type FitRequest } from './use-aoi-tools'

export type { FitRequest } from './use-aoi-tools'

export interface AoiWorkspaceProps {
  /** More panels beside the toolkit (the geometry library, search filters…). */
  aside?: ReactNode
  overlays?: MapOverlay[]
  /** Asks the map to fit a box (e.g. a library geometry shown); the newest request wins. */
  fitRequest?: FitRequest | null
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
