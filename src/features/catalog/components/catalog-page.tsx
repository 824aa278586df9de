import './mantine-styles'
import type { Polygon } from 'geojson'
import { Anchor, Loader, Tabs, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { useApiClient } from '../../../api/console-context'
import { cursorOf, revokePreviewsOnEviction } from '../../../data/catalog/queries'
import { prefetchOwnedScenes } from '../../../data/orders/owned-scenes'
import { samePolygons } from '../../../lib/polyline'
import { FOOTPRINTS_SOURCE, passOverlay, planOverlays } from '../map-layers'
import { allHostsSearchCode, searchCode } from '../search-code'
import { loosen } from '../url-state'
import { useCatalogUi } from '../catalog-ui-store'
import { useCatalogView, type CatalogViewState } from '../use-catalog-view'
import { useCoveragePlan } from '../use-coverage-plan'
import { useMapOverlays } from '../use-map-overlays'
import { useSceneActions } from '../use-scene-actions'
import { useSceneSearch } from '../use-scene-search'
import { useSearchDraft } from '../use-search-draft'
import { useSearchableCollections, type SearchableCollections } from '../use-searchable-collections'
import { footprintOf, type SceneRow } from '../words'
import { BasketPanel } from './basket-panel'
import { CatalogLayout } from './catalog-layout'
import { CatalogMap } from './catalog-map'
import { HostStatusList } from './host-status'
import classes from './catalog.module.css'
import type { ResultList as ResultListType } from './result-list'
import { Results } from './results'
import { ResultsHeader } from './results-header'
import { SaveSearch } from './save-search'
import { SearchPanel } from './search-panel'

// The coverage plan's panel loads when first opened: most searches never plan.
const CoveragePlanPanel = lazy(() =>
  import('./coverage-plan-panel').then((m) => ({ default: m.CoveragePlanPanel })),
)
// "Archive or task" loads when first opened, like the plan.
const ArchiveOrTaskPanel = lazy(() =>
  import('./archive-or-task-panel').then((m) => ({ default: m.ArchiveOrTaskPanel })),
)
// Details load when first opened: the drawer, its tables and the quicklook are not part of the first load.
const SceneDrawer = lazy(() => import('./scene-drawer').then((m) => ({ default: m.SceneDrawer })))
// The list (with its virtualiser) is fetched right after the page's first render, while the analyst fills the
// form or the first search runs: no scene can be listed before a search answers, so it need not hold up the
// page's first load (12 KiB gzip). It is held as a loaded component, not `lazy()`: a lazy component suspends
// on its first render even when its chunk is already here, and React shows a suspended boundary's content
// again only after its fallback throttle (300 ms), which delayed the first rows of every first search.
type ResultListComponent = typeof ResultListType
let loadedResultList: ResultListComponent | null = null
const loadResultList = () => import('./result-list').then((m) => (loadedResultList = m.ResultList))

/** The result list component once its chunk is here; starts fetching it on the page's first render. */
function useResultList(): ResultListComponent | null {
  const [list, setList] = useState(() => loadedResultList)
  useEffect(() => {
    if (!list) void loadResultList().then((l) => setList(() => l))
  }, [list])
  return list
}

const NO_POLYGONS: Polygon[] = []

/** Find archive scenes over an AOI and pick the ones worth buying. */
export function CatalogPage() {
  const queryClient = useQueryClient()
  useEffect(() => revokePreviewsOnEviction(queryClient), [queryClient])
  const ResultList = useResultList()

  const glossary = useSearchableCollections()
  const url = useCatalogView()
  const { view, applied, go } = url
  const search = useSceneSearch(view, url.appliedPolygons, glossary.byHost, url.since !== null)
  const form = useSearchDraft(url, glossary, search.refetch, search)
  // Colours go by the glossary's hosts, not by the hosts a search asks: they are known before the first search,
  // so starting one does not restyle the footprint layers (a full map frame, which under an emulated GPU holds
  // every frame after it, the first rows' too), and a host keeps its colour whatever the filters leave out.
  const hostOrder = useMemo(() => glossary.hosts.map((h) => h.name), [glossary.hosts])
  const layers = useMapOverlays(search.features, url.appliedPolygons, search.footprints, form.map, hostOrder)
  const { features, rows } = search
  // The owned-scene guard's first read starts with the page and again with each search, before its answer
  // (decision 60): read after the rows, it answered while the map drew the footprints.
  const client = useApiClient()
  useEffect(() => prefetchOwnedScenes(queryClient, client), [queryClient, client, url.appliedKey, form.runs])
  // What an action said over the results goes with them: another search (the same one run again too) or page.
  const actions = useSceneActions(rows, glossary, `${url.appliedKey}|${view.page ?? ''}|${form.runs}`)
  const hostTitles = useMemo(() => new Map(glossary.hosts.map((h) => [h.name, h.title])), [glossary.hosts])
  const { detailRow } = actions
  const areaName = useSearchedAreaName(applied)
  const views = useAoiViews(url, search, layers.overlays)
  const { aoi, planShown, timelineShown } = views
  const tools = useMapTools(form)

  return (
    <CatalogLayout
      map={
        <CatalogMap
          mapProps={form.mapProps}
          overlays={views.overlays}
          scenes={features}
          images={layers.images}
          hasQuicklooks={layers.hasQuicklooks}
          onOverlayHover={layers.onOverlayHover}
          onOverlayClick={layers.onOverlayClick}
          onViewMoved={form.onViewMoved}
          tools={tools}
        />
      }
      below={
        <>
          <AoiViewPanels
            views={views}
            rows={rows}
            glossary={glossary}
            hostTitles={hostTitles}
            actions={actions}
          />
          <BasketPanel
            titles={glossary.titles}
            withThumbnails={glossary.withThumbnails}
            collections={glossary.collections}
          />
        </>
      }
      side={
        <Tabs
          value={form.tab}
          onChange={(t) => form.setTab(t === 'results' ? 'results' : 'search')}
          keepMounted
          className={classes.side}
        >
          <Tabs.List grow>
            <Tabs.Tab value="search">{form.dirty ? 'Search (changed)' : 'Search'}</Tabs.Tab>
            <Tabs.Tab value="results">{features ? `Results (${features.length})` : 'Results'}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="search" className={classes.filters}>
            <SearchTab glossary={glossary} form={form} search={search} />
          </Tabs.Panel>
          <Tabs.Panel value="results" className={classes.results}>
            <ResultsHeader
              view={view}
              sort={search.sort}
              count={features?.length ?? 0}
              hasCoverage={search.hasCoverage}
              prev={cursorOf(search.response, 'prev')}
              next={cursorOf(search.response, 'next')}
              fetching={search.isFetching}
              notApplied={search.appliedNotApplied}
              onSort={(sort) => go({ ...view, sort }, true)}
              onPage={(page) => go({ ...view, page })}
              onAddAll={actions.addPage}
              allHosts={search.allHosts}
              onMore={search.more}
              hostCount={search.statuses.filter((s) => s.count > 0).length}
              code={searchCodeOf(search, view.page, hostTitles)}
              save={
                search.builtAll.length > 0 && (
                  <SaveSearch built={search.builtAll} view={view} areaName={areaName} />
                )
              }
              onPlan={aoi.length > 0 ? () => views.toggle('plan') : null}
              planOpen={planShown}
              onArchiveOrTask={aoi.length > 0 ? () => views.toggle('archive-or-task') : null}
              archiveOrTaskOpen={timelineShown}
            />
            <StatusLine actions={actions} listed={!!features && features.length > 0} />
            {search.allHosts && (
              <HostStatusList
                statuses={search.statuses}
                titles={hostTitles}
                colors={layers.hostColors}
                onRetry={search.retryHost}
              />
            )}
            <Results
              searched={view.searched}
              applied={applied}
              appliedErrors={search.appliedErrors}
              unknownHost={!!glossary.collections && applied.host !== null && !search.appliedHostCollections}
              hostTitle={glossary.hosts.find((h) => h.name === applied.host)?.title}
              hostTitles={hostTitles}
              loading={search.loading}
              error={search.error}
              retry={() => void search.refetch()}
              onEditFilters={() => form.setTab('search')}
              areaRefused={search.areaError !== null}
              count={features?.length}
              onLoosen={(field) =>
                go({ searched: true, filters: loosen(applied, field), page: null, sort: view.sort })
              }
            >
              {ResultList ? (
                // The list is the module's own component, the same one on every render once its chunk is here
                // (see useResultList): nothing is created during render, whatever the rule infers from the hook.
                // eslint-disable-next-line react-hooks/static-components
                <ResultList
                  key={search.listKey}
                  response={features}
                  rows={search.sorted}
                  since={url.since}
                  withThumbnails={glossary.withThumbnails}
                  titles={glossary.titles}
                  hostColors={search.allHosts ? layers.hostColors : undefined}
                  hostTitles={hostTitles}
                  onToggleBasket={actions.toggleBasket}
                  onToggleQuicklook={actions.toggleQuicklook}
                  onDetails={actions.openDetails}
                  onReveal={form.reveal}
                />
              ) : (
                <Loader size="sm" aria-label="Loading the result list" />
              )}
            </Results>
          </Tabs.Panel>
        </Tabs>
      }
      drawer={detailRow && <SceneDetails row={detailRow} glossary={glossary} actions={actions} />}
    />
  )
}

type Glossary = SearchableCollections
type SceneActions = ReturnType<typeof useSceneActions>
type SearchDraft = ReturnType<typeof useSearchDraft>
type SceneSearch = ReturnType<typeof useSceneSearch>
type AoiView = 'plan' | 'archive-or-task'
type MapOverlays = ReturnType<typeof useMapOverlays>['overlays']

/** The code of the search shown, one host's or every host's; null while there is none to write. */
function searchCodeOf(
  search: SceneSearch,
  page: CatalogViewState['view']['page'],
  hostTitles: Map<string, string>,
) {
  return search.built
    ? () => search.built && searchCode(search.built, page)
    : search.allHosts && search.builtAll.length > 0
      ? () => allHostsSearchCode(search.builtAll, search.sort, hostTitles)
      : null
}

/** The searched AOI's own name (an imported file's), while the AOI drawn is the one searched. */
function useSearchedAreaName(applied: CatalogViewState['applied']): string | null {
  const aoiName = useAoiStore((s) => s.name)
  const aoiDrawn = useAoiStore((s) => s.polygons)
  return aoiName && applied.area?.kind === 'aoi' && samePolygons(aoiDrawn, applied.area.polygons)
    ? aoiName
    : null
}

/**
 * The AOI views under the map, one at a time: Plan coverage, or Archive or task; and the map's overlays with
 * what the open one draws.
 */
function useAoiViews(url: CatalogViewState, search: SceneSearch, footprintOverlays: MapOverlays) {
  const { applied } = url
  const { features, rows } = search
  // Plan coverage: for a search over a drawn or imported AOI (not the map view), among the results shown.
  const aoi = applied.area?.kind === 'aoi' ? url.appliedPolygons : NO_POLYGONS
  const [panel, setPanel] = useState<AoiView | null>(null)
  const toggle = (p: AoiView) => setPanel((open) => (open === p ? null : p))
  const planOpen = panel === 'plan'
  const planner = useCoveragePlan(rows, aoi)
  const planShown = planOpen && aoi.length > 0 && (features?.length ?? 0) > 0
  const timelineShown = panel === 'archive-or-task' && aoi.length > 0
  const { plan, chosen } = planner
  // The passes "Archive or task" outlines: its lazy panel owns them and leaves their footprints in the store.
  const { hovered: hoveredPass, picked: pickedPass } = useCatalogUi((s) => s.passFootprints)
  const overlays = useMemo(
    () =>
      planShown && plan
        ? [
            ...footprintOverlays.filter((o) => o.id !== FOOTPRINTS_SOURCE),
            ...planOverlays({
              covered: plan.covered,
              uncovered: plan.uncovered,
              footprints: chosen.map((r) => footprintOf(r.scene)),
            }),
          ]
        : timelineShown
          ? [...footprintOverlays, passOverlay(hoveredPass, pickedPass)]
          : footprintOverlays,
    [planShown, plan, chosen, footprintOverlays, timelineShown, hoveredPass, pickedPass],
  )
  return { aoi, planner, planShown, timelineShown, overlays, toggle, close: () => setPanel(null) }
}

/** The map's drawing tools: drawing or importing on the map means searching that area, so the form's follows. */
function useMapTools(form: SearchDraft): ComponentProps<typeof CatalogMap>['tools'] {
  const aoiDrawn = useAoiStore((s) => s.polygons)
  return {
    mode: form.panelProps.mode,
    onMode: (m) => {
      form.panelProps.onMode(m)
      if (m !== 'static') form.changeDraft({ areaMode: 'aoi' })
    },
    onImport: (f) => {
      void form.panelProps.importer.importFile(f)
      form.changeDraft({ areaMode: 'aoi' })
    },
    onClear: () => useAoiStore.getState().clear(),
    hasAoi: aoiDrawn.length > 0,
  }
}

/**
 * The open AOI view, under the map: in a large window it takes at most part of the column and scrolls there;
 * in a short one the page scrolls instead (catalog.module.css).
 */
function AoiViewPanels(props: {
  views: ReturnType<typeof useAoiViews>
  rows: SceneSearch['rows']
  glossary: Glossary
  hostTitles: Map<string, string>
  actions: SceneActions
}) {
  const { views, actions, hostTitles } = props
  if (!views.planShown && !views.timelineShown) return null
  return (
    <div className={classes.analysis}>
      {views.planShown && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the coverage plan" />}>
          <CoveragePlanPanel
            planner={views.planner}
            collections={props.glossary.collections}
            hostTitles={hostTitles}
            onAddToBasket={() => actions.addRows(views.planner.chosen, 'of the plan', views.planner.scenes)}
            onClose={views.close}
          />
        </Suspense>
      )}
      {views.timelineShown && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading archive or task" />}>
          <ArchiveOrTaskPanel
            rows={props.rows}
            aoi={views.aoi}
            hostTitles={hostTitles}
            inBasket={(m) => actions.inBasket(m.row)}
            onToggleBasket={(m) => actions.toggleBasket(m.row)}
            onDetails={(m) => actions.openDetails(m.row)}
            onClose={views.close}
          />
        </Suspense>
      )}
    </div>
  )
}

