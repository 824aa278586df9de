import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures'

/**
 * Issue 42: a Mantine component's CSS came only with whichever page had imported it first, so a page opened
 * directly drew some components bare (the imagery opacity slider 0 px high, its presets plain radio buttons,
 * "Unread:" printed in the notification list). Every route is opened here as the first page of a fresh
 * browser context, signed in, and every Mantine class on the page (`m_…`, from the components' CSS modules)
 * must have its rules among the page's stylesheets.
 */

const EMAIL = 'analyst@swath.test'
const require = createRequire(import.meta.url)
/** Every class Mantine's stylesheets style: a class in this set with no rule on the page is a bare component. */
const STYLED = [
  ...new Set(readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8').match(/m_[0-9a-f]{8}/g) ?? []),
]

async function api(request: APIRequestContext) {
  const token = await request.post('/auth/realms/public/protocol/openid-connect/token', {
    form: { grant_type: 'password', username: EMAIL, password: DEMO_PASSWORD, client_id: 'service-api' },
  })
  const { access_token } = (await token.json()) as { access_token: string }
  return async <T>(path: string): Promise<T> => {
    const r = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${access_token}` } })
    expect(r.ok(), path).toBe(true)
    return (await r.json()) as T
  }
}

type Page1<T> = { content: T[] }
type Get = Awaited<ReturnType<typeof api>>

const first = async <T>(get: Get, path: string): Promise<T> => {
  const page = await get<Page1<T>>(path)
  return page.content[0]
}
const storedCollection = async (get: Get) =>
  (await get<{ collections: { id: string }[] }>('/v2/assets/stac/collections?limit=1')).collections[0].id
const job = async (get: Get) =>
  (await get<{ jobs: { jobID: string; processID: string }[] }>('/v2/processing/jobs?limit=1')).jobs[0]

/** Every route, those of one thing with one of the seeded world's, found through the service as a client would. */
const ROUTES: Record<string, string | ((get: Get) => Promise<string>)> = {
  start: '/',
  collections: '/collections',
  collection: async (get) =>
    `/collections/${(await first<{ name: string }>(get, '/v2/collections?size=1')).name}`,
  'data products': '/data-products',
  providers: '/providers',
  areas: '/areas',
  catalog: '/catalog',
  'catalog results': '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51',
  'saved searches': '/saved-searches',
  checkout: '/checkout',
  tasking: '/tasking',
  orders: '/orders',
  'a fulfilled archive order': async (get) =>
    `/orders/${(await first<{ id: string }>(get, '/v2/orders?type=ARCHIVE&status=FULFILLED&size=1')).id}`,
  'a tasking order': async (get) =>
    `/orders/${(await first<{ id: string }>(get, '/v2/orders?type=TASKING&size=1')).id}`,
  decisions: '/decisions',
  study: async (get) =>
    `/decisions/studies/${(await first<{ id: string }>(get, '/v2/tasking/feasibility-studies?size=1')).id}`,
  quotation: async (get) =>
    `/decisions/quotations/${(await first<{ id: string }>(get, '/v2/tasking/quotation?size=1')).id}`,
  processing: '/processing',
  process: async (get) => `/processing/${encodeURIComponent((await job(get)).processID)}`,
  jobs: '/jobs',
  job: async (get) => `/jobs/${encodeURIComponent((await job(get)).jobID)}`,
  licences: '/licences',
  licence: async (get) => `/licences/${(await first<{ id: string }>(get, '/v2/eulas?size=1')).id}`,
  budgets: '/budgets',
  budget: async (get) => `/budgets/${(await first<{ id: string }>(get, '/v2/budgets?size=1')).id}`,
  storage: '/storage',
  'storage search': '/storage/search',
  'stored collection': async (get) =>
    `/storage/collections/${encodeURIComponent(await storedCollection(get))}`,
  'stored item': async (get) => {
    const c = encodeURIComponent(await storedCollection(get))
    const items = await get<{ features: { id: string }[] }>(`/v2/assets/stac/collections/${c}/items?limit=1`)
    return `/storage/collections/${c}/items/${encodeURIComponent(items.features[0].id)}`
  },
  'change review': async (get) => {
    const c = await storedCollection(get)
    const items = await get<{ features: { id: string }[] }>(
      `/v2/assets/stac/collections/${encodeURIComponent(c)}/items?limit=1`,
    )
    return `/change-review?${new URLSearchParams({ item: `${encodeURIComponent(c)}/${encodeURIComponent(items.features[0].id)}` }).toString()}`
  },
  'time-lapse of a stored item': async (get) => {
    const c = await storedCollection(get)
    const items = await get<{ features: { id: string }[] }>(
      `/v2/assets/stac/collections/${encodeURIComponent(c)}/items?limit=1`,
    )
    return `/timelapse?item=${encodeURIComponent(`${c}/${items.features[0].id}`)}`
  },
  connection: '/connection',
  'not found': '/no/such/page',
}

/** The Mantine classes on the page that Mantine styles but no stylesheet of the page has a rule for. */
function bareClasses(page: Page): Promise<string[]> {
  return page.evaluate((styled) => {
    const known = new Set(styled)
    const ruled = new Set<string>()
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/m_[0-9a-f]{8}/g)) ruled.add(m[0])
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules)
      }
    }
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules)
    const bare = new Map<string, string>()
    for (const el of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const c of Array.from(el.classList)) {
        if (!known.has(c) || ruled.has(c) || bare.has(c)) continue
        const component = Array.from(el.classList).find((x) => x.startsWith('mantine-')) ?? el.tagName
        bare.set(c, component)
      }
    }
    return [...bare].map(([c, component]) => `${component} (.${c})`)
  }, STYLED)
}

test.describe('every page opened first draws its components with their styles', () => {
  test('the sign-in page', async ({ page }) => {
    await page.goto('/sign-in')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    expect(await bareClasses(page)).toEqual([])
  })

  // One test per route: each has a fresh browser context, so nothing another page loaded is there.
  for (const [name, route] of Object.entries(ROUTES)) {
    test(name, async ({ page, request }) => {
      const path = typeof route === 'string' ? route : await route(await api(request))
      await signIn(page, EMAIL, path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 60_000 })
      expect(await bareClasses(page), `${path} as it first draws`).toEqual([])
      // Once what the page loads has arrived (lists, maps, imagery controls), again.
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined)
      expect(await bareClasses(page), `${path} once loaded`).toEqual([])
    })
  }
})
