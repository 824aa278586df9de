// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { placeArchiveOrder } from '../../../testing/orders'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { HomePage } from './home-page'

const open = (c: TestConsole) =>
  renderWithConsole(() => [{ path: '/', Component: HomePage }], { at: '/', console: c })

const FAILED_JOB = ['unlicensed', 'invalid', 'rejected', 'failed', 'released']

/** What the analyst's account holds that went wrong, read from the simulator's world as the test's truth. */
function failures(c: TestConsole) {
  const world = c.backend.sim.runtime.world
  const account = c.session.getSnapshot().user?.accountId
  const orders = [...world.orders.values()]
    .map((r) => r.order)
    .filter(
      (o) =>
        o.accountId === account && (o.status === 'PLACEMENT_FAILED' || o.status === 'FAILED_PERMANENTLY'),
    )
  const jobs = [...world.jobs.values()]
    .map((r) => r.job)
    .filter((j) => j.accountID === account && FAILED_JOB.includes(j.status))
  return { orders, jobs }
}

describe('Needs attention on the start page', () => {
  it('lists failed orders and jobs with the reason the service gave and what to do next', async () => {
    const c = await signedInConsole()
    await open(c)
    const { orders, jobs } = failures(c)
    expect(orders.some((o) => o.status === 'PLACEMENT_FAILED')).toBe(true)
    const card = await screen.findByRole('region', { name: 'Needs attention' })
    await waitFor(() => expect(card).toHaveTextContent(`${orders.length + jobs.length} things went wrong`))
    // The newest failure first, with its reason, and an archive order offers "Order again" into the checkout.
    const failedPlacement = orders
      .filter((o) => o.status === 'PLACEMENT_FAILED')
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[0]
    const items = within(card).getAllByTestId('attention-item')
    const item = items.find((i) => within(i).queryByRole('link', { name: failedPlacement.displayName }))
    if (!item) throw new Error('the failed placement is not listed')
    expect(item).toHaveTextContent('Placement failed')
    expect(item).toHaveTextContent(/placement failed on .+ by the service/)
    expect(within(item).getByRole('link', { name: 'Order again' })).toHaveAttribute(
      'href',
      `/checkout?again=${failedPlacement.id}`,
    )
    // A failed job says the error the service returned, word for word.
    const job = jobs.find((j) => (j.results?.errors ?? []).length > 0)
    if (!job) throw new Error('the seed has no failed job with errors')
    await waitFor(() => expect(card).toHaveTextContent(job.results?.errors?.[0].message ?? '—'))
  })

  it('counts with one order per answer, not by reading every order', async () => {
    const c = await signedInConsole()
    await open(c)
    await screen.findByRole('region', { name: 'Needs attention' })
    await waitFor(() =>
      expect(
        c.backend.log.some(
          (r) =>
            r.path === '/v2/orders' && r.query.includes('size=1') && r.query.includes('PLACEMENT_FAILED'),
        ),
      ).toBe(true),
    )
    const orderReads = c.backend.log.filter((r) => r.path === '/v2/orders' && r.query.includes('FAILED'))
    for (const r of orderReads)
      expect(Number(new URLSearchParams(r.query).get('size'))).toBeLessThanOrEqual(20)
  })

  it('shows a placement that fails on the service’s clock, and Dismiss takes it off (kept in this browser)', async () => {
    const c = await signedInConsole()
    // The simulator fails about one first placement in eight (by the order's id): of a dozen orders placed,
    // one at least fails once the clock has passed their placement.
    const placed: { id: string; name: string }[] = []
    for (let i = 0; i < 12; i++) {
      const name = `Attention test ${i + 1}`
      placed.push({ id: await placeArchiveOrder(c, name), name })
    }
    c.backend.advance(30 + 60 + 1)
    const world = c.backend.sim.runtime.world
    const failing = placed.find((p) => world.orders.get(p.id)?.order.status === 'PLACEMENT_FAILED')
    if (!failing) throw new Error('no order failed placement')
    await open(c)
    const card = await screen.findByRole('region', { name: 'Needs attention' })
    const link = await within(card).findByRole('link', { name: failing.name })
    const item = link.closest('li')
    if (!item) throw new Error('no list item')
    expect(item).toHaveTextContent('Placement failed')
    const before = failures(c)
    await waitFor(() =>
      expect(card).toHaveTextContent(`${before.orders.length + before.jobs.length} things went wrong`),
    )
    await userEvent.click(
      within(item as HTMLElement).getByRole('button', { name: `Dismiss ${failing.name}` }),
    )
    await waitFor(() => expect(within(card).queryByRole('link', { name: failing.name })).toBeNull())
    await waitFor(() =>
      expect(card).toHaveTextContent(`${before.orders.length + before.jobs.length - 1} things went wrong`),
    )
    expect(
      localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('swath.attention')) ?? ''),
    ).toContain(failing.id)
  })
})
