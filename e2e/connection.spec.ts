import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures'

/**
 * Pointing the console at a deployment: the Connection page (account menu) and the sign-in page's check say
 * what is wrong. The embedded simulator passes every check; a standalone simulator, started as its own
 * processes on other ports (so on another origin than the console), shows each failure.
 */

const SHOTS = 'test-results/connection'
const E2E_PORT = Number(process.env.E2E_PORT ?? 5199)
// The helper's two spare ports (the e2e port + 100 and + 101).
const API_PORT = E2E_PORT + 100
const AUTH_PORT = E2E_PORT + 101

test('the Connection page, reached from the account menu by keyboard, passes every check on the embedded simulator', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page)
  const account = page.getByRole('button', { name: /^Account:/ })
  await account.focus()
  await page.keyboard.press('Enter')
  const link = page.getByRole('link', { name: 'Connection: check the service and token servers' })
  await expect(link).toBeVisible()
  // The panel takes focus when it opens; the link is within a few Tabs of it.
  for (let i = 0; i < 10 && !(await link.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(link).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/connection$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Connection' })).toBeVisible()
  await expect(
    page.getByText('Every check passed: the console can reach the service and its token servers.'),
  ).toBeVisible({ timeout: 30_000 })
  for (const name of ['Service', 'Europe token server', 'South America token server']) {
    const section = page.getByRole('region', { name })
    await expect(section.getByText('Passed')).toHaveCount(3)
  }
  await expect(page.getByTestId('check-service-answer')).toHaveText(
    /^Its v2 interface listed \d+ collections/,
  )
  await expectAccessible(page)

  // "Check again" by keyboard: the loading state, then the same verdict.
  const again = page.getByRole('button', { name: 'Check again' })
  await again.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(/^Every check passed/)).toBeVisible({ timeout: 30_000 })
  await expect(again).toBeEnabled()

  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height })
      await page.emulateMedia({ colorScheme: theme })
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme)
      await page.screenshot({ path: `${SHOTS}/connection-page-${width}-${theme}.png`, fullPage: true })
    }
  }
  await expectAccessible(page)
})

