import { useMemo } from 'react'
import { imageryAssetOf, useImagery } from '../../../data/storage/imagery/use-imagery'
import type { StacItem } from '../../../data/storage/queries'
import type { Preset } from '../../../lib/imagery/render'

/**
 * One item's imagery on the map, once `targetPx` (the map's width in device pixels) is known: the shared
 * imagery hook for a single item, with its GeoTIFF asset.
 */
export function useItemImagery(
  item: StacItem | null,
  targetPx: number | null,
  /** The preset to start from when the item has it (a compared item follows the page's item). */
  wanted: Preset | null = null,
  /** The page's view (stretch, formula), kept in its URL. */
  control: Parameters<typeof useImagery>[2] = null,
) {
  const targets = useMemo(() => (item ? [{ item, targetPx }] : []), [item, targetPx])
  const imagery = useImagery(targets, wanted, control)
  return { ...imagery, asset: item ? imageryAssetOf(item) : null }
}
