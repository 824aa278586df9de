import { chromiumLaunch } from '../e2e/chromium'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import type { Map as MlMap } from 'maplibre-gl'
import {
  consoleBasemap,
  floorRun,
  startFloorServer,
  type FloorBasemap,
  type FloorDraw,
} from './catalog-floor'
import {
  captureSearchResponse,
  consoleFootprints,
  mapSettled,
  mapView,
  mapWorkBetween,
  MARKS,
  networkSettled,
  pageDrawn,
  readRows,
  recordMapWork,
  recordRequests,
  SEARCH_PATH,
  waitForMarks,
  watchErrors,
  watchMapLoad,
  type ConsoleFootprints,
  type MapView,
  type MapWork,
  type MarkEntry,
  type MarkName,
  type RowsSnapshot,
} from './catalog-probes'
import { BENCH_OUT, ensureBenchBuild, signInAsAnalyst, startPreview } from './preview'
import { figures, report } from './stats'
import {
  attribute,
  blameTask,
  describeOwners,
  eventsIn,
  readTrace,
  Sources,
  TRACE_CATEGORIES,
  type Owner,
  type Trace,
} from './trace-blame'

/**
 * The catalog search page in Chromium (SwiftShader WebGL) over the production build in dist-bench/ (built by
 * benchBundle) with the simulator embedded: how fast one search of 500 scenes reaches the list and the map
 * (the map beside a floor, a bare MapLibre page drawing the same footprints), the JS heap afterwards, the
 * requests one search makes and the gzip weight of the page's first load.
 *
 * The page's side of the contract: it marks `swath:search-response`, `swath:list-rows` and
 * `swath:footprints-idle` (detail `{count}`), exposes the map engine as `window.__swathMap`, and renders result
 * rows with `data-scene-id` inside `[role=listbox][aria-label="Search results"]`, thumbnails as
 * `img[data-thumbnail]`.
 *
 * The journey's steps are here; what they read off the page is in ./catalog-probes.ts, the bare-MapLibre floor
 * in ./catalog-floor.ts.
 */

const OUT = BENCH_OUT
/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5198)
const ORIGIN = `http://127.0.0.1:${PORT}`
const HOST = 'oneatlas'
const LIMIT = 500
const BBOX = [-20, 30, 40, 60]
const CATALOG_URL = `/catalog?host=${HOST}&limit=${LIMIT}&bbox=${BBOX.join(',')}`
/**
 * Opened first: the catalog page with no search (a first visit: since issue 28 a URL with an area and no
 * host searches every host), its camera then put over the same area; the map loads and draws its basemap
 * there. The measured search then runs in the open page, as when an analyst presses Search, and its figures
 * are about the search alone. No footprint has been drawn yet, so the console pays for its first footprints
 * as the bare floor page does (layer set-up, shaders).
 */
const WARM_URL = '/catalog'
const EMAIL = 'analyst@swath.test'
const PASSWORD = 'swath-demo'
const TOKEN_URL = `${ORIGIN}/auth/realms/public/protocol/openid-connect/token`
const VIEWPORT = { width: 1280, height: 800 }
/**
 * Full loads of the catalog page to take medians of; after each, bare-map draws (cheaper, noisier), so that
 * both sides of the ratio see the same machine load (two cores, shared with whatever else runs).
 */
/** Counted searches (CATALOG_RUNS; 5 by default): the first rows' median of three moved with one slow run. */
const CONSOLE_RUNS = Number(process.env.CATALOG_RUNS ?? 5)
const FLOORS_PER_LOAD = 2
const THUMBNAIL_TIMEOUT = 30_000

const PREVIEW_PATH = /^\/api\/catalog\/[^/]+\/image\/([^/]+)\/(thumbnail|quicklook)$/

interface ConsoleRun {
  listRows: number
  footprints: number
  marks: Record<MarkName, MarkEntry[]>
  view: MapView
  /** When the console's map fired `load` (ms since navigation; -1: already loaded when first seen), if seen. */
  mapLoad: number | null
  /** What the console's map did from the response to its idle with the footprints. */
  work: MapWork
}

