import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { APIResponse } from '@playwright/test'
import { securityHeaders, type CspConfig } from '../../scripts/security-headers'
import { DEMO_PASSWORD, expect, expectAccessible, openFirstStoredItem, signIn, test } from '../fixtures'

/**
 * The console as a production deployment serves it: nginx with docs/deploy.md's configuration
 * (deploy/nginx.conf) in front of the standalone simulator (global-setup.ts). No control plane here: the
 * simulator starts from its seed and the journey needs nothing reset.
 */

test.use({ baseURL: process.env.SWATH_NGINX_URL })

const config = JSON.parse(readFileSync('public/config.json', 'utf8')) as CspConfig
const EXPECTED = Object.fromEntries(
  Object.entries(securityHeaders(config)).map(([k, v]) => [k.toLowerCase(), v]),
)

/** Every security header, as the dev and preview servers send it. */
function expectSecurityHeaders(res: APIResponse, what: string) {
  const headers = res.headers()
  const sent = Object.fromEntries(Object.keys(EXPECTED).map((k) => [k, headers[k]]))
  expect(sent, `security headers on ${what}`).toEqual(EXPECTED)
}

test.describe('the documented nginx configuration', () => {
  // What the browser sees can hide what nginx refused (a buffer it could not write broke a download off only
  // when the browser read slower than the service wrote): its own log must hold no failure at all.
  test.afterEach(() => {
    const log = process.env.SWATH_NGINX_ERROR_LOG
    if (!log) throw new Error('global-setup.ts names nginx error log in SWATH_NGINX_ERROR_LOG')
    const failures = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => /\[(crit|alert|emerg)\]|Permission denied/.test(l))
    expect(failures, 'nginx error log').toEqual([])
  })

  test('sends the security headers and the policy on the page, the build files and the session worker, and hides the control plane', async ({
    page,
    request,
  }) => {
    // The page, and a deep link to one of its routes, answered with index.html.
    for (const path of ['/', '/orders/7f0c58b1-4b7e-4b54-9a53-2b0c6f3f3c1e']) {
      const res = await request.get(path)
      expect(res.status()).toBe(200)
      expect(res.headers()['content-type']).toMatch(/^text\/html/)
      expect(res.headers()['cache-control']).toBe('no-cache')
      expect(await res.text()).toContain('<div id="root">')
      expectSecurityHeaders(res, path)
    }
    const html = await (await request.get('/')).text()
    const entry = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(entry, 'the entry script of index.html').toBeDefined()
    const script = await request.get(entry ?? '')
    expect(script.status()).toBe(200)
    expect(script.headers()['content-type']).toMatch(/javascript/)
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expectSecurityHeaders(script, entry ?? '')
    // A build file that is not there is missing, not the page.
    const missing = await request.get('/assets/not-a-build-file.js')
    expect(missing.status()).toBe(404)
    expectSecurityHeaders(missing, 'a missing build file')

    // The session worker registers and is served under the same policy.
    await signIn(page)
    // Its scope is /assets/ (it relays token grants, it controls no page): read its registration, not `ready`.
    const registered = () =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? ''),
      )
    await expect.poll(registered).toEqual([expect.stringMatching(/\/assets\/session-worker-[\w-]+\.js$/)])
    const [workerUrl] = await registered()
    expect(workerUrl).toMatch(/\/assets\/session-worker-[\w-]+\.js$/)
    const worker = await request.get(new URL(workerUrl).pathname)
    expect(worker.status()).toBe(200)
    expectSecurityHeaders(worker, 'the session worker')

    // The service's answers pass through, with the headers too; the simulator's control plane does not,
    // however its path is written.
    const api = await request.get('/api/v2/assets/stac')
    expect(api.status()).toBe(401)
    expectSecurityHeaders(api, 'an answer of the service')
    for (const path of [
      '/api/__sim/clock',
      '/api/__sim/requests',
      '/api/__sim',
      '/api//__sim/clock',
      '/api/%5F%5Fsim/clock',
      '/api/v2/../__sim/clock',
    ]) {
      const res = await request.get(path, { maxRedirects: 0 })
      expect([403, 404], `GET ${path}`).toContain(res.status())
      expect(await res.text(), `GET ${path}`).not.toContain('"now"')
    }
    const reset = await request.post('/api/__sim/reset', { data: {} })
    expect([403, 404]).toContain(reset.status())

    // Both regions' token servers answer under the console's origin (config.json's /auth and /auth-sa).
    for (const auth of ['/auth', '/auth-sa']) {
      const token = await request.post(`${auth}/realms/public/protocol/openid-connect/token`, {
        form: {
          grant_type: 'password',
          client_id: 'service-api',
          username: 'analyst@swath.test',
          password: DEMO_PASSWORD,
        },
      })
      expect(token.status(), `the token server at ${auth}`).toBe(200)
      expectSecurityHeaders(token, `the token server at ${auth}`)
    }
  })

  test('sign in, search the catalog, place an order, download a file, and reload on the order page', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51')
    const results = page.getByRole('listbox', { name: 'Search results' })
    // The first search of a fresh page: the catalog's chunk, the map and the host's answer (a loaded machine
    // took more than 15 s once).
    await expect(results.getByRole('option').first()).toBeVisible({ timeout: 60_000 })
    await expectAccessible(page)
    await results.focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
    await page.getByRole('button', { name: 'Basket: 1 scene' }).click()
    await page.getByRole('link', { name: 'Check out' }).click()
    const licence = page.getByRole('article', { name: 'Airbus optical imagery license' })
    await licence.getByRole('checkbox', { name: /I have read/ }).check()
    await licence.getByRole('button', { name: 'Accept license' }).click()
    await expect(licence).toBeHidden()
    const name = await page.getByRole('textbox', { name: 'Order name' }).inputValue()
    await page.getByRole('button', { name: 'Review 1 order' }).click()
    await page.getByRole('checkbox', { name: /I confirm placing 1 order/ }).check()
    await page.getByRole('button', { name: 'Place 1 order' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 order placed' })).toBeVisible()

    // The order's page, then a reload on it: nginx answers the deep link with the console.
    await page.getByRole('link', { name: 'See all orders' }).click()
    await page.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible()
    await expectAccessible(page)

    // A delivered image, drawn on its map from ranges read through a signed link, then downloaded whole.
    await page.goto('/storage')
    await openFirstStoredItem(page)
    await expect(page.getByRole('region', { name: 'Imagery' }).locator('[data-imagery="drawn"]')).toBeVisible(
      {
        timeout: 60_000,
      },
    )
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download Image' }).click()
    const file = await download
    const bytes = await readFile((await file.path()) ?? '')
    expect([...bytes.subarray(0, 4)]).toEqual([0x49, 0x49, 42, 0])
    expect(file.suggestedFilename()).toMatch(/\.tif$/)
  })
})
