import './mantine-styles'
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import type { Polygon } from 'geojson'
import { Link } from 'react-router'
import type { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { paths } from '../../../config/paths'
import type { CollectionsQuery } from '../../../data/storage/query'
import { boundsOf } from '../../../lib/geometry-bounds'
import { encodePolygons } from '../../../lib/polyline'
import type { DrawMode } from '../../../map/map-engine'
import { clampBox } from '../words'

type AoiTools = ReturnType<typeof useAoiTools>

const DRAW_MODES: { value: DrawMode; label: string }[] = [
  { value: 'static', label: 'Pan' },
  { value: 'polygon', label: 'Polygon' },
  { value: 'rectangle', label: 'Rectangle' },
]

/** The storage page's area: the box the list is kept inside, from a drawn shape or the map's view. */
export function StorageArea({
  bbox,
  problem,
  aoi,
  onBbox,
}: {
  bbox: CollectionsQuery['bbox']
  problem: string | undefined
  aoi: AoiTools
  onBbox: (bbox: CollectionsQuery['bbox']) => void
}) {
  const drawn = aoi.polygons.length > 0
  // Every delivery over the drawn area (or the box of the filter) as a time-lapse (issue 42 §4).
  const timelapseArea = drawn ? aoi.polygons : bbox ? [boxPolygon(bbox)] : null
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="storage-area">
      <Stack gap="xs">
        <Title order={2} size="h5" id="storage-area">
          Area
        </Title>
        <Text size="sm">
          {bbox
            ? `Collections fully inside ${bbox.map((n) => n.toFixed(3)).join(', ')} (W, S, E, N)`
            : 'Anywhere. Draw an area or use the map view to keep collections fully inside a box.'}
        </Text>
        {problem && (
          <Text size="sm" c="red.8">
            The area in the link is not used: {problem}
          </Text>
        )}
        <SegmentedControl
          size="xs"
          aria-label="Map tool"
          data={DRAW_MODES}
          value={aoi.panelProps.mode}
          onChange={(m) => aoi.panelProps.onMode(m)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!drawn}
            onClick={() => {
              const box = boundsOf(aoi.polygons)
              if (box) onBbox(clampBox(box))
              aoi.panelProps.onMode('static')
            }}
          >
            Use the drawn area
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              const b = aoi.map.current?.bounds()
              if (b) onBbox(clampBox(b))
            }}
          >
            Use the map view
          </Button>
          {bbox && (
            <Button size="xs" variant="default" onClick={() => onBbox(undefined)}>
              Any area
            </Button>
          )}
          {timelapseArea && (
            <Button size="xs" variant="default" component={Link} to={timelapseLink(timelapseArea)}>
              Time-lapse of {drawn ? 'the drawn area' : 'this box'}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}

const boxPolygon = ([w, s, e, n]: readonly number[]): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
})

const timelapseLink = (area: Polygon[]) => paths.timelapse(`aoi=${encodeURIComponent(encodePolygons(area))}`)