export async function benchCatalog(): Promise<void> {
  console.log('\n## Catalog search page (Chromium, SwiftShader WebGL, production build)')
  const started = performance.now()
  ensureBenchBuild()
  const preview = await startPreview({ port: PORT })
  let floorServer: Awaited<ReturnType<typeof startFloorServer>> | null = null
  let browser: Browser | null = null
  try {
    floorServer = await startFloorServer()
    browser = await chromium.launch(chromiumLaunch)
    const reset = await fetch(`${ORIGIN}/api/__sim/reset`, { method: 'POST' })
    if (!reset.ok) throw new Error(`POST /api/__sim/reset answered HTTP ${reset.status}`)

    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    await context.addInitScript(watchMapLoad)
    const page = await context.newPage()
    const errors = watchErrors(page)
    const cdp = await context.newCDPSession(page)
    await signInAsAnalyst(page)

    // First load of the catalog page, cache disabled: every JS and CSS file the page needs, and a warm-up.
    const assets = await firstLoadAssets(page, cdp, errors)

    // Timed loads: each one a full navigation to the catalog URL.
    const runs: ConsoleRun[] = []
    let searchFeatures: unknown[] | null = null
    let searchRequests: ReturnType<typeof recordRequests> | null = null
    let rows: RowsSnapshot | null = null
    let withThumbnail = new Set<string>()
    let heapBytes = 0
    // The floors: bare MapLibre pages draw the same footprints with the console's camera and map size. The fair
    // floor (decision 72) draws the console's own footprint features and layers on the console's basemap, as
    // its map held it; the old floor, the search's features as a plain fill and line on a blank style, is
    // printed beside it so that the figures of earlier rounds can still be compared.
    const floorContext = await browser.newContext({ viewport: VIEWPORT })
    const floor: FloorDraw[] = []
    const fair: FloorDraw[] = []
    let same: ConsoleFootprints | null = null
    let basemap: FloorBasemap | null = null
    for (let i = 0; i < CONSOLE_RUNS; i++) {
      await page.goto(WARM_URL)
      await mapSettled(page)
      await page.evaluate((b) => {
        const w = window as unknown as { __swathMap?: { map: MlMap } }
        w.__swathMap?.map.fitBounds(
          [
            [b[0], b[1]],
            [b[2], b[3]],
          ],
          { animate: false },
        )
      }, BBOX)
      await mapSettled(page)
      const warm = recordRequests(page)
      await networkSettled(warm, 1_000, 15_000)
      warm.stop()
      await pageDrawn(page)
      await recordMapWork(page)
      const requests = recordRequests(page)
      const response = captureSearchResponse(page)
      await searchInOpenPage(page, CATALOG_URL)
      const marks = await waitForMarks(page, errors, CATALOG_URL)
      const answered = marks['swath:search-response'][0].startTime
      const idle = marks['swath:footprints-idle'][0].startTime
      runs.push({
        listRows: marks['swath:list-rows'][0].startTime - answered,
        footprints: idle - answered,
        marks,
        view: await mapView(page),
        mapLoad: await page.evaluate(
          () => (window as unknown as { __benchMapLoad?: number }).__benchMapLoad ?? null,
        ),
        work: await mapWorkBetween(page, answered, idle),
      })
      if (i === 0) {
        searchFeatures = await response.features
        same = await consoleFootprints(page)
        basemap = await consoleBasemap(page, floorServer.origin)
        // The first load is also the one whose requests, thumbnails and heap are measured.
        const settled = await visibleThumbnailsLoaded(page)
        rows = settled.rows
        withThumbnail = settled.withThumbnail
        await networkSettled(requests, 1_000, 15_000)
        searchRequests = requests
        await cdp.send('HeapProfiler.collectGarbage')
        heapBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize
      }
      requests.stop()
      response.stop()
      if (!searchFeatures || !same || !basemap) throw new Error('the first catalog load was not measured')
      for (let j = 0; j < FLOORS_PER_LOAD; j++) {
        floor.push(await floorRun(floorContext, floorServer.url, runs[0].view, searchFeatures))
        fair.push(
          await floorRun(floorContext, floorServer.url, runs[0].view, same.features, same.layers, basemap),
        )
      }
    }
    await floorContext.close()
    // One more search, traced (not counted: the profiler slows it), to say where the time from the response to
    // the first rows goes (BENCH_TRACE=0 leaves it out).
    if (process.env.BENCH_TRACE !== '0') await tracedSearch(browser, page, errors)
    await context.close()
    if (!searchFeatures || !searchRequests || !rows)
      throw new Error('the first catalog load was not measured')

    printTimings(runs, floor, fair, searchFeatures.length)
    printHeap(heapBytes)
    printRequests(searchRequests, rows, withThumbnail)
    printAssets(assets)
    if (errors.length > 0)
      console.log(`  ! console errors on the catalog page: ${errors.slice(0, 5).join(' | ')}`)
    console.log(`(catalog benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s)`)
  } finally {
    await browser?.close().catch(() => undefined)
    await floorServer?.close()
    await preview.stop()
  }
}

