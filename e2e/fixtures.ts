import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

/** Every journey starts from the seeded world and fails on console errors or serious a11y violations. */
export const test = base.extend<{ sim: SimControl; consoleErrorsExpected: RegExp[] }>({
  /**
   * Console errors a journey provokes on purpose, beyond failed loads: Chromium logs every fetch that CORS
   * blocks as an error, and the connection journey points the console at servers that refuse its origin.
   */
  consoleErrorsExpected: [[], { option: true }],
  sim: async ({ request }, use) => {
    const sim = new SimControl(request)
    await sim.reset()
    await use(sim)
  },
  page: async ({ page, baseURL, consoleErrorsExpected }, use) => {
    const errors: string[] = []
    page.on('console', (msg) => {
      // Chromium logs every non-2xx response as a console error; journeys that inject faults expect those.
      if (
        msg.type() === 'error' &&
        !msg.text().startsWith('Failed to load resource') &&
        !consoleErrorsExpected.some((r) => r.test(msg.text()))
      )
        errors.push(msg.text())
    })
    page.on('pageerror', (err) => errors.push(err.message))
    // Every journey runs under the Content Security Policy the servers send, and fails on any violation.
    await page.exposeFunction('__swathCspViolation', (text: string) => errors.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __swathCspViolation?: (t: string) => void })
          .__swathCspViolation
        report?.(
          `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
        )
      })
    })
    page.on('response', (res) => {
      if (res.request().resourceType() === 'document' && res.url().startsWith(baseURL ?? '')) {
        if (!res.headers()['content-security-policy'])
          errors.push(`no Content-Security-Policy on ${res.url()}`)
      }
    })
    await use(page)
    expect(errors, 'console errors during the journey').toEqual([])
  },
})

export { expect }

export class SimControl {
  constructor(private readonly request: APIRequestContext) {}
  /**
   * One control request on a connection of its own: a kept-alive socket that the server closes for idleness
   * just as the next call reuses it ends that call with "socket hang up" (seen once in a full run).
   */
  private send(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) {
    return this.request[method](`/api/__sim/${path}`, { data, headers: { connection: 'close' } })
  }
  /** The seeded world again; `large` for issue 40's large one. */
  async reset(seed?: 'large') {
    expect((await this.send('post', 'reset', seed ? { seed } : undefined)).ok()).toBe(true)
  }
  async advance(seconds: number) {
    expect((await this.send('post', 'clock', { advanceSeconds: seconds })).ok()).toBe(true)
  }
  async faults(list: object[]) {
    expect((await this.send('put', 'faults', list)).ok()).toBe(true)
  }
  /** The next `count` archive orders placed fail their first placement attempt (retried after ten minutes). */
  async failPlacements(count: number) {
    expect((await this.send('post', 'orders/placement-failures', { count })).ok()).toBe(true)
  }
  async budgetEnforcement(on: boolean) {
    expect((await this.send('put', 'settings', { budgetEnforcement: on })).ok()).toBe(true)
  }
  /** The provider publishes a new version of a EULA (by id or exact title): it becomes current. */
  async publishEula(eula: string) {
    expect((await this.send('post', 'eulas/publish', { eula })).ok()).toBe(true)
  }
  /** Empties the simulator's request log, so what follows is read alone. */
  async clearRequests() {
    expect((await this.send('delete', 'requests')).ok()).toBe(true)
  }
  async requests(): Promise<
    { method: string; path: string; query: string; status: number; authorized: boolean }[]
  > {
    return (await this.send('get', 'requests')).json() as Promise<
      { method: string; path: string; query: string; status: number; authorized: boolean }[]
    >
  }
}

export const DEMO_PASSWORD = 'swath-demo'

/** A box over Paris, the AOI the catalog's planning journeys search. */
export { PARIS } from '../src/testing/places'

/** The token server's requests in the simulator's log (the console sends them from its session worker). */
export async function tokenRequests(sim: SimControl) {
  return (await sim.requests()).filter((r) => r.path.endsWith('/protocol/openid-connect/token'))
}

/**
 * Moves the simulated clock on with the page left open, as an analyst's day goes, and waits until the page's
 * next poll has met the expired access token and the token server has answered its refresh grant (the
 * session worker sends it, so Playwright's page does not see it: the simulator's log does). Keep steps
 * shorter than the refresh token's 30 minutes.
 */
export async function advanceWithPageOpen(page: Page, sim: SimControl, seconds: number) {
  const before = (await tokenRequests(sim)).length
  await sim.advance(seconds)
  await expect
    .poll(async () => (await tokenRequests(sim)).slice(before).map((r) => r.status), { timeout: 120_000 })
    .toContain(200)
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
}

/**
 * The notification centre reads every `seconds` instead of every minute (`notifyIntervalSeconds` of the
 * runtime config, as a deployment would set it): journeys about what it tells do not wait out a minute a step.
 */
export async function quickNotifications(page: Page, seconds = 5) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch()
    const config = (await response.json()) as object
    await route.fulfill({ response, json: { ...config, notifyIntervalSeconds: seconds } })
  })
}

/** Signs in through the sign-in page, as an analyst would, and waits for the console. */
export async function signIn(page: Page, email = 'analyst@swath.test', path = '/') {
  await page.goto(path)
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
}

/**
 * Waits until the page has stopped moving: no finite animation or CSS transition running (a modal fading in, a
 * drawer sliding) for a few frames in a row. Mantine's transitions spend two frames in their "before" style
 * (opacity 0) before their CSS transition starts, so one quiet frame is not enough. Endless animations (a
 * loader's spin) never end and are not waited for. Gives up after 10 s, leaving axe to judge what is there.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const started = performance.now()
        let quietFrames = 0
        const moving = () =>
          document.getAnimations().some((a) => {
            if (a.playState !== 'running') return false
            const end = a.effect?.getComputedTiming().endTime
            return typeof end === 'number' && Number.isFinite(end)
          })
        const tick = () => {
          quietFrames = moving() ? 0 : quietFrames + 1
          if (quietFrames >= 4 || performance.now() - started > 10_000) resolve()
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
  )
}

/**
 * axe on the current page: no serious or critical violation, judged on what the user finally sees — once
 * every opening transition has ended (axe measured a modal's title mid-fade as low contrast).
 */
export async function expectAccessible(page: Page) {
  await animationsSettled(page)
  const results = await new AxeBuilder({ page }).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length}×) ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.html.slice(0, 160)}`,
    ),
  ).toEqual([])
}

