import { expect, signIn, test } from './fixtures'

/** Issue 40 §2: on the large world the job monitor and Start say true totals, read from a few small answers. */
test.describe('counts on the large world', () => {
  test('the job monitor and Start say how many jobs there are, from one-job pages', async ({
    page,
    request,
    sim,
  }) => {
    test.setTimeout(180_000)
    const reset = await request.post('/api/__sim/reset', {
      data: { seed: 'large' },
      headers: { connection: 'close' },
    })
    expect(reset.ok()).toBe(true)
    await signIn(page, 'analyst@swath.test', '/jobs')
    const status = page.getByRole('status').filter({ hasText: /jobs, page 1 of/ })
    // The first visit's count has come in full: what follows is the reloaded page's alone.
    await expect(status).toBeVisible({ timeout: 60_000 })
    await sim.clearRequests()
    await page.reload()
    await expect(status).toBeVisible({ timeout: 60_000 })
    const [, total, pages] =
      /^([\d,]+) jobs, page 1 of ([\d,]+)$/.exec((await status.textContent()) ?? '') ?? []
    const jobs = Number(total.replaceAll(',', ''))
    expect(jobs).toBeGreaterThanOrEqual(5_000)
    expect(Number(pages.replaceAll(',', ''))).toBe(Math.ceil(jobs / 20))
    // No page of jobs larger than the one shown was asked for: the total came from one-job pages.
    const reads = (await sim.requests()).filter((r) => r.path === '/v2/processing/jobs')
    const limits = reads.map((r) => Number(new URLSearchParams(r.query).get('limit') ?? '0'))
    expect(Math.max(...limits)).toBeLessThanOrEqual(100)
    // The monitor's own one-job pages (unfiltered; the navigation counts failed jobs the same way, filtered).
    const own = reads.filter((r) => {
      const q = new URLSearchParams(r.query)
      return q.get('limit') === '1' && !q.has('status')
    })
    expect(own.length).toBeGreaterThan(0)
    expect(own.length).toBeLessThanOrEqual(25)

    await page.getByRole('link', { name: /^Start/ }).click()
    const card = page.getByRole('region', { name: 'Needs attention' })
    await expect(card).toContainText(/[\d,]+ things went wrong; the newest first:/, { timeout: 60_000 })
    await expect(card).not.toContainText('100+')
  })
})
