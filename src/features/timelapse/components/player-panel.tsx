import './mantine-styles'
import { Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core'
import { formatUtcDay } from '../../../lib/format'
import type { FrameCandidate } from '../../../lib/imagery/timelapse'
import { SPEEDS, type Player, type Speed } from '../use-player'
import type { FrameStatus } from '../use-timelapse'

/** A frame as the player tells it: when, how cloudy, how much of the area, and whether a quicklook. */
export type PlayerFrame = Pick<FrameCandidate, 'time' | 'cloud' | 'coverage'> & { quicklook: boolean }

const speedLabel = (s: number) => `${s}/s`

/**
 * Play, pause, step and speed, the frame shown on a slider, and what it is: its date, cloud, share of the
 * area, whether it is a catalog quicklook (a lower-quality frame) and whether it is read. Space plays and pauses and the arrows step anywhere on the page.
 */
export function PlayerPanel({
  player,
  frames,
  statuses,
  onRetry,
}: {
  player: Player
  frames: readonly PlayerFrame[]
  statuses: readonly FrameStatus[]
  onRetry: (i: number) => void
}) {
  const n = frames.length
  const f = frames[player.index]
  const status = statuses[player.index]
  return (
    <Stack gap="xs" role="group" aria-label="Time-lapse player">
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => player.step(-1)}
          disabled={n < 2}
          aria-label="Previous frame"
        >
          ◀ Previous
        </Button>
        <Button size="xs" onClick={player.toggle} disabled={n < 2} aria-keyshortcuts="Space">
          {player.playing ? 'Pause' : 'Play'}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => player.step(1)}
          disabled={n < 2}
          aria-label="Next frame"
        >
          Next ▶
        </Button>
      </Group>
      <Slider
        min={0}
        max={Math.max(0, n - 1)}
        step={1}
        value={player.index}
        onChange={player.go}
        label={(i) =>
          frames[i] ? `${formatUtcDay(frames[i].time)}${frames[i].quicklook ? ' · quicklook' : ''}` : ''
        }
        disabled={n < 2}
        thumbLabel="Frame"
        thumbProps={{
          'aria-valuetext': f
            ? `Frame ${player.index + 1} of ${n}, ${formatUtcDay(f.time)}${f.quicklook ? ', quicklook' : ''}`
            : undefined,
        }}
      />
      <Group gap="xs" align="center">
        <Text size="sm" id="timelapse-speed">
          Speed
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="timelapse-speed"
          data={SPEEDS.map((s) => ({ value: String(s), label: speedLabel(s) }))}
          value={String(player.speed)}
          onChange={(v) => player.setSpeed(Number(v) as Speed)}
        />
      </Group>
      {f && (
        <Text
          size="sm"
          data-frame={player.index}
          data-kind={f.quicklook ? 'quicklook' : 'delivered'}
          aria-live="polite"
        >
          Frame {player.index + 1} of {n}: {formatUtcDay(f.time)}
          {f.quicklook ? ' · catalog quicklook (lower quality)' : ''}
          {f.cloud !== null ? ` · ${Math.round(f.cloud)} % cloud` : ''} · covers{' '}
          {Math.round(f.coverage * 100)} % of the area
          {status === 'reading' ? ' · reading…' : status === 'failed' ? ' · could not be read' : ''}
        </Text>
      )}
      {status === 'failed' && (
        <Group>
          <Button size="xs" variant="default" onClick={() => onRetry(player.index)}>
            {f?.quicklook ? 'Fetch this quicklook again' : 'Read this frame again'}
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Space plays and pauses; the arrow keys step.
      </Text>
    </Stack>
  )
}
