import type { Browser, BrowserContext, Page, Response } from '@playwright/test'
import { TIMELAPSE_MARKS, TIMELAPSE_MEASURES } from '../src/features/timelapse/marks'
import * as session from './bench-session'
import { mapSettled, pageDrawn, watchErrors } from './catalog-probes'
import { buildImageryFloor, mapView, openImageryFloor, type FloorRun, type View } from './imagery'
import { signInAsAnalyst } from './preview'
import { figures } from './stats'
import { TRACE_CATEGORIES } from './trace-blame'

/**
 * The time-lapse (issue 42 §4) on the large world, where Berlin Mitte has hundreds of deliveries (the default
 * world has at most 4 over one place): a 12-frame time-lapse of a stored item's place, opened in the console
 * (client-side, from Storage, in a fresh browser context so no frame comes from a cache) until its first frame
 * is on the map, against one item's floor (bench/imagery.ts's: the first frame's link signed, the same
 * overview of its file read, decoded and rendered with the console's code in a worker and shown on a bare map
 * of the same size and camera; target: at most 1.5×; decision 86 says which spans each counts); once every frame is read, 24 steps by keyboard with the longest main-thread
 * task seen (target: none over 50 ms); and the export of the 12 frames as a 1,024 px GIF (target: under
 * 10 s). The simulator makes each file on its first read, which a bucket never does: the first two frames'
 * files are made ahead of each counted run, as the item bench does. BENCH_PORT overrides its port (5245).
 */

const { port: PORT, origin: ORIGIN, viewport: VIEWPORT, runs: RUNS } = session.benchSettings(5245, 3)
const TIMEOUT = 240_000
const FRAMES = 12
/** Berlin Mitte: the large world's most delivered place. */
const PLACE = [13.37, 52.51, 13.42, 52.53]

interface Feature {
  id: string
  collection: string
  assets: Record<string, { href: string; type?: string }>
}

const assetOf = (f: Feature) => {
  const image = Object.values(f.assets).find((a) => /geotiff/i.test(a.type ?? ''))
  return (image && /\/v2\/assets\/([^/?#]+)$/.exec(image.href)?.[1]) ?? null
}

const timelapsePath = (f: Feature) =>
  `/timelapse?item=${encodeURIComponent(`${f.collection}/${f.id}`)}&frames=${FRAMES}&cloud=100`

/** A fresh context (nothing cached), signed in, on Storage with its map drawn and the start's reads done. */
async function freshStorage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT, acceptDownloads: true })
  const page = await context.newPage()
  await signInAsAnalyst(page)
  await page.goto('/storage')
  await page.getByRole('heading', { name: 'Storage', level: 1 }).waitFor({ timeout: TIMEOUT })
  // The shell's counts (long on the large world) are done before the clock starts, as for an analyst who
  // opened Storage a while ago.
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT })
  await mapSettled(page)
  await pageDrawn(page)
  return { context, page }
}

/** Every frame read: the series' table has a row per frame; its rows' items, oldest first. */
async function allFramesRead(page: Page): Promise<string[]> {
  const rows = page.locator('table[aria-label="Mean per date"] tbody tr')
  await page.waitForFunction(
    (n) => document.querySelectorAll('table[aria-label="Mean per date"] tbody tr').length >= n,
    FRAMES,
    { timeout: TIMEOUT, polling: 250 },
  )
  await page
    .getByRole('status', { name: 'Reading the frames' })
    .waitFor({ state: 'detached', timeout: TIMEOUT })
  return rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-item') ?? ''))
}

/** What one opening of the time-lapse took, and its parts (ms from the opening, the page's clock). */
interface Opening {
  ms: number
  width: number
  view: View
  /** The frame's picture given to the map (its source added). */
  sourced: number
  /** The console's own marks (TIMELAPSE_MARKS), by name. */
  marks: Record<string, number>
  /** The stretch and formula on the main thread before the first frame was drawn, summed. */
  stretch: number
  /** The route's code, the item, the place's search pages, the first frame's signing and its file. */
  code: [number, number]
  item: [number, number]
  search: [number, number]
  searchPages: number
  sign: [number, number]
  file: [number, number]
  /** With TIMELAPSE_OPEN_TRACE set: the opening's main-thread tasks by owner (bench/trace-blame.ts). */
  blame?: string
}

