// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ordersRoutes } from '../../../app/routes/orders-routes'
import { renderWithConsole, type RenderedConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { placeArchiveOrder } from '../../../testing/orders'

// jsdom lays nothing out: the table's scroll box reports the height of a tall page, so the virtualiser
// renders the rows an 800 px box shows (and its overscan of 3): a page of 20 whole.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.hasAttribute('data-orders-scroller') ? 800 : 0
  },
})

const open = (at: string, email?: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], { at, email })

const listRequests = (c: TestConsole) =>
  c.backend.log.filter((r) => r.method === 'GET' && r.path === '/v2/orders')
const lastQuery = (c: TestConsole) => new URLSearchParams(listRequests(c).at(-1)?.query ?? '')

const table = () => screen.findByRole('table', { name: 'Orders' })
/** The data rows rendered (the header row and the spacer rows left out). */
const rows = async () =>
  within(await table())
    .queryAllByRole('row')
    .filter((r) => r.dataset.orderId)
const statusesShown = async () =>
  (await rows()).map((r) => within(r).getAllByRole('cell')[1].textContent ?? '')

// jsdom lays nothing out, so Mantine's dropdowns think they are off screen and hide themselves; the options
// are there and work, they are only not "visible".
const option = (name: string) => screen.findByRole('option', { name, hidden: true })

const location = (r: RenderedConsole) => r.router.state.location.search

afterEach(() => {
  vi.useRealTimers()
})

