import { NativeSelect, Stack, Text } from '@mantine/core'
import type { StacItem } from '../../../data/storage/queries'
import { formatUtcDay } from '../../../lib/format'
import { titleOf } from '../words'

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
  status: 'idle' | 'pending' | 'error' | 'success' | null
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
