// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storageRoutes } from '../../../app/routes/storage-routes'
import { mapView } from '../../../testing/map-view-state'
import { fakeHeights } from '../../../testing/fake-heights'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import {
  ALL_CLUSTERS_SOURCE,
  ALL_SOURCE,
  COLLECTION_CLUSTERS_SOURCE,
  ITEM_CLUSTERS_SOURCE,
} from '../map-layers'

// jsdom lays nothing out: the lists' scroll boxes report the height of a typical screen and a collection row
// its usual height (rows are measured, as those with tags are taller), so the virtualiser renders the rows a
// 600 px box shows (and its overscan). Put back after the file: the dom project shares one jsdom per worker.
const heights = (el: HTMLElement) =>
  el.hasAttribute('data-collections-scroller') || el.hasAttribute('data-items-scroller')
    ? 600
    : el.dataset.rowIndex !== undefined
      ? 78
      : 0
fakeHeights(heights)

const large = () => signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
const open = (c: TestConsole, at: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], { at, console: c })
const reads = (c: TestConsole, path: RegExp) =>
  c.backend.log.filter((r) => r.method === 'GET' && path.test(r.path))
const limitOf = (query: string) => Number(new URLSearchParams(query).get('limit'))
const overlay = (id: string) => mapView.props?.overlays?.find((o) => o.id === id)