describe('orders page', () => {
  it('lists the newest orders first and links each to its page', async () => {
    const r = await open('/orders')
    expect(await rows()).toHaveLength(20)
    const q = lastQuery(r.console)
    expect(q.toString()).toBe('page=0&size=20&sort=createdAt%2Cdesc')
    expect(screen.getByText(/orders, page 1 of \d+/)).toBeInTheDocument()
    const first = (await rows())[0]
    const link = within(first).getByRole('link')
    expect(link.getAttribute('href')).toBe(`/orders/${first.dataset.orderId}`)
    // The table keeps its true size for assistive technology although only some rows are rendered.
    expect(await table()).toHaveAttribute('aria-rowcount')
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending')
  })

  it('a filter goes into the request actually sent and into the URL; back restores the previous view', async () => {
    const user = userEvent.setup()
    const r = await open('/orders')
    await rows()

    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    await user.click(await option('Created'))
    await waitFor(() => expect(location(r)).toBe('?status=CREATED'))
    await waitFor(() => expect(lastQuery(r.console).getAll('status')).toEqual(['CREATED']))
    await waitFor(async () => expect(new Set(await statusesShown())).toEqual(new Set(['Created'])))

    await user.click(await option('Placed'))
    await waitFor(() => expect(location(r)).toBe('?status=CREATED&status=PLACED'))
    await waitFor(() => expect(lastQuery(r.console).getAll('status')).toEqual(['CREATED', 'PLACED']))
    await waitFor(async () => expect(new Set(await statusesShown())).toEqual(new Set(['Created', 'Placed'])))

    await act(() => r.router.navigate(-1))
    expect(location(r)).toBe('?status=CREATED')
    await waitFor(async () => expect(new Set(await statusesShown())).toEqual(new Set(['Created'])))
    await act(() => r.router.navigate(-1))
    expect(location(r)).toBe('')
    await waitFor(async () => expect(await rows()).toHaveLength(20))
  })

  it('sends a display name, tags and a type as the contract names them', async () => {
    const user = userEvent.setup()
    // A seeded archive order with both tags: its name starts with the place its scene lies at.
    const probe = await signedInConsole()
    const seeded = [...probe.backend.sim.runtime.world.orders.values()].find(
      (o) =>
        o.order.type === 'ARCHIVE' &&
        o.order.accountId === probe.session.getSnapshot().user?.accountId &&
        ['forest', 'client:acme'].every((t) => o.order.tags.includes(t)),
    )
    const word = seeded?.order.displayName.split(' ')[0].toLowerCase()
    if (!word) throw new Error('no seeded archive order tagged forest and client:acme')
    const r = await open(`/orders?type=ARCHIVE&tags=forest&tags=client:acme&displayName=${word}`)
    await rows()
    const q = lastQuery(r.console)
    expect(q.get('type')).toBe('ARCHIVE')
    expect(q.getAll('tags')).toEqual(['forest', 'client:acme'])
    expect(q.get('displayName')).toBe(word)
    for (const row of await rows()) expect(row.textContent?.toLowerCase()).toContain(word)

    const name = screen.getByRole('textbox', { name: /Display name/ })
    await user.clear(name)
    await user.type(name, 'Nairobi{Enter}')
    await waitFor(() => expect(lastQuery(r.console).get('displayName')).toBe('Nairobi'))
    expect(location(r)).toContain('displayName=Nairobi')
  })

  // Separators, case, repeats, bad IDs and the limit of 100 are the pure module's (url-state.test.ts): here,
  // that the field feeds it, a refusal sends nothing, and a good list is sent comma-joined.
  it('pasted order IDs are sent comma-joined; a bad ID is refused at the field before sending', async () => {
    const r = await open('/orders')
    const shown = await rows()
    const [a, b] = shown.slice(0, 2).map((row) => row.dataset.orderId ?? '')
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }))
    const box = await screen.findByRole('textbox', { name: /Order IDs/ })
    const find = screen.getByRole('button', { name: 'Find these orders' })
    const before = listRequests(r.console).length

    fireEvent.change(box, { target: { value: `${a}, not-an-id` } })
    fireEvent.click(find)
    expect(await screen.findByText(/“not-an-id” is not an order ID/)).toBeInTheDocument()
    expect(listRequests(r.console)).toHaveLength(before)
    expect(location(r)).toBe('')

    fireEvent.change(box, { target: { value: `${a}\n${b.toUpperCase()} ;` } })
    fireEvent.click(find)
    await waitFor(() => expect(location(r)).toBe(`?orderIds=${a}%2C${b}`))
    await waitFor(() => expect(lastQuery(r.console).getAll('orderIds')).toEqual([`${a},${b}`]))
    await waitFor(async () =>
      expect(new Set((await rows()).map((row) => row.dataset.orderId))).toEqual(new Set([a, b])),
    )
  })

  it('a link with more than 100 IDs is not sent; the reason shows at the field', async () => {
    const ids = Array.from(
      { length: 120 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    )
    const r = await open(`/orders?orderIds=${ids.join(',')}`)
    expect(await screen.findByText('Nothing was sent')).toBeInTheDocument()
    expect(screen.getByText(/120 order IDs were given/)).toBeInTheDocument()
    expect(listRequests(r.console)).toHaveLength(0)
  })

  it('sorts through the column headers, on the server', async () => {
    const user = userEvent.setup()
    const r = await open('/orders')
    await rows()
    await user.click(screen.getByRole('button', { name: /^Name/ }))
    await waitFor(() => expect(location(r)).toBe('?sort=displayName%2Casc'))
    await waitFor(() => expect(lastQuery(r.console).get('sort')).toBe('displayName,asc'))
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'),
    )
    const names = async () => (await rows()).map((row) => within(row).getByRole('link').textContent ?? '')
    await waitFor(async () => {
      const n = await names()
      expect(n).toEqual([...n].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })))
    })

    await user.click(screen.getByRole('button', { name: /^Name/ }))
    await waitFor(() => expect(lastQuery(r.console).get('sort')).toBe('displayName,desc'))
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending'),
    )
  })

  it('pages on the server; the page and size live in the URL', async () => {
    const user = userEvent.setup()
    const r = await open('/orders?size=10')
    const firstPage = (await rows()).map((row) => row.dataset.orderId)
    expect(firstPage).toHaveLength(10)
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(location(r)).toBe('?page=2&size=10'))
    await waitFor(() => expect(lastQuery(r.console).get('page')).toBe('1'))
    await waitFor(async () => {
      const ids = (await rows()).map((row) => row.dataset.orderId)
      expect(ids).toHaveLength(10)
      expect(ids.some((id) => firstPage.includes(id))).toBe(false)
    })
    expect(screen.getByText(/page 2 of/)).toBeInTheDocument()
    // Row numbers continue across pages.
    expect((await rows())[0]).toHaveAttribute('aria-rowindex', '12')
  })

  it('polls while the page holds an order in progress, and stops once every order on it is final', async () => {
    const r = await open('/orders')
    await rows()
    const c = r.console
    const id = await placeArchiveOrder(c)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await act(() => r.router.navigate(`/orders?orderIds=${id}`))
    await waitFor(async () => expect(await statusesShown()).toEqual(['Created']))
    const count = () => listRequests(c).filter((e) => e.query.includes(id)).length
    const first = count()

    // The service moves the order on its own clock; the page sees it at the next poll.
    c.backend.advance(31)
    await act(async () => {
      vi.advanceTimersByTime(10_000)
      await Promise.resolve()
    })
    await waitFor(async () => expect(await statusesShown()).toEqual(['Being placed']))
    expect(count()).toBe(first + 1)

    // 27 minutes later on the service's clock the order has ended (delivered, or failed for good): final.
    // (Not much later: the session's refresh token lives 30 minutes on that clock too.)
    c.backend.advance(1600)
    await act(async () => {
      vi.advanceTimersByTime(10_000)
      await Promise.resolve()
    })
    await waitFor(async () => expect(['Fulfilled', 'Failed']).toContain((await statusesShown())[0]))
    const settled = count()
    await act(async () => {
      vi.advanceTimersByTime(60_000)
      await Promise.resolve()
    })
    expect(count()).toBe(settled)
  })

  it('a page of final orders does not poll', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const r = await open('/orders?status=FULFILLED&status=CANCELED')
    await rows()
    const before = listRequests(r.console).length
    await act(async () => {
      vi.advanceTimersByTime(60_000)
      await Promise.resolve()
    })
    expect(listRequests(r.console)).toHaveLength(before)
  })

  it('shows a refused query at the filter it names', async () => {
    const r = await open('/orders?dataProducts=not-a-product-id')
    expect(await screen.findByText('The service refused these filters')).toBeInTheDocument()
    expect(listRequests(r.console).at(-1)?.status).toBe(400)
    const field = screen.getByRole('combobox', { name: /Data products/ })
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(
      screen.getByText(/The service refused this: dataProductIds not-a-product-id is not a UUID/),
    ).toBeInTheDocument()
  })

  it('nothing matches: says so and clears the filters', async () => {
    const user = userEvent.setup()
    const r = await open('/orders?displayName=no-such-order-name&sort=status,asc')
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(location(r)).toBe('?sort=status%2Casc'))
    expect(await rows()).toHaveLength(20)
  })

  it('a failure shows a retry that asks again', async () => {
    const user = userEvent.setup()
    const { createSimBackend, signedInConsole } = await import('../../../testing/sim-backend')
    const c = await signedInConsole('analyst@swath.test', createSimBackend())
    // Whether the page's read joins the loader's prefetch or asks again depends on timing, so the service
    // fails until the error is shown and recovers only then.
    c.backend.sim.control.faults.push({ path: '/v2/orders', method: 'GET', status: 503 })
    await renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], {
      at: '/orders',
      console: c,
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(/try again in a moment/i)
    c.backend.sim.control.faults.length = 0
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await rows()).toHaveLength(20)
  })

  it('names data products and budgets; the budget filter only for those who may see budgets', async () => {
    await open('/orders')
    await rows()
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }))
    expect(await screen.findByRole('combobox', { name: /Budgets/ })).toBeInTheDocument()
    await waitFor(async () => {
      const text = (await rows()).map((row) => row.textContent).join(' ')
      expect(text).toMatch(/Forest|Urban/)
      expect(text).toMatch(/Pléiades|SPOT|Capella|BlackSky|NSL|Neo/)
    })
  })

  it('hides the budget filter from the Viewer role', async () => {
    const r = await open('/orders', 'viewer@swath.test')
    await rows()
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }))
    expect(await screen.findByRole('combobox', { name: /Data products/ })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: /Budgets/ })).not.toBeInTheDocument()
    expect(r.console.backend.log.some((e) => e.path.startsWith('/v2/budgets'))).toBe(false)
  })

  it('keeps the filters compact: the rest behind “More filters”, every filter set a removable chip', async () => {
    const r = await open('/orders?status=PLACED&tags=harbour')
    const set = await screen.findByRole('group', { name: 'Filters set' })
    // A filter behind the panel is set: the panel opens by itself.
    expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true')
    expect(within(set).getByText('Status: Placed')).toBeInTheDocument()
    expect(within(set).getByText('Tag: harbour')).toBeInTheDocument()
    fireEvent.click(within(set).getByRole('button', { name: 'Remove the filter Tag: harbour' }))
    await waitFor(() => expect(location(r)).not.toContain('tags='))
    expect(location(r)).toContain('status=PLACED')
    await waitFor(() => expect(lastQuery(r.console).get('tags')).toBeNull())
  })
})
