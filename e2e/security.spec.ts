import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures'

test.describe('security headers', () => {
  test('the console is served under a strict policy and cannot be framed by another site', async ({
    page,
    request,
    baseURL,
  }) => {
    for (const path of ['/', '/sign-in', '/catalog']) {
      const res = await request.get(path)
      const h = res.headers()
      const csp = h['content-security-policy'] ?? ''
      expect(csp, path).toContain("script-src 'self'")
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).not.toContain('unsafe-eval')
      expect(h['x-content-type-options'], path).toBe('nosniff')
      expect(h['referrer-policy'], path).toBe('no-referrer')
      expect(h['permissions-policy'], path).toContain('camera=()')
    }

    // Another page frames the sign-in page: the browser refuses to show it (the frame ends on its error page).
    const framing = await page.context().newPage()
    await framing.setContent(`<iframe title="framed" src="${baseURL}/sign-in"></iframe>`, {
      waitUntil: 'load',
    })
    const child = framing.frames().find((f) => f !== framing.mainFrame())
    expect(child?.url()).not.toContain('/sign-in')
    await framing.close()

    // The console itself, signed in, runs its start page under the policy (the fixture fails on a violation).
    await signIn(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})

test.describe('sign-in targets', () => {
  // Each passed a check of the raw text and resolves to `//evil.example` (issue 26 §4).
  const dotSegmentLinks = ['/.//evil.example', '/..//evil.example', '/orders/../../..//evil.example']
  const signInAt = (next: string) => `/sign-in?next=${encodeURIComponent(next)}`

  async function signInHere(page: Page) {
    await page.getByLabel('E-mail').fill('analyst@swath.test')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  async function onStartPage(page: Page, baseURL: string | undefined) {
    await expect(page.getByRole('heading', { name: 'Start', level: 1 })).toBeVisible()
    expect(page.url()).toBe(`${baseURL}/`)
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
  }

  test('a link with dot segments ends on the start page, signing in or already signed in; a deep link is kept', async ({
    page,
    baseURL,
  }) => {
    for (const next of dotSegmentLinks) {
      await page.goto(signInAt(next))
      await expect(page.getByRole('heading', { name: 'Sign in to Swath', level: 1 })).toBeVisible()
      await signInHere(page)
      await onStartPage(page, baseURL)
      // Signed in, the same link (a reload of it, a second click) goes home too.
      await page.goto(signInAt(next))
      await onStartPage(page, baseURL)
      await page.reload()
      await onStartPage(page, baseURL)
      await page.getByRole('button', { name: /^Account:/ }).click()
      await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click()
      await expect(page).toHaveURL(/\/sign-in/)
    }

    // A link of the console itself lands where it points, with its search and fragment.
    await page.goto(signInAt('/orders?status=PLACED&type=ARCHIVE#x'))
    await signInHere(page)
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    expect(page.url()).toBe(`${baseURL}/orders?status=PLACED&type=ARCHIVE#x`)
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
  })
})
