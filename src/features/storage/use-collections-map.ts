import { useCallback, useMemo, useState, type RefObject } from 'react'
import type { CollectionsQuery } from '../../data/storage/query'
import type { StacCollection } from '../../data/storage/queries'
import { boundsOf } from '../../lib/geometry-bounds'
import type { Bbox } from '../../map/map-engine'
import type { MapHandle } from '../../map/map-view'
import {
  COLLECTIONS_SOURCE,
  collectionClustersOverlay,
  collectionFootprints,
  filterBoxOverlay,
  padBox,
} from './map-layers'
import { useStorageUi } from './storage-ui-store'
import { useFootprintsMark } from './use-footprints-mark'

/**
 * The storage page's map: the filter box and the listed collections' centres (`below` the footprints), the
 * footprints (which `HoveredMap` lays with the hovered one, read there and in the list, not here: decision
 * 85), and the camera framed on the first answer of each set of filters (paging through them leaves it where
 * it is).
 */
export function useCollectionsMap(
  query: CollectionsQuery,
  collections: StacCollection[] | undefined,
  map: RefObject<MapHandle | null>,
) {
  const footprints = useMemo(() => collectionFootprints(collections ?? []), [collections])
  const setHovered = useStorageUi((s) => s.setHovered)
  // Apart from the hover, so that hovering never sends the centres again.
  const clusters = useMemo(() => collectionClustersOverlay(footprints), [footprints])
  const below = useMemo(() => [filterBoxOverlay(query.bbox), clusters], [query.bbox, clusters])
  useFootprintsMark(collections, map)
  const { page: _page, ...filters } = query
  const filtersKey = JSON.stringify(filters)
  const [framed, setFramed] = useState<{ key: string; fit: { bbox: Bbox } } | null>(null)
  if (footprints.features.length > 0 && framed?.key !== filtersKey) {
    // React's "adjust state while rendering" pattern: a new set of filters brings one new camera request.
    const box = query.bbox ?? boundsOf(footprints.features.map((f) => f.geometry))
    if (box) setFramed({ key: filtersKey, fit: { bbox: padBox(box) } })
  }
  // Stable for a page of collections: the list's rows are memoised, and a new handler on every hover drew
  // every row in view again (with their Mantine components) as each row passed under the pointer.
  const onHover = useCallback((i: number | null) => setHovered(collections, i), [collections, setHovered])
  const onOverlayHover = useCallback(
    (source: string, id: string | number | null) => {
      if (source === COLLECTIONS_SOURCE) setHovered(collections, typeof id === 'number' ? id : null)
    },
    [collections, setHovered],
  )
  return { below, footprints, fit: framed?.fit ?? null, onHover, onOverlayHover }
}
