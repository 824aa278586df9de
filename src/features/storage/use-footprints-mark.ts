import { useEffect, type RefObject } from 'react'
import type { MapHandle } from '../../map/map-view'

/** Where the storage pages' own timing marks go; `npm run bench` reads them in Chromium. */
export const PAGE_MARKS = {
  rows: 'swath:storage-rows',
  footprints: 'swath:storage-footprints-idle',
} as const

/** Marks when the map has drawn the footprints of `list` (MapLibre idle after they were sent). */
export function useFootprintsMark(list: readonly unknown[] | undefined, map: RefObject<MapHandle | null>) {
  useEffect(() => {
    if (!list || list.length === 0) return
    let cancelled = false
    // The map's handle is filled once its chunk has loaded and the engine exists; wait for it.
    const tick = () => {
      if (cancelled) return
      if (!map.current) return void requestAnimationFrame(tick)
      map.current.afterIdle(() => {
        if (!cancelled) performance.mark(PAGE_MARKS.footprints, { detail: { count: list.length } })
      })
    }
    tick()
    return () => {
      cancelled = true
    }
  }, [list, map])
}
