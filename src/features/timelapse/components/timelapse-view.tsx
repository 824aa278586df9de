import './mantine-styles'
import { Alert, Anchor, Button, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { Polygon } from 'geojson'
import { lazy, memo, Suspense, useEffect, useMemo } from 'react'
import { Link } from 'react-router'
import { Section } from '../../../components/page-section'
import { ViewControls } from '../../../components/imagery/view-controls'
import { paths } from '../../../config/paths'
import { countLabel, formatUtcDay } from '../../../lib/format'
import { bboxOf } from '../../../lib/geo/measure'
import type { FrameFilters } from '../../../lib/imagery/timelapse'
import { frameLabel } from '../../../lib/imagery/timelapse-quicklooks'
import type { ImageView } from '../../../lib/imagery/view'
import { histogram } from '../../../lib/imagery/view'
import { useDevicePxWidth } from '../../../lib/use-device-px-width'
import { usePlayerKeys } from '../use-player'
import { usePlayedFrames } from '../use-played-frames'
import { useQuicklookFrames } from '../use-quicklook-frames'
import { useTimelapse } from '../use-timelapse'
import { ExportPanel } from './export-panel'
import { FiltersPanel, LeftOutNote } from './filters-panel'
import { PlayerPanel } from './player-panel'
import { QuicklooksPanel } from './quicklooks-panel'
import { SeriesPanel } from './series-panel'
import classes from './timelapse.module.css'

// A step changes the frame shown, nothing these panels draw: they are not drawn again for it.
const StableViewControls = memo(ViewControls)
const StableFilters = memo(FiltersPanel)
const StableLeftOut = memo(LeftOutNote)
const StableExport = memo(ExportPanel)

const loadMap = () => import('./timelapse-map')
const TimelapseMap = lazy(async () => ({ default: (await loadMap()).TimelapseMap }))
const loadingMap = <Skeleton height="100%" role="status" aria-label="Loading the map" />

interface Props {
  area: Polygon[]
  title: string
  back: { to: string; label: string } | null
  filters: FrameFilters
  /** How many of the newest frames play. */
  frames: number
  view: ImageView
  /** Whether the catalog's quicklooks join as lower-quality frames. */
  quicklooks: boolean
  onFilters: (f: FrameFilters) => void
  onView: (v: ImageView) => void
  onQuicklooks: (on: boolean) => void
}

const pad = ([w, s, e, n]: number[], by = 0.15) => {
  const dx = (e - w) * by || 0.01
  const dy = (n - s) * by || 0.01
  return [w - dx, s - dy, e + dx, n + dy] as [number, number, number, number]
}

/** The time-lapse of an area: the map with the frame shown and its date, the player, filters, view, series, exports. */
export function TimelapseView(props: Props) {
  const { area, title, back, filters, frames, view, onFilters, onView } = props
  const { box: mapBox, px } = useDevicePxWidth()
  const t = useTimelapse(area, filters, view, px, frames)
  const q = useQuicklookFrames(area, t.frames, filters, props.quicklooks)
  const { played, images, playerFrames, statuses, retryFrame, exportFrames, exportView, player } =
    usePlayedFrames(t, q, view.formula !== null)
  usePlayerKeys(player, played.length > 0)
  const fit = useMemo(() => ({ bbox: pad(bboxOf(area)) }), [area])
  const formulaOn = view.formula !== null
  const read = t.statuses.filter((s) => s === 'read').length
  const failed = t.statuses.filter((s) => s === 'failed').length
  const shown = played[player.index]
  const frame = shown?.frame
  // The histograms wait for the first frame to be shown: they are not on the first picture's path.
  const analysed = useMemo(
    () =>
      t.analysed && t.firstShown
        ? {
            node: t.analysed.node,
            limits: t.analysed.limits,
            histograms: t.analysed.channels.map((c) => histogram(c)),
          }
        : null,
    [t.analysed, t.firstShown],
  )
  const searching = t.search.isPending
  // The map's code comes while the place is listed; the map itself is made once the frames are known and the
  // first one's picture is in (or it failed), as the item page holds its map for its picture: making a map
  // and drawing its basemap is heavy work on a software GL, which held up the first frame's signing, reading
  // and decoding when done beside them. The map then draws the picture in its first frames.
  useEffect(() => void loadMap(), [])
  const firstReading = t.frames.length > 0 && t.statuses[0] === 'reading'
  return (
    <Stack gap="md">
      <StableHeader title={title} back={back} />
      {t.search.error && !t.search.data ? (
        <Alert color="red" title="The delivered items over this area could not be found" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t.search.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void t.search.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : !searching && t.frames.length === 0 ? (
        <Alert
          color="gray"
          title={t.candidates === 0 ? 'No delivered item covers this area' : 'No frame is left'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t.candidates === 0
                ? 'Storage holds no delivered image over this area. Order imagery of it from the catalog, and its deliveries will play here.'
                : `${countLabel(t.candidates, 'delivered image')} meet this area, but the filters leave every one out.`}
            </Text>
            <LeftOutNote leftOut={t.selection.leftOut} />
            {t.candidates > 0 && <FiltersPanel filters={filters} onFilters={onFilters} />}
            {t.candidates === 0 && (
              <Button component={Link} to={paths.catalog()} size="xs" variant="default">
                Search the catalog
              </Button>
            )}
          </Stack>
        </Alert>
      ) : (
        <div className={classes.layout}>
          <div className={classes.map} ref={mapBox}>
            <Suspense fallback={loadingMap}>
              {searching ? (
                loadingMap
              ) : (
                <TimelapseMap
                  label="Map of the time-lapse"
                  area={area}
                  images={images}
                  fit={fit}
                  hold={firstReading}
                />
              )}
            </Suspense>
            {frame && (
              <output className={classes.date} aria-label="Frame date" aria-live="off" data-kind={shown.kind}>
                {frameLabel(formatUtcDay(frame.time), shown.kind, formulaOn)}
              </output>
            )}
          </div>
          <Stack gap="md">
            <Section id="timelapse-frames" title="Frames">
              {searching ? (
                <Stack gap="xs" role="status" aria-label="Finding the delivered items over this area">
                  <Text size="sm">Finding the delivered items over this area…</Text>
                  <Skeleton height={60} />
                </Stack>
              ) : (
                <Stack gap="sm">
                  {read + failed < t.frames.length && (
                    <Stack gap={4} role="status" aria-label="Reading the frames">
                      <Text size="sm">
                        Reading frame {Math.min(t.frames.length, read + failed + 1)} of {t.frames.length}
                      </Text>
                      <Progress value={(100 * (read + failed)) / t.frames.length} aria-label="Frames read" />
                    </Stack>
                  )}
                  <PlayerPanel
                    player={player}
                    frames={playerFrames}
                    statuses={statuses}
                    onRetry={retryFrame}
                  />
                  <StableLeftOut leftOut={t.selection.leftOut} olderUnread={t.olderUnread} />
                  <StableFilters filters={filters} onFilters={onFilters} />
                  <QuicklooksPanel
                    on={props.quicklooks}
                    onChange={props.onQuicklooks}
                    searching={q.searching}
                    error={q.error}
                    onRetry={q.retry}
                    joined={q.frames.length}
                    candidates={q.candidates}
                    leftOut={q.leftOut}
                  />
                </Stack>
              )}
            </Section>
            {t.bands !== null && (
              <Section id="timelapse-view" title="Picture">
                <StableViewControls view={view} setView={onView} bands={t.bands} analysed={analysed} />
                <Text size="xs" c="dimmed">
                  Every frame is stretched as the first one is, so a frame is brighter only where its ground
                  is.
                </Text>
              </Section>
            )}
            <StableExport
              frames={exportFrames}
              view={exportView}
              series={t.series}
              formula={t.formula}
              speed={player.speed}
            />
          </Stack>
        </div>
      )}
      {t.frames.length > 0 && (
        <SeriesPanel series={t.series} formula={t.formula} quicklooks={q.frames.length} />
      )}
    </Stack>
  )
}

const StableHeader = memo(function Header({ title, back }: { title: string; back: Props['back'] }) {
  return (
    <Stack gap={4}>
      <Group gap="md">
        {back && (
          <Anchor component={Link} to={back.to} size="sm">
            {back.label}
          </Anchor>
        )}
        <Anchor component={Link} to={paths.storage()} size="sm">
          All of storage
        </Anchor>
      </Group>
      <Title order={1}>{title}</Title>
      <Text size="sm" c="dimmed">
        Every delivered image of this place in time order, drawn with one stretch and formula.
      </Text>
    </Stack>
  )
})
