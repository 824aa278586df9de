import { writeFileSync } from 'node:fs'
import { chromium, type Browser, type Page, type Response } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium'
import { BENCH_OUT, ensureBenchBuild, startPreview } from './preview'
import { blameTask, describeOwners, readTrace, Sources } from './trace-blame'

/**
 * What the benches that open a page of the console against a preview of their own share: the preview and
 * the browser started and always stopped, the service asked as the analyst (a token per request: a bench
 * outlasts one), signed links and files made ahead on the simulator, the page's requests timed, and a traced
 * run's main thread put to its owners.
 */

const EMAIL = 'analyst@swath.test'

/** A production build served on `port` (with `env`), a Chromium, and both stopped whatever `run` does. */
export async function withPreviewBrowser(
  opts: { port: number; env?: Record<string, string>; timeoutMs?: number },
  run: (browser: Browser) => Promise<void>,
): Promise<void> {
  ensureBenchBuild()
  const preview = await startPreview(opts)
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(chromiumLaunch)
    await run(browser)
  } finally {
    await browser?.close().catch(() => undefined)
    await preview.stop()
  }
}

export interface ServiceApi {
  /** A token for signed links, granted when the api was made (refresh it with `fresh`). */
  token: string
  /** A new token in `token`. */
  fresh: () => Promise<void>
  post: <T>(path: string, body: unknown) => Promise<T>
  /** A signed link to an asset's file, absolute. */
  signedLink: (assetId: string) => Promise<string>
  /**
   * Has the simulator make the file ahead (one byte of it): it synthesises each image on its first read,
   * which a bucket never does. Just before the page is opened: the simulator keeps only its last few files.
   */
  makeOnServer: (assetId: string) => Promise<void>
}

/** The service at `origin` as the bench asks it, through the page's request context. */
export async function serviceApi(page: Page, origin: string): Promise<ServiceApi> {
  const grant = async () => {
    const answer = await page.request.post(`${origin}/auth/realms/public/protocol/openid-connect/token`, {
      form: { grant_type: 'password', client_id: 'service-api', username: EMAIL, password: 'swath-demo' },
    })
    return ((await answer.json()) as { access_token: string }).access_token
  }
  const api: ServiceApi = {
    token: await grant(),
    fresh: async () => {
      api.token = await grant()
    },
    post: async <T>(path: string, body: unknown) =>
      (await (
        await page.request.post(`${origin}/api${path}`, {
          headers: { authorization: `Bearer ${await grant()}` },
          data: body,
        })
      ).json()) as T,
    signedLink: async (assetId) => {
      const link = await page.request.post(`${origin}/api/v2/assets/${assetId}/download-url`, {
        headers: { authorization: `Bearer ${api.token}` },
      })
      return new URL(((await link.json()) as { url: string }).url, origin).href
    },
    makeOnServer: async (assetId) => {
      await page.request.get(await api.signedLink(assetId), { headers: { range: 'bytes=0-0' } })
    },
  }
  return api
}

/** One request the page made: its kind, its URL, and when it was asked and answered (the page's clock, ms). */
export interface Span {
  kind: string
  url: string
  asked: number
  answered: number
  /** The JSON answer's signed link, for a link signing (to tell whose file a Range request reads). */
  link?: string
}

/**
 * Times the page's requests (its workers' too) that `kind` names, from now until `stop`, on the page's own
 * clock (performance.now()).
 */
export function watchRequests(page: Page, kind: (r: Response) => string | null) {
  const spans: Promise<Span | null>[] = []
  const onResponse = (r: Response) => {
    const k = kind(r)
    if (!k) return
    spans.push(
      r.finished().then(async () => {
        const t = r.request().timing()
        const link =
          k === 'sign'
            ? await r.json().then(
                (j: { url?: string }) => j.url,
                () => undefined,
              )
            : undefined
        return { kind: k, url: r.url(), asked: t.startTime, answered: t.startTime + t.responseEnd, link }
      }),
    )
  }
  page.on('response', onResponse)
  return {
    stop: async (): Promise<Span[]> => {
      page.off('response', onResponse)
      const epoch = await page.evaluate(() => performance.timeOrigin)
      return (await Promise.all(spans))
        .filter((s): s is Span => s !== null)
        .map((s) => ({ ...s, asked: s.asked - epoch, answered: s.answered - epoch }))
    },
  }
}

/**
 * A traced run's main thread from `started` (the page's clock; `anchor` is a User Timing mark made then) for
 * `ms`, by owner, and each task of it, as lines to print. `keepTo` keeps the whole trace for a closer look.
 */
export function blameLines(
  json: Buffer,
  anchor: string,
  started: number,
  ms: number,
  keepTo?: string,
): string {
  if (keepTo) writeFileSync(keepTo, json)
  const trace = readTrace(json.toString('utf8'), new Sources(BENCH_OUT), anchor, started)
  if (!trace) return '  ! the trace had no samples of the page'
  const lines = [`  main thread, opening → drawn: ${describeOwners(blameTask(trace, started, ms, false).by)}`]
  for (const task of trace.tasks.filter((x) => x.at + x.duration >= started && x.at <= started + ms)) {
    const b = blameTask(trace, task.at, task.duration)
    lines.push(
      `    task +${(task.at - started).toFixed(0)} (${task.duration.toFixed(0)} ms): ${describeOwners(b.by)} — ${b.any.join('; ')}`,
    )
  }
  return lines.join('\n')
}

/** A page's own timing of an opening: its start and when the map drew (page clock), and what else it noted. */
export type DrawnTiming<T> = T & { started: number; drawn: number }

/** Waits until the page's timing object `window[name]` has `drawn`, and returns it. */
export async function drawnTiming<T>(page: Page, name: string, timeout: number): Promise<DrawnTiming<T>> {
  const handle = await page.waitForFunction(
    (name) => {
      const t = (window as unknown as Record<string, { drawn?: number } | undefined>)[name]
      return t?.drawn !== undefined ? t : null
    },
    name,
    { timeout, polling: 50 },
  )
  return (await handle.jsonValue()) as DrawnTiming<T>
}

/** A bench's port (BENCH_PORT, so that two worktrees never share one), its origin, viewport and counted runs. */
export function benchSettings(defaultPort: number, defaultRuns: number) {
  const port = Number(process.env.BENCH_PORT ?? defaultPort)
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    runs: Number(process.env.BENCH_RUNS ?? defaultRuns),
  }
}

/**
 * A response's kind for `watchRequests`: a Range request's answer, a link signed, a storage search, or the
 * first of `more` whose pattern its URL's path matches; null for any other.
 */
export function requestKind(r: Response, more: [string, RegExp][] = []): string | null {
  if (r.status() === 206) return 'range'
  const path = new URL(r.url()).pathname
  if (/\/download-url$/.test(path)) return 'sign'
  if (/\/stac\/search$/.test(path)) return 'search'
  return more.find(([, pattern]) => pattern.test(path))?.[0] ?? null
}