/**
 * Which visible scenes have a thumbnail (asked of the API from Node, not read from the page), and a wait until
 * the page shows every one of them.
 */
async function visibleThumbnailsLoaded(
  page: Page,
): Promise<{ rows: RowsSnapshot; withThumbnail: Set<string> }> {
  const first = await readRows(page)
  if (!first) throw new Error('the catalog page has no [role=listbox][aria-label="Search results"]')
  const token = await accessToken()
  const withThumbnail = new Set<string>()
  for (const row of first.visible) {
    const res = await fetch(`${ORIGIN}/api/catalog/${HOST}/image/${encodeURIComponent(row.id)}/thumbnail`, {
      headers: { authorization: `Bearer ${token}` },
    })
    await res.arrayBuffer()
    if (res.ok) withThumbnail.add(row.id)
  }
  const expected = [...withThumbnail]
  try {
    await page.waitForFunction(
      (ids) =>
        ids.every((id) => {
          const img = document.querySelector(`[data-scene-id="${CSS.escape(id)}"] img[data-thumbnail]`)
          return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0
        }),
      expected,
      { timeout: THUMBNAIL_TIMEOUT, polling: 100 },
    )
  } catch {
    console.log(`  ! not every visible thumbnail loaded within ${THUMBNAIL_TIMEOUT / 1000} s`)
  }
  const rows = await readRows(page)
  if (!rows) throw new Error('the result listbox went away')
  const moved = rows.visible.map((r) => r.id).join() !== first.visible.map((r) => r.id).join()
  if (moved) console.log('  ! the visible rows changed while thumbnails loaded; counting the first set')
  return { rows: { ...rows, visible: moved ? first.visible : rows.visible }, withThumbnail }
}