const kindOf = (r: Response) =>
  session.requestKind(r, [
    ['item', /\/collections\/[^/]+\/items\/[^/?]+$/],
    ['code', /\/assets\/[^/]+\.js$/],
  ])

const spanOf = (spans: session.Span[]): [number, number] =>
  spans.length === 0
    ? [NaN, NaN]
    : [Math.min(...spans.map((s) => s.asked)), Math.max(...spans.map((s) => s.answered))]

/**
 * Opens the time-lapse client-side (the router following popstate) and times it, in the page, until the map
 * has drawn a frame with the first frame's picture in it; the page's requests and the console's marks put
 * that time into parts.
 */
async function openFirstFrame(
  browser: Browser,
  page: Page,
  path: string,
  firstAsset: string,
): Promise<Opening> {
  const requests = session.watchRequests(page, kindOf)
  const traced = process.env.TIMELAPSE_OPEN_TRACE !== undefined
  if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  type Timing = { started: number; sourced?: number; drawn?: number }
  await page.evaluate((path) => {
    type Engine = {
      map: {
        getSource: (id: string) => unknown
        triggerRepaint: () => void
        once: (event: string, cb: () => void) => void
      }
    }
    const w = window as unknown as { __swathMap?: Engine; __tlbench?: Timing }
    const timing: Timing = { started: performance.mark('swath:timelapse-open').startTime }
    w.__tlbench = timing
    const wait = () => {
      const engine = w.__swathMap
      if (!engine?.map.getSource('image-timelapse-0')) {
        requestAnimationFrame(wait)
        return
      }
      timing.sourced = performance.now()
      engine.map.once('render', () => (timing.drawn = performance.now()))
      engine.map.triggerRepaint()
    }
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
    requestAnimationFrame(wait)
  }, path)
  const t = await session.drawnTiming<{ sourced: number }>(page, '__tlbench', TIMEOUT)
  const ms = t.drawn - t.started
  const blame = traced
    ? session.blameLines(
        await browser.stopTracing(),
        'swath:timelapse-open',
        t.started,
        ms,
        process.env.TIMELAPSE_OPEN_TRACE || undefined,
      )
    : undefined
  const { width, marks, stretch } = await page.evaluate(
    ({ names, stretchName, started, drawn }) => {
      const m = (
        window as unknown as {
          __swathMap?: { map: { getSource: (id: string) => { canvas?: HTMLCanvasElement } | undefined } }
        }
      ).__swathMap?.map
      const marks: Record<string, number> = {}
      for (const name of names) {
        const e = performance.getEntriesByName(name, 'mark').filter((x) => x.startTime >= started)[0]
        if (e) marks[name] = e.startTime - started
      }
      const stretch = performance
        .getEntriesByName(stretchName, 'measure')
        .filter((x) => x.startTime >= started && x.startTime <= drawn)
        .reduce((sum, x) => sum + x.duration, 0)
      return { width: m?.getSource('image-timelapse-0')?.canvas?.width ?? 0, marks, stretch }
    },
    {
      names: Object.values(TIMELAPSE_MARKS),
      stretchName: TIMELAPSE_MEASURES.stretch,
      started: t.started,
      drawn: t.drawn,
    },
  )
  const spans = (await requests.stop())
    .filter((x) => x.asked >= t.started - 1 && x.asked <= t.drawn)
    .map((x) => ({ ...x, asked: x.asked - t.started, answered: x.answered - t.started }))
  const of = (kind: string) => spans.filter((x) => x.kind === kind)
  // The first frame's file: the Range requests of the link signed for its asset.
  const signed = of('sign').find((x) => x.url.includes(`/v2/assets/${firstAsset}/`))
  const link = signed?.link ? new URL(signed.link, ORIGIN) : null
  const file = of('range').filter((x) => {
    const u = new URL(x.url)
    return link !== null && u.pathname === link.pathname && u.search === link.search
  })
  return {
    ms,
    width,
    view: await mapView(page),
    sourced: t.sourced - t.started,
    marks,
    stretch,
    code: spanOf(of('code')),
    item: spanOf(of('item')),
    search: spanOf(of('search')),
    searchPages: of('search').length,
    sign: signed ? [signed.asked, signed.answered] : [NaN, NaN],
    file: spanOf(file),
    blame: blame
      ? `${blame}\n    code: ${of('code')
          .map((x) => `${x.url.split('/').pop()} ${x.asked.toFixed(0)}–${x.answered.toFixed(0)} ms`)
          .join(', ')}`
      : undefined,
  }
}

