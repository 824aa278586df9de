import type { Polygon } from 'geojson'
import { useEffect, useMemo, useState } from 'react'
import { overlapAny, prepareCoverage } from './coverage'

/**
 * Each footprint's coverage of the applied AOI. Polygons that overlap are merged first, so no part counts
 * twice; the union takes turf's polygon clipper, 16 KiB (gzip) the catalog's first load leaves out, so it is
 * loaded only for such an AOI and the coverage is `pending` meanwhile (rows show no figure, the sort stays).
 */
export function useCoverage(polygons: Polygon[]) {
  const overlapping = useMemo(() => overlapAny(polygons), [polygons])
  const [merged, setMerged] = useState<{ of: Polygon[]; area: Polygon[] } | null>(null)
  useEffect(() => {
    if (!overlapping) return
    let live = true
    void import('../../lib/geo/combine').then(({ unionOf }) => {
      if (live) setMerged({ of: polygons, area: unionOf(polygons) })
    })
    return () => {
      live = false
    }
  }, [polygons, overlapping])
  const area = !overlapping ? polygons : merged?.of === polygons ? merged.area : null
  const coverage = useMemo(() => (area ? prepareCoverage(area) : null), [area])
  return { coverage, pending: area === null }
}
