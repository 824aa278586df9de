import './mantine-styles'
import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { Section } from '../../../components/page-section'
import { seriesCsv, type SeriesPoint } from '../../../lib/imagery/timelapse'
import { encodeGif, GIF_WIDTH, quicklookCanvas, saveFile, type GifFrame } from '../export-gif'

const day = (t: number) => new Date(t).toISOString().slice(0, 10)

type Box = [number, number, number, number]

/**
 * A frame to export, in play order, with the words burnt in: a delivered frame's picture once drawn (null
 * until read), or a quicklook by its URL (null until fetched) and the box its picture spans.
 */
export type ExportFrame = { time: number; label: string } & (
  { canvas: HTMLCanvasElement | null } | { quicklook: { url: string | null; picture: Box } }
)

/**
 * The time-lapse as an animated GIF (dates burnt in) and the series as CSV, both made in the browser.
 * Quicklooks are cut to the delivered frames' box (`view`, with their pictures' size), so every frame shows
 * the same ground; without a delivered frame read there is no box, and they wait.
 */
export function ExportPanel({
  frames,
  view,
  series,
  formula,
  speed,
}: {
  frames: readonly ExportFrame[]
  view: { bbox: Box; width: number; height: number } | null
  series: readonly (SeriesPoint | null | { error: string })[]
  formula: string
  speed: number
}) {
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const stop = useRef<AbortController | null>(null)
  useEffect(() => () => stop.current?.abort(), [])
  const ready = frames.filter((f) => ('canvas' in f ? f.canvas !== null : f.quicklook.url !== null && view))
  const points = series.filter((p): p is SeriesPoint => p !== null && 'mean' in p)
  const name =
    frames.length > 0
      ? `timelapse-${day(frames[0].time)}-${day(frames[frames.length - 1].time)}`
      : 'timelapse'
  const exportGif = async () => {
    setError(null)
    setProgress(0)
    const ctl = new AbortController()
    stop.current = ctl
    try {
      const gifFrames: GifFrame[] = []
      for (const f of ready) {
        if ('canvas' in f) {
          if (f.canvas) gifFrames.push({ canvas: f.canvas, label: f.label })
        } else if (f.quicklook.url && view) {
          const { url, picture } = f.quicklook
          const canvas = await quicklookCanvas(url, picture, view.bbox, view.width, view.height)
          gifFrames.push({ canvas, label: f.label })
        }
      }
      const blob = await encodeGif(gifFrames, Math.round(1000 / speed), GIF_WIDTH, setProgress, ctl.signal)
      saveFile(blob, `${name}.gif`)
    } catch (e) {
      if (!ctl.signal.aborted) setError(e instanceof Error ? e.message : String(e))
    } finally {
      setProgress(null)
    }
  }
  return (
    <Section id="timelapse-export" title="Export">
      <Group gap="xs">
        <Button size="xs" onClick={() => void exportGif()} disabled={ready.length === 0 || progress !== null}>
          Export GIF ({ready.length} {ready.length === 1 ? 'frame' : 'frames'})
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={points.length === 0}
          onClick={() =>
            saveFile(new Blob([seriesCsv(points, formula)], { type: 'text/csv' }), `${name}.csv`)
          }
        >
          Export CSV
        </Button>
      </Group>
      {progress !== null && (
        <Stack gap={4} role="status" aria-label="Writing the GIF">
          <Text size="sm">
            Writing frame {Math.min(ready.length, progress + 1)} of {ready.length}
          </Text>
          <Progress value={(100 * progress) / Math.max(1, ready.length)} aria-label="GIF written" />
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          The GIF could not be written: {error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        The GIF is {GIF_WIDTH} px wide, one frame per image read, each with its date (and
        &ldquo;quicklook&rdquo; on a catalog quicklook), at the player&apos;s speed.
      </Text>
    </Section>
  )
}
