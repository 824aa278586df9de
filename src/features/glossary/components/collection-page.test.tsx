// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { glossaryRoutes } from '../../../app/routes/glossary-routes'
import { renderWithConsole } from '../../../testing/render'

const renderAt = (at: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: glossaryRoutes(ctx) }], { at })

const heading = (name: string) => screen.findByRole('heading', { level: 1, name })

describe('collection page', () => {
  it('explains what the collection offers and lists its data products and providers', async () => {
    const r = await renderAt('/collections/phr-tasking')
    expect(await heading('Pléiades Tasking')).toBeInTheDocument()

    const offers = screen.getByRole('region', { name: 'What this collection offers' })
    expect(
      within(offers).getByText(
        'A feasibility study may be required: before the quotation, the provider may propose options for you to choose from.',
      ),
    ).toBeInTheDocument()
    expect(within(offers).getByText(/^Priced by quotation: /)).toBeInTheDocument()
    expect(within(offers).getAllByRole('listitem')).toHaveLength(2)

    const products = screen.getByRole('table', { name: 'Data products of Pléiades Tasking' })
    expect(within(products).getByText('Pléiades Tasking Display')).toBeInTheDocument()
    expect(within(products).getByText('phr-tasking-display')).toBeInTheDocument()
    expect(
      await within(products).findByText('To accept before ordering: Airbus optical imagery license'),
    ).toBeInTheDocument()

    const providers = screen.getByRole('table', { name: 'Providers of Pléiades Tasking' })
    expect(within(providers).getByText('Airbus Defence and Space')).toBeInTheDocument()
    expect(within(providers).getByText('Produces the imagery.')).toBeInTheDocument()

    expect(screen.getByText('0.5 m to 0.7 m')).toBeInTheDocument()
    expect(screen.getByText('Very high')).toBeInTheDocument()
    // The single-collection endpoint needs the session's token.
    const read = r.console.backend.log.find((e) => e.path === '/v2/collections/phr-tasking')
    expect(read).toMatchObject({ method: 'GET', status: 200 })
    expect(read?.auth).toMatch(/^Bearer /)
  })

  it('offers searching an archive collection in the catalog, with its host and itself chosen', async () => {
    await renderAt('/collections/phr')
    const link = await screen.findByRole('link', { name: 'Search this collection in the catalog' })
    const url = new URL(link.getAttribute('href') ?? '', 'http://x')
    expect(url.pathname).toBe('/catalog')
    expect(url.searchParams.get('collections')).toBe('phr')
    expect(url.searchParams.get('host')).toBeTruthy()
  })

  it('explains host and producer roles of an archive collection', async () => {
    await renderAt('/collections/phr')
    expect(await heading('Pléiades')).toBeInTheDocument()
    const providers = screen.getByRole('table', { name: 'Providers of Pléiades' })
    const rows = within(providers).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      'Produces the imagery.',
      'Hosts the searchable archive.',
    ])
    const offers = screen.getByRole('region', { name: 'What this collection offers' })
    expect(within(offers).getByText(/^The archive is searchable/)).toBeInTheDocument()
  })

  it('says which data products cannot be ordered', async () => {
    await renderAt('/collections/blacksky-tasking')
    const products = await screen.findByRole('table', { name: 'Data products of BlackSky Tasking' })
    const preview = within(products).getByText('BlackSky Tasking Preview').closest('tr')
    expect(preview).not.toBeNull()
    expect(preview).toHaveTextContent('No, not offered for ordering')
    const standard = within(products).getByText('BlackSky Tasking Standard').closest('tr')
    expect(standard).toHaveTextContent('Yes')
  })

  it('answers an unknown name with a not-found page that leads back to the list', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/collections/no-such-collection')
    expect(await heading('Collection not found')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No collection is named “no-such-collection”. The link may be old or mistyped, or the collection may have been withdrawn.',
    )
    expect(r.console.backend.log).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/v2/collections/no-such-collection', status: 404 }),
    )

    await user.click(screen.getByRole('link', { name: 'All collections' }))

    expect(await heading('Collections')).toBeInTheDocument()
    expect(r.router.state.location.pathname).toBe('/collections')
  })
})
