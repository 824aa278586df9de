import { Group, NativeSelect, SegmentedControl, Slider, Stack, Text } from '@mantine/core'
import type { StacItem } from '../../../data/storage/queries'
import { formatUtcDay } from '../../../lib/format'
import { titleOf } from '../words'
import { DB_RANGE, ndviGradient, NDVI_STOPS, PRESET_LABELS } from '../../../lib/imagery/render'
import type { ItemImagery } from '../imagery/use-item-imagery'

type Props = Omit<ItemImagery, 'images' | 'onCursor'>

/** The imagery's controls beside the map: preset, opacity, legend, what was read and the pixel values. */
export function ImageryControls({
  asset,
  presets,
  preset,
  setPreset,
  opacity,
  setOpacity,
  status,
  error,
  level,
  drawn,
  bindReadout,
}: Props) {
  if (!asset) return <Text size="sm">This item has no GeoTIFF to draw.</Text>
  return (
    <Stack gap="xs" data-imagery={drawn ? 'drawn' : status} data-preset={preset ?? undefined}>
      {status === 'pending' && <Text size="sm">Reading the image…</Text>}
      {status === 'error' && (
        <Text size="sm" c="red">
          The image could not be read: {error?.message}
        </Text>
      )}
      {presets.length > 1 && preset && (
        <SegmentedControl
          aria-label="Band combination"
          size="xs"
          value={preset}
          onChange={setPreset}
          data={presets.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
        />
      )}
      {preset && (
        <Group gap="sm" wrap="nowrap" align="center">
          <Text size="sm" id="imagery-opacity-label">
            Opacity
          </Text>
          <Slider
            style={{ flex: 1 }}
            aria-labelledby="imagery-opacity-label"
            thumbLabel="Opacity of the image"
            min={0}
            max={1}
            step={0.05}
            value={opacity}
            onChange={setOpacity}
            label={(v) => `${Math.round(v * 100)} %`}
          />
        </Group>
      )}
      {preset === 'ndvi' && <NdviLegend />}
      {preset === 'radar-db' && (
        <Legend
          gradient="linear-gradient(to right, #000, #fff)"
          label="Backscatter, sigma nought"
          ends={[`${DB_RANGE[0]} dB`, `+${DB_RANGE[1]} dB`]}
        />
      )}
      {level && (
        <Text size="xs" c="dimmed">
          {PRESET_LABELS[preset ?? 'true-colour']} from the {level.widths[level.index]} px overview of a{' '}
          {level.widths[0]} px image, read by ranges.
        </Text>
      )}
      {drawn && (
        <Text size="xs">
          Under the pointer: <output ref={bindReadout} aria-label="Pixel values under the pointer" />
        </Text>
      )}
    </Stack>
  )
}

function NdviLegend() {
  const lo = NDVI_STOPS[0].at
  const hi = NDVI_STOPS[NDVI_STOPS.length - 1].at
  return (
    <Legend
      gradient={ndviGradient()}
      label="NDVI: water and bare ground to dense vegetation"
      ends={[`${lo}`, `${hi}`]}
    />
  )
}

function Legend({ gradient, label, ends }: { gradient: string; label: string; ends: [string, string] }) {
  return (
    <Stack gap={2} role="img" aria-label={`Legend: ${label}, from ${ends[0]} to ${ends[1]}`}>
      <Text size="xs">{label}</Text>
      <div style={{ height: 10, borderRadius: 2, background: gradient }} />
      <Group justify="space-between">
        <Text size="xs">{ends[0]}</Text>
        <Text size="xs">{ends[1]}</Text>
      </Group>
    </Stack>
  )
}

/**
 * Swipe compare: another stored item of the same place drawn beside this one, with a line to drag (or move
 * with the arrow keys) between them on the map.
 */
export function CompareWith({
  candidates,
  loading,
  value,
  onChange,
  status,
}: {
  candidates: readonly StacItem[]
  loading: boolean
  value: string | null
  onChange: (id: string | null) => void
  /** How the compared item's image is coming (null: none chosen). */
  status: 'pending' | 'error' | 'success' | null
}) {
  if (loading) return <Text size="sm">Looking for other items of this place…</Text>
  if (candidates.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No other stored item of this place to compare with.
      </Text>
    )
  return (
    <Stack gap={4}>
      <NativeSelect
        size="xs"
        label="Compare by swiping with"
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
        data={[
          { value: '', label: 'Nothing: this item alone' },
          ...candidates.map((c) => ({
            value: c.id,
            label: `${titleOf(c.properties, c.id)} · ${formatUtcDay(c.properties.datetime ?? null, 'date unknown')}`,
          })),
        ]}
      />
      {status === 'pending' && <Text size="sm">Reading the other image…</Text>}
      {status === 'error' && (
        <Text size="sm" c="red">
          The other image could not be read. Choose it again to retry.
        </Text>
      )}
      {status === 'success' && (
        <Text size="xs" c="dimmed">
          Drag the line on the map, or focus its handle and use ← →, to swipe between the two.
        </Text>
      )}
    </Stack>
  )
}
