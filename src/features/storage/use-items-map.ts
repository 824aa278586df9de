import { useMemo } from 'react'
import type { StacItem } from '../../data/storage/queries'
import { boundsOf } from '../../lib/geometry-bounds'
import { itemClustersOverlay, ITEMS_SOURCE, itemFootprints, itemsOverlay } from './map-layers'
import { useHovered, useStorageUi } from './storage-ui-store'

/** The search page's map: the found items' footprints, the hovered one shared with the list, framed on them. */
export function useItemsMap(items: StacItem[] | undefined) {
  const footprints = useMemo(() => itemFootprints(items ?? []), [items])
  const hovered = useHovered(items)
  const setHovered = useStorageUi((s) => s.setHovered)
  // Apart from the hover, so that hovering never sends the centres again.
  const clusters = useMemo(() => itemClustersOverlay(footprints), [footprints])
  const overlays = useMemo(
    () => [clusters, itemsOverlay(footprints, hovered)],
    [clusters, footprints, hovered],
  )
  const fit = useMemo(() => {
    const box = boundsOf(footprints.features.map((f) => f.geometry))
    return box ? { bbox: box } : null
  }, [footprints])
  return {
    overlays,
    fit,
    hovered,
    onHover: (i: number | null) => setHovered(items, i),
    onOverlayHover: (source: string, id: string | number | null) => {
      if (source === ITEMS_SOURCE) setHovered(items, typeof id === 'number' ? id : null)
    },
  }
}
