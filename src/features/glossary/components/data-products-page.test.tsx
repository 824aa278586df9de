// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { glossaryRoutes } from '../../../app/routes/glossary-routes'
import { ok } from '../../../api/client'
import { renderWithConsole } from '../../../testing/render'

const renderAt = (at: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: glossaryRoutes(ctx) }], { at })

const productsTable = () => screen.findByRole('table', { name: 'Data products' })

/** The cells of the table's rows, row by row, as text. */
async function shownRows(): Promise<string[][]> {
  const rows = within(await productsTable())
    .getAllByRole('row')
    .slice(1)
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent ?? ''),
  )
}

const names = async () => (await shownRows()).map((cells) => cells[1])

describe('data products page', () => {
  it('lists the data products of every collection with what ordering them needs', async () => {
    await renderAt('/data-products')
    // Each licence in words once the account's licences have answered.
    await waitFor(async () =>
      expect((await shownRows()).some((cells) => cells[4] === 'Must be accepted before ordering')).toBe(
        false,
      ),
    )
    const rows = await shownRows()
    expect(screen.getByRole('heading', { level: 1, name: 'Data products' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('12 data products')
    const preview = rows.find((cells) => cells[1] === 'blacksky-tasking-preview')
    expect(preview?.slice(2, 4)).toEqual(['BlackSky Tasking', 'No, not offered for ordering'])
    expect(preview?.[4]).toMatch(/^(Accepted|To accept before ordering): BlackSky imagery license$/)
    const display = rows.find((cells) => cells[1] === 'phr-display')
    expect(display?.slice(2)).toEqual([
      'Pléiades',
      'Yes',
      // The Airbus licence has a new version the analyst has not accepted.
      'To accept before ordering: Airbus optical imagery license',
    ])
    const table = await productsTable()
    expect(within(table).getAllByRole('link', { name: 'Pléiades' })[0]).toHaveAttribute(
      'href',
      '/collections/phr',
    )
  })

  it('says a license is accepted once it is, not that it must be accepted, and links it', async () => {
    const r = await renderAt('/data-products')
    const cell = async () => (await shownRows()).find((cells) => cells[1] === 'phr-display')?.[4] ?? ''
    await waitFor(async () =>
      expect(await cell()).toBe('To accept before ordering: Airbus optical imagery license'),
    )
    // Accepted on the licence's page (another tab, or the checkout): the glossary follows.
    const eulas = await ok(r.console.client.GET('/v2/eulas', { params: { query: { size: 100 } } }))
    const airbus = eulas.content.find((e) => e.title === 'Airbus optical imagery license')
    if (!airbus?.currentDocumentId) throw new Error('no seeded Airbus license')
    await ok(
      r.console.client.PATCH('/v2/eulas/{eula-id}/documents/{eula-document-id}', {
        params: { path: { 'eula-id': airbus.id, 'eula-document-id': airbus.currentDocumentId } },
        body: { isAccepted: true },
      }),
    )
    await act(() => r.queryClient.invalidateQueries({ queryKey: ['licences'] }))
    await waitFor(async () => expect(await cell()).toBe('Accepted: Airbus optical imagery license'))
    const link = within(await productsTable()).getAllByRole('link', {
      name: 'Accepted: Airbus optical imagery license',
    })[0]
    expect(link).toHaveAttribute('href', `/licences/${airbus.id}`)
  })

  it('pages through the list, with the page in the URL', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/data-products?size=10')
    const first = await names()
    expect(first).toHaveLength(10)
    expect(screen.getByRole('status')).toHaveTextContent('12 data products, page 1 of 2')

    await user.click(screen.getByRole('button', { name: 'Page 2' }))

    await waitFor(() => expect(r.router.state.location.search).toBe('?page=2&size=10'))
    await waitFor(async () => expect(await names()).toHaveLength(2))
    const second = await names()
    expect(second).toEqual(['phr-tasking-display', 'spot-display'])
    for (const n of second) expect(first).not.toContain(n)
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    await waitFor(() => expect(r.router.state.location.search).toBe('?size=10'))
    await waitFor(async () => expect(await names()).toEqual(first))
  })

  it('sorts by collection when the URL says so', async () => {
    await renderAt('/data-products?sort=collectionName,desc&size=50')
    const collections = (await shownRows()).map((cells) => cells[2])
    expect(collections[0]).toBe('spot')
    expect(collections).toEqual([...collections].sort().reverse())
  })

  it('changes the page size from the picker and starts at page 1', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/data-products?page=2&size=10')
    await waitFor(async () => expect(await names()).toHaveLength(2))

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }))
    await user.click(await screen.findByRole('option', { name: '50', hidden: true }))

    await waitFor(() => expect(r.router.state.location.search).toBe('?size=50'))
    await waitFor(async () => expect(await names()).toHaveLength(12))
    expect(screen.queryByRole('navigation', { name: 'Pages of data products' })).not.toBeInTheDocument()
  })

  it('opens a product’s collection from its link', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/data-products')
    const table = await productsTable()
    await user.click(within(table).getByRole('link', { name: 'nsl-30cm' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Near Space Labs 30 cm' }),
    ).toBeInTheDocument()
    expect(r.router.state.location.pathname).toBe('/collections/nsl-30cm')
  })
})
