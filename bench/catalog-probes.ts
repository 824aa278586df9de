import type { Page, Request, Response } from '@playwright/test'
import type { Map as MlMap } from 'maplibre-gl'

/**
 * What the benches read off the console's pages in Chromium (bench/catalog.ts and the benches that reuse
 * these): the performance marks a search places, the map's view and readiness (window.__swathMap), the result
 * rows, the footprints on the map, the map's work (frames, camera steps), the requests a page makes, its
 * errors. Each only reads or waits; the steps that drive a page are the benches' own.
 */

/** SwiftShader draws slowly on two cores. */
const MARK_TIMEOUT = 60_000

export const MARKS = ['swath:search-response', 'swath:list-rows', 'swath:footprints-idle'] as const
export type MarkName = (typeof MARKS)[number]

export const SEARCH_PATH = /^\/api\/catalog\/hosts\/[^/]+\/stac\/search$/

interface Camera {
  center: [number, number]
  zoom: number
  bearing: number
  pitch: number
}

export interface MapView {
  width: number
  height: number
  camera: Camera
}

export interface MarkEntry {
  startTime: number
  count: number | null
}
interface VisibleRow {
  id: string
  role: string | null
  /** null: no `img[data-thumbnail]` in the row (a placeholder). */
  img: { loaded: boolean } | null
}

export interface RowsSnapshot {
  /** Every row in the DOM (a virtualised list renders a few beyond its box), with its top below the box's. */
  rendered: { id: string; top: number }[]
  /** The listbox's height, px. */
  height: number
  visible: VisibleRow[]
}

export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text())
  })
  return errors
}

/** The search marks placed so far, each with its start and `detail.count`. */
async function readMarks(page: Page): Promise<Record<MarkName, MarkEntry[]>> {
  const lists = await page.evaluate(
    (names) =>
      names.map((name) =>
        performance.getEntriesByName(name, 'mark').map((e) => {
          const detail = (e as PerformanceMark).detail as { count?: unknown } | null
          return {
            startTime: e.startTime,
            count: detail && typeof detail.count === 'number' ? detail.count : null,
          }
        }),
      ),
    [...MARKS],
  )
  return Object.fromEntries(MARKS.map((name, i) => [name, lists[i]])) as Record<MarkName, MarkEntry[]>
}

