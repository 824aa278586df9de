import './mantine-styles'
import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { isApiError, whatToDo } from '../../../api/errors'
import type { components } from '../../../api/schema'
import { BasemapPicker } from '../../../components/aoi/basemap-picker'
import { useAoiTools, type FitRequest } from '../../../components/aoi/use-aoi-tools'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import {
  basketKey,
  BASKET_LIMIT,
  useBasketStore,
  type BasketScene,
} from '../../../components/basket/basket-store'
import { bboxOf, formatArea, totalAreaKm2, validateAoi } from '../../../lib/geo'
import { decodePolygons, encodePolygons } from '../../../lib/polyline'
import type { Bbox } from '../../../map/map-engine'
import { MapView } from '../../../map/map-view'
import { useCatalogUi } from '../catalog-ui-store'
import { prepareCoverage } from '../coverage'
import {
  FOOTPRINTS_SOURCE,
  footprintData,
  footprintsOverlay,
  quicklookImage,
  searchAreaOverlay,
} from '../map-layers'
import {
  cursorOf,
  MARKS,
  previewOptions,
  revokePreviewsOnEviction,
  searchOptions,
  type Scene,
} from '../queries'
import { footprintOf, sceneTime, SORT_LABELS, sortRows, type SceneRow } from '../scene-format'
import {
  areaPolygons,
  buildSearch,
  DEFAULT_VIEW,
  filterErrors,
  loosen,
  loosenSuggestions,
  readCatalogView,
  SCENE_SORTS,
  searchableByHost,
  sameFilters,
  viewBbox,
  writeCatalogView,
  type CatalogView,
  type SceneSort,
  type SearchArea,
  type SearchFilters,
} from '../search-state'
import { BasketPanel } from './basket-panel'
import classes from './catalog.module.css'
import { ResultList } from './result-list'
import { SearchForm, type AreaMode, type Draft } from './search-form'

type Collection = components['schemas']['Collection']

// The AOI toolkit's panel (with its file and text formats) loads when the AOI is chosen as the search area.
const AoiPanel = lazy(() =>
  import('../../../components/aoi/aoi-panel').then((m) => ({ default: m.AoiPanel })),
)

// Details load when first opened: the drawer, its tables and the quicklook are not part of the first load.
const SceneDrawer = lazy(() => import('./scene-drawer').then((m) => ({ default: m.SceneDrawer })))
// With its slider and switch, loaded with the first quicklook laid on the map.
const QuicklookPanel = lazy(() => import('./quicklook-panel').then((m) => ({ default: m.QuicklookPanel })))

export interface CatalogPageProps {
  /** The glossary's collections (the app route reads them); undefined while loading. */
  collections: Collection[] | undefined
  glossaryError: unknown
  onRetryGlossary: () => void
}

/** The form for a search; a search that ran with no area ran "anywhere", and the form says so. */
function toDraft(f: SearchFilters, fallbackMode: AreaMode): Draft {
  const { area, ...rest } = f
  const mode: AreaMode =
    area?.kind === 'aoi' ? 'aoi' : area?.kind === 'bbox' ? 'view' : f.host ? 'none' : fallbackMode
  return { ...rest, areaMode: mode }
}

const hasApplied = (f: SearchFilters) => f.host !== null