/** The search tab: the filters, the AOI toolkit and the glossary's state. */
function SearchTab({
  glossary,
  form,
  search,
}: {
  glossary: Glossary
  form: SearchDraft
  search: SceneSearch
}) {
  return (
    <SearchPanel
      ready={glossary.collections !== undefined}
      glossaryError={glossary.error}
      onRetryGlossary={glossary.retry}
      panelProps={form.panelProps}
      draft={form.draft}
      onChange={form.changeDraft}
      onSearch={() => form.runSearch()}
      onReset={form.resetDraft}
      hosts={glossary.hosts}
      hostCollections={form.draftHostCollections}
      errors={form.errors}
      notApplied={form.notApplied}
      dirty={form.dirty}
      searching={search.isFetching}
      aoiSummary={form.aoiSummary}
      areaError={search.areaError}
    />
  )
}

/** One line under the results' header: what the last action said, or else the list's keys. */
function StatusLine({ actions, listed }: { actions: SceneActions; listed: boolean }) {
  return (
    <div className={classes.statusLine}>
      <Text size="xs" aria-live="polite" role="status" c="dimmed">
        {actions.status}
        {actions.undoAddPage && (
          <>
            {' '}
            <Anchor component="button" type="button" size="xs" onClick={actions.undoAddPage}>
              {actions.undoLabel}
            </Anchor>
          </>
        )}
      </Text>
      {!actions.status && listed && (
        <Text size="xs" c="dimmed" id="result-keys">
          ↑↓ move · Space basket · Enter details · Q quicklook
        </Text>
      )}
    </div>
  )
}

/** A scene's details in the drawer, loaded when first opened. */
function SceneDetails({
  row,
  glossary,
  actions,
}: {
  row: SceneRow
  glossary: Glossary
  actions: SceneActions
}) {
  return (
    <Suspense fallback={null}>
      <SceneDrawer
        row={row}
        host={row.host}
        collectionTitle={glossary.titles.get(row.scene.properties.collection) ?? ''}
        hasQuicklook={glossary.withQuicklooks.has(row.scene.properties.collection)}
        inBasket={actions.inBasket(row)}
        quicklookShown={actions.quicklookShown(row)}
        onClose={actions.closeDetails}
        onToggleBasket={actions.toggleBasket}
        onToggleQuicklook={actions.toggleQuicklook}
      />
    </Suspense>
  )
}
