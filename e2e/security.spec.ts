import { expect, signIn, test } from './fixtures'

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