/** Find archive scenes over an AOI and pick the ones worth buying. */
export function CatalogPage({ collections, glossaryError, onRetryGlossary }: CatalogPageProps) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  useEffect(() => revokePreviewsOnEviction(queryClient), [queryClient])

  // ------------------------------------------------------------------ the applied search: the URL
  const [params, setParams] = useSearchParams()
  const view = useMemo(() => readCatalogView(params), [params])
  const applied = view.filters
  const appliedKey = useMemo(
    () => writeCatalogView({ ...DEFAULT_VIEW, filters: applied }).toString(),
    [applied],
  )
  // Keyed by the area's text: reading the URL makes a new object each time, for the same area.
  const areaKey = JSON.stringify(applied.area)
  const appliedPolygons = useMemo(() => areaPolygons(JSON.parse(areaKey) as SearchArea | null), [areaKey])
  const go = useCallback(
    (next: CatalogView, replace = false) => setParams(writeCatalogView(next), { replace }),
    [setParams],
  )

  const byHost = useMemo(() => searchableByHost(collections ?? []), [collections])
  const hosts = useMemo(
    () =>
      [...byHost].map(([name, cs]) => ({
        name,
        title: cs[0]?.providers.find((p) => p.name === name)?.title ?? name,
      })),
    [byHost],
  )
  const titles = useMemo(() => new Map((collections ?? []).map((c) => [c.name, c.title])), [collections])
  const withThumbnails = useMemo(
    () =>
      new Set(
        (collections ?? []).filter((c) => c.integrations.includes('THUMBNAIL_AVAILABLE')).map((c) => c.name),
      ),
    [collections],
  )
  const withQuicklooks = useMemo(
    () =>
      new Set(
        (collections ?? []).filter((c) => c.integrations.includes('QUICKLOOK_AVAILABLE')).map((c) => c.name),
      ),
    [collections],
  )

  // ------------------------------------------------------------------ the AOI and the map
  // The search the page itself applied last (Search, paging, sorting): only other arrivals move the camera.
  const [ownKey, setOwnKey] = useState<string | null>(null)
  const fitFor = (area: SearchArea | null): FitRequest | null => {
    const ps = areaPolygons(area)
    if (!area || ps.length === 0) return null
    return { bbox: area.kind === 'bbox' ? area.bbox : bboxOf(ps), at: performance.now() }
  }
  // A search opened from a link starts with the camera on its area.
  const [fitRequest, setFitRequest] = useState<FitRequest | null>(() => fitFor(applied.area))
  const { mapProps, panelProps, map, polygons } = useAoiTools(fitRequest)
  const aoiEncoded = useMemo(() => encodePolygons(polygons), [polygons])
  const [basemap, setBasemap] = useState('offline')
  const [viewMoved, setViewMoved] = useState(false)

  // A search opened from a link (or reached by back/forward) brings its AOI into the toolkit; the AOI drawn
  // before stays one Undo away.
  const appliedAoi = applied.area?.kind === 'aoi' ? applied.area.encoded : null
  useEffect(() => {
    if (appliedAoi !== null && appliedAoi !== encodePolygons(useAoiStore.getState().polygons)) {
      const ps = decodePolygons(appliedAoi)
      if (ps) useAoiStore.getState().setPolygons(ps)
    }
  }, [appliedAoi])

  // ------------------------------------------------------------------ the draft: the form
  const [draft, setDraft] = useState<Draft>(() =>
    toDraft(applied, useAoiStore.getState().polygons.length > 0 ? 'aoi' : 'view'),
  )
  const [tab, setTab] = useState<'search' | 'results'>(hasApplied(applied) ? 'results' : 'search')
  const [seenKey, setSeenKey] = useState(appliedKey)
  const [seenArea, setSeenArea] = useState(areaKey)
  if (seenKey !== appliedKey) {
    // Another search is shown (ours, a link, back/forward): the form shows it, and a search over another
    // area that did not come from this page brings the camera to that area.
    setSeenKey(appliedKey)
    setSeenArea(areaKey)
    setDraft(toDraft(applied, draft.areaMode))
    setViewMoved(false)
    if (appliedKey !== ownKey && areaKey !== seenArea) setFitRequest(fitFor(applied.area))
    // A search that arrives by a link or back/forward shows its results.
    if (appliedKey !== ownKey && hasApplied(applied)) setTab('results')
  }
  // Until the analyst picks one, the form offers the first host.
  const draftHost = draft.host ?? hosts[0]?.name ?? null
  const [attempted, setAttempted] = useState(false)

  const { areaMode, ...draftOwn } = draft
  const draftRest = { ...draftOwn, host: draftHost }
  const aoiArea: SearchArea | null = polygons.length > 0 ? { kind: 'aoi', encoded: aoiEncoded } : null
  // The map view's box is read when searching; until the analyst moves the map it is the applied one.
  const viewUnchanged = applied.area?.kind === 'bbox' && !viewMoved
  const draftFilters: SearchFilters = {
    ...draftRest,
    area: areaMode === 'aoi' ? aoiArea : areaMode === 'view' && viewUnchanged ? applied.area : null,
  }
  const dirty =
    hasApplied(applied) && (!sameFilters(draftFilters, applied) || (areaMode === 'view' && !viewUnchanged))
  const draftHostCollections = draftHost ? (byHost.get(draftHost) ?? []) : []
  const draftErrors = useMemo(() => {
    const e = filterErrors({ ...draftFilters, area: null })
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
      draftHost && draftHostCollections.length > 0
        ? buildSearch({ ...draftRest, area: null }, draftHostCollections).notApplied
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, draftHostCollections],
  )

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
    setViewMoved(false)
    if (sameFilters(filters, applied) && view.page === null) {
      setTab('results')
      void refetch()
      return
    }
    const next = { filters, page: null, sort: view.sort }
    setOwnKey(writeCatalogView({ ...DEFAULT_VIEW, filters }).toString())
    setTab('results')
    go(next)
  }
  useHotkeys([['mod+Enter', () => runSearch()]], [])

  // ------------------------------------------------------------------ the search
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
  })
  const features = response?.features
  const appliedNotApplied = useMemo(() => built?.notApplied.map((n) => n.reason) ?? [], [built])
  const areaCoverage = useMemo(() => prepareCoverage(appliedPolygons), [appliedPolygons])
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
  const sort: SceneSort = areaCoverage === null && view.sort.startsWith('coverage') ? 'date-desc' : view.sort
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort])
  const footprints = useMemo(() => footprintData(features ?? []), [features])

  const resetScenes = useCatalogUi((s) => s.resetScenes)
  useEffect(() => {
    resetScenes(features)
    if (!features || features.length === 0) return
    // The page's own timing mark: the map has drawn this response's footprints.
    map.current?.afterIdle(() => performance.mark(MARKS.footprints, { detail: { count: features.length } }))
  }, [features, resetScenes, map])

  // ------------------------------------------------------------------ hover, selection, quicklooks
  // Hover and the active scene count only for the response they were picked in.
  const hovered = useCatalogUi((s) => (s.scope === features ? s.hovered : null))
  const active = useCatalogUi((s) => (s.scope === features ? s.active : null))
  const setHovered = useCatalogUi((s) => s.setHovered)
  const activate = useCatalogUi((s) => s.activate)
  const quicklooks = useCatalogUi((s) => s.quicklooks)
  const quicklooksHidden = useCatalogUi((s) => s.quicklooksHidden)
  const toggleQuicklookIn = useCatalogUi((s) => s.toggleQuicklook)
  const quicklookUrls = useQueries({
    queries: quicklooks.map((q) => previewOptions(client, 'quicklook', q.host, q.id)),
  })
  const images = useMemo(
    () =>
      quicklooksHidden
        ? []
        : quicklooks.flatMap((q, i) => {
            const url = quicklookUrls[i]?.data
            return url ? [quicklookImage(q.key, url, q.footprint, q.opacity)] : []
          }),
    [quicklooks, quicklooksHidden, quicklookUrls],
  )
  const overlays = useMemo(
    () => [searchAreaOverlay(appliedPolygons), footprintsOverlay(footprints, hovered, active)],
    [appliedPolygons, footprints, hovered, active],
  )

  const basket = useBasketStore((s) => s.scenes)
  const addToBasket = useBasketStore((s) => s.add)
  const removeFromBasket = useBasketStore((s) => s.remove)
  const [status, setStatus] = useState('')
  const host = response?.host ?? applied.host ?? ''

  const toggleBasket = useCallback(
    (row: SceneRow) => {
      const scene = asBasketScene(row.scene, host)
      if (useBasketStore.getState().scenes.some((s) => basketKey(s) === basketKey(scene))) {
        removeFromBasket([basketKey(scene)])
        setStatus(`Removed ${scene.id} from the basket.`)
      } else if (addToBasket([scene]) > 0)
        setStatus(`The basket is full (${BASKET_LIMIT} scenes): order or remove some first.`)
      else setStatus(`Added ${scene.id} to the basket.`)
    },
    [host, addToBasket, removeFromBasket],
  )
  const toggleQuicklook = useCallback(
    (row: SceneRow) => {
      const p = row.scene.properties
      if (!withQuicklooks.has(p.collection)) {
        setStatus(`${titles.get(p.collection) ?? p.collection} has no quicklooks.`)
        return
      }
      toggleQuicklookIn({ host, id: p.id, footprint: footprintOf(row.scene) })
    },
    [host, withQuicklooks, titles, toggleQuicklookIn],
  )
  // Details follow a scene, not a position: another response closes them.
  const [details, setDetails] = useState<{ host: string; id: string } | null>(null)
  const openDetails = useCallback(
    (row: SceneRow) => setDetails({ host, id: row.scene.properties.id }),
    [host, setDetails],
  )
  const detailRow =
    details === null || details.host !== host
      ? null
      : (rows.find((r) => r.scene.properties.id === details.id) ?? null)

  // ------------------------------------------------------------------ errors
  const error = isError && !isFetching ? searchError : null
  const areaError =
    error &&
    isApiError(error) &&
    error.status === 422 &&
    /intersects|bbox|area|geometry|polygon/i.test(error.message)
      ? error.title
      : null

  const aoiSummary =
    draft.areaMode === 'aoi'
      ? polygons.length === 0
        ? 'No AOI yet: draw or import one below.'
        : `${polygons.length} ${polygons.length === 1 ? 'polygon' : 'polygons'}, ${formatArea(totalAreaKm2(polygons))}${polygons.length > 1 ? ': searched as one outline around them all (the service takes one polygon); coverage counts the polygons themselves.' : '.'}`
      : draft.areaMode === 'view'
        ? 'The part of the world in the map view when you search.'
        : 'No area: the newest scenes anywhere.'

  return (
    <Stack gap="xs">
      <Title order={1} size="h3">
        Catalog search
      </Title>
      <div className={classes.layout}>
        <div className={classes.map}>
          <BasemapPicker value={basemap} onChange={setBasemap} />
          <div style={{ position: 'absolute', inset: 0 }}>
            <MapView
              {...mapProps}
              overlays={overlays}
              images={images}
              basemap={basemap}
              label="Map of the search: area and scene footprints"
              onOverlayHover={(source, id) => {
                if (source === FOOTPRINTS_SOURCE) setHovered(typeof id === 'number' ? id : null)
              }}
              onOverlayClick={(source, id) => {
                if (source === FOOTPRINTS_SOURCE && typeof id === 'number') activate(id, 'map')
              }}
              onViewChange={(_b: Bbox, byUser: boolean) => {
                if (byUser) setViewMoved(true)
              }}
            />
            <div className={classes.quicklooks}>
              {quicklooks.length > 0 && (
                <Suspense fallback={null}>
                  <QuicklookPanel />
                </Suspense>
              )}
            </div>
          </div>
        </div>
        <Tabs
          value={tab}
          onChange={(t) => setTab(t === 'results' ? 'results' : 'search')}
          keepMounted
          className={classes.side}
        >
          <Tabs.List grow>
            <Tabs.Tab value="search">{dirty ? 'Search (changed)' : 'Search'}</Tabs.Tab>
            <Tabs.Tab value="results">{features ? `Results (${features.length})` : 'Results'}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="search" className={classes.filters}>
            {glossaryError ? (
              <Alert color="red" title="The list of data hosts could not be loaded" role="alert">
                <Text size="sm">{whatToDo(glossaryError)}</Text>
                <Button mt="xs" size="xs" onClick={onRetryGlossary}>
                  Try again
                </Button>
              </Alert>
            ) : !collections ? (
              <Group gap="xs" role="status">
                <Loader size="sm" /> <Text size="sm">Loading data hosts…</Text>
              </Group>
            ) : (
              <SearchForm
                draft={{ ...draft, host: draftHost }}
                onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
                onSearch={() => runSearch()}
                onReset={() => {
                  setDraft(toDraft(applied, draft.areaMode))
                  const ps = decodePolygons(applied.area?.kind === 'aoi' ? applied.area.encoded : '')
                  if (ps && ps.length > 0) useAoiStore.getState().setPolygons(ps)
                  setViewMoved(false)
                }}
                hosts={hosts}
                hostCollections={draftHostCollections}
                errors={attempted ? draftErrors : {}}
                notApplied={draftNotApplied}
                dirty={dirty}
                searching={isFetching}
                aoiSummary={aoiSummary}
                areaError={areaError}
                aoiTools={
                  <Suspense
                    fallback={
                      <Group gap="xs" role="status">
                        <Loader size="xs" /> <Text size="sm">Loading the AOI tools…</Text>
                      </Group>
                    }
                  >
                    <AoiPanel {...panelProps} />
                  </Suspense>
                }
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="results" className={classes.results}>
            <ResultsHeader
              view={view}
              sort={sort}
              count={features?.length ?? 0}
              hasCoverage={areaCoverage !== null}
              prev={cursorOf(response, 'prev')}
              next={cursorOf(response, 'next')}
              fetching={isFetching}
              notApplied={appliedNotApplied}
              onSort={(sort) => go({ ...view, sort }, true)}
              onPage={(page) => go({ ...view, page })}
              onAddAll={() => {
                const left = addToBasket(rows.map((r) => asBasketScene(r.scene, host)))
                setStatus(
                  left > 0
                    ? `The basket is full (${BASKET_LIMIT} scenes): ${left} scenes were not added.`
                    : `Added this page's scenes to the basket (${useBasketStore.getState().scenes.length} in all).`,
                )
              }}
            />
            <Text size="xs" aria-live="polite" role="status" c="dimmed" mih={16}>
              {status}
            </Text>
            <Results
              applied={applied}
              appliedErrors={appliedErrors}
              unknownHost={!!collections && applied.host !== null && !appliedHostCollections}
              loading={isPending && built !== null}
              error={error}
              retry={() => void refetch()}
              onEditFilters={() => setTab('search')}
              areaRefused={areaError !== null}
              count={features?.length}
              onLoosen={(field) => go({ filters: loosen(applied, field), page: null, sort: view.sort })}
            >
              <ResultList
                key={dataUpdatedAt}
                host={host}
                response={features}
                rows={sorted}
                withThumbnails={withThumbnails}
                titles={titles}
                onToggleBasket={toggleBasket}
                onToggleQuicklook={toggleQuicklook}
                onDetails={openDetails}
              />
            </Results>
            <Text size="xs" c="dimmed" id="result-keys">
              ↑↓ move · Space basket · Enter details · Q quicklook
            </Text>
            <BasketPanel />
          </Tabs.Panel>
        </Tabs>
      </div>
      {detailRow && (
        <Suspense fallback={null}>
          <SceneDrawer
            row={detailRow}
            host={host}
            collectionTitle={detailRow ? (titles.get(detailRow.scene.properties.collection) ?? '') : ''}
            hasQuicklook={!!detailRow && withQuicklooks.has(detailRow.scene.properties.collection)}
            inBasket={
              !!detailRow && basket.some((s) => s.host === host && s.id === detailRow.scene.properties.id)
            }
            quicklookShown={
              !!detailRow && quicklooks.some((q) => q.key === `${host}/${detailRow.scene.properties.id}`)
            }
            onClose={() => setDetails(null)}
            onToggleBasket={toggleBasket}
            onToggleQuicklook={toggleQuicklook}
          />
        </Suspense>
      )}
    </Stack>
  )
}

function asBasketScene(scene: Scene, host: string): BasketScene {
  const p = scene.properties
  return {
    id: p.id,
    host,
    collection: p.collection,
    constellation: p.constellation,
    datetime: sceneTime(scene),
    cloudCoverage: p.cloudCoverage ?? null,
    resolution: p.resolution ?? null,
    footprint: footprintOf(scene),
  }
}

interface HeaderProps {
  view: CatalogView
  count: number
  hasCoverage: boolean
  /** The sort in effect (a coverage sort without an area is newest first). */
  sort: SceneSort
  prev: string | null
  next: string | null
  fetching: boolean
  notApplied: string[]
  onSort: (s: SceneSort) => void
  onPage: (cursor: string) => void
  onAddAll: () => void
}

function ResultsHeader(props: HeaderProps) {
  const sorts = SCENE_SORTS.filter((s) => props.hasCoverage || !s.startsWith('coverage'))
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {props.count > 0 ? `${props.count} scenes on this page` : 'Results'}
          {props.fetching && <Loader size="xs" ml="xs" aria-label="Searching" />}
        </Title>
        <NativeSelect
          size="xs"
          aria-label="Sort results"
          value={props.sort}
          onChange={(e) => props.onSort(e.currentTarget.value as SceneSort)}
          data={sorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
      </Group>
      {props.notApplied.map((n) => (
        <Text key={n} size="xs" c="orange.9">
          {n}
        </Text>
      ))}
      {props.count > 0 && (
        <Group gap="xs" justify="space-between">
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="default"
              disabled={!props.prev || props.fetching}
              onClick={() => props.prev && props.onPage(props.prev)}
            >
              ← Previous page
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              disabled={!props.next || props.fetching}
              onClick={() => props.next && props.onPage(props.next)}
            >
              Next page →
            </Button>
          </Group>
          <Button size="compact-xs" variant="default" disabled={props.count === 0} onClick={props.onAddAll}>
            Add page to basket
          </Button>
        </Group>
      )}
    </Stack>
  )
}

interface ResultsProps {
  applied: SearchFilters
  appliedErrors: Partial<Record<string, string>>
  unknownHost: boolean
  loading: boolean
  error: unknown
  retry: () => void
  /** Shows the filters (the Search tab). */
  onEditFilters: () => void
  /** The refused part is the search area. */
  areaRefused: boolean
  count: number | undefined
  onLoosen: (field: ReturnType<typeof loosenSuggestions>[number]['field']) => void
  children: ReactNode
}

/** The list, or what stands in its place: the first-visit hint, loading, an error, nothing found. */
function Results(props: ResultsProps) {
  const { applied } = props
  if (!hasApplied(applied))
    return (
      <Paper withBorder p="md">
        <Text size="sm">
          Choose a data host and an area, then press <b>Search</b>. Scenes appear here with thumbnails, and
          their footprints on the map; hover either to find the other.
        </Text>
      </Paper>
    )
  if (props.unknownHost)
    return (
      <Alert color="red" title={`No data host is called “${applied.host}”`} role="alert">
        The link names a host that does not exist or cannot be searched. Choose a host in the filters.
      </Alert>
    )
  const invalid = Object.values(props.appliedErrors)
  if (invalid.length > 0)
    return (
      <Alert color="red" title="This search link cannot be run" role="alert">
        {invalid.join(' ')}
      </Alert>
    )
  if (props.error) {
    const e = props.error
    if (isApiError(e) && e.kind === 'host')
      return (
        <Alert color="red" title={`The data host ${applied.host} failed`} role="alert">
          <Text size="sm">{e.title}</Text>
          <Text size="sm" mt={4}>
            {whatToDo(e)}
          </Text>
          <Button mt="xs" size="xs" onClick={props.retry}>
            Retry the search
          </Button>
        </Alert>
      )
    if (isApiError(e) && e.status === 422)
      return (
        <Alert color="red" title="The service refused this search" role="alert">
          <Text size="sm">{e.title}</Text>
          <Button mt="xs" size="xs" variant="default" onClick={props.onEditFilters}>
            {props.areaRefused ? 'Fix the area' : 'Change the filters'}
          </Button>
        </Alert>
      )
    return (
      <Alert color="red" title={isApiError(e) ? e.title : 'The search failed'} role="alert">
        <Text size="sm">{whatToDo(e)}</Text>
        <Button mt="xs" size="xs" variant="default" onClick={props.retry}>
          Retry the search
        </Button>
      </Alert>
    )
  }
  if (props.loading)
    return (
      <Group gap="xs" role="status" p="md">
        <Loader size="sm" /> <Text size="sm">Searching {applied.host}…</Text>
      </Group>
    )
  if (props.count === 0) {
    const tips = loosenSuggestions(applied)
    return (
      <Paper withBorder p="md" role="status">
        <Text size="sm" fw={600}>
          No scenes match this search.
        </Text>
        {tips.length > 0 ? (
          <>
            <Text size="sm" mt={4}>
              Loosen a filter:
            </Text>
            <Stack gap={4} mt={6} align="flex-start">
              {tips.map((t) => (
                <Button
                  key={t.field}
                  size="compact-sm"
                  variant="light"
                  onClick={() => props.onLoosen(t.field)}
                >
                  {t.label}
                </Button>
              ))}
            </Stack>
          </>
        ) : (
          <Text size="sm" mt={4}>
            This host has no scenes for its collections yet. Try another host.
          </Text>
        )}
      </Paper>
    )
  }
  return <>{props.children}</>
}
