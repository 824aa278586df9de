import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import { useAoiStore } from '../../components/aoi/aoi-store'
import { fitRequestOf, useAoiTools, type FitRequest } from '../../components/aoi/use-aoi-tools'
import type { Bbox } from '../../map/map-engine'
import { formatArea } from '../../lib/format'
import { bboxOf, totalAreaKm2 } from '../../lib/geo/measure'
import { validateAoi } from '../../lib/geo/validation'
import { samePolygons } from '../../lib/polyline'
import type { AreaMode, Draft } from './components/search-form'
import {
  areaPolygons,
  buildHostSearches,
  filterErrors,
  hasApplied,
  sameFilters,
  searchFrame,
  searchKey,
  viewBbox,
  type SearchArea,
  type SearchFilters,
} from './url-state'
import type { CatalogViewState } from './use-catalog-view'
import type { SearchableCollections } from './use-searchable-collections'

export type CatalogTab = 'search' | 'results'

/** The form for a search; a search that ran with no area ran "anywhere", and the form says so. */
function toDraft(f: SearchFilters, searched: boolean, fallbackMode: AreaMode): Draft {
  const { area, ...rest } = f
  const mode: AreaMode =
    area?.kind === 'aoi' ? 'aoi' : area?.kind === 'bbox' ? 'view' : searched ? 'none' : fallbackMode
  return { ...rest, areaMode: mode, unreadDays: [] }
}

const fitFor = (area: SearchArea | null): FitRequest | null => {
  const ps = areaPolygons(area)
  if (!area || ps.length === 0) return null
  return { bbox: area.kind === 'bbox' ? area.bbox : bboxOf(ps), at: performance.now() }
}

/** The footprints' polygons. */
const shapesOf = (footprints: FeatureCollection) =>
  footprints.features
    .map((f) => f.geometry)
    .filter((g): g is Polygon | MultiPolygon => g.type === 'Polygon' || g.type === 'MultiPolygon')

/** Whether box `a` lies within box `b`. */
const within = (a: Bbox, b: Bbox) => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3]

/** What the form says of the area it will search. */
function describeArea(mode: AreaMode, polygons: Polygon[]): string {
  if (mode === 'view') return 'The part of the world in the map view when you search.'
  if (mode === 'none') return 'No area: the newest scenes anywhere.'
  if (polygons.length === 0) return 'No AOI yet: draw or import one below.'
  return `${polygons.length} ${polygons.length === 1 ? 'polygon' : 'polygons'}, ${formatArea(totalAreaKm2(polygons))}${polygons.length > 1 ? ': searched as one outline around them all (the service takes one polygon); coverage counts the polygons themselves.' : '.'}`
}

/**
 * The search being written (the form and the AOI toolkit) against the one applied (the URL): the draft,
 * whether it differs, its problems, the tab shown, the camera requests, and running it.
 */
