// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Shell } from '../../../app/shell'
import { renderWithConsole } from '../../../testing/render'
import { failedInWorld } from '../../../testing/orders'
import { processingKeys } from '../../../data/processing/keys'
import { PENDING_COUNT_POLL_MS } from '../../../data/decisions/pending-count'
import { createSimBackend, signedInConsole } from '../../../testing/sim-backend'
import { HomePage } from './home-page'

describe('the start page under the shell', () => {
  it('asks for the decisions count once while the page loads, not again for each list that answers', async () => {
    const c = await signedInConsole()
    const started = Date.now()
    const { queryClient } = await renderWithConsole(
      () => [{ path: '/', element: <Shell />, children: [{ index: true, Component: HomePage }] }],
      { at: '/', console: c },
    )
    await screen.findByRole('region', { name: 'Decisions waiting' })
    // Every card's lists answered: what would have re-read the count has come.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    await waitFor(() => expect(screen.getAllByText(/decisions wait/).length).toBeGreaterThan(0))
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    // The count is the one request of one item to the quotations list (the page's own list asks for more).
    const counts = c.backend.log.filter(
      (e) => e.path === '/v2/tasking/quotation' && /size=1(&|$)/.test(e.query),
    )
    // Six before: each of the page's order and decision lists re-read it as it answered; then one, when the
    // names of the orders the decisions belong to arrived (names cannot move the count).
    // On a machine loaded enough for this to take over a minute, the count's own minute poll may have come too.
    const polls = Math.floor((Date.now() - started) / PENDING_COUNT_POLL_MS)
    expect(counts.length).toBe(1 + polls)
  })

  it('counts every failed job on the large seed with one-job pages: the exact total on the card, "99+" beside Start', async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    await renderWithConsole(
      () => [{ path: '/', element: <Shell />, children: [{ index: true, Component: HomePage }] }],
      { at: '/', console: c },
    )
    const { orders, jobs } = failedInWorld(c)
    expect(orders).toBeGreaterThan(100)
    expect(jobs).toBeGreaterThan(100)
    const card = await screen.findByRole('region', { name: 'Needs attention' })
    // Before, the jobs were one list of a hundred: "1,249 orders and 100+ jobs went wrong".
    await waitFor(
      () =>
        expect(card).toHaveTextContent(
          `${(orders + jobs).toLocaleString('en-GB')} things went wrong; the newest first:`,
        ),
      { timeout: 20_000 },
    )
    const nav = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(within(nav).getByRole('link', { name: /^Start/ })).toHaveAccessibleName(
      /^Start ?99\+ ?need attention$/,
    )
    // The count reads one job per request, about twenty of them; the card's own list is its one page.
    const jobReads = c.backend.log.filter(
      (r) =>
        r.path === '/v2/processing/jobs' &&
        (new URLSearchParams(r.query).get('status') ?? '').includes('failed'),
    )
    const probes = jobReads.filter((r) => new URLSearchParams(r.query).get('limit') === '1')
    expect(probes.length).toBeGreaterThan(0)
    expect(probes.length).toBeLessThanOrEqual(22)
    expect(jobReads.length - probes.length).toBeLessThanOrEqual(2)
  }, 60_000)

  it("polls the large world's job list a few times a round, not a score: one list of jobs under way, and each unchanged count one one-job page", async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    const { queryClient } = await renderWithConsole(
      () => [{ path: '/', element: <Shell />, children: [{ index: true, Component: HomePage }] }],
      { at: '/', console: c },
    )
    const card = await screen.findByRole('region', { name: 'Needs attention' })
    await waitFor(() => expect(card).toHaveTextContent(/[\d,]+ things went wrong/), { timeout: 20_000 })
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 20_000 })
    const jobsRead = () => c.backend.log.filter((r) => r.path === '/v2/processing/jobs').length
    // One round of every job query the page and the navigation keep (what their timers do, at once).
    const before = jobsRead()
    await queryClient.refetchQueries({ queryKey: processingKeys.jobs(), type: 'active' })
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    // Before: about forty — Start's own list of jobs under way beside the navigation's, and the failed and
    // the running jobs each counted afresh from the decades (about twenty one-job pages each). Now: the list
    // under way and its count's one page, the failed jobs' list and their count's one page.
    expect(jobsRead() - before).toBeLessThanOrEqual(4)
  }, 60_000)

  it("says how many of the large world's licences wait, counted over every one, not the first hundred", async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    await renderWithConsole(() => [{ path: '/', Component: HomePage }], { at: '/', console: c })
    const card = await screen.findByRole('region', { name: 'Licenses to accept' })
    await waitFor(() => expect(card).toHaveTextContent(/wait to be accepted/), { timeout: 20_000 })
    // The card's reads: the first page (the centre's too) and the one after it, nothing more.
    expect(
      c.backend.log
        .filter((r) => r.path === '/v2/eulas')
        .map((r) => new URLSearchParams(r.query).get('page')),
    ).toEqual([null, '1'])
    // The service's own answer, in one page of a thousand: every licence, and those not accepted.
    const all = await c.client.GET('/v2/eulas', { params: { query: { size: 1000 } } })
    const eulas = all.data?.content ?? []
    expect(eulas.length).toBeGreaterThan(100)
    const waiting = eulas.filter((e) => !e.isAccepted).length
    // Before: the first hundred by title only (the 105th never read), and no total.
    expect(card).toHaveTextContent(`${waiting} licenses of ${eulas.length} wait to be accepted`)
    expect(card).toHaveTextContent(`Filtered here over ${eulas.length} rows`)
  }, 60_000)
})
