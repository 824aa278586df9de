import { Stack, Text, Title } from '@mantine/core'
import { useMemo, useState } from 'react'
import { AoiWorkspace } from '../../../components/aoi/aoi-workspace'
import { bboxOf } from '../../../lib/geo'
import { featureCollectionOf, polygonsOf } from '../../../lib/geojson'
import type { Bbox } from '../../../map/map-engine'
import type { MapOverlay } from '../../../map/map-view'
import type { SavedGeometry } from '../queries'
import { GeometryLibrary } from './geometry-library'

const LIBRARY_STYLE = { color: '#7048e8', fillOpacity: 0.12, dashed: true }

/** Draw, import and check areas of interest, and keep the ones worth reusing in the library. */
export function GeometriesPage() {
  const [shown, setShown] = useState<SavedGeometry | null>(null)
  const [fit, setFit] = useState<{ bbox: Bbox; key: number } | null>(null)
  const overlays = useMemo<MapOverlay[]>(
    () => [
      {
        id: 'library',
        data: featureCollectionOf(shown ? polygonsOf(shown.featureCollection) : []),
        style: LIBRARY_STYLE,
      },
    ],
    [shown],
  )
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Areas of interest</Title>
        <Text c="dimmed" size="sm">
          Draw, import or type an area; it is checked before anything is sent and kept while you work.
          {shown ? ` Showing “${shown.displayName}” from the library (dashed).` : ''}
        </Text>
      </div>
      <AoiWorkspace
        overlays={overlays}
        fitRequest={fit}
        aside={
          <GeometryLibrary
            onShow={(g) => {
              setShown(g)
              const ps = polygonsOf(g.featureCollection)
              if (ps.length > 0) setFit((f) => ({ bbox: bboxOf(ps), key: (f?.key ?? 1000) + 1 }))
            }}
          />
        }
      />
    </Stack>
  )
}