/** All three marks of one search, or an error that says which are missing and what the page shows. */
export async function waitForMarks(
  page: Page,
  errors: string[],
  opened: string,
): Promise<Record<MarkName, MarkEntry[]>> {
  let failure: unknown = null
  try {
    // Done when all three marks are there, or early when the app shows its not-found page (no such route).
    await page.waitForFunction(
      (names) =>
        names.every((n) => performance.getEntriesByName(n, 'mark').length > 0) ||
        document.querySelector('h1')?.textContent === 'Page not found',
      [...MARKS],
      { timeout: MARK_TIMEOUT, polling: 100 },
    )
  } catch (e) {
    failure = e
  }
  const found = await readMarks(page).catch(() => null)
  if (!found || MARKS.some((n) => found[n].length === 0)) {
    const marks = found
    const state = await page
      .evaluate(() => ({
        listbox: document.querySelector('[role="listbox"][aria-label="Search results"]') !== null,
        rows: document.querySelectorAll('[data-scene-id]').length,
        map: '__swathMap' in window,
        heading: document.querySelector('h1, h2')?.textContent?.trim() ?? null,
      }))
      .catch(() => null)
    const missing = marks ? MARKS.filter((n) => marks[n].length === 0) : [...MARKS]
    throw new Error(
      [
        `The catalog page did not place the performance mark(s) ${missing.join(', ')} after opening ${opened} (now at ${page.url()}; ${failure ? `waited ${MARK_TIMEOUT / 1000} s` : 'the app shows its not-found page'}).`,
        `The benchmark needs the page to mark swath:search-response (search body parsed), swath:list-rows (first rows rendered) and swath:footprints-idle (first map idle after the footprints), each with detail {count}.`,
        state
          ? `Page: heading ${JSON.stringify(state.heading)}, listbox "Search results" ${state.listbox ? 'present' : 'absent'}, ${state.rows} [data-scene-id] rows, window.__swathMap ${state.map ? 'present' : 'absent'}.`
          : 'The page could not be read.',
        errors.length > 0 ? `Page errors: ${errors.slice(0, 5).join(' | ')}` : 'No page errors.',
        failure instanceof Error ? `(${failure.message.split('\n')[0]})` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      { cause: failure },
    )
  }
  const marks = found
  const counts = MARKS.map((n) => marks[n][0].count)
  if (counts.some((c) => c === null)) {
    console.log(`  ! a mark lacks detail.count: ${MARKS.map((n, i) => `${n}=${counts[i]}`).join(', ')}`)
  }
  return marks
}

/** The POST search response of the next load, parsed; `features` resolves once it has arrived. */
export function captureSearchResponse(page: Page): { features: Promise<unknown[]>; stop: () => void } {
  let resolve: (f: unknown[]) => void = () => undefined
  let reject: (e: Error) => void = () => undefined
  const features = new Promise<unknown[]>((res, rej) => {
    resolve = res
    reject = rej
  })
  // Only the first load's response is awaited; a failure on another load must not go unhandled.
  features.catch(() => undefined)
  const timer = setTimeout(() => reject(new Error('no catalog search response was seen')), MARK_TIMEOUT)
  const listener = (response: Response) => {
    const url = new URL(response.url())
    if (response.request().method() !== 'POST' || !SEARCH_PATH.test(url.pathname)) return
    response
      .json()
      .then((body: { features?: unknown[] }) => {
        clearTimeout(timer)
        if (!Array.isArray(body.features)) reject(new Error('the search response has no features'))
        else resolve(body.features)
      })
      .catch((e: unknown) => reject(e instanceof Error ? e : new Error(String(e))))
  }
  page.on('response', listener)
  return {
    features,
    stop: () => {
      clearTimeout(timer)
      page.off('response', listener)
    },
  }
}

export async function mapView(page: Page): Promise<MapView> {
  const view = await page.evaluate(() => {
    const map = (window as unknown as { __swathMap?: { map?: MlMap } }).__swathMap?.map
    if (!map) return null
    const c = map.getCenter()
    const el = map.getContainer()
    return {
      width: el.clientWidth,
      height: el.clientHeight,
      camera: {
        center: [c.lng, c.lat] as [number, number],
        zoom: map.getZoom(),
        bearing: map.getBearing(),
        pitch: map.getPitch(),
      },
    }
  })
  if (!view)
    throw new Error('window.__swathMap.map is missing on the catalog page: the floor needs its camera')
  return view
}

/** Result rows inside the listbox's box (partly visible rows count), and whether their thumbnail has loaded. */
export async function readRows(page: Page): Promise<RowsSnapshot | null> {
  return page.evaluate(() => {
    const list = document.querySelector('[role="listbox"][aria-label="Search results"]')
    if (!list) return null
    const box = list.getBoundingClientRect()
    const rows = [...list.querySelectorAll('[data-scene-id]')]
    const visible = rows.flatMap((row) => {
      const b = row.getBoundingClientRect()
      const inside =
        b.width > 0 &&
        b.height > 0 &&
        b.bottom > box.top &&
        b.top < box.bottom &&
        b.right > box.left &&
        b.left < box.right
      if (!inside) return []
      const img = row.querySelector('img[data-thumbnail]')
      return [
        {
          id: row.getAttribute('data-scene-id') ?? '',
          role: row.getAttribute('role'),
          img: img instanceof HTMLImageElement ? { loaded: img.complete && img.naturalWidth > 0 } : null,
        },
      ]
    })
    return {
      rendered: rows.map((r) => ({
        id: r.getAttribute('data-scene-id') ?? '',
        top: r.getBoundingClientRect().top - box.top,
      })),
      height: box.height,
      visible,
    }
  })
}

interface RecordedRequest {
  method: string
  url: URL
}

/** Every request the page makes from now on, with a count of those still in flight. */
export function recordRequests(page: Page) {
  const list: RecordedRequest[] = []
  let inFlight = 0
  let last = Date.now()
  const onRequest = (r: Request) => {
    list.push({ method: r.method(), url: new URL(r.url()) })
    inFlight++
    last = Date.now()
  }
  const onDone = () => {
    inFlight--
    last = Date.now()
  }
  page.on('request', onRequest)
  page.on('requestfinished', onDone)
  page.on('requestfailed', onDone)
  return {
    list,
    quietFor: () => (inFlight > 0 ? 0 : Date.now() - last),
    stop: () => {
      page.off('request', onRequest)
      page.off('requestfinished', onDone)
      page.off('requestfailed', onDone)
    },
  }
}

/** Until nothing has been in flight for `quietMs` (at most `maxMs`). */
export async function networkSettled(
  requests: ReturnType<typeof recordRequests>,
  quietMs: number,
  maxMs: number,
): Promise<void> {
  const deadline = Date.now() + maxMs
  while (requests.quietFor() < quietMs && Date.now() < deadline) await sleep(100)
}

/**
 * An init script for the console's pages: records when the map (window.__swathMap.map, once it exists) fires
 * `load`, to tell whether the footprints figure also holds the basemap's first draw. It only listens.
 */
export function watchMapLoad(): void {
  const w = window as unknown as { __swathMap?: { map?: MlMap }; __benchMapLoad?: number }
  const started = performance.now()
  const look = () => {
    const map = w.__swathMap?.map
    if (!map) {
      if (performance.now() - started < 60_000) requestAnimationFrame(look)
      return
    }
    if (map.loaded()) w.__benchMapLoad = -1
    else map.once('load', () => (w.__benchMapLoad = performance.now()))
  }
  requestAnimationFrame(look)
}

/** Waits until the console's map has loaded and stands still with nothing left to draw. */
export async function mapSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __swathMap?: { isReady: () => boolean; map: MlMap } }
      const m = w.__swathMap
      return !!m && m.isReady() && m.map.loaded() && !m.map.isMoving()
    },
    undefined,
    { timeout: MARK_TIMEOUT, polling: 100 },
  )
}

