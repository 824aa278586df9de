// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storageRoutes } from '../../../app/routes/storage-routes'
import { mapView } from '../../../testing/map-view-state'
import { renderWithConsole, type RenderedConsole } from '../../../testing/render'
import type { TestConsole } from '../../../testing/sim-backend'
import { COLLECTIONS_SOURCE } from '../map-layers'

const open = (at = '/storage', email?: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], { at, email })

const listRequests = (c: TestConsole) =>
  c.backend.log.filter((r) => r.method === 'GET' && r.path === '/v2/assets/stac/collections')
const lastQuery = (c: TestConsole) => new URLSearchParams(listRequests(c).at(-1)?.query ?? '')
const rows = async () =>
  within(await screen.findByRole('list', { name: 'Collections' })).getAllByRole('listitem')
const location = (r: RenderedConsole) => new URLSearchParams(r.router.state.location.search)
const footprintOverlay = () => mapView.props?.overlays?.find((o) => o.id === COLLECTIONS_SOURCE)

describe('storage browser', () => {
  it('lists the newest deliveries with their footprints on the map, each linked to its page', async () => {
    const r = await open()
    const list = await rows()
    expect(list.length).toBeGreaterThan(0)
    expect(Object.fromEntries(lastQuery(r.console))).toEqual({ page: '0', limit: '20' })
    const link = within(list[0]).getAllByRole('link')[0]
    expect(link.getAttribute('href')).toBe(`/storage/collections/${list[0].dataset.collectionId}`)
    await waitFor(() => expect(footprintOverlay()?.data.features).toHaveLength(list.length))
    expect(footprintOverlay()?.data.features[0].properties?.id).toBe(list[0].dataset.collectionId)
  })

  it('names the order of each delivery in its link, all looked up in one request', async () => {
    const r = await open()
    const list = await rows()
    const world = r.console.backend.sim.runtime.world
    const withOrder = list.filter((row) => world.stacCollections.get(row.dataset.collectionId ?? '')?.orderId)
    expect(withOrder.length).toBeGreaterThan(1)
    expect(
      withOrder.some((row) =>
        world.orders.has(world.stacCollections.get(row.dataset.collectionId ?? '')?.orderId ?? ''),
      ),
    ).toBe(true)
    for (const row of withOrder) {
      const orderId = world.stacCollections.get(row.dataset.collectionId ?? '')?.orderId ?? ''
      // A delivery whose order is no longer readable is named by the order's short id.
      const name = world.orders.get(orderId)?.order.displayName
      const link = await within(row).findByRole('link', {
        name: name ? `order “${name}”` : `order ${orderId.slice(0, 8)}`,
      })
      expect(link.getAttribute('href')).toBe(`/orders/${orderId}`)
    }
    expect(r.console.backend.log.filter((l) => l.path === '/v2/orders')).toHaveLength(1)
  })

  it('every filter goes into the URL and into the request, with the contract’s names', async () => {
    const user = userEvent.setup()
    const r = await open()
    await rows()
    await user.click(screen.getByRole('button', { name: 'Show filters' }))
    const form = screen.getByRole('form', { name: 'Storage filters' })
    await user.type(within(form).getByLabelText('Title'), 'Berlin')
    const tags = within(form).getByLabelText('Tags')
    await user.type(tags, 'urban{Enter}')
    await user.click(within(form).getByRole('checkbox', { name: 'Archive orders' }))
    await user.click(within(form).getByRole('checkbox', { name: 'Tasking orders' }))
    const ws = r.console.session.getSnapshot().user?.workspaces[0]
    await user.selectOptions(within(form).getByLabelText('Workspace'), ws?.id ?? '')
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }))

    await waitFor(() => expect(location(r).get('title')).toBe('Berlin'))
    expect(Object.fromEntries(location(r))).toEqual({
      title: 'Berlin',
      tags: 'urban',
      sources: 'ARCHIVE,TASKING',
      workspace_id: ws?.id,
    })
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(r.console))).toEqual({
        page: '0',
        limit: '20',
        title: 'Berlin',
        tags: 'urban',
        sources: 'ARCHIVE,TASKING',
        workspace_id: ws?.id,
      }),
    )
    await waitFor(async () => {
      const titles = (await rows()).map((li) => within(li).getAllByRole('link')[0].textContent)
      expect(titles.length).toBeGreaterThan(0)
      for (const t of titles) expect(t).toMatch(/Berlin/)
    })
  })

  it('raw deliveries, ids and paging: cnam=false, comma-joined ids, zero-based pages', async () => {
    const user = userEvent.setup()
    const r = await open('/storage?limit=10')
    await rows()
    await user.click(screen.getByRole('button', { name: 'Show filters' }))
    const form = screen.getByRole('form', { name: 'Storage filters' })
    await user.click(within(form).getByRole('radio', { name: 'As delivered' }))
    const id1 = '0b6e4f2a-1111-4222-8333-944455556666'
    const id2 = '1c7f5a3b-2222-4333-8444-a55566667777'
    fireEvent.change(within(form).getByLabelText('Order IDs'), { target: { value: `${id1}, ${id2}` } })
    fireEvent.change(within(form).getByLabelText('Asset IDs'), { target: { value: id2 } })
    fireEvent.change(within(form).getByLabelText('Data product IDs'), { target: { value: id1 } })
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(r.console))).toEqual({
        page: '0',
        limit: '10',
        order_ids: `${id1},${id2}`,
        asset_ids: id2,
        product_ids: id1,
        cnam: 'false',
      }),
    )
    expect(await screen.findByText('No collection matches these filters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }))
    await waitFor(() => expect(lastQuery(r.console).get('order_ids')).toBeNull())
    // cnam stays: it is a view of storage, not a filter to clear.
    expect(lastQuery(r.console).get('cnam')).toBe('false')

    await act(() => r.router.navigate('/storage?limit=10'))
    await rows()
    const pages = await screen.findByRole('navigation', { name: 'Pages of collections' })
    const next = within(pages).getByRole('button', { name: 'Next page' })
    await user.click(next)
    // The URL and the request count pages from 0; the pager names them from 1.
    await waitFor(() => expect(lastQuery(r.console).get('page')).toBe('1'))
    expect(location(r).get('page')).toBe('1')
    await waitFor(() =>
      expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'),
    )
    // The pager stayed while the page loaded: the keyboard's place is kept.
    expect(next).toHaveFocus()
    await user.click(within(pages).getByRole('button', { name: 'Page 1' }))
    await waitFor(() =>
      expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'),
    )
    expect(location(r).get('page') ?? '0').toBe('0')
  })

  it('a bad ID is shown on its field and nothing is sent', async () => {
    const user = userEvent.setup()
    const r = await open()
    await rows()
    const before = listRequests(r.console).length
    await user.click(screen.getByRole('button', { name: 'Show filters' }))
    const form = screen.getByRole('form', { name: 'Storage filters' })
    await user.type(within(form).getByLabelText('Order IDs'), 'not-an-id')
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }))
    expect(await within(form).findByText(/“not-an-id” is not an ID/)).toBeInTheDocument()
    expect(listRequests(r.console)).toHaveLength(before)
  })

  it('a link with a bad tag says so and sends nothing', async () => {
    const r = await open('/storage?tags=caf%C3%A9')
    expect(await screen.findByText('This link has filters the service would refuse')).toBeInTheDocument()
    expect(listRequests(r.console)).toHaveLength(0)
  })

  it('the map view becomes the “fully inside” box', async () => {
    const user = userEvent.setup()
    const r = await open()
    await rows()
    mapView.view.bounds = [13, 52, 14, 53]
    await user.click(screen.getByRole('button', { name: 'Use the map view' }))
    await waitFor(() => expect(lastQuery(r.console).get('bbox')).toBe('[13,52,14,53]'))
    expect(location(r).get('bbox')).toBe('13,52,14,53')
    await waitFor(async () => {
      const titles = (await rows()).map((li) => within(li).getAllByRole('link')[0].textContent)
      expect(titles.length).toBeGreaterThan(0)
      for (const t of titles) expect(t).toMatch(/Berlin/)
    })
    expect(
      screen.getByText(/Collections fully inside 13\.000, 52\.000, 14\.000, 53\.000/),
    ).toBeInTheDocument()
  })

  it('hover is linked both ways between the list and the map', async () => {
    const r = await open()
    const list = await rows()
    expect(r).toBeTruthy()
    fireEvent.mouseEnter(list[1])
    await waitFor(() =>
      expect(footprintOverlay()?.states).toEqual([{ id: 1, state: { hover: true, selected: false } }]),
    )
    act(() => mapView.props?.onOverlayHover?.(COLLECTIONS_SOURCE, 2))
    await waitFor(async () => expect((await rows())[2]).toHaveAttribute('data-hovered'))
    expect((await rows())[1]).not.toHaveAttribute('data-hovered')
    act(() => mapView.props?.onOverlayHover?.(COLLECTIONS_SOURCE, null))
    await waitFor(async () => expect((await rows())[2]).not.toHaveAttribute('data-hovered'))
  })

  it('a failure shows with a way to try again', async () => {
    const c = await import('../../../testing/sim-backend').then((m) => m.signedInConsole())
    c.backend.sim.control.faults.push({ path: '/v2/assets/stac/collections', status: 500 })
    await renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], {
      at: '/storage',
      console: c,
    })
    expect(await screen.findByText('The collections could not be loaded')).toBeInTheDocument()
  })
})
