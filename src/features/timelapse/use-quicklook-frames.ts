import { useQueries, useQuery } from '@tanstack/react-query'
import type { MultiPolygon, Polygon } from 'geojson'
import { useMemo } from 'react'
import { useApiClient } from '../../api/console-context'
import { previewOptions, searchOptions, type Scene, type SearchRequest } from '../../data/catalog/queries'
import { searchableCollectionsOptions } from '../../data/glossary/queries'
import { intersectionAreaRatio } from '../../lib/geo/combine'
import { bboxOf } from '../../lib/geo/measure'
import type { FrameCandidate, FrameFilters } from '../../lib/imagery/timelapse'
import { framesPeriod, selectQuicklooks } from '../../lib/imagery/timelapse-quicklooks'
import type { FrameStatus } from './use-timelapse'

/** A catalog scene as a frame: its quicklook laid on its footprint, as the catalog's map lays it. */
export interface QuicklookFrame extends FrameCandidate {
  host: string
  sceneId: string
  collection: string
  footprint: Polygon | MultiPolygon
}

/** Scenes per host in one search: one page, as the host answers it (newest first). */
const SCENES_PER_HOST = 100

// One empty list while off, so what is made of the frames is not made again on each render.
const NONE: QuicklookFrame[] = []

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)

function coverageOf(area: readonly Polygon[], g: Polygon | MultiPolygon): number {
  try {
    return intersectionAreaRatio(area, g)
  } catch {
    // A footprint the clipper cannot read covers nothing it can measure.
    return 0
  }
}

/** The scenes that could be frames: those with a time and a footprint, with their share of the area. */
export function quicklookCandidatesOf(host: string, scenes: readonly Scene[], area: readonly Polygon[]) {
  return scenes.flatMap((s): QuicklookFrame[] => {
    const p = s.properties
    const time = Date.parse(String(p.datetime ?? p.start_datetime ?? p.acquisitionDate ?? ''))
    const g = s.geometry as Polygon | MultiPolygon | null
    if (!Number.isFinite(time) || !g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return []
    return [
      {
        key: `quicklook:${host}/${p.id}`,
        time,
        cloud: num(p.cloudCoverage),
        coverage: coverageOf(area, g),
        constellation: p.constellation || null,
        host,
        sceneId: p.id,
        collection: p.collection,
        footprint: g,
      },
    ]
  })
}

/**
 * The catalog's quicklooks of the area over the period the delivered frames span, when `on`: every
 * searchable collection that offers quicklooks, one search per host, chosen under the frames' filters (none
 * of an acquisition already delivered), each quicklook fetched as the catalog fetches it.
 */
export function useQuicklookFrames(
  area: readonly Polygon[] | null,
  delivered: readonly FrameCandidate[],
  filters: FrameFilters,
  on: boolean,
) {
  const client = useApiClient()
  const glossary = useQuery({ ...searchableCollectionsOptions(client), enabled: on, throwOnError: false })
  const byHost = useMemo(() => {
    const out = new Map<string, string[]>()
    for (const c of glossary.data?.content ?? []) {
      const host = c.providers.find((p) => p.roles.includes('HOST'))?.name
      if (!host || !c.integrations.includes('QUICKLOOK_AVAILABLE')) continue
      out.set(host, [...(out.get(host) ?? []), c.name])
    }
    return [...out].sort(([a], [b]) => a.localeCompare(b))
  }, [glossary.data])
  const period = framesPeriod(delivered.map((d) => d.time))
  const body = useMemo((): SearchRequest | null => {
    if (!area || area.length === 0 || !period) return null
    // One polygon is searched as it is; several by their box (a search takes one polygon).
    const where: Pick<SearchRequest, 'intersects' | 'bbox'> =
      area.length === 1 ? { intersects: area[0] } : { bbox: bboxOf([...area]) }
    return { datetime: period, limit: SCENES_PER_HOST, ...where }
  }, [area, period])
  const searches = useQueries({
    queries: byHost.map(([host, collections]) => ({
      ...searchOptions(client, host, { ...(body ?? {}), collections }, null),
      enabled: on && body !== null,
    })),
  })
  const dataKey = searches.map((s) => s.dataUpdatedAt).join('|')
  const candidates = useMemo(
    () =>
      area
        ? searches.flatMap((s, i) =>
            s.data ? quicklookCandidatesOf(byHost[i][0], s.data.features, area) : [],
          )
        : [],
    // The searches by their answers: the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dataKey, byHost, area],
  )
  const selection = useMemo(
    () => selectQuicklooks(candidates, delivered, filters),
    [candidates, delivered, filters],
  )
  const frames = on ? selection.frames : NONE
  const previews = useQueries({
    queries: frames.map((f) => previewOptions(client, 'quicklook', f.host, f.sceneId)),
  })
  const urls = previews.map((p) => p.data ?? null)
  const statuses: FrameStatus[] = previews.map((p) =>
    p.status === 'error' ? 'failed' : p.data ? 'read' : 'reading',
  )
  const failedSearch = searches.find((s) => s.error)?.error ?? glossary.error
  return {
    on,
    searching: on && (glossary.isPending || searches.some((s) => s.isPending && s.fetchStatus !== 'idle')),
    error: on ? (failedSearch ?? null) : null,
    retry: () => {
      if (glossary.error) void glossary.refetch()
      for (const s of searches) if (s.error) void s.refetch()
    },
    /** Every scene of the searches that could be a frame, before the filters. */
    candidates: on ? candidates.length : 0,
    leftOut: selection.leftOut,
    frames,
    urls,
    statuses,
    retryFrame: (i: number) => void previews[i]?.refetch(),
  }
}