test.describe('against a standalone simulator on another origin', () => {
  // Chromium logs each fetch that CORS blocks; this journey provokes them on purpose.
  test.use({ consoleErrorsExpected: [/blocked by CORS policy/], bypassCSP: true })

  let simulator: ChildProcess | undefined
  let proxy: Server | undefined
  let proxyOrigin = ''
  let closedOrigin = ''

  test.beforeAll(async () => {
    // The standalone simulator, as an operator would start it, knowing another client id than the console's.
    simulator = spawn(
      process.execPath,
      [
        'scripts/run-ts.mjs',
        'simulator/serve.ts',
        '--api-port',
        String(API_PORT),
        '--auth-port',
        String(AUTH_PORT),
        '--client-ids',
        'other',
      ],
      { stdio: 'ignore', detached: true },
    )
    await expect
      .poll(
        async () =>
          fetch(`http://127.0.0.1:${API_PORT}/v2/collections?size=1`)
            .then((r) => r.status)
            .catch(() => 0),
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(200)
    // A server in front of the same simulator that sends no CORS headers at all: a token server or service
    // whose web origins do not list the console's.
    proxy = createServer((req, res) => {
      const url = req.url ?? '/'
      const [port, path] = url.startsWith('/auth/')
        ? [AUTH_PORT, url.slice('/auth'.length)]
        : [API_PORT, url.replace(/^\/api/, '')]
      const upstream = httpRequest(
        { host: '127.0.0.1', port, path, method: req.method, headers: req.headers },
        (up) => {
          const headers = Object.fromEntries(
            Object.entries(up.headers).filter(([k]) => !k.startsWith('access-control-')),
          )
          res.writeHead(up.statusCode ?? 502, headers)
          up.pipe(res)
        },
      )
      upstream.on('error', () => res.destroy())
      req.pipe(upstream)
    })
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve))
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    // A port nothing listens on: taken from the system, then given back.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    closedOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
    await new Promise((resolve) => probe.close(resolve))
  })

  test.afterAll(async () => {
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)))
    // The simulator's process group: the loader and the servers it started.
    if (simulator?.pid) process.kill(-simulator.pid, 'SIGTERM')
  })

  /**
   * Serves `config` as config.json. The preview server's Content Security Policy is built from the
   * repository's config.json and would refuse the other ports; a server built from `config` would list them.
   * The page is not re-served with such a policy because a document Playwright fulfils has no address, and
   * Chromium's Local Network Access then refuses its requests to 127.0.0.1 as coming from the public internet.
   */
  async function pointAt(page: Page, config: object) {
    await page.route('**/config.json', (route) => route.fulfill({ json: config }))
  }

  const configFor = (apiUrl: string) => ({
    apiUrl,
    clientId: 'service-api',
    docsUrl: 'https://docs.swath.test',
    regions: [
      { id: 'known', label: 'Wrong client', authUrl: `http://127.0.0.1:${AUTH_PORT}` },
      { id: 'nocors', label: 'No CORS', authUrl: `${proxyOrigin}/auth` },
      { id: 'closed', label: 'Closed port', authUrl: closedOrigin },
    ],
  })

  test('the sign-in page says what each server got wrong, and checks the region a sign-in failed on', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await pointAt(page, configFor(`http://127.0.0.1:${API_PORT}`))
    await page.goto('/sign-in')
    const origin = new URL(page.url()).origin

    // A sign-in to the token server that refuses this origin: the check opens for that region.
    await page.getByLabel('E-mail').fill('analyst@swath.test')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
    await page.getByLabel('Region').selectOption({ label: 'No CORS' })
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('The No CORS token server cannot be reached')
    const check = page.getByRole('region', { name: 'Connection check' })
    await expect(check.getByText('1 check failed: each says what to change.')).toBeVisible({
      timeout: 30_000,
    })
    await expect(check.getByRole('region')).toHaveCount(2)
    await expect(page.getByTestId('check-nocors-origin')).toHaveText(
      `The token server did not allow this site’s origin (${origin}): add it to the client’s web origins, or serve the console behind the same origin — see docs/deploy.md.`,
    )
    // The service on its own origin allows this one (the standalone simulator sends CORS headers).
    await expect(page.getByTestId('check-service-origin')).toHaveText(`Allows ${origin} (CORS).`)
    await expect(page.getByTestId('check-service-answer')).toHaveText(/^Its v2 interface listed/)
    await expectAccessible(page)
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme)
      await page.screenshot({ path: `${SHOTS}/sign-in-failed-1440-${theme}.png`, fullPage: true })
    }
    await page.emulateMedia({ colorScheme: 'light' })

    // "Check connection" twice (hide, then show): every token server of the configuration.
    const toggle = page.getByRole('button', { name: 'Hide the connection check' })
    await toggle.click()
    await page.getByRole('button', { name: 'Check connection' }).click()
    await expect(check.getByText('3 checks failed: each says what to change.')).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByTestId('check-known-answer')).toHaveText(
      'The token server does not know the client id “service-api”: set clientId in config.json to the client registered for this console.',
    )
    await expect(page.getByTestId('check-closed-reachable')).toHaveText(
      new RegExp(
        `^Nothing answered at ${closedOrigin}/realms/public/protocol/openid-connect/token: check authUrl of region “closed” in config\\.json`,
      ),
    )
    await expect(page.getByTestId('check-nocors-reachable')).toHaveText(
      'It answered, but this page may not read the answer.',
    )
    await page.setViewportSize({ width: 1024, height: 700 })
    await page.screenshot({ path: `${SHOTS}/sign-in-all-1024-light.png`, fullPage: true })
    await expectAccessible(page)
  })

  test('a service that refuses this origin is named as such', async ({ page }) => {
    await pointAt(page, configFor(`${proxyOrigin}/api`))
    await page.goto('/sign-in')
    const origin = new URL(page.url()).origin
    await page.getByRole('button', { name: 'Check connection' }).click()
    await expect(page.getByTestId('check-service-origin')).toHaveText(
      `The service did not allow this site’s origin (${origin}): ask its operators to allow it, or serve the console and the service behind the same origin (forward /api/ to it) — see docs/deploy.md.`,
      { timeout: 30_000 },
    )
    await expect(page.getByTestId('check-service-reachable')).toHaveText(
      'It answered, but this page may not read the answer.',
    )
  })
})
