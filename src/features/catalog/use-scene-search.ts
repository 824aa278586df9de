import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useApiClient } from '../../api/console-context'
import { isApiError } from '../../api/errors'
import { searchOptions } from '../../data/catalog/queries'
import { useHostSearches, type HostSearch } from '../../data/catalog/use-host-searches'
import { footprintData } from './map-layers'
import {
  collectScenes,
  mergeRows,
  sceneRows,
  withMore,
  type HostCursors,
  type HostPages,
} from './merge-hosts'
import {
  buildHostSearches,
  filterErrors,
  searchKey,
  type BuiltSearch,
  type CatalogView,
  type SceneSort,
} from './url-state'
import { useCoverage } from './use-coverage'
import type { SearchableCollections } from './use-searchable-collections'

const NO_AOI: Polygon[] = []
const NO_SEARCHES: BuiltSearch[] = []

/** A host still searching this long after its request went out is said to be slow. */
export const SLOW_HOST_MS = 4000

/** How one host of a search of every host is doing. */
export interface HostStatus {
  host: string
  state: 'searching' | 'slow' | 'answered' | 'failed'
  /** Scenes it gave so far (every page). */
  count: number
  /** Filters it could not apply, in words. */
  notApplied: string[]
  error: unknown
  /** It has a next page. */
  hasMore: boolean
}

/**
 * The applied search run against its host, or against every host when it names none: the scenes shown (in
 * arrival order: their index is their feature id on the map), their rows with their coverage of the area in
 * the sort asked for, the footprints for the map, how each host is doing, and what went wrong.
 * `openedSince`: a saved search was opened to see what is new (`since` in the URL, read by useCatalogView).
 */
