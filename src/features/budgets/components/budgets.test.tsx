// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { budgetsRoutes } from '../../../app/routes/budgets-routes'
import { formatCredits, formatUtcDay } from '../../../lib/format'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { useBudgetThresholds } from '../../../data/budgets/thresholds'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { asOfInstant, burnRate, runOut } from '../usage'

const renderAt = (at: string, c?: TestConsole, email?: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: budgetsRoutes(ctx) }], { at, console: c, email })

interface Usage {
  consumedCredits: number
  allocatedCredits: number
  records: { orderId?: string; jobId?: string; credits: number; recordedAt: string }[]
}

/** The usage as the service gives it, read straight from the simulator's API. */
async function apiUsage(c: TestConsole, id: string): Promise<Usage> {
  const res = await c.client.GET('/v2/budgets/{budget-id}/usage', { params: { path: { 'budget-id': id } } })
  return res.data as Usage
}

const budgetsOf = (c: TestConsole) => [...c.backend.sim.runtime.world.budgets.values()].map((r) => r.budget)

afterEach(() => {
  vi.useRealTimers()
})

describe('budget dashboard', () => {
  it('shows every budget with its allocated, used and remaining credits, as the API counts them', async () => {
    const c = await signedInConsole()
    await renderAt('/budgets', c)
    const list = await screen.findByRole('list', { name: 'Budgets' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    for (const b of budgetsOf(c)) {
      const usage = await apiUsage(c, b.id)
      const item = items.find((i) => within(i).queryByRole('link', { name: b.name })) as HTMLElement
      await waitFor(() =>
        expect(within(item).getByTestId('budget-figures')).toHaveTextContent(
          `${formatCredits(usage.consumedCredits)} used of ${formatCredits(b.allocatedCredits)} allocated`,
        ),
      )
      expect(item).toHaveTextContent(`${formatCredits(b.allocatedCredits - usage.consumedCredits)} remaining`)
      expect(within(item).getByRole('meter')).toHaveAccessibleName(
        `${b.name}: ${Math.round((usage.consumedCredits / b.allocatedCredits) * 100)}% of its credits used`,
      )
    }
    expect(screen.getByTestId('enforcement')).toHaveTextContent('Enforcement is off')
  })

  it('filters by status in the URL, and says plainly when enforcement is on', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    for (const a of c.backend.sim.runtime.world.accounts.values()) a.budgetSettings.enforcementEnabled = true
    const r = await renderAt('/budgets', c)
    await screen.findByRole('list', { name: 'Budgets' })
    expect(screen.getByTestId('enforcement')).toHaveTextContent(
      'Every order and processing job must be charged to an active budget',
    )
    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }))
    await waitFor(() => expect(r.router.state.location.search).toBe('?status=INACTIVE'))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Budgets' }))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Legacy project 2025']),
    )
    expect(c.backend.log.some((e) => e.path === '/v2/budgets' && e.query.includes('status=INACTIVE'))).toBe(
      true,
    )
  })

  it('shows an empty filter with a way back to every budget', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    for (const r of c.backend.sim.runtime.world.budgets.values()) r.budget.status = 'ACTIVE'
    const r = await renderAt('/budgets?status=INACTIVE', c)
    expect(await screen.findByText('No inactive budgets')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show every budget' }))
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    expect(await screen.findByRole('list', { name: 'Budgets' })).toBeInTheDocument()
  })

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const faults = (list: object[]) =>
      c.backend.fetch('http://swath.test/api/__sim/faults', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(list),
      })
    await faults([{ path: '/v2/budgets', method: 'GET', status: 503 }])
    await renderAt('/budgets?status=ACTIVE', c)
    expect(await screen.findByText('The budgets could not be loaded')).toBeInTheDocument()
    await faults([])
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('list', { name: 'Budgets' })).toBeInTheDocument()
  })

  it('explains to the Viewer and to a Starter-plan account why budgets are not theirs, without asking', async () => {
    const viewer = await renderAt('/budgets', undefined, 'viewer@swath.test')
    expect(await screen.findByText('Your role cannot see budgets')).toBeInTheDocument()
    expect(
      screen.getByText(/An account administrator \(a user with the Admin role\) can see them/),
    ).toBeVisible()
    expect(viewer.console.backend.log.some((e) => e.path.startsWith('/v2/budgets'))).toBe(false)
    viewer.unmount()

    const starter = await renderAt('/budgets/whatever', undefined, 'starter@swath.test')
    expect(await screen.findByText('Budgets are part of the Enterprise plan')).toBeInTheDocument()
    expect(starter.console.backend.log.some((e) => e.path.startsWith('/v2/budgets'))).toBe(false)
  })
})

