import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useConsoleServices } from '../../api/console-context'
import { imageryAssetOf, imageryOptions, useImagery } from '../../data/storage/imagery/use-imagery'
import type { StacItem } from '../../data/storage/queries'
import {
  changedMask,
  commonGrid,
  defaultThreshold,
  differenceOf,
  divergingLimit,
  maskAreaKm2,
  outlineRings,
  renderDifference,
  ringsToLonLat,
  type ChangeOf,
  valueAt,
} from '../../lib/imagery/change'
import { bandNamesFor, tryParse } from '../../lib/imagery/formula'
import { FORMULA_PRESETS } from '../../lib/imagery/view'
import type { LonLat, MapImage } from '../../map/map-engine'
import { outlineOverlay } from './change-layers'
import { boxCorners } from '../../lib/geo/shapes'

/** What the difference is of, as the page offers it: a band of both images, or a formula over them. */
export interface ChangeChoice {
  of: string | null
  formula: string | null
  threshold: number | null
}

/** The band (or the formula) compared when the URL names none: NDVI for optical images, backscatter for radar. */
export const defaultOf = (bands: number) => (bands >= 4 ? 'formula' : 'amp')
export const defaultFormula = (bands: number) => (bands >= 4 ? FORMULA_PRESETS[0].formula : 'amp')

/** The unit the difference is stated in. */
export function unitOf(bands: number, of: string): string {
  if (of === 'formula') return ''
  return bands >= 4 ? ' (reflectance)' : ' dB'
}

/**
 * Two deliveries of one place compared: both drawn for the swipe (in one band combination), read once each at
 * the map's width; the difference of a band or formula on the box they share, drawn through the diverging
 * ramp; and the pixels past the threshold, outlined, with their area.
 */
export function useChangeReview(
  before: StacItem | null,
  after: StacItem | null,
  targetPx: number | null,
  choice: ChangeChoice,
  /** Drawn alone while there is no pair yet (the item the review was opened from), so the map is not bare. */
  alone: StacItem | null = null,
) {
  const { client, fetchLink } = useConsoleServices()
  const targets = useMemo(
    () => (before && after ? [before, after] : alone ? [alone] : []).map((item) => ({ item, targetPx })),
    [before, after, alone, targetPx],
  )
  const imagery = useImagery(targets)
  // The same reads as the swipe's (one query per asset and width): their samples, for the difference.
  const assets = [before, after].flatMap((i) => {
    const a = i ? imageryAssetOf(i) : null
    return a ? [a] : []
  })
  const reads = useQueries({
    queries: (assets.length === 2 ? assets : []).map((a) =>
      imageryOptions(client, fetchLink, a.id, targetPx),
    ),
  })
  const rasterA = reads[0]?.data?.raster ?? null
  const rasterB = reads[1]?.data?.raster ?? null

  const bands = rasterA && rasterB ? (rasterA.bands === rasterB.bands ? rasterA.bands : -1) : null
  const of = bands !== null && bands > 0 ? pickOf(bands, choice.of) : null
  const formula = bands !== null && bands > 0 ? (choice.formula ?? defaultFormula(bands)) : null
  const parsed =
    bands !== null && bands > 0 && formula !== null ? tryParse(formula, bandNamesFor(bands)) : null
  const formulaError = parsed && 'error' in parsed ? parsed.error : null

  const difference = useMemo(() => {
    if (!rasterA || !rasterB || bands === null || bands < 0 || !of) return null
    const grid = commonGrid(rasterA, rasterB)
    if (!grid) return null
    let what: ChangeOf
    if (of === 'formula') {
      if (!parsed || !('node' in parsed)) return null
      what = { kind: 'formula', node: parsed.node }
    } else what = { kind: 'band', band: Math.max(0, bandNamesFor(bands).indexOf(of)) }
    const values = differenceOf(rasterA, rasterB, grid, what)
    const limit = divergingLimit(values)
    return { grid, values, limit }
  }, [rasterA, rasterB, bands, of, parsed])

  const threshold = difference ? (choice.threshold ?? defaultThreshold(difference.limit)) : null

  const changed = useMemo(() => {
    if (!difference || threshold === null) return null
    const { grid, values } = difference
    const { mask, regions, pixels } = changedMask(values, grid.width, grid.height, threshold)
    let known = 0
    for (const v of values) if (Number.isFinite(v)) known++
    return {
      regions,
      areaKm2: maskAreaKm2(mask, grid),
      share: known > 0 ? pixels / known : 0,
      overlay: outlineOverlay(ringsToLonLat(outlineRings(mask, grid.width, grid.height), grid)),
    }
  }, [difference, threshold])

  const differenceImage = useMemo<MapImage | null>(() => {
    if (!difference || typeof document === 'undefined') return null
    const { grid, values, limit } = difference
    const canvas = document.createElement('canvas')
    canvas.width = grid.width
    canvas.height = grid.height
    canvas
      .getContext('2d')
      ?.putImageData(new ImageData(renderDifference(values, limit), grid.width, grid.height), 0, 0)
    return {
      id: 'change-difference',
      canvas,
      opacity: 1,
      corners: boxCorners(grid.bbox),
    }
  }, [difference])

  const valueUnder = (at: LonLat | null) =>
    at && difference ? valueAt(difference.grid, difference.values, at[0], at[1]) : null

  return {
    imagery,
    /** The change at a point of the map (null outside the box both cover or where it is unknown). */
    valueUnder,
    /** Bands both images have (4 optical, 1 radar), -1 when they are of different kinds, null before both are read. */
    bands,
    of,
    formula,
    formulaError,
    /** Whether the two images share no part of the map at all. */
    apart: rasterA !== null && rasterB !== null && commonGrid(rasterA, rasterB) === null,
    limit: difference?.limit ?? null,
    threshold,
    changed,
    differenceImage,
  }
}

export type ChangeReview = ReturnType<typeof useChangeReview>

function pickOf(bands: number, asked: string | null): string {
  const names = bandNamesFor(bands)
  return asked === 'formula' || (asked !== null && names.includes(asked)) ? asked : defaultOf(bands)
}
