// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { glossaryRoutes } from '../../../app/routes/glossary-routes'
import { renderWithConsole } from '../../../testing/render'

const renderAt = (at: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: glossaryRoutes(ctx) }], { at })

/** [provider cell, roles, what it does] of each row, in the order shown. */
async function shownRows(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: 'Providers' })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    )
}

const titles = async () =>
  (await shownRows()).map(([provider]) =>
    ['Airbus Defence and Space', 'BlackSky', 'Capella Space', 'Near Space Labs', 'OneAtlas'].find((t) =>
      provider.startsWith(t),
    ),
  )

describe('providers page', () => {
  it('lists every provider with its roles explained', async () => {
    await renderAt('/providers')
    expect(await titles()).toEqual([
      'Airbus Defence and Space',
      'BlackSky',
      'Capella Space',
      'Near Space Labs',
      'OneAtlas',
    ])
    expect(screen.getByRole('heading', { level: 1, name: 'Providers' })).toBeInTheDocument()
    const rows = await shownRows()
    expect(rows[0].slice(1)).toEqual(['Producer', 'Produces the imagery.'])
    expect(rows[2].slice(1)).toEqual([
      'ProducerHost',
      'Produces the imagery and hosts the searchable archive.',
    ])
    expect(rows[4].slice(1)).toEqual(['Host', 'Hosts the searchable archive.'])
  })

  it('the Host filter shows only providers that host an archive, and goes in the URL', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/providers')
    expect(await titles()).toHaveLength(5)
    const before = r.console.backend.log.filter((e) => e.path === '/v2/providers').length

    const role = screen.getByRole('radiogroup', { name: 'Role' })
    await user.click(within(role).getByRole('radio', { name: 'Host' }))

    await waitFor(() => expect(r.router.state.location.search).toBe('?role=HOST'))
    await waitFor(async () => expect(await titles()).not.toContain('Airbus Defence and Space'))
    expect(await titles()).toEqual(['BlackSky', 'Capella Space', 'Near Space Labs', 'OneAtlas'])
    for (const [, roles] of await shownRows()) expect(roles).toContain('Host')
    expect(r.console.backend.log.filter((e) => e.path === '/v2/providers').length).toBeGreaterThan(before)
    expect(screen.getByRole('radio', { name: 'Host' })).toBeChecked()
  })

  it('reads the role and sort from the URL, and back returns to the previous view', async () => {
    const user = userEvent.setup()
    const r = await renderAt('/providers?role=PRODUCER&sort=title,desc')
    expect(await titles()).toEqual([
      'Near Space Labs',
      'Capella Space',
      'BlackSky',
      'Airbus Defence and Space',
    ])
    expect(screen.getByRole('radio', { name: 'Producer' })).toBeChecked()

    await user.click(screen.getByRole('radio', { name: 'All' }))
    await waitFor(async () => expect(await titles()).toHaveLength(5))
    expect(r.router.state.location.search).toBe('?sort=title%2Cdesc')

    await r.router.navigate(-1)
    await waitFor(async () => expect(await titles()).toHaveLength(4))
    expect(screen.getByRole('radio', { name: 'Producer' })).toBeChecked()
  })

  it('shows every provider when the URL holds values it cannot use', async () => {
    await renderAt('/providers?role=ADMIN&page=abc&size=7&sort=rank,up')
    expect(await titles()).toHaveLength(5)
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Title, A to Z')
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20')
  })
})
