import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useApiClient } from '../../../api/console-context'
import { storageKeys } from '../../../data/storage/keys'
import { signDownload, type StacItem } from '../../../data/storage/queries'
import { describePixel, pixelAt, presetsFor, renderPreset, type Preset } from '../../../lib/imagery/render'
import type { LonLat, MapImage } from '../../../map/map-engine'
import { readImagery, startImageryReader } from './run-read'

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
 * An item's imagery on the map, once `targetPx` (the map's width in device pixels) is known: one overview read by Range requests through a freshly signed link (never
 * kept: the overview's pixels are), drawn on a canvas in the chosen preset and handed to the map at the
 * image's corners, with the opacity, and the values of the pixel under the pointer written into `readout`.
 */
export function useItemImagery(
  item: StacItem | null,
  targetPx: number | null,
  /** The preset to start from when the item has it (a compared item follows the page's item). */
  wanted: Preset | null = null,
) {
  const client = useApiClient()
  const asset = item ? imageryAssetOf(item) : null
  const hasImagery = asset !== null
  // The reader's worker loads while the link is signed and the map made, not after.
  useEffect(() => {
    if (hasImagery) startImageryReader()
  }, [hasImagery])
  const q = useQuery({
    queryKey: storageKeys.imagery(asset?.id ?? '', targetPx ?? 0),
    queryFn: async () => {
      const link = await signDownload(client, asset?.id ?? '')
      return readImagery({ url: link.url, targetPx: targetPx ?? 512 })
    },
    // Read once the page knows how wide its map is, so one overview is read, not two.
    enabled: asset !== null && targetPx !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    // A page without its picture is still the item's page: the failure is shown beside the map.
    throwOnError: false,
    retry: false,
  })
  const raster = q.data?.raster
  const presets = useMemo(() => (raster ? presetsFor(raster.bands) : []), [raster])
  const [chosen, setPreset] = useState<Preset | null>(null)
  const preset =
    chosen && presets.includes(chosen)
      ? chosen
      : wanted && presets.includes(wanted)
        ? wanted
        : (presets[0] ?? null)
  const [opacity, setOpacity] = useState(1)
  // A new canvas per preset: the map takes it in place of the last one.
  const canvas = useMemo(() => {
    if (!raster || !preset || typeof document === 'undefined') return null
    const c = document.createElement('canvas')
    c.width = raster.width
    c.height = raster.height
    c.getContext('2d')?.putImageData(
      new ImageData(renderPreset(raster, preset), raster.width, raster.height),
      0,
      0,
    )
    return c
  }, [raster, preset])

  const images = useMemo<MapImage[]>(() => {
    if (!raster || !canvas || !item) return []
    const [w, s, e, n] = raster.bbox
    return [
      {
        id: `imagery-${item.id}`,
        canvas,
        opacity,
        corners: [
          [w, n],
          [e, n],
          [e, s],
          [w, s],
        ],
      },
    ]
  }, [raster, canvas, opacity, item])

  // The readout is written straight into its element on every pointer move, never through React state.
  const readout = useRef<HTMLOutputElement | null>(null)
  const bindReadout = useCallback((el: HTMLOutputElement | null) => {
    readout.current = el
  }, [])
  const onCursor = useCallback(
    (at: LonLat | null) => {
      if (!readout.current || !raster) return
      readout.current.textContent = at ? describePixel(pixelAt(raster, at[0], at[1])) : ''
    },
    [raster],
  )

  return {
    asset,
    status: q.status,
    error: q.error,
    level: q.data ? { index: q.data.level, widths: q.data.levels } : null,
    presets,
    preset,
    setPreset,
    opacity,
    setOpacity,
    images,
    drawn: canvas !== null,
    bindReadout,
    onCursor,
  }
}

export type ItemImagery = ReturnType<typeof useItemImagery>
