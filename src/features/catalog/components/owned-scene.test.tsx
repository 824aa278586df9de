// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { catalogRoutes } from '../../../app/routes/catalog-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { useBasketStore } from '../../../components/basket/basket-store'
import { bboxOf } from '../../../lib/geo/measure'
import { encodePolygons } from '../../../lib/polyline'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { useCatalogUi } from '../catalog-ui-store'

map.view = { center: [2.35, 48.85], bounds: [2.2, 48.8, 2.5, 48.9] }
// jsdom lays nothing out: the list reports a typical panel's height so the virtualiser renders rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.getAttribute('role') === 'listbox' ? 600 : 0
  },
})

/** A seeded fulfilled archive order of the analyst on the OneAtlas host, and the box of its scene. */
function fulfilledOrder(c: TestConsole) {
  const world = c.backend.sim.runtime.world
  const me = c.session.getSnapshot().user?.accountId
  for (const r of world.orders.values()) {
    const o = r.order
    if (o.accountId !== me || o.type !== 'ARCHIVE' || o.status !== 'FULFILLED') continue
    const id = o.orderDetails && 'imageId' in o.orderDetails ? String(o.orderDetails.imageId) : ''
    const s = world.scenesById.get(id)
    if (!s || s.host !== 'oneatlas') continue
    const [w, so, e, n] = bboxOf([s.feature.geometry as never])
    const cx = (w + e) / 2
    const cy = (so + n) / 2
    return {
      order: o,
      sceneId: id,
      day: new Date(s.time).toISOString().slice(0, 10),
      collection: s.feature.properties.collection,
      bbox: [cx - 0.01, cy - 0.01, cx + 0.01, cy + 0.01].map((v) => v.toFixed(4)),
    }
  }
  throw new Error('no fulfilled OneAtlas order in the seed')
}

beforeEach(() => {
  resetStores(useAoiStore, useBasketStore, useCatalogUi)
  map.props = null
})

