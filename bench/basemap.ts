import { chromiumLaunch } from '../e2e/chromium'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { Map as MlMap } from 'maplibre-gl'
import { BASEMAP_SOURCES as SOURCES, consoleView, startBasemapFloor, type View } from './basemap-floor'
import { signInAsAnalyst, startPreview } from './preview'
import { figures, report } from './stats'

/**
 * The offline basemap in Chromium (SwiftShader WebGL) over the production build: the time from opening a map
 * page (the Areas page, signed in, a full navigation) until its map is first idle with the basemap drawn
 * (the world band, the country and place names loaded), beside a floor: a bare MapLibre page drawing the
 * same style with the same data files, camera and map size, timed the same way, in the same run. The target
 * is at most 1.5× the floor.
 */

/** BENCH_PORT moves it, so that two worktrees can bench at once. */
const PORT = Number(process.env.BENCH_PORT ?? 5197)
const ORIGIN = `http://127.0.0.1:${PORT}`
const VIEWPORT = { width: 1280, height: 800 }
const RUNS = 4
const TIMEOUT = 90_000
export async function benchBasemap(): Promise<void> {
  console.log('\n## Offline basemap (Chromium, SwiftShader WebGL, production build)')
  const preview = await startPreview({ port: PORT })
  let floor: Awaited<ReturnType<typeof startBasemapFloor>> | null = null
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT })
    await context.addInitScript(watchBasemap, SOURCES)
    const page = await context.newPage()
    await signInAsAnalyst(page)
    // A first load warms the HTTP cache and the browser's compiled code, for both sides alike.
    const view = (await consoleRun(page)).view
    floor = await startBasemapFloor('basemap-floor.html', view)
    const floorContext = await browser.newContext({ viewport: VIEWPORT })
    await floorRun(floorContext, floor.url)
    const consoleMs: number[] = []
    const floorMs: number[] = []
    for (let i = 0; i < RUNS; i++) {
      consoleMs.push((await consoleRun(page)).ms)
      floorMs.push(await floorRun(floorContext, floor.url))
    }
    await floorContext.close()
    const c = figures(consoleMs)
    const f = figures(floorMs)
    report('open the Areas page → basemap drawn', c, 'at most 1.5× the floor')
    report('floor: bare MapLibre, same style and data', f)
    const ratio = c.median / f.median
    console.log(
      `  → basemap ${c.median.toFixed(0)} ms vs floor ${f.median.toFixed(0)} ms: ${ratio.toFixed(2)}× — ${ratio <= 1.5 ? 'meets' : 'MISSES'} the 1.5× target`,
    )
  } catch (e) {
    console.log(`  ! basemap benchmark failed: ${e instanceof Error ? e.message : String(e)}`)
  } finally {
    await browser?.close()
    await floor?.close()
    await preview.stop()
  }
}

/**
 * An init script for the console's pages: records in `window.__benchBasemap` the time since navigation at
 * which the map (window.__swathMap.map, once it exists) is first idle with the basemap's sources loaded.
 */
function watchBasemap(sources: string[]): void {
  const w = window as unknown as { __swathMap?: { map?: MlMap }; __benchBasemap?: number }
  const look = () => {
    const map = w.__swathMap?.map
    if (!map) {
      requestAnimationFrame(look)
      return
    }
    const check = () => {
      if (w.__benchBasemap === undefined && map.loaded() && sources.every((s) => map.isSourceLoaded(s)))
        w.__benchBasemap = performance.now()
    }
    map.on('idle', check)
    check()
  }
  requestAnimationFrame(look)
}

async function consoleRun(page: Page): Promise<{ ms: number; view: View }> {
  await page.goto('/areas')
  const handle = await page.waitForFunction(
    () => (window as unknown as { __benchBasemap?: number }).__benchBasemap,
    undefined,
    { timeout: TIMEOUT, polling: 50 },
  )
  const ms = (await handle.jsonValue()) as number
  return { ms, view: await consoleView(page) }
}

async function floorRun(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage()
  try {
    await page.goto(url)
    const handle = await page.waitForFunction(
      () => {
        const w = window as unknown as { drawn?: number; floorError?: string }
        if (w.floorError) throw new Error(w.floorError)
        return w.drawn
      },
      undefined,
      { timeout: TIMEOUT, polling: 50 },
    )
    return (await handle.jsonValue()) as number
  } finally {
    await page.close()
  }
}
