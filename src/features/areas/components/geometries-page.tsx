import './mantine-styles'
import { Stack, Text, Title } from '@mantine/core'
import { useCallback, useMemo, useState } from 'react'
import { AoiWorkspace, type FitRequest } from '../../../components/aoi/aoi-workspace'
import { bboxOf } from '../../../lib/geo/measure'
import { polygonsOf } from '../../../lib/geojson'
import { libraryOverlay } from '../map-layers'
import type { SavedGeometry } from '../../../data/geometries/queries'
import { useGeometryList } from '../use-geometry-list'
import { GeometryLibrary } from './geometry-library'

/** Draw, import and check areas of interest, and keep the ones worth reusing in the library. */
export function GeometriesPage() {
  const { data } = useGeometryList()
  const [shown, setShown] = useState<SavedGeometry | null>(null)
  const [hovered, setHovered] = useState<string | null>(null)
  const [fit, setFit] = useState<FitRequest | null>(null)
  // Stable, so that hovering or showing one row does not draw the page's other rows again.
  const onShow = useCallback((g: SavedGeometry) => {
    setShown(g)
    const ps = polygonsOf(g.featureCollection)
    if (ps.length > 0) setFit({ bbox: bboxOf(ps), at: performance.now() })
  }, [])
  // The map draws the page of the library shown, as the list does.
  const overlays = useMemo(
    () => [libraryOverlay(data?.content ?? [], hovered, shown?.id ?? null)],
    [data, hovered, shown],
  )
  const shownId = shown?.id ?? null
  // The same element while only the hovered row changes: a row passing under the pointer redraws the map's
  // overlay, not the library (its filter, pager and Mantine parts) beside it.
  const aside = useMemo(
    () => <GeometryLibrary onHover={setHovered} shownId={shownId} onShow={onShow} />,
    [shownId, onShow],
  )
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Areas of interest</Title>
        <Text c="dimmed" size="sm">
          Draw, import or type an area; it is checked before anything is sent and kept while you work. Saved
          areas show dashed in violet.
        </Text>
      </div>
      <AoiWorkspace overlays={overlays} fitRequest={fit} aside={aside} />
    </Stack>
  )
}