export function useSearchDraft(
  { view, appliedKey, areaKey, appliedPolygons, go }: CatalogViewState,
  { byHost }: Pick<SearchableCollections, 'byHost'>,
  refetch: () => unknown,
  /** The applied search's answer as it stands: its scenes' footprints, and whether it is still running. */
  results: { footprints: FeatureCollection; isFetching: boolean; allShown: boolean; allHosts: boolean },
) {
  const applied = view.filters
  // The search the page itself applied last (Search, paging, sorting): only other arrivals move the camera.
  const [ownKey, setOwnKey] = useState<string | null>(null)
  // A search opened from a link starts with the camera on its area.
  const [fitRequest, setFitRequest] = useState<FitRequest | null>(() => fitFor(applied.area))
  const { mapProps, panelProps, map, polygons } = useAoiTools(fitRequest)
  const [viewMoved, setViewMoved] = useState(false)

  // A search opened from a link (or reached by back/forward) brings its AOI into the toolkit; the AOI drawn
  // before stays one Undo away.
  const appliedAoi = applied.area?.kind === 'aoi' ? appliedPolygons : null
  useEffect(() => {
    if (appliedAoi !== null && !samePolygons(appliedAoi, useAoiStore.getState().polygons))
      useAoiStore.getState().setPolygons(appliedAoi)
  }, [appliedAoi])

  const [draft, setDraft] = useState<Draft>(() =>
    toDraft(applied, view.searched, useAoiStore.getState().polygons.length > 0 ? 'aoi' : 'view'),
  )
  const [tab, setTab] = useState<CatalogTab>(hasApplied(view) ? 'results' : 'search')
  const [seenKey, setSeenKey] = useState(appliedKey)
  const [seenArea, setSeenArea] = useState(areaKey)
  // Set when a search runs or arrives: once its answer is in, the map frames the AOI and the scenes, once,
  // so the analyst's own panning afterwards stays.
  const [framePending, setFramePending] = useState(() => hasApplied(view))
  // What an every-host search framed with its first scenes (null until then): the later hosts' scenes go to a
  // map already there, and the map is framed again only for scenes that reach past it.
  const [framedFirst, setFramedFirst] = useState<{ box: Bbox | null } | null>(null)
  // Framed once every answered scene is shown (the first answer's render lists one host, later ones merge
  // deferred), or the frame would hold one host's scenes: asked of the map with the footprints it frames, in
  // the commit that gives them. The map holds a fit asked while footprints wait to be handed over (after the
  // rows' frame) and moves in the same task as them, just before: its tiles are laid out once, at the framed
  // place with every footprint (decision 81). Framed after them, once the page was idle, the map laid its
  // tiles out with the footprints where the camera was, then again where it went.
  const frameNow = framePending && !results.isFetching && results.allShown
  // An every-host search frames the map with the first scenes shown, while the other hosts are still out (its
  // pages hold this search's scenes only; a one-host search shows the previous answer while it runs): the map
  // jumps there after the rows' frame, ahead of their footprints (those wait for the page to be idle, which can
  // come only once the others are merged), and lays its basemap out at the framed zoom meanwhile, where
  // framed with the last answer its new basemap tiles, the labels placed again, were on the way to the last
  // answer's footprints being drawn (decision 83).
  const frameFirst =
    framePending &&
    !frameNow &&
    framedFirst === null &&
    results.allHosts &&
    results.footprints.features.length > 0
  if (seenKey !== appliedKey) {
    // Another search is shown (ours, a link, back/forward): the form shows it, and a search over another
    // area that did not come from this page brings the camera to that area.
    setSeenKey(appliedKey)
    setSeenArea(areaKey)
    setDraft(toDraft(applied, view.searched, draft.areaMode))
    setViewMoved(false)
    if (appliedKey !== ownKey && areaKey !== seenArea) setFitRequest(fitFor(applied.area))
    setFramePending(hasApplied(view))
    setFramedFirst(null)
    // A search that arrives by a link or back/forward shows its results.
    if (appliedKey !== ownKey && hasApplied(view)) setTab('results')
  } else if (frameNow || frameFirst) {
    const frame = searchFrame(applied.area, shapesOf(results.footprints))
    // The first frame leaves the search still to be framed with all its scenes.
    setFramePending(frameFirst)
    setFramedFirst(frameFirst ? { box: frame } : null)
    // Every scene within what the first ones framed: the map is already there. Past it, the map frames them
    // all unless its camera shows them already (a frame's margin, the world's copies).
    const first = frameNow ? framedFirst?.box : null
    const request = first && frame && within(frame, first) ? null : fitRequestOf(frame)
    if (request)
      setFitRequest(frameFirst ? { ...request, ahead: true } : first ? { ...request, reveal: true } : request)
  }
  // No host chosen: every host is searched.
  const draftHost = draft.host
  const [attempted, setAttempted] = useState(false)

  const { areaMode, unreadDays, ...draftOwn } = draft
  const draftRest = { ...draftOwn, host: draftHost }
  const aoiArea: SearchArea | null = polygons.length > 0 ? { kind: 'aoi', polygons } : null
  // The map view's box is read when searching; until the analyst moves the map it is the applied one.
  const viewUnchanged = applied.area?.kind === 'bbox' && !viewMoved
  const draftFilters: SearchFilters = {
    ...draftRest,
    area: areaMode === 'aoi' ? aoiArea : areaMode === 'view' && viewUnchanged ? applied.area : null,
  }
  const dirty =
    hasApplied(view) &&
    (!sameFilters(draftFilters, applied) || (areaMode === 'view' && !viewUnchanged) || unreadDays.length > 0)
  // The collections offered: the chosen host's, or every host's when all are searched.
  const draftHostCollections = useMemo(
    () => (draftHost ? (byHost.get(draftHost) ?? []) : [...byHost.values()].flat()),
    [draftHost, byHost],
  )
  const draftErrors = useMemo(() => {
    const e = filterErrors({ ...draftFilters, area: null })
    if (unreadDays.length > 0) e.dates = 'Write the dates as UTC days, as 25 Nov 2026.'
    if (areaMode === 'aoi') {
      const bad = validateAoi(polygons).find((i) => i.severity === 'error')
      if (polygons.length === 0) e.area = 'Draw or import an area of interest below, or search the map view.'
      else if (bad) e.area = `Fix the area first: ${bad.message}`
    }
    return e
    // draftFilters is rebuilt each render from draft, polygons and the applied area.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, draftHost, polygons, areaMode])
  const draftNotApplied = useMemo(
    () =>
      buildHostSearches({ ...draftRest, area: null }, byHost).flatMap((b) =>
        b.notApplied.map((n) => (draftHost ? n : { ...n, reason: `${b.host}: ${n.reason}` })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, byHost],
  )

  // Searches run from the form, the same one again included: what an action said over the results goes with them.
  const [runs, setRuns] = useState(0)
  function runSearch() {
    setAttempted(true)
    const bounds = map.current?.bounds()
    const viewArea: SearchArea | null = bounds ? { kind: 'bbox', bbox: viewBbox(bounds) } : null
    const filters: SearchFilters = {
      ...draftRest,
      area: areaMode === 'aoi' ? aoiArea : areaMode === 'view' ? viewArea : null,
    }
    const errors = { ...filterErrors(filters), ...draftErrors }
    if (Object.keys(errors).length > 0) return
    setRuns((n) => n + 1)
    setViewMoved(false)
    setFramePending(true)
    setFramedFirst(null)
    if (view.searched && sameFilters(filters, applied) && view.page === null) {
      setTab('results')
      void refetch()
      return
    }
    const next = { searched: true, filters, page: null, sort: view.sort }
    setOwnKey(searchKey(next))
    setTab('results')
    go(next)
  }
  // Ctrl+Enter (⌘+Enter) searches from anywhere on the page, a field included. One key, so no hotkey parser.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return
    e.preventDefault()
    runSearch()
  })
  useEffect(() => {
    const root = document.documentElement
    root.addEventListener('keydown', onKey)
    return () => root.removeEventListener('keydown', onKey)
  }, [])

  /** Back to the applied search: its filters and its AOI. */
  function resetDraft() {
    setDraft(toDraft(applied, view.searched, draft.areaMode))
    if (applied.area?.kind === 'aoi') useAoiStore.getState().setPolygons(applied.area.polygons)
    setViewMoved(false)
  }

  return {
    mapProps,
    panelProps,
    map,
    draft: { ...draft, host: draftHost },
    changeDraft: (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change })),
    resetDraft,
    runSearch,
    /** How many searches the form has run (the same one again counts). */
    runs,
    tab,
    setTab,
    dirty,
    draftHostCollections,
    errors: attempted ? draftErrors : {},
    notApplied: draftNotApplied,
    aoiSummary: describeArea(draft.areaMode, polygons),
    /** The analyst moved the map: a search of the view will read its new box. */
    onViewMoved: () => setViewMoved(true),
    /**
     * Brings a box into view unless the map already shows it whole (`reveal` of the result list): the
     * camera moves only for a scene the analyst cannot see.
     */
    reveal: (box: Bbox, room: (box: Bbox) => Bbox) => {
      const [w, s, e, n] = map.current?.bounds() ?? [0, 0, 0, 0]
      if (box[0] >= w && box[1] >= s && box[2] <= e && box[3] <= n) return
      setFitRequest(fitRequestOf(room(box)))
    },
  }
}
