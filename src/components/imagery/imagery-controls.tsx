import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Slider.css'
import { Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { DB_RANGE, ndviGradient, NDVI_STOPS, PRESET_LABELS, type Preset } from '../../lib/imagery/render'

/** What the imagery of a map is doing (data/storage/imagery's `useImagery` gives all of it). */
interface Props {
  /** Said when none of the items has a GeoTIFF ("This item has no GeoTIFF to draw."); nothing shown without it. */
  none?: string
  /** Images to draw (capped), and how many items have one at all. */
  count: number
  available: number
  drawn: number
  failed: number
  status: 'idle' | 'pending' | 'error' | 'success'
  error: Error | null
  retry: () => void
  /** The overview read of a single image, among its levels' widths. */
  level: { index: number; widths: number[] } | null
  presets: Preset[]
  preset: Preset | null
  setPreset: (p: Preset) => void
  opacity: number
  setOpacity: (v: number) => void
  bindReadout: (el: HTMLOutputElement | null) => void
  /** The page's own view of the image (the item page): its stretch replaces the fixed dB window's legend. */
  analysed?: unknown
}

/**
 * Delivered imagery's controls beside its map: the band combination, opacity, the legend, what is being read
 * or failed (with a retry), which overview was read, and the values of the pixel under the pointer.
 */
export function ImageryControls({
  none,
  count,
  available,
  presets,
  preset,
  setPreset,
  opacity,
  setOpacity,
  status,
  error,
  retry,
  failed,
  level,
  drawn,
  bindReadout,
  analysed,
}: Props) {
  const opacityLabel = useId()
  if (count === 0) return none ? <Text size="sm">{none}</Text> : null
  const many = count > 1
  const state = status === 'pending' ? 'pending' : drawn > 0 ? 'drawn' : status
  return (
    <Stack gap="xs" data-imagery={state} data-drawn={drawn} data-preset={preset ?? undefined}>
      {status === 'pending' && (
        <Text size="sm" role="status">
          {many ? `Reading the images: ${drawn} of ${count} drawn…` : 'Reading the image…'}
        </Text>
      )}
      {failed > 0 && status !== 'pending' && (
        <Group gap="sm">
          <Text size="sm" c="red">
            {many
              ? `${failed} of ${count} images could not be read${error ? ` (${error.message})` : ''}.`
              : `The image could not be read: ${error?.message ?? 'no answer'}.`}
          </Text>
          <Button size="xs" variant="default" onClick={retry}>
            Try again
          </Button>
        </Group>
      )}
      {available > count && (
        <Text size="xs" c="dimmed">
          The first {count} of {available} images are drawn.
        </Text>
      )}
      {presets.length > 1 && preset && (
        <SegmentedControl
          aria-label="Band combination"
          size="xs"
          // Stacked: "False colour (NIR, red, green)" would be cut short in a column beside a map.
          orientation="vertical"
          fullWidth
          value={preset}
          onChange={setPreset}
          data={presets.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
        />
      )}
      {preset && (
        <Group gap="sm" wrap="nowrap" align="center">
          <Text size="sm" id={opacityLabel}>
            Opacity
          </Text>
          <Slider
            style={{ flex: 1 }}
            aria-labelledby={opacityLabel}
            thumbLabel={many ? 'Opacity of the images' : 'Opacity of the image'}
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
      {preset === 'radar-db' && !analysed && (
        <Legend
          gradient="linear-gradient(to right, #000, #fff)"
          label="Backscatter, sigma nought"
          ends={[`${DB_RANGE[0]} dB`, `+${DB_RANGE[1]} dB`]}
        />
      )}
      {level && !many && (
        <Text size="xs" c="dimmed">
          {PRESET_LABELS[preset ?? 'true-colour']} from the {level.widths[level.index]} px overview of a{' '}
          {level.widths[0]} px image, read by ranges.
        </Text>
      )}
      {many && drawn > 0 && (
        <Text size="xs" c="dimmed">
          Each image from the smallest overview as wide as it shows on the map, read by ranges.
        </Text>
      )}
      {drawn > 0 && (
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
