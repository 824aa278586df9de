import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithConsole } from '../testing/render'
import { PlaceSearch } from './place-search'
import { PlaceSearchField } from './place-search-field'

// The committed gazetteer, served at its URL: the browser would fetch this very file.
const PLACES = readFileSync(join(import.meta.dirname, '../../public/basemap/places.json'), 'utf8')

function serveGazetteer() {
  const real = globalThis.fetch
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (url.endsWith('/basemap/places.json'))
      return Promise.resolve(new Response(PLACES, { headers: { 'content-type': 'application/json' } }))
    return real(input, init)
  })
}

describe('Go to a place', () => {
  afterEach(() => vi.restoreAllMocks())

  it('suggests places as the analyst types, the capital first, and flies to the one picked', async () => {
    serveGazetteer()
    const onPick = vi.fn()
    await renderWithConsole(<PlaceSearch onPick={onPick} />)
    const user = userEvent.setup()
    const field = screen.getByRole('combobox', { name: 'Go to a place' })
    await user.click(field)
    await user.type(field, 'paris')
    const first = await screen.findByRole('option', { name: 'Paris, Île-de-France, France' })
    expect(screen.getAllByRole('option')[0]).toBe(first)
    await user.click(first)
    expect(onPick).toHaveBeenCalledTimes(1)
    // The suggestions close once a place is picked; the field keeps its name.
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument())
    expect(field).toHaveValue('Paris, Île-de-France, France')
    const [[center, zoom]] = onPick.mock.calls as [[[number, number], number]]
    expect(center[0]).toBeCloseTo(2.35, 1)
    expect(center[1]).toBeCloseTo(48.86, 1)
    expect(zoom).toBe(6)
  })

  it('Enter goes to the best match of what is typed', async () => {
    serveGazetteer()
    const onPick = vi.fn()
    await renderWithConsole(<PlaceSearch onPick={onPick} />)
    const user = userEvent.setup()
    const field = screen.getByRole('combobox', { name: 'Go to a place' })
    await user.click(field)
    await user.type(field, 'sao paulo')
    await screen.findByRole('option', { name: /^São Paulo,/ })
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onPick).toHaveBeenCalled())
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument())
    // Typing again suggests again.
    await user.type(field, '{Backspace}')
    expect(await screen.findAllByRole('option')).not.toHaveLength(0)
    const [center] = onPick.mock.calls[0] as [[number, number], number]
    expect(center[1]).toBeCloseTo(-23.5, 0)
  })

  it('the field a page first shows loads the real one when reached for, keeping what is typed and the focus', async () => {
    serveGazetteer()
    const onPick = vi.fn()
    await renderWithConsole(<PlaceSearchField onPick={onPick} />)
    const user = userEvent.setup()
    expect(screen.getByRole('combobox', { name: 'Go to a place' })).toHaveAttribute('aria-expanded', 'false')
    // Reached by the keyboard and typed into at once: letters typed before the real field is there land in the
    // stand-in, and carry over; the focus moves with them.
    await user.tab()
    await user.keyboard('tokyo')
    await screen.findByRole('option', { name: /^Tokyo, .*Japan$/ })
    const field = screen.getByRole('combobox', { name: 'Go to a place' })
    expect(field).toHaveFocus()
    expect(field).toHaveValue('tokyo')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(onPick).toHaveBeenCalled())
    const [center] = onPick.mock.calls[0] as [[number, number], number]
    expect(center[0]).toBeCloseTo(139.7, 0)
  })
})