export function useSceneSearch(
  view: CatalogView,
  appliedPolygons: Polygon[],
  byHost: SearchableCollections['byHost'],
  openedSince: boolean,
) {
  const client = useApiClient()
  const applied = view.filters
  const allHosts = view.searched && applied.host === null
  const appliedHostCollections = applied.host ? byHost.get(applied.host) : undefined
  const appliedErrors = useMemo(() => filterErrors(applied), [applied])
  const builtAll = useMemo(
    () =>
      view.searched && Object.keys(appliedErrors).length === 0
        ? buildHostSearches(applied, byHost)
        : NO_SEARCHES,
    [view.searched, applied, byHost, appliedErrors],
  )
  // One host: its request, paged through the URL as before.
  const built = !allHosts && builtAll.length === 1 ? builtAll[0] : null
  const single = useQuery({
    ...searchOptions(client, built?.host ?? '', built?.body ?? {}, view.page),
    enabled: built !== null,
    placeholderData: keepPreviousData,
    // A saved search opened to see what is new (`since`) asks the host again, whatever this tab last saw.
    ...(openedSince ? { staleTime: 0 } : {}),
  })

  // Every host: each host's pages after the first are asked by "More", cursors kept per search.
  const key = useMemo(() => searchKey(view), [view])
  const [more, setMore] = useState<{ key: string; cursors: HostCursors }>({ key, cursors: {} })
  const cursors = more.key === key ? more.cursors : NO_CURSORS
  const searches = useMemo<HostSearch[]>(
    () =>
      allHosts ? builtAll.map((b) => ({ host: b.host, body: b.body, cursors: cursors[b.host] ?? [] })) : [],
    [allHosts, builtAll, cursors],
  )
  const multi = useHostSearches(searches, allHosts, openedSince)

  const hostPages = useMemo<HostPages[]>(() => {
    if (!allHosts)
      return built && single.data ? [{ host: single.data.host, pages: [single.data.features] }] : []
    return multi.hosts.map((h) => ({
      host: h.host,
      // A host's pages count up to the first one still out: a later page never shows before an earlier one. A
      // page asked again that failed is out too: the cache keeps its earlier answer, but its scenes leave
      // with the failure, not to be listed and counted as if the host had answered this search.
      pages: h.pages.slice(0, firstMissing(h.pages)).map((p) => p.data?.features ?? []),
    }))
  }, [allHosts, built, single.data, multi.hosts])
  // What later answers add to the list, the map and the sort is worked out in a render of its own that React
  // may interrupt (a deferred value): such an answer's own render only says how the hosts are doing, so no
  // answer holds the page for the merge and the rows of 2,000 scenes. The first scenes to arrive are shown at
  // once, in the answer's own render: deferred too, their render would start again with each next answer,
  // and hosts answering close together would keep the first rows from showing until the last one had. That
  // render takes one host's scenes only, whatever else has come meanwhile: hosts that answer together would
  // otherwise have their first render merge, list and map them all, the long task this split is there to avoid.
  // One host's answer is shown whole in its own render: nothing is merged later, and a deferred copy of its
  // pages would only render the whole page again, with the same rows, just as their frame is due.
  const deferredPages = useDeferredValue(allHosts ? hostPages : NO_PAGES)
  const firstPages = useMemo(() => oneHostOnly(hostPages), [hostPages])
  // The pages shown stay the same object while they hold the same pages: each answer hands new arrays of the
  // same pages (a host still out, the other hosts of the one-host render), and a later answer's own render
  // would otherwise collect, list, sort and send to the map the scenes already shown, all over again.
  const showing = deferredPages.some(hasScenes) ? deferredPages : firstPages
  const shownKey = pagesKey(showing)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the pages `showing` holds
  const shownPages = useMemo(() => showing, [shownKey])
  const shown = useMemo(() => collectScenes(shownPages, pageId), [shownPages])
  const hasAnswer = allHosts || single.data !== undefined
  const features = useMemo(() => (hasAnswer ? shown.map((s) => s.scene) : undefined), [hasAnswer, shown])

  // A slow host is named once its round has run SLOW_HOST_MS without it answering.
  const round = `${key}#${Object.values(cursors).flat().length}`
  const [slowRound, setSlowRound] = useState<string | null>(null)
  const anyFetching = multi.hosts.some((h) => h.isFetching)
  useEffect(() => {
    if (!allHosts || !anyFetching) return
    const t = setTimeout(() => setSlowRound(round), SLOW_HOST_MS)
    return () => clearTimeout(t)
  }, [allHosts, anyFetching, round])

  const statuses = useMemo<HostStatus[]>(
    () =>
      multi.hosts.map((h, i) => ({
        host: h.host,
        state:
          h.error && !h.isFetching
            ? 'failed'
            : h.isFetching
              ? slowRound === round
                ? 'slow'
                : 'searching'
              : 'answered',
        count: hostPages[i]?.pages.reduce((n, p) => n + p.length, 0) ?? 0,
        notApplied: builtAll[i]?.notApplied.map((n) => n.reason) ?? [],
        error: h.error,
        hasMore: h.next !== null,
      })),
    [multi.hosts, hostPages, builtAll, slowRound, round],
  )

  const appliedNotApplied = useMemo(() => built?.notApplied.map((n) => n.reason) ?? [], [built])
  // Coverage is of an area of interest: a searched map view is no area to cover (each scene read "<1 %").
  const aoiPolygons = useMemo(
    () => (applied.area?.kind === 'aoi' ? appliedPolygons : NO_AOI),
    [applied.area?.kind, appliedPolygons],
  )
  const { coverage: areaCoverage, pending: coveragePending } = useCoverage(aoiPolygons)
  // The previous search's scenes, shown while the next one runs, are not measured against the new area.
  const coverage = !allHosts && single.isPlaceholderData ? null : areaCoverage
  // A scene's row stays the same object while its place and coverage do (`sceneRows`), so the rows already
  // listed are not drawn again when another host answers.
  const rows = useMemo(() => sceneRows(shown, coverage), [shown, coverage])
  // Coverage sorts fall back to newest first where there is no area to cover.
  const sort: SceneSort =
    areaCoverage === null && !coveragePending && view.sort.startsWith('coverage') ? 'date-desc' : view.sort
  const hostOrder = useMemo(() => builtAll.map((b) => b.host), [builtAll])
  const sorted = useMemo(() => mergeRows(rows, sort, hostOrder), [rows, sort, hostOrder])
  const footprints = useMemo(() => footprintData(shown), [shown])

  const singleError = single.isError && !single.isFetching ? single.error : null
  // Every host failing is the search failing; one failing leaves the others' scenes shown.
  const everyFailed =
    allHosts && statuses.length > 0 && statuses.every((s) => s.state === 'failed') ? statuses[0].error : null
  const error = allHosts ? everyFailed : singleError
  // A refusal that names the area is fixed in the area, not in the other filters.
  const refusal = allHosts ? statuses.find((s) => s.state === 'failed')?.error : singleError
  const areaError =
    refusal &&
    isApiError(refusal) &&
    refusal.status === 422 &&
    /intersects|bbox|area|geometry|polygon/i.test(refusal.message)
      ? refusal.title
      : null
  const hostsWithMore = multi.hosts.filter((h) => h.next !== null)

  return {
    allHosts,
    response: allHosts ? undefined : single.data,
    features,
    /** Changes when another search (not another page of the same) is shown: the list starts at its top. */
    listKey: allHosts ? key : single.dataUpdatedAt,
    host: allHosts ? '' : (single.data?.host ?? applied.host ?? ''),
    rows,
    sorted,
    sort,
    footprints,
    hasCoverage: areaCoverage !== null || coveragePending,
    built,
    builtAll,
    statuses,
    appliedErrors,
    appliedHostCollections,
    appliedNotApplied,
    loading: allHosts
      ? builtAll.length > 0 &&
        shown.length === 0 &&
        statuses.some((s) => s.state !== 'failed' && s.state !== 'answered')
      : single.isPending && built !== null,
    isFetching: allHosts ? anyFetching : single.isFetching,
    /** Every scene answered so far is in `footprints` (no deferred merge or one-host-first render behind). */
    allShown: shownKey === pagesKey(hostPages),
    error,
    areaError,
    refetch: allHosts ? multi.refetchAll : () => void single.refetch(),
    retryHost: multi.retry,
    /** Asks every host that has one for its next page. */
    more:
      hostsWithMore.length > 0 && !anyFetching
        ? () =>
            setMore({ key, cursors: withMore(cursors, new Map(hostsWithMore.map((h) => [h.host, h.next]))) })
        : null,
  }
}