/** Waits until the map has drawn its style: a real "it rendered" check, no pixel reading. */
export async function mapReady(page: Page) {
  await page.waitForFunction(() => window.__swathMap?.isReady() === true, undefined, { timeout: 30_000 })
}

/**
 * Draws a rectangle-shaped polygon of 2·halfW × 2·halfH px around the map's centre with the Polygon tool,
 * clicking its corners as an analyst would.
 */
export async function drawBoxWithMouse(page: Page, halfW: number, halfH: number) {
  await page
    .locator('label')
    .filter({ hasText: /^Polygon$/ })
    .click()
  // The drawing tool loads with the first drawing.
  await page.waitForFunction(() => window.__swathMap?.isDrawing() === true)
  const box = await page.getByTestId('map').boundingBox()
  if (!box) throw new Error('map has no box')
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const corners: [number, number][] = [
    [cx - halfW, cy - halfH],
    [cx + halfW, cy - halfH],
    [cx + halfW, cy + halfH],
    [cx - halfW, cy + halfH],
    [cx - halfW, cy - halfH],
  ]
  for (const [x, y] of corners) {
    await page.mouse.move(x, y)
    await page.mouse.click(x, y)
  }
}

/** From the storage page: the first collection of its list, then that collection's first item. */
export async function openFirstStoredItem(page: Page) {
  await page
    .getByRole('list', { name: 'Collections' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first()
    .click()
  await page.getByRole('table', { name: 'Items' }).getByRole('link').first().click()
}
