import { useMemo } from 'react'
import { formatUtcDay } from '../../lib/format'
import { frameLabel, mergeFrames } from '../../lib/imagery/timelapse-quicklooks'
import type { MapImage } from '../../map/map-engine'
import { quicklookCorners } from '../../map/quicklook-image'
import type { ExportFrame } from './components/export-panel'
import type { PlayerFrame } from './components/player-panel'
import { usePlayer } from './use-player'
import type { useQuicklookFrames } from './use-quicklook-frames'
import type { useTimelapse } from './use-timelapse'
import { boxCorners } from '../../lib/geo/shapes'

/**
 * The frames as they play: the delivered ones and the quicklooks that joined them in one order, the player
 * over them, each on the map (only the one shown opaque), what the player and the export say of each.
 */
export function usePlayedFrames(
  t: ReturnType<typeof useTimelapse>,
  q: ReturnType<typeof useQuicklookFrames>,
  formulaOn: boolean,
) {
  const played = useMemo(() => mergeFrames(t.frames, q.frames), [t.frames, q.frames])
  const player = usePlayer(played.length)
  const urlsKey = q.urls.join('|')
  const images = useMemo<MapImage[]>(
    () =>
      played.flatMap((p, at): MapImage[] => {
        // Every frame is on the map; the one shown is opaque: a step changes two opacities, nothing more.
        const opacity = at === player.index ? 1 : 0
        if (p.kind === 'quicklook') {
          const url = q.urls[p.index]
          if (!url) return []
          // Laid on its footprint as the catalog's map lays a quicklook.
          return [
            { id: `timelapse-q-${p.frame.key}`, url, opacity, corners: quicklookCorners(p.frame.footprint) },
          ]
        }
        const canvas = t.drawn[p.index]
        const r = t.rasters[p.index]
        if (!canvas || !r) return []
        return [
          {
            id: `timelapse-${p.index}`,
            canvas,
            opacity,
            corners: boxCorners(r.bbox),
          },
        ]
      }),
    // The quicklooks' URLs by their text: the array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [played, t.drawn, t.rasters, urlsKey, player.index],
  )
  const playerFrames = useMemo(
    () => played.map((p): PlayerFrame => ({ ...p.frame, quicklook: p.kind === 'quicklook' })),
    [played],
  )
  const statuses = played.map((p) => (p.kind === 'quicklook' ? q.statuses : t.statuses)[p.index])
  const retryFrame = (at: number) => {
    const p = played[at]
    if (p) (p.kind === 'quicklook' ? q.retryFrame : t.retryFrame)(p.index)
  }
  // Quicklooks are exported cut to the first delivered frame read: its box and its picture's size.
  const reference = t.rasters.find((r) => r !== null) ?? null
  const exportView = useMemo(
    () => (reference ? { bbox: reference.bbox, width: reference.width, height: reference.height } : null),
    [reference],
  )
  const exportFrames = played.map((p): ExportFrame => {
    const label = frameLabel(formatUtcDay(p.frame.time), p.kind, formulaOn)
    if (p.kind === 'delivered') return { time: p.frame.time, label, canvas: t.drawn[p.index] ?? null }
    const [[w, n], [e], , [, s]] = quicklookCorners(p.frame.footprint)
    return { time: p.frame.time, label, quicklook: { url: q.urls[p.index] ?? null, picture: [w, s, e, n] } }
  })
  return { played, player, images, playerFrames, statuses, retryFrame, exportFrames, exportView }
}
