// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ok } from '../../../api/client'
import { decisionsRoutes } from '../../../app/routes/decisions-routes'
import { paths } from '../../../config/paths'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { decisionKey } from '../../../data/decisions/decide-once'
import { decisionKeys } from '../../../data/decisions/keys'
import { useDecisionStore } from '../decision-store'
import { AOI_SOURCE } from '../map-layers'
import { CAMARGUE, NILE, patches, quotationOf } from '../../../testing/decisions'

// WebGL does not exist in jsdom: the map is the shared double, which keeps the props the page gives it.

const open = (at: string, c?: TestConsole) =>
  renderWithConsole((ctx) => [{ path: '/', children: decisionsRoutes(ctx) }], { at, console: c })

const credits = (n: number) => n.toLocaleString('en-US')
const quotationPatches = (c: TestConsole) => patches(c, '/v2/tasking/quotation/')
const storedDecision = (c: TestConsole, id: string) =>
  c.backend.sim.runtime.world.quotations.get(id)?.decision

/** Opens a quotation and waits until the page can decide (the order and the budgets read). */
async function openQuotation(c: TestConsole, orderName: string) {
  const found = await quotationOf(c, orderName)
  const { queryClient } = await open(paths.quotation(found.quotation.id), c)
  await screen.findByRole('heading', { level: 1, name: 'Quotation' })
  await screen.findByRole('link', { name: orderName })
  return { ...found, queryClient }
}

/**
 * Cache entries that a decision must refresh: the navigation's count (not shown on this page, so only marked
 * stale) and, as the decision mutations do, the orders' and budgets' resources (by their keys, as data/
 * names them).
 */
function watchRefresh(qc: QueryClient) {
  const keys = [decisionKeys.pendingCount(), ['orders', 'probe'], ['budgets', 'probe']]
  for (const key of keys) qc.setQueryData(key, 1)
  return () => keys.map((key) => qc.getQueryState(key)?.isInvalidated)
}

/** The quotation decided through the API, as another tab (or another user) would. */
const decideAs = (c: TestConsole, id: string, decision: 'ACCEPTED' | 'REJECTED') =>
  ok(
    c.client.PATCH('/v2/tasking/quotation/{quotation-id}', {
      params: { path: { 'quotation-id': id } },
      body: { decision },
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  )

/** Another administrator of the analyst's account, signed in on the same simulator. */
async function anotherAdministrator(c: TestConsole): Promise<TestConsole> {
  const users = c.backend.sim.runtime.world.users
  const analyst = users.find((u) => u.email === 'analyst@swath.test')!
  users.push({ ...analyst, id: 'b2c3d4e5-0000-4000-8000-00000000cafe', email: 'second@swath.test' })
  return signedInConsole('second@swath.test', c.backend)
}

/**
 * Notes whether a button named `name` is ever added to the page from now on, however briefly (it is looked
 * for in every added subtree, even one removed again before anyone could see it). Returns the verdict.
 */
function watchOffered(name: string): () => boolean {
  let seen = false
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof Element)
          for (const b of [n, ...n.querySelectorAll('button')])
            if (b.tagName === 'BUTTON' && b.textContent === name) seen = true
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    observer.disconnect()
    return seen
  }
}

async function confirm(
  user: ReturnType<typeof userEvent.setup>,
  verdict: 'Accept' | 'Reject',
  price?: number,
) {
  await user.click(screen.getByRole('button', { name: `${verdict} quotation…` }))
  const dialog = await screen.findByRole('dialog', { name: `${verdict} this quotation?` })
  const button =
    verdict === 'Accept'
      ? within(dialog).getByRole('button', { name: `Accept and spend ${credits(price ?? 0)} credits` })
      : within(dialog).getByRole('button', { name: 'Reject quotation' })
  return { dialog, button }
}