async function accessToken(): Promise<string> {
  const res = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'service-api',
      username: EMAIL,
      password: PASSWORD,
    }).toString(),
  })
  if (!res.ok) throw new Error(`token request failed: HTTP ${res.status} ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/** Reloads the catalog page with the HTTP cache off and records every JS and CSS file it requests. */
async function firstLoadAssets(page: Page, cdp: CDPSession, errors: string[]): Promise<string[]> {
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const requests = recordRequests(page)
  await page.goto(CATALOG_URL)
  await waitForMarks(page, errors, CATALOG_URL)
  await networkSettled(requests, 1_000, 15_000)
  requests.stop()
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
  const files = requests.list
    .filter((r) => r.url.origin === ORIGIN && /\.(m?js|css)$/.test(r.url.pathname))
    .map((r) => decodeURIComponent(r.url.pathname))
  return [...new Set(files)]
}

/**
 * Moves the open console to a search URL as back/forward does (the router follows popstate), with the marks
 * of the previous search cleared: what the analyst does when searching again in a loaded page.
 */
async function searchInOpenPage(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    performance.clearMarks()
    performance.clearResourceTimings()
    history.pushState(null, '', u)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, url)
}

/**
 * One search as the timed ones, traced with the sampling profiler: the main thread from the response to the
 * first rows by owner, and each task of 10 ms or more in that stretch by owner and costliest functions.
 */
async function tracedSearch(browser: Browser, page: Page, errors: string[]): Promise<void> {
  await page.goto(WARM_URL)
  await mapSettled(page)
  await page.evaluate((b) => {
    const w = window as unknown as { __swathMap?: { map: MlMap } }
    w.__swathMap?.map.fitBounds(
      [
        [b[0], b[1]],
        [b[2], b[3]],
      ],
      { animate: false },
    )
  }, BBOX)
  await mapSettled(page)
  await pageDrawn(page)
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  await searchInOpenPage(page, CATALOG_URL)
  const marks = await waitForMarks(page, errors, CATALOG_URL)
  const json = (await browser.stopTracing()).toString('utf8')
  const response = marks['swath:search-response'][0].startTime
  const rows = marks['swath:list-rows'][0].startTime - response
  const trace = readTrace(json, new Sources(OUT), 'swath:search-response', response)
  console.log(
    `traced search (not counted; the profiler slows it): response → first rows ${ms(rows)}, → map idle ${ms(marks['swath:footprints-idle'][0].startTime - response)}`,
  )
  if (!trace) return console.log('  ! the trace had no samples of the page')
  // The search's answer as the network delivered it (resource timing): from there to the parsed answer (the
  // response mark, placed by the query once the client has read and parsed the body) is the JSON parse.
  const arrived = await page.evaluate(
    (path) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => new RegExp(path).test(new URL(e.name).pathname))
        .map((e) => e.responseEnd)[0] ?? null,
    SEARCH_PATH.source,
  )
  printFirstRowsAttribution(trace, arrived, response, response + rows)
  const all = blameTask(trace, response, rows, false)
  console.log(
    `  response → first rows, main thread: ${(Object.entries(all.by) as [Owner, number][])
      .sort((x, y) => y[1] - x[1])
      .map(([o, t]) => `${o} ${t.toFixed(0)}`)
      .join(', ')}${all.top.length ? ` — app/engine: ${all.top.join('; ')}` : ''}`,
  )
  const idle = marks['swath:footprints-idle'][0].startTime - response
  const drawing = blameTask(trace, response + rows, idle - rows, false)
  console.log(
    `  first rows → map idle (${ms(idle - rows)}), main thread: ${describeOwners(drawing.by)}${drawing.top.length ? ` — app/engine: ${drawing.top.join('; ')}` : ''}`,
  )
  // The other requests of the search (the owned-scene guard's orders, …), on the same clock.
  const others = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/api\/v2\//.test(e.name))
      .map((e) => {
        const r = e as PerformanceResourceTiming
        return { name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd }
      }),
  )
  for (const r of others.filter((o) => o.end >= response - 1_000)) {
    console.log(
      `    request ${r.name}: sent +${(r.start - response).toFixed(0)}, answered +${(r.end - response).toFixed(0)} ms`,
    )
  }
  for (const task of trace.tasks.filter((t) => t.at + t.duration >= response && t.at <= response + idle)) {
    const b = blameTask(trace, task.at, task.duration)
    console.log(
      `    task +${(task.at - response).toFixed(0)} (${task.duration.toFixed(0)} ms): ${describeOwners(b.by)} — ${b.any.join('; ')}`,
    )
  }
}

/**
 * The steps of the way from a search's answer to its first rows, by the app's source file on the sampled stack
 * (`attribute`): what of the page's work in that stretch the rows needed (the answer parsed, the rows sorted and
 * listed) and what could come after them (the owned-scene guard's reads, the map's shell and MapLibre).
 */
const FIRST_ROWS_STEPS = [
  ['owned-scene guard', /owned-scene|^src\/data\/orders\//],
  [
    'merge & sort',
    /^src\/features\/catalog\/(merge-hosts|scene-properties|use-scene-search|use-coverage|coverage)\./,
  ],
  [
    'list render',
    /^src\/features\/catalog\/components\/(result-list|results|results-header|scene-thumbnail|host-status)\./,
  ],
  [
    'map shell',
    /^src\/map\/|^src\/features\/catalog\/(components\/catalog-map|use-map-overlays|map-layers)\./,
  ],
  ['client & queries', /^src\/(api|data)\//],
] as const

/** Prints the attribution of the stretch from the answer's arrival to the first rows' frame. */
function printFirstRowsAttribution(trace: Trace, arrived: number | null, parsed: number, rows: number): void {
  const from = arrived ?? parsed
  const { by, steps } = attribute(trace, from, rows - from, FIRST_ROWS_STEPS)
  const parse = arrived === null ? null : parsed - arrived
  const order = (o: Record<string, number>) =>
    Object.entries(o)
      .filter(([, t]) => t >= 0.5)
      .sort((x, y) => y[1] - x[1])
      .map(([k, t]) => `${k} ${t.toFixed(0)}`)
      .join(', ')
  console.log(
    `  attribution, answer arrived → first rows' frame (${ms(rows - from)}): answer read and parsed (arrival → response mark) ${parse === null ? '?' : ms(parse)}; main thread by step: ${order(by)} ms (idle: waiting for the frame)`,
  )
  const named = Object.fromEntries(
    Object.entries(steps).filter(([k]) =>
      /Decode|Image|Layout|UpdateLayoutTree|Paint|PrePaint|Commit/.test(k),
    ),
  )
  console.log(`    the browser's steps in it: ${order(named) || 'none'} ms (style/layout/paint/image decode)`)
  // A task that is all the browser's own time (no script sampled): the trace events it held, by name.
  for (const task of trace.tasks.filter((t) => t.at + t.duration >= from && t.at <= rows)) {
    const b = blameTask(trace, task.at, task.duration)
    if ((b.by.browser ?? 0) < task.duration / 2) continue
    console.log(
      `    task ${task.at >= parsed ? '+' : ''}${(task.at - parsed).toFixed(0)} (${ms(task.duration)}), the browser's own: ${eventsIn(trace, task.at, task.duration).join('; ') || 'no named event'}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------------- output

const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES')
const ms = (x: number) => `${x.toFixed(0)} ms`

function printTimings(runs: ConsoleRun[], floor: FloorDraw[], fair: FloorDraw[], features: number): void {
  const views = new Set(runs.map((r) => JSON.stringify(r.view)))
  if (views.size > 1)
    console.log(`  ! the console's map view differed between loads; the floor uses the first`)
  const counts = new Set(runs.flatMap((r) => MARKS.map((n) => r.marks[n][0].count)))
  const repeated = runs.flatMap((r) =>
    MARKS.filter((n) => r.marks[n].length > 1).map((n) => `${n}×${r.marks[n].length}`),
  )
  console.log(
    `search response: ${features} scenes; marks' detail.count: ${[...counts].join(', ')}; map ${runs[0].view.width}×${runs[0].view.height} px at zoom ${runs[0].view.camera.zoom.toFixed(2)}`,
  )
  if (repeated.length > 0)
    console.log(`  ! marks placed more than once in one load (the first is used): ${repeated.join(', ')}`)
  const loads = runs.flatMap((r) =>
    r.mapLoad !== null && r.mapLoad >= 0 ? [r.mapLoad - r.marks['swath:search-response'][0].startTime] : [],
  )
  if (loads.length > 0) {
    const late = loads.filter((d) => d > 0).length
    console.log(
      `  (the console's map fired its own \`load\` ${loads.map((d) => `${d > 0 ? '+' : ''}${d.toFixed(0)} ms`).join(', ')} from the search response${late > 0 ? `: in ${late} of ${loads.length} loads its first draw of the basemap is inside the footprints figure` : ''})`,
    )
  }

  const list = figures(runs.map((r) => r.listRows))
  report('search response → first list rows', list, 'at most 75 ms')
  console.log(
    `  → list rows ${ms(list.median)} after the response (${runs.map((r) => r.listRows.toFixed(0)).join(', ')} ms): ${verdict(list.median <= 75)} the 75 ms target`,
  )

  const map = figures(runs.map((r) => r.footprints))
  const same = figures(fair.map((f) => f.ms))
  const bare = figures(floor.map((f) => f.ms))
  report(`search response → map idle, ${features} footprints`, map, 'at most 1.1× the floor')
  report(`floor: bare MapLibre, same basemap and footprints`, same)
  const ratio = map.median / same.median
  console.log(
    `  → footprints ${ms(map.median)} vs floor ${ms(same.median)}: ${ratio.toFixed(2)}× — ${verdict(ratio <= 1.1)} the 1.1× target (the floor draws the console's basemap, footprint features and layers: decision 72)`,
  )
  report(`old floor: blank style, plain fill and line`, bare)
  console.log(
    `  (old floor, for comparison with earlier rounds: ${ms(bare.median)}, footprints ${(map.median / bare.median).toFixed(2)}× it; it lacks the basemap the console redraws in every frame)`,
  )
  const median = (xs: number[]) => figures(xs).median
  console.log(
    `  map frames from the response to idle: console median ${median(runs.map((r) => r.work.frames))} (${runs.map((r) => r.work.frames).join(', ')}), floor median ${median(fair.map((f) => f.frames))}; footprint data rounds: console ${runs.map((r) => r.work.data).join(', ')}, floor ${fair.map((f) => f.data).join(', ')}; camera steps: console ${runs.map((r) => r.work.moves).join(', ')}, floor 0`,
  )
  // For information: the same figure counted from the later of the response and the map's own `load`.
  const afterLoad = runs.flatMap((r) => {
    if (r.mapLoad === null) return []
    const from = Math.max(r.mapLoad, r.marks['swath:search-response'][0].startTime)
    return [r.marks['swath:footprints-idle'][0].startTime - from]
  })
  if (afterLoad.length === runs.length && runs.some((r) => r.mapLoad !== null && r.mapLoad > 0)) {
    const m = figures(afterLoad).median
    console.log(
      `  (for information: from the later of the response and the map's \`load\` to map idle, median ${ms(m)}, ${(m / same.median).toFixed(2)}× the floor)`,
    )
  }
}

function printHeap(bytes: number): void {
  const mb = bytes / 1_000_000
  console.log(
    `${'JS heap after search + visible thumbnails (GC)'.padEnd(52)} ${`${mb.toFixed(1)} MB`.padStart(10)}  target: under 20 MB`,
  )
  console.log(
    `  → heap ${mb.toFixed(1)} MB: ${verdict(mb < 20)} the 20 MB target (main thread, after a forced GC)`,
  )
}

function printRequests(
  requests: ReturnType<typeof recordRequests>,
  rows: RowsSnapshot,
  withThumbnail: Set<string>,
): void {
  const api = requests.list.filter((r) => r.url.origin === ORIGIN && /^\/(api|auth)\//.test(r.url.pathname))
  const searches = api.filter((r) => r.method === 'POST' && SEARCH_PATH.test(r.url.pathname))
  const previews = api.flatMap((r) => {
    const m = PREVIEW_PATH.exec(r.url.pathname)
    return m ? [{ id: decodeURIComponent(m[1]), kind: m[2] }] : []
  })
  const thumbnails = previews.filter((p) => p.kind === 'thumbnail').map((p) => p.id)
  const quicklooks = previews.filter((p) => p.kind === 'quicklook').length
  const visibleIds = rows.visible.map((r) => r.id)
  const expected = visibleIds.filter((id) => withThumbnail.has(id))
  const extra = thumbnails.filter((id) => !expected.includes(id))
  const missing = expected.filter((id) => !thumbnails.includes(id))
  const duplicates = thumbnails.length - new Set(thumbnails).size
  const ok =
    searches.length === 1 &&
    quicklooks === 0 &&
    extra.length === 0 &&
    missing.length === 0 &&
    duplicates === 0
  console.log(
    `${'requests of one search'.padEnd(52)} ${searches.length} search, ${thumbnails.length} thumbnail, ${quicklooks} quicklook  target: 1 search + the ${expected.length} visible thumbnails`,
  )
  console.log(
    `  list: ${rows.rendered.length} rows rendered, ${visibleIds.length} visible, ${expected.length} of them with a thumbnail`,
  )
  if (extra.length > 0) {
    const offscreen = rows.rendered.filter((r) => extra.includes(r.id))
    const at = offscreen.map((r) => `${r.top.toFixed(0)} px`).join(', ')
    console.log(
      `  ! thumbnails fetched beyond the visible rows: ${extra.length}; ${offscreen.length} of them for rows rendered outside the list's box (tops at ${at || '–'} below its top; the box is ${rows.height.toFixed(0)} px tall), ${extra.length - offscreen.length} for rows not rendered`,
    )
  }
  if (missing.length > 0) console.log(`  ! visible thumbnails never fetched: ${missing.join(', ')}`)
  if (duplicates > 0) console.log(`  ! thumbnails fetched more than once: ${duplicates}`)
  const dom = rows.visible.filter((r) => (r.img !== null) !== withThumbnail.has(r.id))
  if (dom.length > 0) {
    console.log(
      `  ! visible rows whose img[data-thumbnail] disagrees with the API (img without a thumbnail, or a thumbnail shown without img): ${dom.map((r) => r.id).join(', ')}`,
    )
  }
  const notOption = rows.visible.filter((r) => r.role !== 'option').length
  if (notOption > 0) console.log(`  ! visible rows without role="option": ${notOption}`)
  console.log(`  → ${verdict(ok)} the target of 1 search request + exactly the visible thumbnails`)

  const other = new Map<string, number>()
  for (const r of api) {
    if (searches.includes(r) || PREVIEW_PATH.test(r.url.pathname)) continue
    const key = `${r.method} ${r.url.pathname}`
    other.set(key, (other.get(key) ?? 0) + 1)
  }
  console.log(
    `  other /api and /auth requests on that load (not counted): ${
      other.size === 0 ? 'none' : [...other].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(', ')
    }`,
  )
}

function printAssets(files: string[]): void {
  const w = { js: { raw: 0, gzip: 0, n: 0 }, css: { raw: 0, gzip: 0, n: 0 } }
  const absent: string[] = []
  const sizes: [string, number][] = []
  for (const f of files) {
    const path = join(OUT, f)
    if (!existsSync(path)) {
      absent.push(f)
      continue
    }
    const bytes = readFileSync(path)
    const kind = f.endsWith('.css') ? w.css : w.js
    kind.raw += bytes.length
    const gzip = gzipSync(bytes, { level: 9 }).length
    kind.gzip += gzip
    kind.n++
    sizes.push([f.replace(/^\/assets\//, ''), gzip])
  }
  const KiB = (n: number) => `${(n / 1024).toFixed(1)} KiB`
  const total = w.js.gzip + w.css.gzip
  console.log(
    `${'catalog page first load (gzip -9)'.padEnd(52)} JS ${KiB(w.js.gzip)} (${w.js.n} files)  CSS ${KiB(w.css.gzip)} (${w.css.n} files)  total ${KiB(total)}  target: at most 650 KiB`,
  )
  const largest = sizes.sort((a, b) => b[1] - a[1]).slice(0, 4)
  console.log(`  largest: ${largest.map(([f, n]) => `${f} ${KiB(n)}`).join(', ')}`)
  if (absent.length > 0) console.log(`  ! requested but not in ${OUT}/: ${absent.join(', ')}`)
  // BENCH_FILES=1 lists every file of the first load, to see what a change brought into it.
  if (process.env.BENCH_FILES) for (const [f, n] of sizes) console.log(`    ${String(n).padStart(7)}  ${f}`)
  console.log(`  → first load ${KiB(total)} gzip: ${verdict(total <= 650 * 1024)} the 650 KiB target`)
}

/**
 * The catalog page's first load as Chromium fetches it, alone (no timed search): the figure the 650 KiB target
 * is for, in a minute rather than the section's several.
 */
export async function benchCatalogFirstLoad(): Promise<void> {
  console.log('\n## Catalog page first load as fetched (Chromium, production build)')
  ensureBenchBuild()
  const preview = await startPreview({ port: PORT })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    const page = await context.newPage()
    const errors = watchErrors(page)
    const cdp = await context.newCDPSession(page)
    await signInAsAnalyst(page)
    printAssets(await firstLoadAssets(page, cdp, errors))
    if (errors.length > 0)
      console.log(`  ! console errors on the catalog page: ${errors.slice(0, 5).join(' | ')}`)
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

/**
 * `node scripts/run-ts.mjs bench/catalog.ts`: this section alone; with the argument `first-load`, only the
 * first load's weight (BENCH_FILES=1 lists its files).
 */
export function main(args: string[] = []): Promise<void> {
  return args[0] === 'first-load' ? benchCatalogFirstLoad() : benchCatalog()
}
