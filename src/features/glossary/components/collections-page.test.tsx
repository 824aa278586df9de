// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { glossaryRoutes } from '../../../app/routes/glossary-routes'
import { renderWithConsole, type RenderedConsole } from '../../../testing/render'

const renderAt = (at: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: glossaryRoutes(ctx) }], { at })

/** The collection titles in the table, in the order shown. */
async function shownTitles(): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Collections' })
  return within(table)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '')
}

// jsdom lays nothing out, so Mantine's dropdown thinks its input is off screen and hides itself with
// display: none; the options are there and work, they are only not "visible".
const option = (name: string) => screen.findByRole('option', { name, hidden: true })

const collectionRequests = (r: RenderedConsole) =>
  r.console.backend.log.filter((e) => e.method === 'GET' && e.path === '/v2/collections')

const TASKING = ['BlackSky Tasking', 'Capella SAR Tasking', 'Pléiades Neo Tasking', 'Pléiades Tasking']

describe('collections page', () => {
  it('shows only tasking collections when the URL asks for them', async () => {
    await renderAt('/collections?type=TASKING')
    expect(await shownTitles()).toEqual(TASKING)
    expect(screen.getByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Tasking' })).toBeChecked()
    expect(screen.getByRole('status')).toHaveTextContent('4 collections')
    const table = screen.getByRole('table', { name: 'Collections' })
    expect(within(table).getByRole('link', { name: 'Pléiades Neo Tasking' })).toHaveAttribute(
      'href',
      '/collections/pneo-tasking',
    )
    // Integrations are shown in plain words, not as the contract's constants.
    expect(within(table).getAllByText('Priced by quotation')).toHaveLength(3)
    expect(within(table).queryByText('QUOTATION_REQUIRED')).not.toBeInTheDocument()
  })

  it('changing the type asks the service again, writes the URL and starts again at page 1', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/collections?page=2&size=10')
    // Ten collections fit on one page: page 2 is past the end.
    expect(await screen.findByText('Page 2 is past the end')).toBeInTheDocument()
    const before = collectionRequests(r).length

    await user.click(screen.getByRole('radio', { name: 'Archive' }))

    await waitFor(() => expect(r.router.state.location.search).toBe('?type=ARCHIVE&size=10'))
    await waitFor(async () => expect(await shownTitles()).toContain('SPOT'))
    const titles = await shownTitles()
    expect(titles).toHaveLength(6)
    for (const t of TASKING) expect(titles).not.toContain(t)
    expect(collectionRequests(r).length).toBeGreaterThan(before)
    expect(collectionRequests(r).every((e) => e.status === 200)).toBe(true)
  })

  it('filters by what collections offer, chosen by its plain-word name', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/collections')
    expect(await shownTitles()).toHaveLength(10)

    await user.click(screen.getByRole('combobox', { name: 'Must offer' }))
    await user.click(await option('A feasibility study may be required'))

    await waitFor(() =>
      expect(r.router.state.location.search).toBe('?integrations=FEASIBILITY_STUDY_MAY_BE_REQUIRED'),
    )
    await waitFor(async () => expect(await shownTitles()).toEqual(['Pléiades Tasking']))
    expect(screen.getByRole('status')).toHaveTextContent('1 collection')
  })

  it('sorts in the chosen order', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/collections?type=TASKING')
    expect(await shownTitles()).toEqual(TASKING)

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await option('Title, Z to A'))

    await waitFor(() => expect(r.router.state.location.search).toBe('?type=TASKING&sort=title%2Cdesc'))
    await waitFor(async () => expect(await shownTitles()).toEqual([...TASKING].reverse()))
  })

  it('says which filters to loosen when nothing matches, and clears them', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/collections?type=ARCHIVE&integrations=FEASIBILITY_STUDY_REQUIRED')
    expect(await screen.findByText('No collection matches these filters.')).toBeInTheDocument()
    expect(screen.getByText(/remove “A feasibility study is required” from “Must offer”/)).toBeInTheDocument()
    expect(screen.getByText(/choose All instead of Archive under “Type”/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))

    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    await waitFor(async () => expect(await shownTitles()).toHaveLength(10))
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked()
  })

  it('keeps the rows in place, marked busy, while the next view loads', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/collections?type=TASKING')
    expect(await shownTitles()).toEqual(TASKING)
    const release = r.console.backend.hold('/v2/collections')

    await user.click(screen.getByRole('radio', { name: 'Archive' }))

    // The tasking rows stay, marked busy, until the archive page arrives: no flash of an empty page.
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Collections' }).closest('[aria-busy="true"]')).not.toBeNull(),
    )
    expect(await shownTitles()).toEqual(TASKING)
    release()
    await waitFor(async () => expect(await shownTitles()).toContain('SPOT'))
    expect(screen.getByRole('table', { name: 'Collections' }).closest('[aria-busy="true"]')).toBeNull()
  })

  it('shows a skeleton while the first page loads', async () => {
    // The page's code is loaded first, so that only the slow answer holds the page back.
    await import('./collections-page')
    const r = await renderAt('/')
    const release = r.console.backend.hold('/v2/collections')
    const navigated = r.router.navigate('/collections')
    expect(await screen.findByRole('status', { name: 'Loading collections' })).toBeInTheDocument()
    release()
    await navigated
    expect(await shownTitles()).toHaveLength(10)
    expect(screen.queryByRole('status', { name: 'Loading collections' })).not.toBeInTheDocument()
  })
})
