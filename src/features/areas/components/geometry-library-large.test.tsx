// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { areasRoutes } from '../../../app/routes/areas-routes'
import { mapView } from '../../../testing/map-view-state'
import { fakeHeights } from '../../../testing/fake-heights'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { LIBRARY_SOURCE } from '../map-layers'

// jsdom lays nothing out: the library's scroll box reports the height of a typical aside and a row its usual
// height, so the virtualiser draws the rows a 600 px box shows (and its overscan). Put back after the file:
// the dom project shares one jsdom per worker.
const heights = (el: HTMLElement) =>
  el.hasAttribute('data-geometries-scroller') ? 600 : el.dataset.rowIndex !== undefined ? 56 : 0
fakeHeights(heights)

const large = () => signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
const open = (c: TestConsole, at: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: areasRoutes(ctx) }], { at, console: c })
const listReads = (c: TestConsole) =>
  c.backend.log
    .filter((r) => r.method === 'GET' && r.path === '/v2/spatial/geometries')
    .map((r) => Object.fromEntries(new URLSearchParams(r.query)))
const list = () => screen.findByRole('list', { name: 'Saved geometries' }, { timeout: 30_000 })
const drawnNames = async () =>
  within(await list())
    .getAllByTestId('saved-area-name')
    .map((n) => n.textContent)
/** The ids of the saved geometries the map was last given. */
const idsOnMap = () =>
  mapView.props?.overlays
    ?.find((o) => o.id === LIBRARY_SOURCE)
    ?.data.features.map((f) => String(f.properties?.geometryId))

/** The geometries of the current workspace as the service sorts them: the newest change first, stable. */
function newestFirst(c: TestConsole, name = '') {
  const snap = c.session.getSnapshot()
  const ws = c.session.currentWorkspace()?.id
  return [...c.backend.sim.runtime.world.geometries.values()]
    .filter(
      (g) =>
        g.accountId === snap.user?.accountId &&
        g.workspaceId === ws &&
        g.displayName.toLowerCase().includes(name.toLowerCase()),
    )
    .sort((a, b) => (a.updatedAt === b.updatedAt ? 0 : a.updatedAt < b.updatedAt ? 1 : -1))
}

/** Issue 40 §2 (the geometry library) on the large world: 1,000 saved geometries of the account. */
describe('the geometry library on the large world', () => {
  it('reads one page from the service, says the true total, draws only the rows in view and the page on the map, and reads page 2 when asked', async () => {
    const user = userEvent.setup()
    const c = await large()
    const ws = c.session.currentWorkspace()?.id ?? ''
    const expected = newestFirst(c)
    // Most of the 1,000 are in the current workspace: more than a page of 100.
    expect(expected.length).toBeGreaterThan(500)
    await open(c, '/areas')
    const total = `${expected.length.toLocaleString('en')} saved geometries, page 1 of ${Math.ceil(expected.length / 100)}`
    expect(await screen.findByText(new RegExp(`^${total}`), {}, { timeout: 30_000 })).toBeInTheDocument()
    // Virtualised: a page of 100, far fewer rows in the DOM, the newest first.
    const names = await drawnNames()
    expect(names.length).toBeGreaterThan(0)
    expect(names.length).toBeLessThan(30)
    expect(names).toEqual(expected.slice(0, names.length).map((g) => g.displayName))
    // The map draws the page shown, not the library.
    await waitFor(() => expect(idsOnMap()).toEqual(expected.slice(0, 100).map((g) => g.id)))

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of saved geometries' })).getByRole('button', {
        name: 'Page 2',
      }),
    )
    await screen.findByText(
      new RegExp(`^${expected.length.toLocaleString('en')} saved geometries, page 2 of`),
    )
    await waitFor(async () => expect((await drawnNames())[0]).toBe(expected[100].displayName))
    await waitFor(() => expect(idsOnMap()).toEqual(expected.slice(100, 200).map((g) => g.id)))
    // Each page from the service, one request each: never the whole library.
    expect(listReads(c)).toEqual([
      { workspaceId: ws, page: '0', size: '100', sort: 'updatedAt,desc' },
      { workspaceId: ws, page: '1', size: '100', sort: 'updatedAt,desc' },
    ])
  }, 90_000)

  it('sends the name filter to the service and starts again at its first page', async () => {
    const user = userEvent.setup()
    const c = await large()
    const ws = c.session.currentWorkspace()?.id ?? ''
    const expected = newestFirst(c, 'lagos')
    expect(expected.length).toBeGreaterThan(0)
    await open(c, '/areas?page=3')
    await screen.findByText(/saved geometries, page 3 of/, {}, { timeout: 30_000 })
    await user.type(screen.getByLabelText('Filter by name'), 'Lagos')
    const count = `${expected.length.toLocaleString('en')} saved geometries named like this`
    expect(await screen.findByText(new RegExp(`^${count}`))).toBeInTheDocument()
    await waitFor(async () =>
      expect(await drawnNames()).toEqual(
        expected.slice(0, (await drawnNames()).length).map((g) => g.displayName),
      ),
    )
    const last = listReads(c).at(-1)
    expect(last).toEqual({
      workspaceId: ws,
      displayName: 'Lagos',
      page: '0',
      size: '100',
      sort: 'updatedAt,desc',
    })
  }, 90_000)

  it('moves between the rows with the arrow and Page keys, drawing the row it lands on', async () => {
    const user = userEvent.setup()
    const c = await large()
    await open(c, '/areas?size=500')
    const rows = within(await list()).getAllByRole('listitem')
    within(rows[0]).getByRole('button', { name: 'Show' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.closest('li')?.dataset.rowIndex).toBe('1')
    // A screen on (a 600 px box holds ten 56 px rows; a screen is two fewer): the row it lands on is drawn and focused.
    await user.keyboard('{PageDown}')
    await waitFor(() => expect(document.activeElement?.closest('li')?.dataset.rowIndex).toBe('9'))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.closest('li')?.dataset.rowIndex).toBe('8')
    // Ctrl+End to the last of the 500, far outside what is drawn, needs real scrolling, which jsdom lacks.
    expect(document.activeElement).toHaveAccessibleName('Show')
  }, 90_000)
  it("opens a row's menu by keyboard, mounted only then: Escape gives the focus back and its items work", async () => {
    const user = userEvent.setup()
    const c = await large()
    await open(c, '/areas?size=500')
    const rows = within(await list()).getAllByRole('listitem')
    // No row carries a menu until its own is opened (Mantine's Menu mounts then).
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull()
    const name = within(rows[2]).getByTestId('saved-area-name').textContent ?? ''
    const more = within(rows[2]).getByRole('button', { name: `More actions for ${name}` })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    more.focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu', { name: `More actions for ${name}` })
    expect(more).toHaveAttribute('aria-expanded', 'true')
    expect(more).toHaveAttribute('aria-controls', menu.id)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(more).toHaveFocus())
    expect(more).toHaveAttribute('aria-expanded', 'false')

    await user.keyboard('{Enter}')
    await screen.findByRole('menu', { name: `More actions for ${name}` })
    // The menu's first item by the arrow key, chosen with Enter: the rename dialog for this row's geometry.
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename…' })).toHaveFocus())
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Rename geometry' })
    expect(within(dialog).getByLabelText('Name')).toHaveValue(name)
  }, 90_000)
})
