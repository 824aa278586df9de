// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { processingRoutes } from '../../../app/routes/processing-routes'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole, type TestConsole } from '../../../testing/sim-backend'

/** The job list requests made: the one-job pages that count, and the limits of the others. */
function jobReads(c: TestConsole) {
  const reads = c.backend.log.filter((r) => r.method === 'GET' && r.path === '/v2/processing/jobs')
  const limits = reads.map((r) => Number(new URLSearchParams(r.query).get('limit') ?? 1))
  return { probes: limits.filter((l) => l === 1).length, pages: limits.filter((l) => l !== 1) }
}

describe('the job monitor on the large world', () => {
  it('says the true total of 5,000 jobs from one page and one-job pages, never page after page', async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const all = [...world.jobs.values()].filter((r) => r.job.accountID === account).length
    expect(all).toBeGreaterThanOrEqual(5_000)
    await renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], {
      at: '/jobs',
      console: c,
    })
    const pages = Math.ceil(all / 20).toLocaleString('en')
    await screen.findByText(`${all.toLocaleString('en')} jobs, page 1 of ${pages}`, {}, { timeout: 20_000 })
    // The page of 20 (asked again while jobs on it are under way) and about twenty one-job pages: before, the
    // only way to the total was to read all 5,000.
    const reads = jobReads(c)
    expect(reads.probes).toBeGreaterThan(0)
    expect(reads.probes).toBeLessThanOrEqual(22)
    expect(new Set(reads.pages)).toEqual(new Set([20]))
  }, 60_000)

  it('counts a filtered view the same way: the jobs of the commonest status', async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const byStatus = new Map<string, number>()
    for (const r of world.jobs.values())
      if (r.job.accountID === account) byStatus.set(r.job.status, (byStatus.get(r.job.status) ?? 0) + 1)
    const [status, matching] = [...byStatus].sort((a, b) => b[1] - a[1])[0]
    expect(matching).toBeGreaterThan(100)
    await renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], {
      at: `/jobs?status=${status}&limit=50`,
      console: c,
    })
    const pages = Math.ceil(matching / 50).toLocaleString('en')
    await screen.findByText(
      `${matching.toLocaleString('en')} jobs, page 1 of ${pages}`,
      {},
      { timeout: 20_000 },
    )
    const probes = c.backend.log.filter(
      (r) => r.path === '/v2/processing/jobs' && new URLSearchParams(r.query).get('limit') === '1',
    )
    expect(probes.length).toBeGreaterThan(0)
    for (const p of probes) expect(new URLSearchParams(p.query).get('status')).toBe(status)
  }, 60_000)
})