/**
 * The first frame's time in parts, one after the other (a part's end is the next one's start; a part is the
 * wait and the work between two moments): each is from the later of the previous moment and its own start.
 */
function parts(o: Opening): [string, number][] {
  const m = (name: string) => o.marks[name] ?? NaN
  const moments: [string, number][] = [
    ['page load and route (its code, the item read)', m(TIMELAPSE_MARKS.area)],
    [`listing the place's items (${o.searchPages} page(s))`, m(TIMELAPSE_MARKS.listed)],
    ['until the first frame is asked (its link signed)', o.sign[1]],
    ['fetching its GeoTIFF (first Range request to last byte)', o.file[1]],
    ['decoding (the worker)', m(TIMELAPSE_MARKS.firstDecoded)],
    ['its pixels to the page', m(TIMELAPSE_MARKS.firstRead)],
    ['stretch and formula, picture made', m(TIMELAPSE_MARKS.firstPicture)],
    ['upload to the map (its source added)', o.sourced],
    ["the map's first frame with it", o.ms],
  ]
  let at = 0
  return moments.map(([name, end]) => {
    const part: [string, number] = [name, end - at]
    if (Number.isFinite(end)) at = end
    return part
  })
}

/** The longest main-thread task the page sees from now, read by `longestTask`. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __longWatch?: PerformanceObserver }
    w.__longest = 0
    w.__longWatch?.disconnect()
    w.__longWatch = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration)
    })
    w.__longWatch.observe({ type: 'longtask' })
  })
}

const longestTask = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longest: number }).__longest)

interface Stepping {
  longest: number
  /** The longest task over as long again with no step: what the loaded machine does to an idle page. */
  idle: number
  /** The traced steps' tasks over 50 ms, by owner. */
  blame: string
}

/**
 * 24 steps by keyboard once every frame is read, each waited for until painted, traced: the longest task
 * seen; then as long again without a step, the floor.
 */
async function stepping(browser: Browser, page: Page): Promise<Stepping> {
  await page.getByRole('heading', { level: 1 }).click()
  // Tracing first: starting it is the bench's own work on the page's thread, not a step's.
  await browser.startTracing(page, { categories: TRACE_CATEGORIES })
  await watchLongTasks(page)
  const started = await page.evaluate(() => performance.mark('swath:timelapse-steps').startTime)
  for (let i = 0; i < 24; i++) {
    const at = Number(await page.locator('[data-frame]').getAttribute('data-frame'))
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(
      (next) => document.querySelector('[data-frame]')?.getAttribute('data-frame') === String(next),
      (at + 1) % FRAMES,
      { timeout: TIMEOUT },
    )
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  }
  const took = (await page.evaluate(() => performance.now())) - started
  const longest = await longestTask(page)
  const trace = await browser.stopTracing()
  const blame = session
    .blameLines(trace, 'swath:timelapse-steps', started, took, process.env.TIMELAPSE_TRACE)
    .split('\n')
    .filter((line, i) => i === 0 || Number(/\((\d+) ms\)/.exec(line)?.[1] ?? 0) > 50)
    .join('\n')
  await watchLongTasks(page)
  // The same time with nothing asked of the page: the machine's own share of long tasks.
  await page.evaluate((ms) => new Promise((r) => setTimeout(r, ms)), took)
  return { longest, idle: await longestTask(page), blame }
}

