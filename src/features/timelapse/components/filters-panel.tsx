import './mantine-styles'
import { Group, NumberInput, Text } from '@mantine/core'
import { countLabel } from '../../../lib/format'
import { leftOutTotal, type FrameFilters, type LeftOut } from '../../../lib/imagery/timelapse'

/** The frames' filters: the least share of the area a frame covers and the most cloud it may have. */
export function FiltersPanel({
  filters,
  onFilters,
}: {
  filters: FrameFilters
  onFilters: (f: FrameFilters) => void
}) {
  return (
    <Group gap="sm" align="flex-end">
      <NumberInput
        size="xs"
        w={150}
        label="Covers at least (%)"
        min={0}
        max={100}
        step={5}
        value={Math.round(filters.minCoverage * 100)}
        onChange={(v) => {
          const n = typeof v === 'number' ? v : Number(v)
          if (Number.isFinite(n) && n >= 0 && n <= 100) onFilters({ ...filters, minCoverage: n / 100 })
        }}
      />
      <NumberInput
        size="xs"
        w={150}
        label="Cloud at most (%)"
        min={0}
        max={100}
        step={5}
        value={filters.maxCloud}
        onChange={(v) => {
          const n = typeof v === 'number' ? v : Number(v)
          if (Number.isFinite(n) && n >= 0 && n <= 100) onFilters({ ...filters, maxCloud: n })
        }}
      />
    </Group>
  )
}

/** How many delivered images the filters left out, and why. */
export function LeftOutNote({
  leftOut,
  olderUnread = false,
  noun = 'delivered image',
  repeated = 'delivered again',
}: {
  leftOut: LeftOut
  olderUnread?: boolean
  /** What was left out, in the singular: delivered images, or the catalog's quicklooks. */
  noun?: string
  /** Why a repeat was left out, in the noun's words. */
  repeated?: string
}) {
  const total = leftOutTotal(leftOut)
  if (total === 0) return null
  const why = [
    leftOut.coverage > 0 && `${leftOut.coverage} cover too little of the area`,
    leftOut.cloud > 0 && `${leftOut.cloud} too cloudy`,
    leftOut.repeat > 0 && `${leftOut.repeat} ${repeated}`,
    leftOut.beyondCap > 0 && `${leftOut.beyondCap} older than the newest frames shown`,
  ].filter(Boolean)
  return (
    <Text size="sm" data-left-out={total}>
      {countLabel(total, noun)} left out: {why.join(', ')}.
      {olderUnread && ' Older deliveries were not read: the newest frames are all here.'}
    </Text>
  )
}