describe('budget page', () => {
  it('shows the figures, burn rate and run-out date from the API’s records, and links records to orders and jobs', async () => {
    const c = await signedInConsole()
    // The browser's clock reads the simulator's, so "now" is the same instant for both.
    vi.useFakeTimers({ toFake: ['Date'], now: c.backend.sim.runtime.world.now() })
    const budget = budgetsOf(c).find((b) => b.name === 'Forest monitoring 2026')
    if (!budget) throw new Error('no forest budget')
    const usage = await apiUsage(c, budget.id)
    await renderAt(`/budgets/${budget.id}`, c)
    expect(await screen.findByRole('heading', { level: 1, name: 'Forest monitoring 2026' })).toBeVisible()
    expect(await screen.findByTestId('figure-allocated')).toHaveTextContent(
      `${formatCredits(budget.allocatedCredits)} credits`,
    )
    expect(screen.getByTestId('figure-used')).toHaveTextContent(
      `${formatCredits(usage.consumedCredits)} credits`,
    )
    expect(screen.getByTestId('figure-remaining')).toHaveTextContent(
      `${formatCredits(budget.allocatedCredits - usage.consumedCredits)} credits`,
    )
    const asOf = asOfInstant(usage.records, Date.now())
    const rate = burnRate(usage.consumedCredits, budget.createdAt, asOf)
    const end = runOut(budget.allocatedCredits - usage.consumedCredits, rate, asOf)
    if (end.kind !== 'on' || !rate) throw new Error('the seeded forest budget should be spending')
    expect(screen.getByTestId('burn-rate')).toHaveTextContent(
      `has used ${formatCredits(Math.round(rate.perDay))} credits a day on average`,
    )
    expect(screen.getByTestId('burn-rate')).toHaveTextContent(
      `run out on ${formatUtcDay(end.day)} (in ${end.days} days)`,
    )

    const table = screen.getByRole('table', { name: 'Consumption records' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(usage.records.length)
    const total = rows.reduce(
      (sum, r) => sum + Number((within(r).getAllByRole('cell')[2].textContent ?? '').replace(/,/g, '')),
      0,
    )
    expect(total).toBe(usage.consumedCredits)
    const orderRecord = usage.records.find((r) => r.orderId)
    expect(orderRecord).toBeDefined()
    const hrefs = within(table)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
    expect(hrefs).toContain(`/orders/${orderRecord?.orderId}`)
    // Records name what spent the credits, never by a bare id.
    for (const link of within(table).getAllByRole('link'))
      expect(link.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(screen.getByRole('img', { name: /Credits used per day/ })).toBeInTheDocument()
  })

  it('shows its thresholds, 80 % and 100 % unless set, and keeps the ones the analyst sets', async () => {
    resetStores(useBudgetThresholds)
    const c = await signedInConsole()
    const budget = budgetsOf(c).find((b) => b.name === 'Forest monitoring 2026')
    if (!budget) throw new Error('no forest budget')
    const first = await renderAt(`/budgets/${budget.id}`, c)
    const words = await screen.findByTestId('thresholds')
    expect(words).toHaveTextContent(
      `crosses 80 % (${formatCredits(budget.allocatedCredits * 0.8)} credits), 100 % (${formatCredits(budget.allocatedCredits)} credits)`,
    )
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: /Thresholds \(% of the allocation\)/ })
    await user.clear(input)
    await user.type(input, '90, fifty')
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }))
    expect(input).toHaveAccessibleDescription(/“fifty” is not a percentage/)
    expect(useBudgetThresholds.getState().byBudget).toEqual({})
    await user.clear(input)
    await user.type(input, '90, 50')
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }))
    expect(await screen.findByText('Thresholds saved.')).toBeInTheDocument()
    expect(words).toHaveTextContent(/crosses 50 % .*, 90 % /)
    expect(input).toHaveValue('50, 90')
    first.unmount()
    // Kept in the browser beyond the tab, for the next visit.
    expect(JSON.parse(localStorage.getItem('swath.budget-thresholds') ?? '{}')).toMatchObject({
      state: { byBudget: { [budget.id]: [50, 90] } },
    })
    await renderAt(`/budgets/${budget.id}`, c)
    expect(await screen.findByTestId('thresholds')).toHaveTextContent(/crosses 50 % .*, 90 % /)
    await user.click(screen.getByRole('button', { name: 'Back to 80 % and 100 %' }))
    expect(screen.getByTestId('thresholds')).toHaveTextContent(/crosses 80 % .*, 100 % /)
  })

  it('names the jobs that spent a budget by their titles, linked to their pages', async () => {
    const c = await signedInConsole()
    const budget = budgetsOf(c).find((b) => b.name === 'Urban planning')
    if (!budget) throw new Error('no urban budget')
    const usage = await apiUsage(c, budget.id)
    const titled = usage.records.flatMap((r) => {
      // Older records name jobs from before the seeded history, which the account no longer lists.
      const title = r.jobId
        ? c.backend.sim.runtime.world.jobs.get(r.jobId)?.job.definition.inputs.title
        : null
      return r.jobId && typeof title === 'string' ? [{ id: r.jobId, title: title.trim() }] : []
    })
    expect(titled.length).toBeGreaterThan(0)
    await renderAt(`/budgets/${budget.id}`, c)
    const table = await screen.findByRole('table', { name: 'Consumption records' })
    for (const job of titled)
      expect(
        await within(table).findByRole('link', { name: `Processing job “${job.title}”` }),
      ).toHaveAttribute('href', `/jobs/${job.id}`)
    for (const link of within(table).getAllByRole('link'))
      expect(link.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  })

  it('names, without a link, records of orders and jobs the service no longer lists', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const budget = budgetsOf(c).find((b) => b.name === 'Urban planning')
    if (!budget) throw new Error('no urban budget')
    const usage = await apiUsage(c, budget.id)
    const gone = usage.records.filter(
      (r) => (r.orderId && !world.orders.has(r.orderId)) || (r.jobId && !world.jobs.has(r.jobId)),
    )
    expect(gone.length).toBeGreaterThan(0)
    await renderAt(`/budgets/${budget.id}`, c)
    const table = await screen.findByRole('table', { name: 'Consumption records' })
    await within(table).findAllByText(/\(no longer listed\)$/)
    for (const r of gone) {
      const id = r.orderId ?? r.jobId ?? ''
      const href = r.orderId ? `/orders/${id}` : `/jobs/${id}`
      expect(table.querySelector(`a[href="${href}"]`)).toBeNull()
    }
    // Those the service lists stay links.
    expect(within(table).getAllByRole('link').length).toBeGreaterThan(0)
  })

  it('moves when a new consumption record is read (the e2e journey fulfils a real order)', async () => {
    const c = await signedInConsole()
    const budget = budgetsOf(c).find((b) => b.name === 'Urban planning')
    if (!budget) throw new Error('no urban budget')
    const before = (await apiUsage(c, budget.id)).consumedCredits
    const r = await renderAt(`/budgets/${budget.id}`, c)
    await waitFor(() =>
      expect(screen.getByTestId('figure-used')).toHaveTextContent(`${formatCredits(before)} credits`),
    )
    // Another record lands (as a fulfilled order would add); the page shows it once the usage is read again.
    c.backend.sim.runtime.world.budgets.get(budget.id)?.records.push({
      orderId: '11111111-1111-4111-8111-111111111111',
      credits: 1234,
      recordedAt: new Date(c.backend.sim.runtime.world.now()).toISOString(),
    })
    await r.queryClient.invalidateQueries({ queryKey: ['budgets'] })
    await waitFor(() =>
      expect(screen.getByTestId('figure-used')).toHaveTextContent(`${formatCredits(before + 1234)} credits`),
    )
  })

  it('says when a budget does not exist', async () => {
    await renderAt('/budgets/00000000-0000-4000-8000-000000000000')
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget not found' })).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account has no budget with the ID 00000000-0000-4000-8000-000000000000; it may have been removed',
    )
    expect(screen.getByRole('link', { name: 'All budgets' })).toHaveAttribute('href', '/budgets')
  })
})