describe('scenes the account already ordered', () => {
  it('are marked in the list and the details, with links to the order and its delivery, and warned of in the basket', async () => {
    const c = await signedInConsole()
    const { order, sceneId, bbox, day, collection } = fulfilledOrder(c)
    await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: `/catalog?host=oneatlas&collections=${collection}&from=${day}&to=${day}&bbox=${bbox.join(',')}`,
      console: c,
    })
    const list = await screen.findByRole('listbox', { name: 'Search results' })
    const row = await waitFor(() => {
      const r = list.querySelector<HTMLElement>(`[data-scene-id="${sceneId}"]`)
      expect(r).not.toBeNull()
      return r as HTMLElement
    })
    await waitFor(() =>
      expect(within(row).getByTestId('owned-line')).toHaveTextContent(
        /^Ordered \d{1,2} \w{3} \d{4} · Fulfilled/,
      ),
    )
    expect(row).toHaveAccessibleName(/already ordered: ordered \d{1,2} \w{3} \d{4} · fulfilled/)

    const user = userEvent.setup()
    await user.dblClick(row)
    const note = await screen.findByTestId('owned-note')
    expect(within(note).getByRole('link', { name: `Order “${order.displayName}”` })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    )
    // The delivery the order put in storage, found by the order's id.
    const delivered = await within(note).findByRole('link', { name: 'Delivered collection' })
    expect(delivered.getAttribute('href')).toMatch(/^\/storage\/collections\//)
    expect(note).toHaveTextContent(/Fulfilled · in storage/)

    await user.click(screen.getByRole('button', { name: 'Add to basket' }))
    const status = await screen.findByText(
      /You already ordered this scene on \d{1,2} \w{3} \d{4} \(fulfilled\); order it again\?/,
    )
    await user.click(within(status).getByRole('button', { name: 'Take it out' }))
    expect(useBasketStore.getState().scenes).toEqual([])
  })

  it('are read as the page opens, before any search: a search marks its rows with no read after its answer', async () => {
    const c = await signedInConsole()
    const { sceneId, bbox, day, collection } = fulfilledOrder(c)
    const isOrders = (r: { path: string }) => r.path === '/v2/orders'
    const isSearch = (r: { path: string }) => /\/stac\/search$/.test(r.path)
    const opened = c.backend.log.length
    const { router } = await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: '/catalog',
      console: c,
    })
    // A first visit searches nothing, and the guard reads the orders all the same (one page: the demo world's).
    await waitFor(() => expect(c.backend.log.slice(opened).filter(isOrders)).toHaveLength(1))
    expect(c.backend.log.slice(opened).some(isSearch)).toBe(false)

    const searched = c.backend.log.length
    await act(() =>
      router.navigate(
        `/catalog?host=oneatlas&collections=${collection}&from=${day}&to=${day}&bbox=${bbox.join(',')}`,
      ),
    )
    const list = await screen.findByRole('listbox', { name: 'Search results' })
    await waitFor(() => {
      const row = list.querySelector<HTMLElement>(`[data-scene-id="${sceneId}"]`)
      expect(row && within(row).queryByTestId('owned-line')).toBeInTheDocument()
    })
    // Read after the rows, the answer came while the map drew the footprints; now nothing is read after them.
    const log = c.backend.log.slice(searched)
    const answered = log.findIndex(isSearch)
    expect(answered).toBeGreaterThanOrEqual(0)
    expect(log.slice(answered).filter(isOrders)).toEqual([])
  })

  it('say so only over the results it was said on: another search, or the same one run again, takes it away', async () => {
    const c = await signedInConsole()
    const { sceneId, bbox, day, collection } = fulfilledOrder(c)
    const [w, so, e, n] = bbox.map(Number)
    const aoi = encodePolygons([
      {
        type: 'Polygon',
        coordinates: [
          [
            [w, so],
            [e, so],
            [e, n],
            [w, n],
            [w, so],
          ],
        ],
      },
    ])
    const search = `host=oneatlas&from=${day}&to=${day}&aoi=${encodeURIComponent(aoi)}`
    const { router } = await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: `/catalog?${search}&collections=${collection}`,
      console: c,
    })
    await screen.findByRole('listbox', { name: 'Search results' })
    // The list is drawn anew for each answer: the row is looked for in the list shown.
    const row = () =>
      screen
        .getByRole('listbox', { name: 'Search results' })
        .querySelector<HTMLElement>(`[data-scene-id="${sceneId}"]`)
    await waitFor(() => expect(row()).not.toBeNull())
    await waitFor(() => expect(within(row() as HTMLElement).getByTestId('owned-line')).toBeInTheDocument())
    const user = userEvent.setup()
    const said = /You already ordered this scene on/
    const addIt = async () => {
      await user.click(within(row() as HTMLElement).getByText(/basket$/i))
      await waitFor(() =>
        expect(
          screen
            .getAllByRole('status')
            .map((s) => s.textContent)
            .join(' / '),
        ).toMatch(said),
      )
      expect(screen.getByRole('button', { name: 'Take it out' })).toBeInTheDocument()
    }

    await addIt()
    // The same search run again: what was said over the results before goes with them.
    await user.click(screen.getByRole('tab', { name: /^Search/ }))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.queryByText(said)).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Take it out' })).not.toBeInTheDocument()

    // Out and in again, then another search: gone as well.
    await user.click(screen.getByRole('tab', { name: /^Results/ }))
    await waitFor(() => expect(row()).not.toBeNull())
    await user.click(within(row() as HTMLElement).getByText(/basket$/i))
    await addIt()
    await act(() => router.navigate(`/catalog?${search}`))
    await waitFor(() => expect(screen.queryByText(said)).not.toBeInTheDocument())
    expect(useBasketStore.getState().scenes.map((s) => s.id)).toEqual([sceneId])
  })
})
