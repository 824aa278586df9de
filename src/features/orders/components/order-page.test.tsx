// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ok } from '../../../api/client'
import { ordersRoutes } from '../../../app/routes/orders-routes'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { placeArchiveOrder } from '../../../testing/orders'

// WebGL does not exist in jsdom: the map is the shared double, which keeps the props the page gives it.

const open = (at: string, c?: TestConsole) =>
  renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], { at, console: c })

/** The first seeded order of the analyst's account in `status` (and `type`), read through the API. */
async function seeded(
  c: TestConsole,
  status: 'CREATED' | 'BEING_FULFILLED' | 'PLACED' | 'PLACEMENT_FAILED' | 'FAILED_PERMANENTLY',
  type?: 'ARCHIVE' | 'TASKING',
) {
  const page = await ok(
    c.client.GET('/v2/orders', {
      params: { query: { status: [status], ...(type ? { type } : {}), size: 1 } },
    }),
  )
  const order = page.content[0]
  if (!order) throw new Error(`no seeded ${status} order`)
  return order
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name })

/** The order's status in its facts, in plain words (no service code beside it). */
const statusFact = (label: string) => {
  const dt = screen.getAllByText('Status', { selector: 'dt' })[0]
  expect(dt.nextElementSibling).toHaveTextContent(new RegExp(`^${label}$`))
  return dt.nextElementSibling
}

