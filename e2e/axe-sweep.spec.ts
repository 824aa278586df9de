import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'
import { expect, signIn, test } from './fixtures'

/**
 * Every page of the router and every dialog a user can open on it, through axe (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA),
 * as each of the three demo users (the analyst at both sizes in both themes). One sign-in per user: the themes and sizes
 * change in place and pages are reached by client-side navigation, so the sweep spends its time in axe rather
 * than in reloading the console. Findings are gathered and reported together at the end of each user's pass.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const
const THEMES = ['light', 'dark'] as const
/**
 * The analyst, whose pages hold the most (every list filled, every action offered), is swept at both sizes
 * in both themes. The Viewer and the Starter plan differ in what the pages say and offer (notices, missing
 * actions), not in layout or colours, so each is swept at the first size in one theme, the Viewer in the
 * dark and the Starter in the light: every role notice is seen in a theme, and CI keeps its time.
 */
const ROLES = [
  { role: 'analyst', email: 'analyst@swath.test', sizes: SIZES, themes: THEMES },
  { role: 'viewer', email: 'viewer@swath.test', sizes: [SIZES[0]], themes: ['dark'] },
  { role: 'starter', email: 'starter@swath.test', sizes: [SIZES[0]], themes: ['light'] },
] as const

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Where {
  page: string
  size: string
  theme: string
  role: string
}
interface Finding extends Where {
  rule: string
  impact: string
  target: string
  html: string
}

/**
 * Runs axe on what is on screen now (the dialog, when one is named) and returns its serious findings.
 * Colour contrast, half of axe's time, runs at the first size only: colours follow the theme, not the width,
 * while the rules that follow the layout (target size, reflowed text) run at both.
 */
async function audit(
  page: Page,
  where: Where,
  { include, contrast }: { include?: string; contrast: boolean },
): Promise<Finding[]> {
  const has = await page.evaluate(() => 'axe' in window)
  if (!has) await page.evaluate(axeSource)
  const results = await page.evaluate(
    async ({ tags, include, contrast }) => {
      const w = window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> }
      }
      const r = await w.axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        rules: contrast ? {} : { 'color-contrast': { enabled: false } },
      })
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 140) })),
      }))
    },
    { tags: TAGS, include, contrast },
  )
  return results
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => ({ ...where, rule: v.id, impact: v.impact, target: n.target, html: n.html })),
    )
}

/** Client-side navigation, as a link in the console would do it: the router follows the history's popstate. */
async function navigate(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p)
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }))
  }, path)
  await expect(page).toHaveURL((u) => u.pathname + u.search === path)
}

/** The page has drawn its content: a main heading, and no loader or skeleton left in the main area. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible()
  await expect(
    page.locator(
      'main .mantine-Skeleton-root[data-visible="true"], main .mantine-Loader-root, main [aria-busy="true"]',
    ),
  ).toHaveCount(0)
}

/** The first link in the main area whose address matches: detail pages are picked from the user's lists. */
async function firstHref(page: Page, list: string, pattern: RegExp): Promise<string> {
  await navigate(page, list)
  await settled(page)
  const find = () =>
    page
      .locator('main a[href]')
      .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
      .then((hrefs) => hrefs.find((h) => pattern.test(h)) ?? '')
  await expect.poll(find, { message: `a link to ${pattern} on ${list}` }).not.toBe('')
  return find()
}

/** Buttons that open a dialog; on each page the sweep opens every one that is there and enabled. */
const DIALOG_OPENERS: RegExp[] = [
  /as code$/,
  /^Cancel order/,
  /^Delete collection/,
  /^Accept quotation/,
  /^Reject quotation/,
  /^Choose /,
]

const PAGES = [
  '/',
  '/collections',
  '/data-products',
  '/providers',
  '/areas',
  '/catalog',
  '/checkout',
  '/tasking',
  '/orders',
  '/decisions',
  '/storage',
  '/storage/search',
  '/processing',
  '/jobs',
  '/licences',
  '/budgets',
  '/no/such/page',
]

