import type { Geometry } from 'geojson'
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useImagery, type ImageryTarget } from '../../../data/storage/imagery/use-imagery'
import type { StacItem } from '../../../data/storage/queries'
import { boundsOf } from '../../../lib/geometry-bounds'
import { readWidthFor } from '../../../lib/imagery/layers'

/** How wide the element is in device pixels, once it is laid out (null before). */
export function useDevicePxWidth() {
  const box = useRef<HTMLDivElement>(null)
  const [px, setPx] = useState<number | null>(null)
  useLayoutEffect(() => {
    const width = box.current?.clientWidth || 512
    setPx(Math.round(width * (window.devicePixelRatio || 1)))
  }, [])
  return { box, px }
}

/**
 * The imagery of a page of items on a map framed to `view` ([west, south, east, north]): each item's
 * overview as wide as the item shows on that map, so a collection's small items read small overviews.
 */
export function useItemsImagery(items: readonly StacItem[] | undefined, view: readonly number[] | null) {
  const { box, px } = useDevicePxWidth()
  const targets = useMemo<ImageryTarget[]>(
    () =>
      (items ?? []).map((item) => {
        const bounds = item.bbox ?? (item.geometry ? boundsOf([item.geometry as Geometry]) : null)
        return {
          item,
          targetPx: px === null ? null : bounds && view ? readWidthFor(bounds, view, px) : px,
        }
      }),
    // The view is the collection's, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, px],
  )
  return { mapBox: box, imagery: useImagery(targets) }
}
