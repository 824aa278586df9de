import { useQueries } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useDevicePxWidth } from '../../../lib/use-device-px-width'
import { useConsoleServices } from '../../../api/console-context'
import type { LinkFetch } from '../../../api/links'
import type { ApiClient } from '../../../api/client'
import type { Geometry } from 'geojson'
import { boundsOf } from '../../../lib/geometry-bounds'
import { pixelUnder, presetForImage, readWidthFor, sharedPresets } from '../../../lib/imagery/layers'
import { describePixel, renderPreset, type Preset, type Raster } from '../../../lib/imagery/render'
import { evaluate } from '../../../lib/imagery/formula'
import { histogram, renderView, viewKey, type ImageView } from '../../../lib/imagery/view'
import type { LonLat, MapImage } from '../../../map/map-engine'
import { storageKeys } from '../keys'
import { signDownload, type StacItem } from '../queries'
import type { ReadResult } from './read-cog'
import { readImagery, startImageryReader } from './run-read'
import { boxCorners } from '../../../lib/geo/shapes'

/** The item's Cloud-Optimized GeoTIFF: its data asset whose type says so. */
export function imageryAssetOf(item: StacItem): { key: string; id: string } | null {
  for (const [key, a] of Object.entries(item.assets)) {
    if (!/geotiff|image\/tiff/i.test(a.type ?? '') || !(a.roles ?? []).includes('data')) continue
    const id = /\/v2\/assets\/([^/?#]+)$/.exec(a.href)?.[1]
    if (id) return { key, id }
  }
  return null
}

/**
 * One overview of an asset's image, read by Range requests through a freshly signed link (the link is never
 * kept: the overview's pixels are), and rendered where it is read in `preset` (the image's first combination
 * where it lacks that one). `onDecoded` is told when the pixels are in, before that rendering.
 */
export function imageryOptions(
  client: ApiClient,
  fetchLink: LinkFetch,
  assetId: string,
  targetPx: number | null,
  preset: Preset | null = null,
  onDecoded?: () => void,
  view: ImageView | null = null,
) {
  return {
    queryKey: storageKeys.imagery(assetId, targetPx ?? 0),
    // The query's signal ends when no page shows the image any more: the read stops with it (issue 41).
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ReadResult> => {
      const link = await signDownload(client, assetId)
      return readImagery(
        { url: link.url, targetPx: targetPx ?? 512, preset, view },
        fetchLink,
        onDecoded,
        signal,
      )
    },
    // Read once the page knows how wide the image is drawn, so one overview is read, not two.
    enabled: targetPx !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    // A page without its pictures is still the page: the failure is shown beside the map.
    throwOnError: false,
    retry: false,
  } as const
}

/** One read: an asset at a width. */
const readKey = (r: { assetId: string; targetPx: number | null }) => `${r.assetId}:${r.targetPx}`

/** An item to draw, and how many pixels across it needs on the map (null while the page does not know). */
export interface ImageryTarget {
  item: StacItem
  targetPx: number | null
}

/** The most images one map draws at once; a page of more items draws its first ones. */
export const MAX_IMAGES = 12

/** Each overview's canvas per band combination (or view), made once and kept as long as the overview is. */
const canvases = new WeakMap<Raster, Map<string, HTMLCanvasElement>>()

/** Each overview's view (values, limits, pixels) per view key: dragging a limit back reuses its canvas. */
const views = new WeakMap<Raster, Map<string, ReturnType<typeof renderView>>>()

function viewOfRaster(raster: Raster, view: ImageView) {
  let byKey = views.get(raster)
  if (!byKey) views.set(raster, (byKey = new Map<string, ReturnType<typeof renderView>>()))
  const key = viewKey(view)
  const known = byKey.get(key)
  if (known) return known
  const made = renderView(raster, view)
  // Only the latest few per overview: each holds its channels' values.
  if (byKey.size > 6) byKey.delete(byKey.keys().next().value as string)
  byKey.set(key, made)
  return made
}

function canvasOf(
  { raster, rendered }: ReadResult,
  preset: Preset,
  view: ImageView | null,
): HTMLCanvasElement {
  let byKey = canvases.get(raster)
  if (!byKey) canvases.set(raster, (byKey = new Map<string, HTMLCanvasElement>()))
  const key = view ? viewKey({ ...view, preset }) : preset
  const known = byKey.get(key)
  if (known) return known
  const c = document.createElement('canvas')
  c.width = raster.width
  c.height = raster.height
  // What the reader rendered off the main thread, else rendered here.
  const rgba = view
    ? rendered && rendered.view === key
      ? rendered.rgba
      : viewOfRaster(raster, { ...view, preset }).rgba
    : rendered?.preset === preset && !rendered.view
      ? rendered.rgba
      : renderPreset(raster, preset)
  c.getContext('2d')?.putImageData(new ImageData(rgba, raster.width, raster.height), 0, 0)
  if (byKey.size > 8) byKey.delete(byKey.keys().next().value as string)
  byKey.set(key, c)
  return c
}

/**
 * Delivered images on a map: for each item with a GeoTIFF (the first MAX_IMAGES), one overview read in a
 * worker and drawn on a canvas in one band combination the page chooses for all, handed to the map at the
 * image's corners with one opacity; the values of the pixel under the pointer (from the topmost image there)
 * are written into `readout`'s element, never through React state.
 */
export function useImagery(
  targets: readonly ImageryTarget[],
  /** The combination to start from when the images have it (a compared item follows the page's). */
  wanted: Preset | null = null,
  /**
   * The whole view, where the page keeps one (the item page, in its URL): stretch and formula, and the band
   * combination in place of this hook's own choice.
   */
  control: { view: ImageView; setView: (v: ImageView) => void } | null = null,
) {
  const view = control?.view ?? null
  const { client, fetchLink } = useConsoleServices()
  const reads = useMemo(
    () =>
      targets
        .flatMap((t) => {
          const asset = imageryAssetOf(t.item)
          return asset ? [{ item: t.item, assetId: asset.id, targetPx: t.targetPx }] : []
        })
        .slice(0, MAX_IMAGES),
    [targets],
  )
  const available = useMemo(() => targets.filter((t) => imageryAssetOf(t.item) !== null).length, [targets])
  // The reader's worker loads while the links are signed and the map made, not after.
  const anyImagery = reads.length > 0
  useEffect(() => {
    if (anyImagery) startImageryReader()
  }, [anyImagery])
  // The reads whose pixels are in (being rendered): a page holding its map for its pictures lets it come then.
  const [decoded, setDecoded] = useState<ReadonlySet<string>>(() => new Set())
  const [initialView] = useState(view)
  const results = useQueries({
    queries: reads.map((r) =>
      imageryOptions(
        client,
        fetchLink,
        r.assetId,
        r.targetPx,
        view?.preset ?? wanted,
        () => setDecoded((d) => new Set(d).add(readKey(r))),
        // The view the page opened with is rendered in the reader; later views are rendered here.
        initialView,
      ),
    ),
  })
  // The overviews read so far, in the items' order; a stable array while none of them changes.
  const read = results.map((r, i) => ({ item: reads[i].item, result: r.data }))
  const drawnKey = read.map((r) => (r.result ? `${r.item.id}:${r.result.raster.width}` : '')).join('|')
  const ready = useMemo(
    () => read.filter((r): r is { item: StacItem; result: ReadResult } => r.result !== undefined),
    // The key names every overview read; the list is rebuilt only when one comes or goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drawnKey],
  )
  const rasters = useMemo(() => ready.map((r) => r.result.raster), [ready])
  const presets = useMemo(() => sharedPresets(rasters.map((r) => r.bands)), [rasters])
  const [ownChoice, setOwnPreset] = useState<Preset | null>(null)
  const chosen = view ? view.preset : ownChoice
  const setPreset = (p: Preset) =>
    control ? control.setView({ ...control.view, preset: p }) : setOwnPreset(p)
  const preset =
    chosen && presets.includes(chosen)
      ? chosen
      : wanted && presets.includes(wanted)
        ? wanted
        : (presets[0] ?? null)
  const [opacity, setOpacity] = useState(1)

  const images = useMemo<MapImage[]>(() => {
    if (typeof document === 'undefined') return []
    return ready.map(({ item, result }) => {
      return {
        id: `imagery-${item.id}`,
        canvas: canvasOf(result, presetForImage(result.raster.bands, preset), view),
        opacity,
        corners: boxCorners(result.raster.bbox),
      }
    })
    // The view by its key: a new object with the same stretch and formula draws nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, preset, opacity, view && viewKey(view)])

  // The first image's view in numbers, for the stretch's histograms and the formula's legend and readout.
  const analysed = useMemo(() => {
    const first = ready[0]?.result.raster
    if (!view || !first || !preset) return null
    const shown = viewOfRaster(first, { ...view, preset: presetForImage(first.bands, preset) })
    return {
      node: shown.node,
      limits: shown.limits,
      histograms: shown.channels.map((c) => histogram(c)),
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, preset, view && viewKey(view)])

  const readout = useRef<HTMLOutputElement | null>(null)
  const bindReadout = useCallback((el: HTMLOutputElement | null) => {
    readout.current = el
  }, [])
  const onCursor = useCallback(
    (at: LonLat | null) => {
      if (!readout.current || rasters.length === 0) return
      const under = at ? pixelUnder(rasters, at[0], at[1]) : null
      const node = analysed?.node
      const formulaValue = under && node ? evaluate(node, under.values) : null
      const values =
        describePixel(under?.values ?? null) +
        (formulaValue === null
          ? ''
          : ` · formula ${Number.isFinite(formulaValue) ? formulaValue.toFixed(4) : 'undefined'}`)
      readout.current.textContent = !at
        ? ''
        : under && ready.length > 1
          ? `${titleOf(ready[under.index].item)}: ${values}`
          : values
    },
    [rasters, ready, analysed],
  )

  const failed = results.filter((r) => r.status === 'error').length
  const reading = reads.some((r, i) => results[i].status === 'pending' && !decoded.has(readKey(r)))
  const first = results[0]
  return {
    /**
     * Whether a picture is still being read (its width unknown, its link being signed or its ranges coming):
     * false once every one is decoded (rendering may go on), has failed or has none.
     */
    reading,
    /** How many of the items have a GeoTIFF to draw (at most MAX_IMAGES). */
    count: reads.length,
    /** How many items have an image at all, before the cap. */
    available,
    drawn: images.length,
    failed,
    status:
      reads.length === 0
        ? ('idle' as const)
        : results.some((r) => r.status === 'pending')
          ? ('pending' as const)
          : failed === reads.length
            ? ('error' as const)
            : ('success' as const),
    error: results.find((r) => r.error)?.error ?? null,
    retry: () => {
      for (const r of results) if (r.status === 'error') void r.refetch()
    },
    /** The level read of the first image, among the widths of its levels. */
    level: first?.data ? { index: first.data.level, widths: first.data.levels } : null,
    presets,
    preset,
    setPreset,
    /** Bands of the first image read (4 optical, 1 radar); null before. */
    bands: rasters[0]?.bands ?? null,
    /** The first image's channels under the page's view: their histograms, limits and formula (null without a view). */
    analysed,
    opacity,
    setOpacity,
    images,
    bindReadout,
    onCursor,
  }
}

export type Imagery = ReturnType<typeof useImagery>

/**
 * The imagery of a list of items on a map framed to `view` ([west, south, east, north]), measured through
 * `mapBox`: each item's overview as wide as the item shows on that map, so small items read small overviews.
 */
export function useItemsImagery(items: readonly StacItem[] | undefined, view: readonly number[] | null) {
  const { box, px } = useDevicePxWidth()
  const targets = useMemo<ImageryTarget[]>(
    () =>
      (items ?? []).map((item) => {
        const bounds = item.bbox ?? boundsOf([item.geometry as Geometry | null])
        return {
          item,
          targetPx: px === null ? null : bounds && view ? readWidthFor(bounds, view, px) : px,
        }
      }),
    // A page frames its map once; its imagery is read for that frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, px],
  )
  return { mapBox: box, imagery: useImagery(targets) }
}

function titleOf(item: StacItem): string {
  const t = item.properties.title
  return typeof t === 'string' && t ? t : item.id
}