/**
 * Waits until the page has presented its loaded map: frames come at their pace again (five in a row under
 * 50 ms apart), at most 10 s. `mapSettled` says MapLibre has loaded and stands still, not that the frames
 * it drew have been shown: it still draws its labels fading in, and the GPU process (SwiftShader) draws each
 * of those map frames in 100–200 ms, holding every frame of the page after them. A search started then
 * measured the tail of the page load: its rows, in the DOM some 20 ms after the first answer, were painted
 * only once the GPU was through, 150–400 ms later. The analyst acts on a map already drawn.
 */
export async function pageDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const started = performance.now()
        let last = started
        let quick = 0
        const frame = () => {
          const now = performance.now()
          quick = now - last < 50 ? quick + 1 : 0
          last = now
          if (quick >= 5 || now - started > 10_000) resolve()
          else requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      }),
  )
}

/**
 * What the console's map holds of its footprints, for a like-for-like floor: the features it was given (ids,
 * host) and its footprint layers as they are drawn (paint, feature-state expressions, filters), in order.
 */
export interface ConsoleFootprints {
  features: unknown[]
  layers: unknown[]
}

/** Reads the console's footprints source and layers off its map (`catalog-footprints`). */
export async function consoleFootprints(page: Page): Promise<ConsoleFootprints> {
  const read = await page.evaluate(async () => {
    const map = (window as unknown as { __swathMap?: { map?: MlMap } }).__swathMap?.map
    const source = map?.getSource('catalog-footprints') as
      { getData?: () => Promise<{ features?: unknown[] }> } | undefined
    if (!map || !source?.getData) return null
    const data = await source.getData()
    const layers = (map.getStyle().layers ?? []).filter(
      (l) => 'source' in l && l.source === 'catalog-footprints',
    )
    return { features: data.features ?? [], layers }
  })
  if (!read) throw new Error('the console map has no catalog-footprints source to read')
  return read
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Starts recording what the console's map does from now on: each frame (`render`), each camera step (`move`)
 * and each time the footprints' data reached the map (`data` of `catalog-footprints`), with its time.
 */
export async function recordMapWork(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __swathMap?: { map?: MlMap }
      __benchWork?: { render: number[]; move: number[]; data: number[] }
    }
    const map = w.__swathMap?.map
    if (!map) return
    const work = { render: [] as number[], move: [] as number[], data: [] as number[] }
    w.__benchWork = work
    map.on('render', () => work.render.push(performance.now()))
    map.on('move', () => work.move.push(performance.now()))
    map.on('sourcedata', (e) => {
      if (e.sourceId === 'catalog-footprints' && e.sourceDataType === 'content')
        work.data.push(performance.now())
    })
  })
}

/** What the console's map did in a span: its frames, camera steps and footprint data. */
export interface MapWork {
  frames: number
  moves: number
  data: number
}

/** What the console's map did between two times (`recordMapWork`). */
export async function mapWorkBetween(page: Page, from: number, to: number): Promise<MapWork> {
  return page.evaluate(
    ([a, b]) => {
      const work = (
        window as unknown as { __benchWork?: { render: number[]; move: number[]; data: number[] } }
      ).__benchWork
      const n = (list: number[] | undefined) => (list ?? []).filter((t) => t >= a && t <= b).length
      return { frames: n(work?.render), moves: n(work?.move), data: n(work?.data) }
    },
    [from, to],
  )
}