describe('quotation page', () => {
  beforeEach(() => {
    map.props = null
  })

  it('accepts after a confirmation, sends one PATCH however often it is clicked, and then reads who and when', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation, order } = await openQuotation(c, CAMARGUE)
    const price = quotation.creditsPrice
    expect(screen.getByText(`${credits(price)} credits`, { selector: 'p' })).toBeInTheDocument()
    expect(
      screen.getByText(/The service checks that the account has these credits when you accept/),
    ).toBeInTheDocument()
    expect(screen.getByText(/\(\d+ days\)$/)).toBeInTheDocument()
    await waitFor(() => expect(map.props?.overlays?.[0]?.id).toBe(AOI_SOURCE))
    // Enforcement is off and the order has no budget: the picker is optional.
    expect(await screen.findByText(/Optional: charge these orders to a budget/)).toBeInTheDocument()

    const { dialog, button } = await confirm(user, 'Accept', price)
    expect(dialog).toHaveTextContent(/credits are charged to the account/)
    expect(dialog).toHaveTextContent(/deliveries show on the order/)
    expect(quotationPatches(c)).toHaveLength(0)
    await user.dblClick(button)

    const notice = await screen.findByRole('status', {
      name: /^You accepted this quotation on \d+ \w{3} \d{4} \d\d:\d\d UTC$/,
    })
    await waitFor(() => expect(notice).toHaveFocus())
    const sent = quotationPatches(c)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ status: 200, body: { decision: 'ACCEPTED' } })
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reject quotation…' })).toBeNull()
    expect(storedDecision(c, quotation.id)).toBe('ACCEPTED')
    expect(c.backend.sim.runtime.world.orders.get(order.id)?.order.status).toBe('BEING_FULFILLED')
  })

  it('rejects after its own confirmation', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation } = await openQuotation(c, CAMARGUE)
    const { dialog, button } = await confirm(user, 'Reject')
    expect(dialog).toHaveTextContent('The order will not be carried out; this cannot be undone.')
    await user.click(button)
    expect(await screen.findByRole('status', { name: /^You rejected this quotation on / })).toHaveTextContent(
      'nothing was charged',
    )
    expect(quotationPatches(c).map((r) => r.body)).toEqual([{ decision: 'REJECTED' }])
    expect(storedDecision(c, quotation.id)).toBe('REJECTED')
  })

  it('explains a 402 with what the service said, and leaves the quotation undecided', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation } = await openQuotation(c, NILE)
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Not enough credits')
    expect(alert).toHaveTextContent(/the account has [\d,]+ available/)
    expect(alert).toHaveTextContent(/Add credits to the account, or ask an account administrator/)
    expect(quotationPatches(c).map((r) => r.status)).toEqual([402])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Accept quotation…' })).toBeEnabled()
    expect(storedDecision(c, quotation.id)).toBe('NOT_DECIDED')
  })

  it('says a 503 decided nothing, and "Try again" sends the same decision once more', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation } = await openQuotation(c, CAMARGUE)
    c.backend.sim.control.faults = [
      { path: '/v2/tasking/quotation/*', method: 'PATCH', status: 503, times: 1 },
    ]
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'The service cannot take decisions right now.Nothing was decided; try again in a few minutes.',
    )
    expect(storedDecision(c, quotation.id)).toBe('NOT_DECIDED')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('status', { name: /^You accepted this quotation on / }),
    ).toBeInTheDocument()
    expect(quotationPatches(c).map((r) => r.status)).toEqual([503, 200])
    expect(screen.queryByText('The service cannot take decisions right now.')).toBeNull()
  })

  it('explains a budget required by enforcement, and accepts once a budget is chosen', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation } = await openQuotation(c, CAMARGUE)
    await screen.findByText(/Optional: charge these orders to a budget/)
    // Enforcement goes on after the page read the settings: the service refuses, the page explains.
    for (const a of c.backend.sim.runtime.world.accounts.values())
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = true
    const first = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(first.button)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This account requires a budget on every order.')
    expect(alert).toHaveTextContent('choose an active budget, then accept again')
    expect(storedDecision(c, quotation.id)).toBe('NOT_DECIDED')
    // The refusal refreshed the settings: the budget picker now says a budget is required.
    await screen.findByText(/Budget enforcement is on: every order must be charged to an active budget/)

    const picker = await screen.findByLabelText(/^Budget/, { selector: 'input' })
    await user.click(picker)
    await user.click(
      await screen.findByRole('option', {
        name: /^Forest monitoring 2026 — [\d,]+ of 60,000 credits left/,
        hidden: true,
      }),
    )
    // The price against what the budget has left, in numbers.
    const against = await screen.findByRole('region', { name: 'Price against the budget' })
    expect(against).toHaveTextContent(`Price${credits(quotation.creditsPrice)} credits`)
    expect(against).toHaveTextContent(/Left in the budget[\d,]+ credits/)
    expect(against).toHaveTextContent(
      /After accepting, “Forest monitoring 2026” would have [\d,]+ credits left/,
    )

    const second = await confirm(user, 'Accept', quotation.creditsPrice)
    expect(second.dialog).toHaveTextContent('recorded on the budget “Forest monitoring 2026”')
    await user.click(second.button)
    expect(
      await screen.findByRole('status', { name: /^You accepted this quotation on / }),
    ).toBeInTheDocument()
    const sent = quotationPatches(c)
    expect(sent.map((r) => r.status)).toEqual([400, 200])
    expect(sent[0]?.body).toEqual({ decision: 'ACCEPTED' })
    const forest = [...c.backend.sim.runtime.world.budgets.values()].find(
      (b) => b.budget.name === 'Forest monitoring 2026',
    )
    expect(sent[1]?.body).toEqual({ decision: 'ACCEPTED', budgetId: forest?.budget.id })
    expect(forest?.records.at(-1)?.credits).toBe(quotation.creditsPrice)
  })

  it('charges the order’s own budget: its name and what it has left, the price against it', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const forest = [...world.budgets.values()].find((b) => b.budget.name === 'Forest monitoring 2026')!
    const { quotation, order } = await quotationOf(c, CAMARGUE)
    world.orders.get(order.id)!.order.budgetId = forest.budget.id
    await openQuotation(c, CAMARGUE)
    expect(
      await screen.findByText(
        /^Charged to the order’s budget “Forest monitoring 2026”, which has [\d,]+ credits left\.$/,
      ),
    ).toBeInTheDocument()
    // No picker: the order's budget applies.
    expect(screen.queryByLabelText(/^Budget/, { selector: 'input' })).toBeNull()
    expect(await screen.findByRole('region', { name: 'Price against the budget' })).toHaveTextContent(
      /would have [\d,]+ credits left/,
    )
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    expect(
      await screen.findByRole('status', { name: /^You accepted this quotation on / }),
    ).toBeInTheDocument()
    // The order's budget is not sent again: the service applies it.
    expect(quotationPatches(c).map((r) => r.body)).toEqual([{ decision: 'ACCEPTED' }])
    expect(forest.records.at(-1)?.credits).toBe(quotation.creditsPrice)
  })

  it('warns when the price is more than the budget has left', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const urban = [...world.budgets.values()].find((b) => b.budget.name === 'Urban planning')!
    const { order } = await quotationOf(c, NILE)
    world.orders.get(order.id)!.order.budgetId = urban.budget.id
    await openQuotation(c, NILE)
    const against = await screen.findByRole('region', { name: 'Price against the budget' })
    expect(within(against).getByText('More than this budget has left')).toBeInTheDocument()
    expect(against).toHaveTextContent(/“Urban planning” has [\d,]+ left/)
  })

  it('asks for a budget before confirming when the settings say enforcement is on', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    for (const a of c.backend.sim.runtime.world.accounts.values())
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = true
    await openQuotation(c, CAMARGUE)
    await screen.findByText(/Budget enforcement is on/)
    await user.click(screen.getByRole('button', { name: 'Accept quotation…' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Choose a budget first')
    expect(alert).toHaveTextContent('This account requires a budget on every order: choose one.')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(quotationPatches(c)).toHaveLength(0)
  })

  it('says when someone else decided first, shows that decision and refreshes as after a success', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation, queryClient } = await openQuotation(c, CAMARGUE)
    const refreshed = watchRefresh(queryClient)
    // Another administrator of the account rejects it meanwhile.
    const other = await anotherAdministrator(c)
    await decideAs(other, quotation.id, 'REJECTED')
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This quotation was already decided')
    expect(alert).toHaveTextContent('Someone decided it before you')
    expect(
      await screen.findByRole('status', { name: /^Rejected by another user \(id [0-9a-f]{8}…\) on / }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(storedDecision(c, quotation.id)).toBe('REJECTED')
    // The count in the navigation, the lists, the orders and the budgets follow the decision learnt.
    await waitFor(() => expect(refreshed()).toEqual([true, true, true]))
  })

  it('never calls this user "someone": their own decision from another tab is theirs', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation } = await openQuotation(c, CAMARGUE)
    // The same user rejects it in another tab meanwhile.
    await decideAs(c, quotation.id, 'REJECTED')
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This quotation was already decided')
    expect(alert).toHaveTextContent('You decided it yourself before, in this tab or another')
    expect(alert).not.toHaveTextContent('Someone')
    expect(
      await screen.findByRole('status', { name: /^You rejected this quotation on / }),
    ).toBeInTheDocument()
    expect(quotationPatches(c).map((r) => r.status)).toEqual([200, 400])
  })

  it('after a 503 that came although the service accepted: not known yet — checking, then “You accepted”, sent once', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation, queryClient } = await openQuotation(c, CAMARGUE)
    const refreshed = watchRefresh(queryClient)
    // The acceptance is recorded, but its answer is lost to a 503; the read after is slow enough to be seen.
    c.backend.sim.control.faults = [
      { path: '/v2/tasking/quotation/*', method: 'PATCH', status: 503, after: true, times: 1 },
      { path: '/v2/tasking/quotation', method: 'GET', latencyMs: 800, times: 1 },
    ]
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    const checking = await screen.findByRole('status', { name: 'Not known yet — checking' })
    const offered = watchOffered('Accept quotation…')
    expect(checking).toHaveTextContent(
      /Sent \d+ s ago; the service has not said whether the decision was recorded\./,
    )
    expect(checking).toHaveTextContent('Reading the quotation again every few seconds')
    // Nothing is offered while the outcome is not known; the confirmation closes.
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const notice = await screen.findByRole('status', {
      name: /^You accepted this quotation on \d+ \w{3} \d{4} \d\d:\d\d UTC$/,
    })
    await waitFor(() => expect(notice).toHaveFocus())
    expect(screen.queryByRole('status', { name: 'Not known yet — checking' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/Someone decided it before you/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(quotationPatches(c).map((r) => r.status)).toEqual([503])
    // Not even for a moment between the check's answer and the page showing it.
    expect(offered()).toBe(false)
    expect(storedDecision(c, quotation.id)).toBe('ACCEPTED')
    await waitFor(() => expect(refreshed()).toEqual([true, true, true]))
  })

  it('after a server error that decided nothing: checked, then said so, and "Try again" is offered', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation } = await openQuotation(c, CAMARGUE)
    c.backend.sim.control.faults = [
      { path: '/v2/tasking/quotation/*', method: 'PATCH', status: 500, times: 1 },
    ]
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The service ran into an error.')
    expect(alert).toHaveTextContent('Checked since: nothing was decided. Try again in a moment.')
    expect(storedDecision(c, quotation.id)).toBe('NOT_DECIDED')
    // The quotation was read again before saying so.
    const reads = c.backend.log.filter((r) => r.method === 'GET' && r.path === '/v2/tasking/quotation')
    expect(reads.at(-1)?.query).toContain(`id=${quotation.id}`)
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('status', { name: /^You accepted this quotation on / }),
    ).toBeInTheDocument()
    expect(quotationPatches(c).map((r) => r.status)).toEqual([500, 200])
  })

  it('after a reload while the acceptance was out: checks it, offers nothing, and ends showing it accepted', async () => {
    const c = await signedInConsole()
    const { quotation } = await quotationOf(c, CAMARGUE)
    // The earlier page sent the acceptance (kept in its draft) and was reloaded; the service is still at it.
    c.backend.sim.control.faults = [{ path: '/v2/tasking/quotation/*', method: 'PATCH', latencyMs: 1500 }]
    const startedAt = new Date().toISOString()
    const inFlight = decideAs(c, quotation.id, 'ACCEPTED')
    useDecisionStore.getState().set(decisionKey('quotation', quotation.id), {
      kind: 'placing',
      attempt: {
        startedAt,
        before: [],
        item: 'quotation',
        itemId: quotation.id,
        patch: { decision: 'ACCEPTED' },
      },
    })
    const offered = watchOffered('Accept quotation…')
    await open(paths.quotation(quotation.id), c)
    const checking = await screen.findByRole('status', { name: 'Not known yet — checking' })
    expect(checking).toHaveTextContent(/Sent \d+ s ago/)
    // The page read the quotation as it is now (still waiting), yet offers no decision.
    await screen.findByRole('link', { name: CAMARGUE })
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reject quotation…' })).toBeNull()
    expect(
      await screen.findByRole('status', { name: /^You accepted this quotation on / }),
    ).toBeInTheDocument()
    await inFlight
    expect(screen.queryByRole('status', { name: 'Not known yet — checking' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    // Not even for a moment: before the kept attempt was resumed, or between its check and the page.
    expect(offered()).toBe(false)
    // Only the earlier page's request went out.
    expect(quotationPatches(c)).toHaveLength(1)
    expect(useDecisionStore.getState().items).toEqual({})
  })

  it('refreshes nothing beyond the page after a refusal that decided nothing', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation, queryClient } = await openQuotation(c, NILE)
    const refreshed = watchRefresh(queryClient)
    const { button } = await confirm(user, 'Accept', quotation.creditsPrice)
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough credits')
    expect(refreshed()).toEqual([false, false, false])
  })

  it('shows a Viewer the quotation read-only, with why', async () => {
    const c = await signedInConsole('viewer@swath.test')
    await openQuotation(c, CAMARGUE)
    expect(
      screen.getByText(/Your role \(Viewer\) can look at tasking decisions but cannot take them/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reject quotation…' })).toBeNull()
    expect(screen.queryByLabelText(/^Budget/, { selector: 'input' })).toBeNull()
  })

  it('shows a Member the quotation read-only: the service notes keep Members from deciding quotations', async () => {
    const backend = createSimBackend()
    const users = backend.sim.runtime.world.users
    const viewer = users.find((u) => u.email === 'viewer@swath.test')!
    users.push({
      ...viewer,
      id: 'a1b2c3d4-0000-4000-8000-00000000beef',
      email: 'member@swath.test',
      role: 'MEMBER',
    })
    const c = await signedInConsole('member@swath.test', backend)
    await openQuotation(c, CAMARGUE)
    expect(
      screen.getByText(/Your role \(Member\) can look at quotations but cannot accept or reject them/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept quotation…' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reject quotation…' })).toBeNull()
  })

  it('shows "not found" when the service no longer knows the quotation’s order at the decision', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { quotation, order } = await openQuotation(c, CAMARGUE)
    c.backend.sim.runtime.world.orders.delete(order.id)
    const { button } = await confirm(user, 'Reject')
    await user.click(button)
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotation not found' })).toBeInTheDocument()
    expect(screen.getByText(quotation.id)).toBeInTheDocument()
    expect(quotationPatches(c).map((r) => r.status)).toEqual([404])
  })

  it('says when there is no such quotation, with a way back to the inbox', async () => {
    await open(paths.quotation('00000000-0000-4000-8000-000000000000'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotation not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All decisions' })).toHaveAttribute('href', paths.decisions())
  })
})