describe('order page', () => {
  beforeEach(() => {
    map.props = null
  })

  it('says a failed placement failed, with the service’s reason and what to do, and offers Order again', async () => {
    const c = await signedInConsole()
    const order = await seeded(c, 'PLACEMENT_FAILED', 'ARCHIVE')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    const failure = screen.getByTestId('order-failure')
    expect(failure).toHaveTextContent('Placement failed')
    expect(failure).toHaveTextContent(/placement failed on .+ by the service/)
    expect(failure).toHaveTextContent(/Order it again with the same line, or cancel it/)
    expect(screen.queryByText(/^In progress/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Order again' })).toHaveAttribute(
      'href',
      `/checkout?again=${order.id}`,
    )
    // Cancellation stays offered: the contract allows it after a failed placement.
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeInTheDocument()
  })

  it('says a tasking order whose quotation was rejected ended there, and offers Request again', async () => {
    const c = await signedInConsole()
    const order = await seeded(c, 'FAILED_PERMANENTLY', 'TASKING')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    const failure = screen.getByTestId('order-failure')
    expect(failure).toHaveTextContent(/Quotation rejected|Failed/)
    expect(screen.getByRole('link', { name: 'Request again' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Order again' })).toBeNull()
  })

  it('shows every field of an archive order, its AOI on the map and where it is in its lifecycle', async () => {
    const c = await signedInConsole()
    const order = await seeded(c, 'BEING_FULFILLED', 'ARCHIVE')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(screen.getByText(order.id)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy the order ID' })).toBeInTheDocument()
    expect(statusFact('Being fulfilled')).toBeInTheDocument()
    const details = screen.getByRole('table', { name: 'Order details' })
    expect(within(details).getByRole('rowheader', { name: 'Image ID' })).toBeInTheDocument()
    // The data product and the workspace by name, not by id.
    await waitFor(() => expect(screen.queryByText(order.dataProductId ?? '')).not.toBeInTheDocument())
    expect(screen.getByText(/Main workspace|Coastal monitoring/)).toBeInTheDocument()

    const steps = within(screen.getByRole('list', { name: 'Order lifecycle' })).getAllByRole('listitem')
    const current = steps.find((s) => s.getAttribute('aria-current') === 'step')
    expect(current).toHaveTextContent('Being fulfilled')
    expect(steps[0]).toHaveTextContent(/Created — done/)

    // Cancellation is not offered, and the page says why.
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument()
    expect(
      screen.getByText(
        'Orders can be canceled only while created or after a failed placement; this one is being fulfilled.',
      ),
    ).toBeInTheDocument()

    await waitFor(() => expect(map.props?.overlays?.[0]?.id).toBe('order-aoi'))
    const aoi = map.props?.overlays?.[0]?.data.features[0]?.geometry
    expect(aoi).toEqual((order.orderDetails as { aoi: unknown }).aoi)
    expect(map.props?.fit?.bbox).toHaveLength(4)
  })

  it('shows the tasking parameters of a tasking order', async () => {
    const c = await signedInConsole()
    const order = await seeded(c, 'PLACED', 'TASKING')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    const details = screen.getByRole('table', { name: 'Order details' })
    expect(within(details).getByRole('rowheader', { name: 'Acquisition start' })).toBeInTheDocument()
    expect(within(details).getByRole('rowheader', { name: 'Acquisition mode' })).toBeInTheDocument()
    expect(screen.getByText('Sub-status')).toBeInTheDocument()
  })

  it('renames and retags with a merge-patch of what changed, showing that it saves', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const order = await seeded(c, 'PLACED')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    const form = screen.getByRole('form', { name: 'Edit name and tags' })
    const name = within(form).getByRole('textbox', { name: /Display name/ })
    await user.clear(name)
    await user.type(name, 'Renamed order')
    const tags = within(form).getByLabelText(/^Tags/)
    await user.type(tags, 'bad#tag{Enter}')
    expect(await within(form).findByText(/“bad#tag” has characters a tag cannot hold/)).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled()
    // Backspace in the empty input takes the last tag off again; then two good ones.
    await user.type(tags, '{Backspace}survey 2026{Enter}site:a-1{Enter}')
    expect(within(form).queryByText(/cannot hold/)).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))

    await heading('Renamed order')
    expect(await within(form).findByText('Saved.')).toBeInTheDocument()
    const patch = c.backend.log.find((r) => r.method === 'PATCH' && r.path === `/v2/orders/${order.id}`)
    expect(patch?.status).toBe(200)
    expect(patch?.body).toEqual({
      displayName: 'Renamed order',
      tags: [...order.tags, 'survey 2026', 'site:a-1'],
    })
    const stored = c.backend.sim.runtime.world.orders.get(order.id)?.order
    expect(stored?.displayName).toBe('Renamed order')
  })

  it('cancels a CREATED order after a confirmation', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const order = await seeded(c, 'CREATED')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' })
    // Nothing is sent before the confirmation.
    expect(c.backend.log.some((r) => r.path.endsWith('/cancellation'))).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }))

    await waitFor(() => expect(statusFact('Canceled')).toBeInTheDocument())
    expect(c.backend.log.filter((r) => r.method === 'POST' && r.path.endsWith('/cancellation'))).toHaveLength(
      1,
    )
    expect(screen.getByText('This order has already been canceled.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel order…' })).not.toBeInTheDocument()
  })

  it('explains a refused cancellation when the status moved meanwhile, and shows the order as it is now', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const id = await placeArchiveOrder(c, 'Moving order')
    await open(`/orders/${id}`, c)
    await heading('Moving order')
    expect(statusFact('Created')).toBeInTheDocument()

    // The service places the order on its own clock while the page still shows CREATED.
    c.backend.advance(31)
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The order could not be canceled')
    await waitFor(() =>
      expect(alert).toHaveTextContent(/it was Created when you asked, and is now Being placed/),
    )
    expect(statusFact('Being placed')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Orders can be canceled only while created or after a failed placement; this one is being placed.',
      ),
    ).toBeInTheDocument()
    const refused = c.backend.log.find((r) => r.path === `/v2/orders/${id}/cancellation`)
    expect(refused?.status).toBe(400)
    expect(c.backend.sim.runtime.world.orders.get(id)?.order.status).toBe('BEING_PLACED')
  })

  it('tells the Viewer, before anything is tried, that renaming, retagging and canceling need someone else', async () => {
    const c = await signedInConsole('viewer@swath.test')
    const order = await seeded(c, 'CREATED')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(statusFact('Created')).toBeInTheDocument()

    // No way to try what the service refuses this role (403): no cancel button, no edit form.
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Edit name and tags' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /Display name/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
    // Instead, in the sections where they would be: why, and whom to ask.
    expect(
      screen.getByText(
        'Your role (Viewer) can look at orders but cannot rename or retag them: ask an account administrator or member.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'This order is Created: it can still be canceled. Your role (Viewer) can look at orders but cannot cancel them: ask an account administrator or member.',
      ),
    ).toBeInTheDocument()
    // The Viewer read the order and wrote nothing to it.
    const writes = c.backend.log.filter((r) => r.method !== 'GET' && r.path.startsWith('/v2/orders'))
    expect(writes).toEqual([])
  })

  it('an unknown order is a page of its own with a way back', async () => {
    await open('/orders/00000000-0000-4000-8000-000000000000')
    expect(await heading('Order not found')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No order 00000000-0000-4000-8000-000000000000 exists in this account. The link may be old or mistyped, or the order may belong to another account.',
    )
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders')
  })

  it('an order that fails to load says what to do and loads on Try again', async () => {
    const c = await signedInConsole()
    const order = await seeded(c, 'CREATED')
    c.backend.sim.control.faults = [{ path: `/v2/orders/${order.id}`, method: 'GET', status: 503 }]
    await open(`/orders/${order.id}`, c)
    expect(await heading('The order failed to load')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This is usually brief: try again in a moment.')
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders')
    c.backend.sim.control.faults = []
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await heading(order.displayName ?? '')).toBeInTheDocument()
  })
})
