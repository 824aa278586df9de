import { useQueries, useQuery } from '@tanstack/react-query'
import type { MultiPolygon, Polygon } from 'geojson'
import { useEffect, useMemo, useState } from 'react'
import { useConsoleServices } from '../../api/console-context'
import { areaItemsOptions } from '../../data/storage/area-items'
import { imageryAssetOf, imageryOptions } from '../../data/storage/imagery/use-imagery'
import { startImageryReader } from '../../data/storage/imagery/run-read'
import type { ReadResult } from '../../data/storage/imagery/read-cog'
import type { StacItem } from '../../data/storage/queries'
import { intersectionAreaRatio } from '../../lib/geo/combine'
import { bboxOf } from '../../lib/geo/measure'
import { boxCoverShare, boxOf } from '../../lib/geo/shapes'
import {
  channelValues,
  FORMULA_PRESETS,
  renderView,
  shownView,
  viewKey,
  type ImageView,
  type Limits,
} from '../../lib/imagery/view'
import { presetForImage } from '../../lib/imagery/layers'
import type { Raster } from '../../lib/imagery/render'
import {
  formulaMean,
  frameView,
  framesToRead,
  MAX_FRAMES,
  selectFrames,
  type FrameCandidate,
  type FrameFilters,
} from '../../lib/imagery/timelapse'
import { mark, measured, TIMELAPSE_MARKS, TIMELAPSE_MEASURES } from './marks'

/** A stored item as a frame: what choosing reads, and the item and its GeoTIFF. */
export interface Frame extends FrameCandidate {
  item: StacItem
  collectionId: string
  assetId: string
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/**
 * Share of the area an item covers: for a box footprint and a box area (the large world's, most deliveries')
 * the ratio of the boxes' shared part, else by clipping; a box footprint holding the area's box covers all.
 */
function coverageOf(area: readonly Polygon[], areaBox: number[], item: StacItem): number {
  const g = item.geometry as Polygon | MultiPolygon | null | undefined
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return 0
  const box = boxOf(g)
  if (box) {
    const [w, s, e, n] = box
    if (w <= areaBox[0] && s <= areaBox[1] && e >= areaBox[2] && n >= areaBox[3]) return 1
    const areaAsBox = area.length === 1 ? boxOf(area[0]) : null
    if (areaAsBox) return boxCoverShare(areaAsBox, box)
  }
  try {
    return intersectionAreaRatio(area, g)
  } catch {
    return 0
  }
}

/**
 * Each item's share of the last area it was measured against: the search's stopping test and the page both
 * measure every item of a page, and clipping a footprint is the costly part of listing a place.
 */
const coverages = new WeakMap<StacItem, { area: readonly Polygon[]; coverage: number }>()

function coverageFor(area: readonly Polygon[], areaBox: number[], item: StacItem): number {
  const known = coverages.get(item)
  if (known?.area === area) return known.coverage
  const coverage = coverageOf(area, areaBox, item)
  coverages.set(item, { area, coverage })
  return coverage
}

/** The items that could be frames: those with a GeoTIFF and a time, with their share of the area. */
export function candidatesOf(items: readonly StacItem[], area: readonly Polygon[]): Frame[] {
  const box = bboxOf([...area])
  return items.flatMap((item) => {
    const asset = imageryAssetOf(item)
    const p = item.properties
    const time = Date.parse(String(p.datetime ?? p.start_datetime ?? ''))
    if (!asset || !Number.isFinite(time)) return []
    return [
      {
        key: `${item.collection ?? ''}/${item.id}`,
        time,
        cloud: num(p['eo:cloud_cover']),
        coverage: coverageFor(area, box, item),
        constellation: typeof p.constellation === 'string' ? p.constellation : null,
        item,
        collectionId: item.collection ?? '',
        assetId: asset.id,
      },
    ]
  })
}

/** The formula the series plots: the page's where it has one, else NDVI (optical) or backscatter in dB. */
export function seriesFormula(view: ImageView, bands: number | null): string {
  if (view.formula !== null) return view.formula
  return bands !== null && bands < 4 ? '20 * log10(amp / 10000)' : FORMULA_PRESETS[0].formula
}

/** Each overview's canvas per view key, made once. */
const canvases = new WeakMap<Raster, Map<string, HTMLCanvasElement>>()
/** Each overview's limits under the page's view (the reference frame's give every frame its stretch). */
const ownLimits = new WeakMap<Raster, Map<string, Limits[]>>()
/** Each overview's mean per formula and area. */
const means = new WeakMap<Raster, Map<string, ReturnType<typeof formulaMean>>>()

function cached<V>(map: WeakMap<Raster, Map<string, V>>, r: Raster, key: string, make: () => V): V {
  let byKey = map.get(r)
  if (!byKey) map.set(r, (byKey = new Map<string, V>()))
  const known = byKey.get(key)
  if (known !== undefined) return known
  const made = make()
  if (byKey.size > 6) byKey.delete(byKey.keys().next().value as string)
  byKey.set(key, made)
  return made
}

function canvasOf(r: Raster, rgba: Uint8ClampedArray<ArrayBuffer>): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null
  const c = document.createElement('canvas')
  c.width = r.width
  c.height = r.height
  c.getContext('2d')?.putImageData(new ImageData(rgba, r.width, r.height), 0, 0)
  return c
}

