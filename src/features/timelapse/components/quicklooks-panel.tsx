import './mantine-styles'
import { Button, Group, Stack, Switch, Text } from '@mantine/core'
import { countLabel } from '../../../lib/format'
import type { LeftOut } from '../../../lib/imagery/timelapse'
import { LeftOutNote } from './filters-panel'

/**
 * The switch that lets the catalog's quicklooks of the place and period join as lower-quality frames (off by
 * default, a checkbox for the keyboard), and what came of it: searching, how many joined and were left out,
 * or why the catalog could not be searched.
 */
export function QuicklooksPanel({
  on,
  onChange,
  searching,
  error,
  onRetry,
  joined,
  candidates,
  leftOut,
}: {
  on: boolean
  onChange: (on: boolean) => void
  searching: boolean
  error: Error | null
  onRetry: () => void
  joined: number
  candidates: number
  leftOut: LeftOut
}) {
  return (
    <Stack gap={6}>
      <Switch
        size="sm"
        checked={on}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label="Add the catalog's quicklooks"
        description="Scenes of the catalog over this area in the frames' period join as lower-quality frames, marked “quicklook”; no stretch or formula applies to them."
      />
      {on &&
        (error ? (
          <Stack gap={4} align="flex-start" role="alert">
            <Text size="sm" c="red">
              The catalog could not be searched for quicklooks: {error.message}
            </Text>
            <Button size="xs" variant="default" onClick={onRetry}>
              Search the catalog again
            </Button>
          </Stack>
        ) : searching ? (
          <Text size="sm" role="status">
            Searching the catalog for quicklooks of this area…
          </Text>
        ) : (
          <Group gap={4}>
            <Text size="sm" data-quicklooks={joined}>
              {joined === 0
                ? candidates === 0
                  ? 'The catalog has no scene of this area in the frames’ period.'
                  : 'No quicklook joined.'
                : `${countLabel(joined, 'quicklook')} joined the frames.`}
            </Text>
            <LeftOutNote leftOut={leftOut} noun="quicklook" repeated="of an image already delivered" />
          </Group>
        ))}
    </Stack>
  )
}
