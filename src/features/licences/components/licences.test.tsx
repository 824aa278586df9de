// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useQuery } from '@tanstack/react-query'
import { Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useApiClient } from '../../../api/console-context'
import { licencesRoutes } from '../../../app/routes/licences-routes'
import { EulaGate } from '../../../components/licence-gate/eula-gate'
import { eulaOptions, licenceAccess } from '../../../data/licences/queries'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'

const eulaIdOf = (c: TestConsole, title: string) =>
  [...c.backend.sim.runtime.world.eulas.values()].find((e) => e.title === title)?.id ?? ''

const renderAt = (at: string, c?: TestConsole, email?: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: licencesRoutes(ctx) }], { at, console: c, email })

/** The checkout's licence gate over the same cache, beside the licence page: what the checkout would show. */
function CheckoutGate({ eulaId }: { eulaId: string }) {
  const query = useQuery(eulaOptions(useApiClient(), eulaId))
  return <EulaGate eulas={[{ id: eulaId, query }]} access={licenceAccess} />
}

const rowOf = async (title: string) => {
  const table = await screen.findByRole('table', { name: 'Licenses' })
  const link = await within(table).findByRole('link', { name: title })
  return link.closest('tr') as HTMLElement
}

describe('licenses list', () => {
  it('shows each license with its state, who accepted it and when', async () => {
    const r = await renderAt('/licences')
    const table = await screen.findByRole('table', { name: 'Licenses' })
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Airbus optical imagery license',
      'Analytics processing terms',
      'BlackSky imagery license',
      'Capella Space SAR license',
      'Near Space Labs license',
      'Orbital Insight analytics license',
    ])
    // Airbus: version 1 accepted, version 2 published since.
    await waitFor(async () =>
      expect(
        within(await rowOf('Airbus optical imagery license')).getByTestId('licence-state'),
      ).toHaveTextContent('New version waits'),
    )
    const capella = await rowOf('Capella Space SAR license')
    expect(within(capella).getByTestId('licence-state')).toHaveTextContent('Accepted')
    const accepted = c2accepted(r.console, 'Capella Space SAR license')
    expect(capella).toHaveTextContent(`Accepted by you on ${accepted}`)
    expect(within(await rowOf('BlackSky imagery license')).getByTestId('licence-state')).toHaveTextContent(
      'Not accepted',
    )
  })

  it('searches titles and descriptions, sorts and keeps both in the URL', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/licences')
    await screen.findByRole('table', { name: 'Licenses' })
    await user.type(screen.getByRole('textbox', { name: 'Search titles and descriptions' }), 'radar')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(r.router.state.location.search).toBe('?term=radar'))
    // "radar" is only in Capella's description.
    await waitFor(async () =>
      expect(
        within(await screen.findByRole('table', { name: 'Licenses' }))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Capella Space SAR license']),
    )
    expect(r.console.backend.log.some((e) => e.path === '/v2/eulas' && e.query.includes('term=radar'))).toBe(
      true,
    )

    await user.type(screen.getByRole('textbox', { name: 'Search titles and descriptions' }), 'x{Enter}')
    expect(await screen.findByText('No license matches “radarx”')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show every license' }))
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Search titles and descriptions' })).toHaveValue(''),
    )
    await user.click(screen.getByRole('combobox', { name: 'Sort' }))
    await user.click(await screen.findByRole('option', { name: 'Title Z–A', hidden: true }))
    await waitFor(() => expect(r.router.state.location.search).toBe('?sort=title%2Cdesc'))
    await waitFor(async () =>
      expect(
        within(await screen.findByRole('table', { name: 'Licenses' })).getAllByRole('link')[0],
      ).toHaveTextContent('Orbital Insight analytics license'),
    )
  })
})

function c2accepted(c: TestConsole, title: string): string {
  const world = c.backend.sim.runtime.world
  const eula = [...world.eulas.values()].find((e) => e.title === title)
  const doc = eula?.documents[eula.documents.length - 1]
  const at = world.acceptances.get(`${[...world.accounts.keys()][0]}:${doc?.id}`)?.acceptedAt ?? 0
  const [, day, month, year, time] = new Date(at).toUTCString().split(' ')
  return `${Number(day)} ${month} ${year} ${time.slice(0, 5)} UTC`
}

