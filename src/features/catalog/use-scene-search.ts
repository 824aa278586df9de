import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { footprintData } from './map-layers'
import { searchOptions } from './queries'
import { footprintOf, sortRows, type SceneRow } from './scene-format'
import { buildSearch, filterErrors, type CatalogView, type SceneSort } from './search-state'
import { useCoverage } from './use-coverage'
import type { SearchableCollections } from './use-searchable-collections'

const NO_AOI: Polygon[] = []

/**
 * The applied search run against its host: the response, its rows with their coverage of the area, in the
 * sort asked for, the footprints for the map, and what went wrong.
 */
export function useSceneSearch(
  view: CatalogView,
  appliedPolygons: Polygon[],
  byHost: SearchableCollections['byHost'],
) {
  const client = useApiClient()
  const openedSince = useSearchParams()[0].has('since')
  const applied = view.filters
  const appliedHostCollections = applied.host ? byHost.get(applied.host) : undefined
  const appliedErrors = useMemo(() => filterErrors(applied), [applied])
  const built = useMemo(
    () =>
      applied.host && appliedHostCollections && Object.keys(appliedErrors).length === 0
        ? buildSearch(applied, appliedHostCollections)
        : null,
    [applied, appliedHostCollections, appliedErrors],
  )
  const {
    data: response,
    dataUpdatedAt,
    error: searchError,
    isError,
    isFetching,
    isPending,
    isPlaceholderData,
    refetch,
  } = useQuery({
    ...searchOptions(client, built?.host ?? '', built?.body ?? {}, view.page),
    enabled: built !== null,
    placeholderData: keepPreviousData,
    // A saved search opened to see what is new (`since`) asks the host again, whatever this tab last saw.
    ...(openedSince ? { staleTime: 0 } : {}),
  })
  const features = response?.features
  const appliedNotApplied = useMemo(() => built?.notApplied.map((n) => n.reason) ?? [], [built])
  // Coverage is of an area of interest: a searched map view is no area to cover (each scene read "<1 %").
  const aoiPolygons = useMemo(
    () => (applied.area?.kind === 'aoi' ? appliedPolygons : NO_AOI),
    [applied.area?.kind, appliedPolygons],
  )
  const { coverage: areaCoverage, pending: coveragePending } = useCoverage(aoiPolygons)
  // The previous search's scenes, shown while the next one runs, are not measured against the new area.
  const coverage = isPlaceholderData ? null : areaCoverage
  const rows = useMemo<SceneRow[]>(
    () =>
      features?.map((scene, index) => ({
        scene,
        index,
        coverage: coverage ? coverage(footprintOf(scene)) : null,
      })) ?? [],
    [features, coverage],
  )
  // Coverage sorts fall back to newest first where there is no area to cover.
  const sort: SceneSort =
    areaCoverage === null && !coveragePending && view.sort.startsWith('coverage') ? 'date-desc' : view.sort
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort])
  const footprints = useMemo(() => footprintData(features ?? []), [features])
  const host = response?.host ?? applied.host ?? ''

  const error = isError && !isFetching ? searchError : null
  // A refusal that names the area is fixed in the area, not in the other filters.
  const areaError =
    error &&
    isApiError(error) &&
    error.status === 422 &&
    /intersects|bbox|area|geometry|polygon/i.test(error.message)
      ? error.title
      : null

  return {
    response,
    features,
    dataUpdatedAt,
    host,
    rows,
    sorted,
    sort,
    footprints,
    hasCoverage: areaCoverage !== null || coveragePending,
    built,
    appliedErrors,
    appliedHostCollections,
    appliedNotApplied,
    loading: isPending && built !== null,
    isFetching,
    error,
    areaError,
    refetch,
  }
}