/** Issue 40 §2 (storage) on the large world: 1,000 deliveries, one of 10,000 scenes. */
describe('storage on the large world', () => {
  it('lists a page of 100 collections from one request, renders only the rows in view and says the total', async () => {
    const c = await large()
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const own = [...world.stacCollections.values()].filter((r) => r.accountId === account && r.transformed)
    expect(own.length).toBeGreaterThanOrEqual(1_000)
    await open(c, '/storage?limit=100&page=2')
    await screen.findByRole(
      'heading',
      { name: `${own.length.toLocaleString('en')} collections` },
      { timeout: 30_000 },
    )
    const list = await screen.findByRole('list', { name: 'Collections' })
    const rendered = within(list).getAllByRole('listitem')
    expect(rendered.length).toBeGreaterThan(0)
    // Virtualised: the page holds 100, far fewer are in the DOM.
    expect(rendered.length).toBeLessThan(100)
    expect(rendered[0].dataset.rowIndex).toBe('0')
    const lists = reads(c, /^\/v2\/assets\/stac\/collections$/)
    expect(lists.map((r) => Object.fromEntries(new URLSearchParams(r.query)))).toEqual([
      { page: '2', limit: '100' },
    ])
    // The map has every listed collection's centre, clustered, for the world's zoom.
    await waitFor(() => expect(overlay(COLLECTION_CLUSTERS_SOURCE)?.data.features).toHaveLength(100))
    expect(overlay(COLLECTION_CLUSTERS_SOURCE)?.cluster).toBeDefined()
  }, 90_000)

  it('moves between collections with the arrow and Page keys', async () => {
    const user = userEvent.setup()
    const c = await large()
    await open(c, '/storage?limit=100')
    const list = await screen.findByRole('list', { name: 'Collections' }, { timeout: 30_000 })
    const first = within(list).getAllByRole('listitem')[0]
    within(first).getAllByRole('link')[0].focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.closest('li')?.dataset.rowIndex).toBe('1')
    // A screen on (8 rows of the 600 px box): the row it lands on is rendered and focused.
    await user.keyboard('{PageDown}')
    await waitFor(() => expect(document.activeElement?.closest('li')?.dataset.rowIndex).toBe('9'))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.closest('li')?.dataset.rowIndex).toBe('8')
  }, 90_000)

  it('the 10,000-item collection reads only page 3 of its items, says the total and opens an item from it', async () => {
    const user = userEvent.setup()
    const c = await large()
    const world = c.backend.sim.runtime.world
    const huge = [...world.stacCollections.values()].find((r) => r.itemIds.length === 10_000)
    if (!huge) throw new Error('the large world has no 10,000-item collection')
    const id = huge.collection.id
    const r = await open(c, `/storage/collections/${id}?page=2&limit=100`)
    await screen.findByRole('heading', { name: '10,000 items' }, { timeout: 30_000 })
    const itemReads = reads(c, /\/items$/)
    expect(itemReads.map((x) => Object.fromEntries(new URLSearchParams(x.query)))).toEqual([
      { page: '2', limit: '100' },
    ])
    for (const x of itemReads) expect(limitOf(x.query)).toBeLessThanOrEqual(100)
    await waitFor(() => expect(overlay(ITEM_CLUSTERS_SOURCE)?.data.features).toHaveLength(100))
    const table = screen.getByRole('table', { name: 'Items' })
    const row = within(table)
      .getAllByRole('row')
      .filter((x) => x.dataset.itemId)[0]
    const itemId = row.dataset.itemId ?? ''
    // The page's rows are the service's third page of 100.
    expect(huge.itemIds.slice(200, 300)).toContain(itemId)
    await user.click(within(row).getByRole('link'))
    await waitFor(() =>
      expect(r.router.state.location.pathname).toBe(`/storage/collections/${id}/items/${itemId}`),
    )
  }, 90_000)

  it('pages the collection’s items in the URL, each move a history entry, a new size from the first page', async () => {
    const user = userEvent.setup()
    const c = await large()
    const huge = [...c.backend.sim.runtime.world.stacCollections.values()].find(
      (r) => r.itemIds.length === 10_000,
    )
    if (!huge) throw new Error('the large world has no 10,000-item collection')
    const r = await open(c, `/storage/collections/${huge.collection.id}?page=2&limit=100&x=1`)
    await screen.findByRole('heading', { name: '10,000 items' }, { timeout: 30_000 })
    const search = () => Object.fromEntries(new URLSearchParams(r.router.state.location.search))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(search()).toEqual({ page: '3', limit: '100', x: '1' }))
    expect(r.router.state.historyAction).toBe('PUSH')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '500')
    await waitFor(() => expect(search()).toEqual({ page: '0', limit: '500', x: '1' }))
    expect(r.router.state.historyAction).toBe('PUSH')
    await r.router.navigate(-1)
    await waitFor(() => expect(search()).toEqual({ page: '3', limit: '100', x: '1' }))
    await waitFor(() =>
      expect(
        reads(c, /\/items$/).map((x) => Object.fromEntries(new URLSearchParams(x.query))),
      ).toContainEqual({
        page: '0',
        limit: '500',
      }),
    )
  }, 90_000)

  it('draws all 10,000 footprints of the large delivery on request, telling how far, without adding them to the list', async () => {
    const user = userEvent.setup()
    const c = await large()
    const world = c.backend.sim.runtime.world
    const huge = [...world.stacCollections.values()].find((r) => r.itemIds.length === 10_000)
    if (!huge) throw new Error('the large world has no 10,000-item collection')
    await open(c, `/storage/collections/${huge.collection.id}?limit=20`)
    await screen.findByRole('heading', { name: '10,000 items' }, { timeout: 30_000 })
    const before = reads(c, /\/items$/).length
    // Nothing more is read until the analyst asks.
    expect(overlay(ALL_SOURCE)).toBeUndefined()
    await user.click(screen.getByRole('button', { name: 'Draw all 10,000 footprints' }))
    await screen.findByText(/^Reading footprints: [\d,]+ of 10,000$/, {}, { timeout: 30_000 })
    await screen.findByText('All 10,000 footprints drawn.', {}, { timeout: 60_000 })
    const streamed = reads(c, /\/items$/).slice(before)
    expect(streamed.map((x) => Object.fromEntries(new URLSearchParams(x.query)))).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ page: String(i), limit: '1000' })),
    )
    await waitFor(() => expect(overlay(ALL_SOURCE)?.data.features).toHaveLength(10_000))
    const first = overlay(ALL_SOURCE)?.data.features[0]
    // Only the id and the footprint are kept.
    expect(Object.keys(first?.properties ?? {})).toEqual(['id'])
    expect(huge.itemIds).toContain(first?.properties?.id)
    expect(overlay(ALL_CLUSTERS_SOURCE)?.data.features).toHaveLength(10_000)
    // The list still shows its page of 20.
    const table = screen.getByRole('table', { name: 'Items' })
    expect(
      within(table)
        .getAllByRole('row')
        .filter((x) => x.dataset.itemId),
    ).toHaveLength(20)
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(overlay(ALL_SOURCE)).toBeUndefined())
  }, 120_000)

  it('reads the listed collections’ footprints through the search and stops when cancelled', async () => {
    const user = userEvent.setup()
    const c = await large()
    await open(c, '/storage?limit=20')
    await screen.findByRole('list', { name: 'Collections' }, { timeout: 30_000 })
    const searches = () => c.backend.log.filter((r) => r.method === 'POST' && /\/stac\/search$/.test(r.path))
    await user.click(screen.getByRole('button', { name: 'Draw all footprints of the listed collections' }))
    await screen.findByText(/^Reading footprints: [\d,]+ of [\d,]+$/, {}, { timeout: 60_000 })
    // Every collection the filters match was listed first, a page of 1,000 at a time.
    const lists = reads(c, /^\/v2\/assets\/stac\/collections$/).map((r) => new URLSearchParams(r.query))
    expect(lists.filter((q) => q.get('limit') === '1000').length).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    const status = await screen.findByText(/^Stopped: [\d,]+ of [\d,]+ footprints drawn\.$/)
    const [done, total] = (status.textContent ?? '')
      .match(/[\d,]+/g)
      ?.map((n) => Number(n.replace(/,/g, ''))) ?? [0, 0]
    expect(done).toBeGreaterThan(0)
    expect(done).toBeLessThan(total)
    const asked = searches().length
    expect(asked).toBeGreaterThan(0)
    expect(searches()[0].body).toMatchObject({ limit: 1000, page: 0 })
    // Cancelled: nothing more is read, and what was read stays drawn.
    await waitFor(() => expect(overlay(ALL_SOURCE)?.data.features.length).toBe(done))
    expect(searches().length).toBe(asked)
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument()
  }, 120_000)
})