type Role = (typeof ROLES)[number]['role']
/** Detail pages, each through the list that leads to it, and who has one in the seeded world. */
const DETAILS: [list: string, pattern: RegExp, roles: readonly Role[]][] = [
  ['/collections', /^\/collections\/[^/]+$/, ['analyst', 'viewer', 'starter']],
  ['/orders', /^\/orders\/[^/]+$/, ['analyst', 'viewer', 'starter']],
  ['/decisions', /^\/decisions\/studies\/[^/]+$/, ['analyst', 'viewer']],
  ['/decisions', /^\/decisions\/quotations\/[^/]+$/, ['analyst', 'viewer', 'starter']],
  ['/processing', /^\/processing\/[^/]+$/, ['analyst', 'viewer', 'starter']],
  ['/jobs', /^\/jobs\/[^/]+$/, ['analyst', 'viewer']],
  ['/licences', /^\/licences\/[^/]+$/, ['analyst', 'viewer', 'starter']],
  // The Viewer and the Starter plan have no budgets to open (the page says why: it is swept above).
  ['/budgets', /^\/budgets\/[^/]+$/, ['analyst']],
  ['/storage', /^\/storage\/collections\/[^/]+$/, ['analyst', 'viewer', 'starter']],
  // A storage item, through the collection picked just before it.
  ['', /^\/storage\/collections\/[^/]+\/items\/[^/]+$/, ['analyst', 'viewer', 'starter']],
]

function report(findings: Finding[]): string {
  const lines = findings.map(
    (f) =>
      `${f.rule} (${f.impact}) on ${f.page} at ${f.size}, ${f.theme}, ${f.role}: ${f.target}  ${f.html.replace(/\s+/g, ' ')}`,
  )
  return [...new Set(lines)].join('\n')
}

/** Opens, audits and closes every dialog the page offers, then the account panel where asked. */
async function auditDialogs(
  page: Page,
  where: Where,
  { withAccount, contrast }: { withAccount: boolean; contrast: boolean },
): Promise<Finding[]> {
  const findings: Finding[] = []
  const main = page.locator('main')
  const openers: [string, Locator, Locator][] = []
  for (const name of DIALOG_OPENERS) {
    const button = main.getByRole('button', { name }).first()
    // A button seen may be gone a moment later (a list refetched under it): each check waits a little, not
    // for ever, and a button gone is no opener.
    if (
      (await button.count()) &&
      (await button.isVisible()) &&
      (await button.isEnabled({ timeout: 5_000 }).catch(() => false))
    )
      openers.push([String(name), button, page.getByRole('dialog').last()])
  }
  if (withAccount)
    openers.push([
      'account',
      page.getByRole('button', { name: /^Account:/ }),
      page.getByRole('dialog', { name: 'Account' }),
    ])
  for (const [name, button, dialog] of openers) {
    const label =
      (await button.getAttribute('aria-label', { timeout: 15_000 })) ??
      (await button.innerText({ timeout: 15_000 })).trim()
    await button.click({ timeout: 15_000 })
    await expect(dialog, `the dialog of “${name}”`).toBeVisible()
    const id = await dialog.evaluate((el) => {
      if (!el.id) el.id = 'axe-sweep-dialog'
      return `#${el.id}`
    })
    findings.push(
      ...(await audit(page, { ...where, page: `${where.page} › ${label}` }, { include: id, contrast })),
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
  return findings
}

test.describe('accessibility sweep', () => {
  for (const { role, email, sizes, themes } of ROLES) {
    test(`every page and dialog as the ${role}, at ${sizes.length === 2 ? 'both sizes' : 'the first size'} and in ${themes.length === 2 ? 'both themes' : `the ${themes[0]} theme`}`, async ({
      page,
    }) => {
      // About 120 page visits and their dialogs: a minute or two on a quiet machine, more on a busy one.
      test.setTimeout(900_000)
      const started = Date.now()
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' })
      await page.setViewportSize(SIZES[0])
      await signIn(page, email, '/')

      const pages = [...PAGES]
      for (const [list, pattern, roles] of DETAILS)
        if (roles.includes(role)) pages.push(await firstHref(page, list || pages[pages.length - 1], pattern))

      const findings: Finding[] = []
      let visits = 0
      for (const theme of themes) {
        await page.emulateMedia({ colorScheme: theme })
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme)
        for (const size of sizes) {
          await page.setViewportSize(size)
          for (const path of pages) {
            const where = { page: path, size: `${size.width}×${size.height}`, theme, role }
            await navigate(page, path)
            await settled(page)
            const contrast = size === SIZES[0]
            findings.push(...(await audit(page, where, { contrast })))
            findings.push(...(await auditDialogs(page, where, { withAccount: path === '/', contrast })))
            visits++
            if (process.env.SWEEP_DEBUG)
              console.log(`${(Date.now() - started) / 1000} s: ${JSON.stringify(where)}`)
          }
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const summary = `${visits} page visits as the ${role} in ${seconds} s`
      test.info().annotations.push({ type: 'sweep', description: summary })
      console.log(`axe sweep: ${summary}`)
      expect(report(findings), 'serious or critical findings (rule, page, size, theme, role, target)').toBe(
        '',
      )
    })
  }
})