/** The GIF's export, timed from the click to the file saved. */
async function exportGif(page: Page): Promise<number> {
  const t0 = Date.now()
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: TIMEOUT }),
    page.getByRole('button', { name: `Export GIF (${FRAMES} frames)` }).click(),
  ])
  await download.path()
  return Date.now() - t0
}

/**
 * The export's floor, in the same page: each frame's picture drawn 1,024 px wide and its pixels read back,
 * the work any encoder of these frames does before encoding.
 */
async function exportFloor(page: Page): Promise<number> {
  return page.evaluate((frames) => {
    const m = (
      window as unknown as {
        __swathMap?: { map: { getSource: (id: string) => { canvas?: HTMLCanvasElement } | undefined } }
      }
    ).__swathMap?.map
    const t0 = performance.now()
    const out = document.createElement('canvas')
    const ctx = out.getContext('2d', { willReadFrequently: true })
    for (let i = 0; i < frames; i++) {
      const c = m?.getSource(`image-timelapse-${i}`)?.canvas
      if (!c || !ctx) continue
      out.width = 1024
      out.height = Math.max(1, Math.round((1024 * c.height) / c.width))
      ctx.drawImage(c, 0, 0, out.width, out.height)
      ctx.getImageData(0, 0, out.width, out.height)
    }
    return performance.now() - t0
  }, FRAMES)
}

interface Place {
  feature: Feature
  /** The first two frames' files, made ahead of the counted run. */
  firstAssets: string[]
}

/** Each place's frames, found by opening its time-lapse once (not counted) and reading the series' items. */
async function framesOf(page: Page, api: session.ServiceApi, f: Feature): Promise<Place> {
  await page.goto(timelapsePath(f))
  const items = await allFramesRead(page)
  const { features } = await api.post<{ features: Feature[] }>('/v2/assets/stac/search', {
    ids: items.slice(0, 2),
    limit: 2,
  })
  const firstAssets = items
    .slice(0, 2)
    .map((id) => features.find((x) => x.id === id))
    .map((x) => (x ? assetOf(x) : null))
    .filter((a): a is string => a !== null)
  if (firstAssets.length < 2) throw new Error(`the first frames of ${f.id} have no GeoTIFF`)
  return { feature: f, firstAssets }
}

const ms = (x: number) => `${x.toFixed(0)} ms`