function canvasFor(r: Raster, view: ImageView): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null
  return cached(canvases, r, viewKey(view), () =>
    measured(TIMELAPSE_MEASURES.stretch, () => canvasOf(r, renderView(r, view).rgba)),
  )
}

/**
 * The reference frame's stretch and picture: the reader's rendering where it is of this view (the view the
 * page opened with), else one made here; and its values per channel (the stretch's histograms) once the
 * first frame is on the map, so that a rendering made in the reader keeps them off the first picture's path.
 */
function useReference(
  refRaster: Raster | null,
  refRendered: ReadResult['rendered'],
  view: ImageView,
  firstShown: boolean,
) {
  const key = viewKey(view)
  const made = useMemo(() => {
    if (!refRaster) return null
    const { node, shown, key: shownKey } = shownView(refRaster, view)
    const made =
      refRendered?.view === shownKey && refRendered.limits
        ? { node, limits: refRendered.limits, rgba: refRendered.rgba, channels: null }
        : measured(TIMELAPSE_MEASURES.stretch, () => renderView(refRaster, shown))
    cached(ownLimits, refRaster, key, () => made.limits)
    // The reference frame drawn with its own limits is this very rendering: its canvas is made from it.
    cached(canvases, refRaster, viewKey(frameView(shown, made.limits)), () =>
      measured(TIMELAPSE_MEASURES.stretch, () => canvasOf(refRaster, made.rgba)),
    )
    return { raster: refRaster, node: made.node, limits: made.limits, channels: made.channels, shown }
    // The view by its key: a new object with the same stretch and formula changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refRaster, key])
  const analysed = useMemo(() => {
    if (!made) return null
    const channels =
      made.channels ??
      (firstShown ? channelValues(made.raster, made.shown, made.node) : ([] as Float32Array[]))
    return { node: made.node, limits: made.limits, channels }
  }, [made, firstShown])
  return { made, analysed }
}

export type FrameStatus = 'reading' | 'read' | 'failed'

/**
 * A time-lapse of an area: the stored items over it (a paged storage search), chosen and ordered as frames
 * by the filters, each one's overview read `targetPx` across (in the reader's worker), drawn in one view with
 * one stretch (the first frame's), and the mean of the series' formula over the area per frame.
 */
export function useTimelapse(
  area: readonly Polygon[] | null,
  filters: FrameFilters,
  view: ImageView,
  targetPx: number | null,
  cap = MAX_FRAMES,
) {
  const { client, fetchLink } = useConsoleServices()
  const { minCoverage, maxCloud } = filters
  // Pages are newest first: once they hold `cap` frames, older pages cannot change which frames play.
  const enough = useMemo(
    () => ({
      key: `${cap}|${minCoverage}|${maxCloud}`,
      test: (items: readonly StacItem[]) =>
        selectFrames(candidatesOf(items, area ?? []), { minCoverage, maxCloud }, cap).frames.length >= cap,
    }),
    [area, cap, minCoverage, maxCloud],
  )
  const search = useQuery({
    ...areaItemsOptions(client, area ?? [], enough),
    enabled: area !== null && area.length > 0,
    // Changed filters may read more pages: the frames already there stay until they are read.
    placeholderData: (previous) => previous,
  })
  const candidates = useMemo(
    () => (search.data && area ? candidatesOf(search.data.items, area) : []),
    [search.data, area],
  )
  const selection = useMemo(
    () => selectFrames(candidates, { minCoverage, maxCloud }, cap),
    [candidates, minCoverage, maxCloud, cap],
  )
  const { frames } = selection
  const known = area !== null && area.length > 0
  // The reader's worker loads while the place is listed, not after: its script is not on the first frame's path.
  useEffect(() => {
    if (!known) return
    mark(TIMELAPSE_MARKS.area)
    startImageryReader()
  }, [known])
  const listed = search.data !== undefined
  useEffect(() => {
    if (listed) mark(TIMELAPSE_MARKS.listed)
  }, [listed])
  // Frames are read a few at a time, in play order: the first one shown is not kept waiting by the rest.
  const framesKey = frames.map((f) => f.key).join('|')
  const [readWindow, setReadWindow] = useState({ of: '', readable: 0 })
  // A new set of frames starts from its first ones (never with the last set's count).
  // The first frame is read alone until it is on the map (a frame painted after its picture was made).
  const [shownOf, setShownOf] = useState('')
  const firstShown = shownOf === framesKey
  const readable =
    readWindow.of === framesKey
      ? readWindow.readable
      : framesToRead(
          frames.map(() => false),
          undefined,
          false,
        )
  const results = useQueries({
    queries: frames.map((f, i) => {
      const first = i === 0
      const options = imageryOptions(
        client,
        fetchLink,
        f.assetId,
        targetPx,
        null,
        first ? () => mark(TIMELAPSE_MARKS.firstDecoded) : undefined,
        // The first frame is the reference: the reader's worker renders it in the page's view with its own
        // limits, so its picture and the stretch every frame shares are not made on this thread.
        first ? view : null,
      )
      return {
        ...options,
        queryFn: first
          ? async (context: { signal: AbortSignal }) => {
              const read = await options.queryFn(context)
              mark(TIMELAPSE_MARKS.firstRead)
              return read
            }
          : options.queryFn,
        enabled: targetPx !== null && i < readable,
      }
    }),
  })
  const rasters = results.map((r) => r.data?.raster ?? null)
  const statuses: FrameStatus[] = results.map((r) =>
    r.status === 'error' ? 'failed' : r.data ? 'read' : 'reading',
  )
  // As frames settle, the next ones open (state adjusted while rendering: no extra pass through an effect).
  const next = framesToRead(
    results.map((r) => r.status !== 'pending'),
    undefined,
    firstShown || results[0]?.status === 'error',
  )
  if (next > readable) setReadWindow({ of: framesKey, readable: next })
  const rastersKey = rasters.map((r, i) => (r ? `${frames[i].key}:${r.width}` : statuses[i])).join('|')
  // The reference frame: the first one read, once every earlier one has failed (so it never changes later).
  const reference = statuses.findIndex((s) => s !== 'failed')
  const refRaster = reference >= 0 ? rasters[reference] : null
  const bands = refRaster?.bands ?? null
  const refRendered = reference >= 0 ? results[reference]?.data?.rendered : undefined
  const { made, analysed } = useReference(refRaster, refRendered, view, firstShown)
  const drawn = useMemo(
    () =>
      rasters.map((r) => {
        if (!r || !made) return null
        const v = frameView({ ...view, preset: presetForImage(r.bands, view.preset) }, made.limits)
        return canvasFor(r, v)
      }),
    // Rebuilt when a frame comes or the view changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rastersKey, made],
  )
  const firstPicture = drawn[0] != null
  useEffect(() => {
    if (!firstPicture) return
    mark(TIMELAPSE_MARKS.firstPicture)
    // Shown once the map has painted a frame since the picture was given to it (two frames from now).
    let id = requestAnimationFrame(() => {
      id = requestAnimationFrame(() => setShownOf(framesKey))
    })
    return () => cancelAnimationFrame(id)
  }, [firstPicture, framesKey])
  const formula = seriesFormula(view, bands)
  const areaKey = useMemo(() => JSON.stringify(area), [area])
  const series = useMemo(
    () =>
      rasters.map((r, i) => {
        // The series waits for the first frame to be shown: its means are not on the first picture's path.
        if (!r || !area || !firstShown) return null
        const m = cached(means, r, `${formula}|${areaKey}`, () => formulaMean(r, formula, area))
        return { time: frames[i].time, itemId: frames[i].item.id, width: r.width, ...m }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rastersKey, formula, areaKey, firstShown],
  )
  return {
    search,
    /** Whether older deliveries were not read (the newest pages held every frame). */
    olderUnread: search.data?.more ?? false,
    /** Every candidate (items with a GeoTIFF), before the filters. */
    candidates: candidates.length,
    selection,
    frames,
    statuses,
    rasters,
    /** Each frame's picture in the page's view and the reference frame's stretch (null until read). */
    drawn,
    /** Whether the first frame is on the map (the rest are read, and the series made, after it). */
    firstShown,
    /** The reference frame's view in numbers, for the stretch's histograms and the formula's legend. */
    analysed,
    bands,
    formula,
    series,
    retryFrame: (i: number) => void results[i]?.refetch(),
  }
}
