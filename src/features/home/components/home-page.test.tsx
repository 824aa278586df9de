// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { HomePage } from './home-page'

const open = (c: TestConsole) =>
  renderWithConsole(() => [{ path: '/', Component: HomePage }], { at: '/', console: c })

const card = (name: string | RegExp) => screen.findByRole('region', { name })

describe('the start page', () => {
  it('answers “what needs me today”, each item linked to where it is acted on', async () => {
    const c = await signedInConsole()
    await open(c)
    const world = c.backend.sim.runtime.world

    // Decisions: the one that waited longest first, linked to its page.
    const decisions = await card('Decisions waiting')
    const account = c.session.getSnapshot().user?.accountId
    const waiting = [...world.studies.values(), ...world.quotations.values()].filter(
      (d) => d.decision === 'NOT_DECIDED' && d.accountId === account,
    )
    const oldest = waiting.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0]
    const first = (
      await within(decisions).findAllByRole('link', { name: /^(Feasibility study|Quotation) for / })
    )[0]
    expect(first?.getAttribute('href')).toMatch(new RegExp(`/${oldest.id}$`))
    expect(decisions).toHaveTextContent(`${waiting.length} decisions wait`)

    // Orders in progress and recently fulfilled, jobs under way, storage, licences and this month's spend.
    const orders = await card('Orders')
    await waitFor(() => expect(within(orders).getAllByRole('link').length).toBeGreaterThan(2))
    expect(within(orders).getAllByRole('link')[1].getAttribute('href')).toMatch(/^\/orders\//)
    const jobs = await card('Jobs under way')
    await waitFor(() =>
      expect(
        within(jobs)
          .getAllByRole('link')
          .some((a) => /^\/jobs\/./.test(a.getAttribute('href') ?? '')),
      ).toBe(true),
    )
    const storage = await card('Newest in storage')
    await waitFor(() =>
      expect(
        within(storage)
          .getAllByRole('link')
          .some((a) => a.getAttribute('href')?.startsWith('/storage/collections/')),
      ).toBe(true),
    )
    const licences = await card('Licenses to accept')
    await waitFor(() =>
      expect(
        within(licences)
          .getAllByRole('link')
          .some((a) => /^\/licences\/./.test(a.getAttribute('href') ?? '')),
      ).toBe(true),
    )
    const spend = await card(/^Budget spend in /)
    await waitFor(() =>
      expect(spend).toHaveTextContent(/\d credits spent this month across \d+ active budgets?/),
    )
    // An established account gets no getting-started.
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull()
  })

  it('shows the Viewer decisions to review and no budgets, and the starter no budgets', async () => {
    const viewer = await signedInConsole('viewer@swath.test')
    const v = await open(viewer)
    expect(await card('Decisions to review')).toBeInTheDocument()
    await card('Orders')
    expect(screen.queryByRole('region', { name: /^Budget spend/ })).toBeNull()
    v.unmount()
    const starter = await signedInConsole('starter@swath.test')
    await open(starter)
    await card('Orders')
    expect(screen.queryByRole('region', { name: /^Budget spend/ })).toBeNull()
  })

  it('gives a new account its first steps, and says what is empty', async () => {
    const c = await signedInConsole('starter@swath.test')
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    for (const [id, o] of world.orders) if (o.order.accountId === account) world.orders.delete(id)
    await open(c)
    const start = await card('Getting started')
    expect(within(start).getByRole('link', { name: 'Draw or import an area of interest' })).toHaveAttribute(
      'href',
      '/areas',
    )
    expect(await screen.findByText('No order is in progress.')).toBeInTheDocument()
  })

  it('says what failed on one card and recovers with Try again, the others unharmed', async () => {
    const c = await signedInConsole()
    c.backend.sim.control.faults = [{ path: '/v2/processing/jobs', status: 503 }]
    await open(c)
    const jobs = await card('Jobs under way')
    expect(
      await within(jobs).findByText('Jobs under way could not be loaded', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(await card('Orders')).toBeInTheDocument()
    c.backend.sim.control.faults = []
    within(jobs).getByRole('button', { name: 'Try again' }).click()
    await waitFor(() => expect(within(jobs).queryByText('Jobs under way could not be loaded')).toBeNull())
  })
})