const NO_CURSORS: HostCursors = {}
const NO_PAGES: HostPages[] = []

const hasScenes = (h: HostPages) => h.pages.some((p) => p.length > 0)

/** The hosts with the scenes of the first one (in host order) that has any; the others as not answered yet. */
function oneHostOnly(hosts: HostPages[]): HostPages[] {
  const first = hosts.findIndex(hasScenes)
  if (first < 0 || hosts.slice(first + 1).every((h) => !hasScenes(h))) return hosts
  return hosts.map((h, i) => (i === first ? h : { host: h.host, pages: [] }))
}

const pageIds = new WeakMap<object, number>()
let nextPageId = 0

/**
 * A page's number, given the first time a render sees it (the arrays of scenes the query cache keeps): pages
 * are numbered in the order they arrived.
 */
function pageId(page: object): number {
  let id = pageIds.get(page)
  if (id === undefined) pageIds.set(page, (id = nextPageId++))
  return id
}

/**
 * Names the pages of each host: the same hosts with the same pages give the same key, whatever arrays hold
 * them.
 */
function pagesKey(hosts: readonly HostPages[]): string {
  return hosts.map((h) => `${h.host}:${h.pages.map(pageId).join(',')}`).join(' ')
}

/** The number of pages before the first one without an answer, or whose last asking failed. */
function firstMissing(pages: readonly { data: unknown; error: unknown; isFetching: boolean }[]): number {
  const i = pages.findIndex((p) => p.data === undefined || (p.error !== null && !p.isFetching))
  return i < 0 ? pages.length : i
}
