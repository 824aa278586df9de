// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storageRoutes } from '../../../app/routes/storage-routes'
import { renderWithConsole } from '../../../testing/render'

const open = () =>
  renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], { at: '/storage/search' })

describe('storage search', () => {
  it('builds conditions from the queryables the service names, and sends them as CQL2-JSON', async () => {
    const user = userEvent.setup()
    const r = await open()
    const form = await screen.findByRole('form', { name: 'Storage search' })
    await user.click(within(form).getByRole('button', { name: 'Add a condition' }))
    const field = within(form).getByLabelText('Field of condition 1')
    // Every queryable but geometry (the area), datetime (the date range) and the deprecated cloud_cover, by
    // the service's titles; a new condition starts on the item's title.
    expect(field).toHaveValue('title')
    const queryables = (await r.console.client.GET('/v2/assets/stac/queryables')).data
    const expected = Object.entries(queryables?.properties ?? {})
      .filter(([k]) => k !== 'geometry' && k !== 'datetime' && k !== 'cloud_cover')
      .map(([, q]) => q.title)
      .sort()
    expect(
      within(field)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .sort(),
    ).toEqual(expected)

    // A field with allowed values offers exactly them.
    await user.selectOptions(field, 'source')
    const value = within(form).getByLabelText('Value of condition 1')
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'ARCHIVE', 'TASKING', 'PROCESSING'])
    await user.selectOptions(value, 'ARCHIVE')

    await user.click(within(form).getByRole('button', { name: 'Add a condition' }))
    await user.selectOptions(within(form).getByLabelText('Field of condition 2'), 'gsd')
    const op = within(form).getByLabelText('Comparison of condition 2')
    expect(
      within(op)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['is', 'less than', 'at most', 'more than', 'at least'])
    await user.selectOptions(op, '<=')
    await user.type(within(form).getByLabelText('Value of condition 2'), '0.5')
    // Days in the console's one format, UTC: the range starts at the day's first second.
    await user.type(within(form).getByRole('textbox', { name: 'Acquired from' }), '1 Jan 2020')
    await user.click(within(form).getByRole('button', { name: 'Search' }))

    await waitFor(() =>
      expect(r.console.backend.log.some((l) => l.path === '/v2/assets/stac/search')).toBe(true),
    )
    const sent = r.console.backend.log.find((l) => l.path === '/v2/assets/stac/search')?.body
    expect(sent).toEqual({
      limit: 50,
      page: 0,
      filter: {
        op: 'and',
        args: [
          { op: '=', args: [{ property: 'source' }, 'ARCHIVE'] },
          { op: '<=', args: [{ property: 'gsd' }, 0.5] },
        ],
      },
      'filter-lang': 'cql2-json',
      datetime: '2020-01-01T00:00:00Z/..',
    })
    const list = await screen.findByRole('list', { name: 'Items found' })
    const items = within(list).getAllByRole('listitem')
    expect(items.length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { name: /\d+ items?/ })).toBeInTheDocument()
  })

  it('a condition without a value is shown and not sent', async () => {
    const user = userEvent.setup()
    const r = await open()
    const form = await screen.findByRole('form', { name: 'Storage search' })
    await user.click(within(form).getByRole('button', { name: 'Add a condition' }))
    await user.selectOptions(within(form).getByLabelText('Field of condition 1'), 'gsd')
    await user.type(within(form).getByLabelText('Value of condition 1'), 'abc')
    await user.click(within(form).getByRole('button', { name: 'Search' }))
    expect(await within(form).findByText('Give a number.')).toBeInTheDocument()
    expect(r.console.backend.log.some((l) => l.path === '/v2/assets/stac/search')).toBe(false)
  })

  it('holds the search back while a day does not read, or the days are the wrong way round', async () => {
    const user = userEvent.setup()
    const r = await open()
    const form = await screen.findByRole('form', { name: 'Storage search' })
    const from = within(form).getByRole('textbox', { name: 'Acquired from' })
    const until = within(form).getByRole('textbox', { name: 'Acquired until' })
    await user.type(from, '12/31/2019')
    await user.tab()
    expect(from).toHaveAccessibleDescription(/Not a day: write it as 25 Nov 2026/)
    await user.click(within(form).getByRole('button', { name: 'Search' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Write the dates as UTC days, as 25 Nov 2026.',
    )

    await user.clear(from)
    await user.type(from, '2 Feb 2021')
    await user.type(until, '1 Feb 2021')
    await user.click(within(form).getByRole('button', { name: 'Search' }))
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The first day comes after the last: swap them.',
    )
    expect(r.console.backend.log.some((l) => l.path === '/v2/assets/stac/search')).toBe(false)

    await user.clear(until)
    await user.type(until, '2021-02-03')
    await user.click(within(form).getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(r.console.backend.log.find((l) => l.path === '/v2/assets/stac/search')?.body).toMatchObject({
        datetime: '2021-02-02T00:00:00Z/2021-02-03T23:59:59Z',
      }),
    )
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
  })
})