describe('license page', () => {
  it('shows what it governs, its versions with the current one marked, the document sanitised and what changed', async () => {
    const c = await signedInConsole()
    await renderAt(`/licences/${eulaIdOf(c, 'Airbus optical imagery license')}`, c)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Airbus optical imagery license' }),
    ).toBeVisible()
    const governs = await screen.findByRole('table', { name: 'Governed data products and processes' })
    const products = c.backend.sim.runtime.world.collections
      .flatMap((col) => col.dataProducts)
      .filter((p) => p.eulaId === eulaIdOf(c, 'Airbus optical imagery license'))
    expect(within(governs).getAllByRole('row')).toHaveLength(products.length + 1)
    expect(within(governs).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/collections\//),
    )

    const versions = screen.getByRole('table', { name: 'Versions' })
    const rows = within(versions).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Version 2Current',
      'Version 1',
    ])
    expect(rows[1]).toHaveTextContent(/Accepted by you on/)
    expect(rows[0]).toHaveTextContent('Not accepted')
    expect(screen.getByTestId('acceptance-line')).toHaveTextContent(
      /not accepted by this account\. Version 1 was accepted by you on .*; a newer version has been published since\./,
    )

    // The current document, through the viewer's strict profile: its script and handler are gone.
    const doc = await screen.findByRole('document', { name: 'Version 2, license text' })
    expect(doc).toHaveTextContent('No resale of original imagery')
    expect(doc.innerHTML).not.toMatch(/script|onclick/)

    // Version 1 against version 2: only the heading differs.
    expect(await screen.findByTestId('diff-summary')).toHaveTextContent(
      'From version 1 to version 2: 1 line added, 1 removed.',
    )
    const changes = screen.getByRole('list', { name: 'Changes from version 1 to version 2' })
    expect(within(changes).getByRole('deletion')).toHaveTextContent(
      'Airbus optical imagery license, version 1',
    )
    expect(within(changes).getByRole('insertion')).toHaveTextContent(
      'Airbus optical imagery license, version 2',
    )
  })

  it('compares a newly published version with the accepted one, line by line', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    await c.backend.fetch('http://swath.test/api/__sim/eulas/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eula: 'Airbus optical imagery license' }),
    })
    const r = await renderAt(`/licences/${eulaIdOf(c, 'Airbus optical imagery license')}`, c)
    expect(await screen.findByTestId('diff-summary')).toHaveTextContent(
      'From version 2 to version 3: 2 lines added, 1 removed.',
    )
    expect(
      within(screen.getByRole('list', { name: 'Changes from version 2 to version 3' })).getAllByRole(
        'insertion',
      )[1],
    ).toHaveTextContent('Derived products must name license version 3 or later.')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Older version' }), '1')
    await waitFor(() => expect(r.router.state.location.search).toBe('?from=1&to=3'))
    await waitFor(() =>
      expect(screen.getByTestId('diff-summary')).toHaveTextContent(
        'From version 1 to version 3: 2 lines added, 1 removed.',
      ),
    )
    // Another version is shown on request, in the URL too.
    await user.click(screen.getByRole('button', { name: 'Show version 1' }))
    expect(await screen.findByRole('document', { name: 'Version 1, license text' })).toHaveTextContent(
      'version 1',
    )
  })

  it('accepts the current document behind a confirmation naming what it unlocks; the checkout sees it at once', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const id = eulaIdOf(c, 'Airbus optical imagery license')
    await renderWithConsole(
      (ctx) => [
        {
          path: '/',
          element: (
            <>
              <CheckoutGate eulaId={id} />
              <Outlet />
            </>
          ),
          children: licencesRoutes(ctx),
        },
      ],
      { at: `/licences/${id}`, console: c },
    )
    // The checkout's gate asks for the same licence.
    const gate = await screen.findByRole('article', { name: 'Airbus optical imagery license' })
    expect(within(gate).getByRole('button', { name: 'Accept license' })).toBeInTheDocument()

    await user.click(await screen.findByRole('button', { name: 'Accept version 2…' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Accept version 2 of “Airbus optical imagery license”?',
    })
    expect(dialog).toHaveTextContent('It unlocks ordering these data products:')
    const products = c.backend.sim.runtime.world.collections
      .flatMap((col) => col.dataProducts)
      .filter((p) => p.eulaId === id)
    for (const p of products) expect(dialog).toHaveTextContent(p.title)
    expect(dialog).toHaveTextContent('you confirm you have read version 2')
    // Nothing is accepted until the dialog's own button is pressed.
    expect(c.backend.log.some((e) => e.method === 'PATCH')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Accept version 2' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByTestId('acceptance-line')).toHaveTextContent(/^Accepted by you on/)
    expect(screen.getByTestId('licence-state')).toHaveTextContent('Accepted')
    // The checkout's gate, on the same key, no longer asks.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Airbus optical imagery license' })).toBeNull(),
    )
    expect(screen.getByText(/Accepted: Airbus optical imagery license/)).toBeInTheDocument()
    const patches = c.backend.log.filter((e) => e.method === 'PATCH' && e.path.startsWith('/v2/eulas/'))
    expect(patches.map((e) => e.body)).toEqual([{ isAccepted: true }])
  })

  it('tells the Viewer why they cannot accept and whom to ask', async () => {
    const c = await signedInConsole('viewer@swath.test')
    await renderAt(`/licences/${eulaIdOf(c, 'Airbus optical imagery license')}`, c)
    const why = await screen.findByRole('alert', { name: 'Your role cannot accept licenses' })
    // Named by its version once the versions are read.
    await waitFor(() =>
      expect(why).toHaveTextContent(
        /only an account administrator \(a user with the Admin role\) can; your role can read licenses\. Ask an account administrator to accept version 2/,
      ),
    )
    expect(screen.queryByRole('button', { name: /^Accept version/ })).toBeNull()
  })

  it('lets a Starter-plan administrator accept: licenses are not an Enterprise feature', async () => {
    const c = await signedInConsole('starter@swath.test')
    await renderAt(`/licences/${eulaIdOf(c, 'Capella Space SAR license')}`, c)
    expect(await screen.findByRole('button', { name: 'Accept version 1…' })).toBeEnabled()
    expect(screen.getByTestId('licence-state')).toHaveTextContent('Not accepted')
  })

  it('says when a license does not exist', async () => {
    await renderAt('/licences/00000000-0000-4000-8000-000000000000')
    expect(await screen.findByRole('heading', { level: 1, name: 'License not found' })).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This account has no license with the ID 00000000-0000-4000-8000-000000000000.',
    )
    expect(screen.getByRole('link', { name: 'All licenses' })).toHaveAttribute('href', '/licences')
  })
})
