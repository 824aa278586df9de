import './mantine-styles'
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import type { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import type { CollectionsQuery } from '../../../data/storage/query'
import { boundsOf } from '../../../lib/geometry-bounds'
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
        </Group>
      </Stack>
    </Paper>
  )
}
