// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok } from '../../../api/client'
import { decisionsRoutes } from '../../../app/routes/decisions-routes'
import { paths } from '../../../config/paths'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { CAMARGUE, quotationOf, waitingStudy } from '../../../testing/decisions'

const open = (at: string, c?: TestConsole) =>
  renderWithConsole((ctx) => [{ path: '/', children: decisionsRoutes(ctx) }], { at, console: c })

/** The body rows of the inbox, once it has loaded. */
async function inboxRows() {
  const table = await screen.findByRole('table', { name: 'Decisions' })
  return within(table).getAllByRole('row').slice(1)
}

/** Where each row's main link goes, in the order shown. */
const itemLinks = (rows: HTMLElement[]) =>
  rows.map((r) => within(r).getAllByRole('link')[0]?.getAttribute('href'))

/** Every item that waits, of both kinds, oldest first: what the inbox should list on top. */
async function waitingItems(c: TestConsole) {
  const query = { decision: ['NOT_DECIDED' as const], size: 100 }
  const [studies, quotations] = await Promise.all([
    ok(c.client.GET('/v2/tasking/feasibility-studies', { params: { query } })),
    ok(c.client.GET('/v2/tasking/quotation', { params: { query } })),
  ])
  return [
    ...studies.content.map((s) => ({ href: paths.study(s.id), at: s.createdAt })),
    ...quotations.content.map((q) => ({ href: paths.quotation(q.id), at: q.createdAt })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

describe('decisions inbox', () => {
  it('lists what waits first across studies and quotations, oldest first, then what was decided', async () => {
    const c = await signedInConsole()
    const expected = await waitingItems(c)
    expect(new Set(expected.map((e) => e.href.split('/')[2])).size).toBe(2)
    await open('/decisions', c)
    expect(await screen.findByRole('heading', { level: 1, name: 'Decisions' })).toBeInTheDocument()
    const rows = await inboxRows()
    // The order names arrive with a second request.
    await waitFor(() => expect(screen.queryByText(/^Order [0-9a-f]{8}$/)).toBeNull())

    for (const r of rows)
      expect(within(r).getAllByRole('link')[0]).toHaveAccessibleName(/^(Quotation|Feasibility study) for \S/)
    const waiting = rows.slice(0, expected.length)
    expect(itemLinks(waiting)).toEqual(expected.map((e) => e.href))
    for (const r of waiting) {
      expect(r).toHaveTextContent('Not decided')
      expect(r).toHaveTextContent(/Waiting since \d+ \w{3} \d{4} \d\d:\d\d UTC/)
    }
    const decided = rows.slice(expected.length)
    expect(decided.length).toBeGreaterThan(0)
    for (const r of decided) expect(r).not.toHaveTextContent('Not decided')
    expect(decided.some((r) => r.textContent?.includes('Option chosen'))).toBe(true)
    expect(decided.some((r) => r.textContent?.includes('Rejected'))).toBe(true)
    expect(decided[0]).toHaveTextContent(/Decided \d+ \w{3} \d{4}/)

    // Each row links to its item and to its order, and says what is asked.
    const { study, order } = await waitingStudy(c)
    const studyRow = rows.find((r) => r.textContent?.includes(order.displayName))!
    // The item's link reads its kind and is named with its order too, so a list of links tells them apart.
    const studyLink = within(studyRow).getByRole('link', {
      name: `Feasibility study for ${order.displayName}`,
    })
    expect(studyLink).toHaveAttribute('href', paths.study(study.id))
    expect(studyLink).toHaveTextContent(/^Feasibility study$/)
    expect(within(studyRow).getByRole('link', { name: order.displayName })).toHaveAttribute(
      'href',
      paths.order(order.id),
    )
    expect(studyRow).toHaveTextContent('3 options')
    const { quotation } = await quotationOf(c, CAMARGUE)
    const camargue = rows.find((r) => r.textContent?.includes(CAMARGUE))!
    expect(within(camargue).getByRole('link', { name: `Quotation for ${CAMARGUE}` })).toHaveAttribute(
      'href',
      paths.quotation(quotation.id),
    )
    expect(camargue).toHaveTextContent(`${quotation.creditsPrice.toLocaleString('en-US')} credits`)

    // Another account's quotation is not listed.
    expect(screen.queryByText('Starter radar tasking')).toBeNull()

    // The lists went out with repeated decisions, the order names with one comma-joined orderIds.
    const lists = c.backend.log.filter((r) => r.path === '/v2/tasking/quotation')
    expect(lists.some((r) => r.query.includes('decision=ACCEPTED&decision=REJECTED'))).toBe(true)
    const names = c.backend.log.find((r) => r.path === '/v2/orders' && r.query.includes('orderIds='))
    expect(new URLSearchParams(names?.query).get('orderIds')?.split(',').length).toBeGreaterThan(3)
  })

  it('narrows to one order from the URL, and "Show all" clears it', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { order } = await waitingStudy(c)
    const from = c.backend.log.length
    await open(paths.decisions(`order=${order.id}`), c)
    const rows = await inboxRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toHaveTextContent('Feasibility study')
    await waitFor(() =>
      expect(screen.getByText(/Showing the decisions of order/)).toHaveTextContent(order.displayName),
    )
    // Every list the page asked for was narrowed by the service, not after.
    const lists = c.backend.log.slice(from).filter((r) => r.path.startsWith('/v2/tasking/'))
    expect(lists).toHaveLength(4)
    for (const r of lists) expect(new URLSearchParams(r.query).get('orderId')).toBe(order.id)

    await user.click(screen.getByRole('button', { name: 'Show all' }))
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(5))
    expect(screen.queryByText(/Showing the decisions of order/)).toBeNull()
  })

  it('shows more decided items on request', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    // Enough decided quotations for a second step.
    const world = c.backend.sim.runtime.world
    const template = [...world.quotations.values()].find((q) => q.decision === 'ACCEPTED')!
    for (let i = 0; i < 25; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
      world.quotations.set(id, {
        ...template,
        id,
        decisionAt: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
      })
    }
    await open('/decisions', c)
    // The rows listed, drawn or not: past 30 the table draws only those in its scroll box.
    const listed = async () =>
      Number((await screen.findByRole('table', { name: 'Decisions' })).getAttribute('aria-rowcount')) - 1
    const before = await listed()
    expect(before).toBe((await inboxRows()).length)
    const sentence = screen.getByText(/the 20 most recent of \d+ decided items/)
    const total = Number(/of (\d+) decided/.exec(sentence.textContent ?? '')?.[1])
    expect(total).toBeGreaterThan(25)
    await user.click(screen.getByRole('button', { name: 'Show 20 more decided' }))
    await waitFor(async () => expect(await listed()).toBe(before - 20 + Math.min(40, total)))
    expect(screen.getByText(new RegExp(`all ${total} decided items`))).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show 20 more decided' })).toBeNull()
  })

  it('says when nothing waits and what creates decisions', async () => {
    const c = await signedInConsole()
    c.backend.sim.runtime.world.studies.clear()
    c.backend.sim.runtime.world.quotations.clear()
    await open('/decisions', c)
    expect(await screen.findByRole('heading', { name: 'Nothing waits for a decision' })).toBeInTheDocument()
    expect(screen.getByText(/sends a feasibility study with options/)).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a failed load with Retry, and the list once the service answers again', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    c.backend.sim.control.faults = [{ path: '/v2/tasking/**', method: 'GET', status: 500 }]
    await open('/decisions', c)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The decisions could not be loaded')
    c.backend.sim.control.faults = []
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Decisions' })).toBeInTheDocument()
    expect(screen.queryByText('The decisions could not be loaded')).toBeNull()
  })
})