export async function benchTimelapse(): Promise<void> {
  console.log(
    `\n## Time-lapse: ${FRAMES} frames of Berlin Mitte on the large world (production build, Chromium)`,
  )
  await session.withPreviewBrowser(
    { port: PORT, env: { SWATH_SEED: 'large' }, timeoutMs: TIMEOUT },
    async (browser) => {
      const { context, page } = await freshStorage(browser)
      const errors = watchErrors(page)
      const api = await session.serviceApi(page, ORIGIN)
      const { features } = await api.post<{ features: Feature[] }>('/v2/assets/stac/search', {
        bbox: PLACE,
        limit: 40,
      })
      const items = features.filter((f) => assetOf(f) !== null)
      if (items.length < RUNS + 1) throw new Error(`only ${items.length} items over Berlin Mitte`)
      const floorPath = await buildImageryFloor()
      // One run to warm the code paths up (the map, the worker, the floor), not counted.
      const runs: { run: Opening; floor: FloorRun }[] = []
      for (let i = 0; i <= RUNS; i++) {
        const place = await framesOf(page, api, items[i])
        await api.fresh()
        for (const id of place.firstAssets) await api.makeOnServer(id)
        const fresh = await freshStorage(browser)
        const run = await openFirstFrame(
          browser,
          fresh.page,
          timelapsePath(place.feature),
          place.firstAssets[0],
        )
        await fresh.context.close()
        const floor = await openImageryFloor(
          browser,
          page,
          floorPath,
          api.token,
          { assetId: place.firstAssets[0] },
          run,
          undefined,
          // Like for like: the console signs the first frame's link in its clock, so the floor does in its.
          true,
        )
        if (i > 0) runs.push({ run, floor })
        console.log(
          `  ${i === 0 ? 'warm-up' : `run ${i}`}: first frame on the map ${ms(run.ms)} (${run.width} px overview), floor ${ms(floor.ms)}: ${(run.ms / floor.ms).toFixed(2)}×`,
        )
        console.log(
          `    parts: ${parts(run)
            .map(([name, x]) => `${name} ${ms(x)}`)
            .join('; ')}`,
        )
        console.log(
          `    requests (ms from the opening): route code ${run.code.map(ms).join('–')}, item ${run.item.map(ms).join('–')}, search ${run.search.map(ms).join('–')}, first frame signed ${run.sign.map(ms).join('–')}, its file ${run.file.map(ms).join('–')}; stretch and formula on the main thread ${ms(run.stretch)} in all; floor: first Range ${ms(floor.firstRange)}, last byte ${ms(floor.lastByte)}, pixels in hand ${ms(floor.decoded)}, drawn ${ms(floor.ms)}`,
        )
        // The opening's main-thread tasks over 30 ms, by owner (TIMELAPSE_OPEN_TRACE set).
        if (run.blame)
          console.log(
            run.blame
              .split('\n')
              .filter(
                (line, k) =>
                  k === 0 || line.startsWith('    code:') || Number(/\((\d+) ms\)/.exec(line)?.[1] ?? 0) > 30,
              )
              .join('\n'),
          )
      }
      const c = figures(runs.map((r) => r.run.ms))
      const f = figures(runs.map((r) => r.floor.ms))
      const ratios = runs.map((r) => r.run.ms / r.floor.ms)
      const ratio = figures(ratios).median
      console.log(
        `time-lapse opened → first frame drawn: median ${ms(c.median)}; floor (one item: the same overview of the first frame's file on a bare map, in the same run): median ${ms(f.median)}`,
      )
      console.log(
        `  → ${ratio.toFixed(2)}× the floor (median of each run's ratio: ${ratios.map((x) => x.toFixed(2)).join(', ')}) — target ≤ 1.5×: ${ratio <= 1.5 ? 'meets' : 'MISSES'}`,
      )
      const medianParts = parts(runs[0].run).map(([name], k) => {
        const xs = runs.map((r) => parts(r.run)[k][1]).filter(Number.isFinite)
        return `${name} ${xs.length > 0 ? ms(figures(xs).median) : '—'}`
      })
      console.log(`  where the first frame's time goes (medians): ${medianParts.join('; ')}`)

      // The last place's time-lapse, every frame read, in the first context: stepping and the export.
      await page.goto(timelapsePath(items[RUNS]))
      await allFramesRead(page)
      await mapSettled(page)
      const steps = await stepping(browser, page)
      console.log(
        `24 steps by keyboard once loaded: longest main-thread task ${ms(steps.longest)}; floor (as long again, no step) ${ms(steps.idle)} — target none over 50 ms: ${steps.longest <= 50 ? 'meets' : 'MISSES'}`,
      )
      console.log(steps.blame)
      const floorMs = await exportFloor(page)
      const exportMs = await exportGif(page)
      console.log(
        `export of ${FRAMES} frames as a 1,024 px GIF: ${(exportMs / 1000).toFixed(1)} s; floor (each frame drawn at 1,024 px and read back) ${(floorMs / 1000).toFixed(1)} s — target < 10 s: ${exportMs < 10_000 ? 'meets' : 'MISSES'}`,
      )
      if (errors.length > 0) console.log(`  ! console errors: ${errors.slice(0, 5).join(' | ')}`)
      await context.close()
    },
  )
}

/** `node scripts/run-ts.mjs bench/timelapse.ts`: this section alone. */
export const main = benchTimelapse
