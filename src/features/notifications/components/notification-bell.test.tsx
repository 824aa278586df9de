// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithConsole } from '../../../testing/render'
import { NotificationCentre } from './notification-centre'

// The dialog's module loads when the bell is reached for: on a busy machine that import is slow.
const LOADED = { timeout: 45_000 }

describe('notification centre', () => {
  it('shows the bell before its dialog is loaded; a press meanwhile opens the dialog when it comes, and Escape gives the focus back', async () => {
    await renderWithConsole(<NotificationCentre />)
    const bell = screen.getByRole('button', { name: /^Notifications/ })
    expect(bell).toHaveAttribute('aria-expanded', 'false')
    fireEvent.click(bell)
    expect(await screen.findByRole('dialog', { name: 'Notifications' }, LOADED)).toBeInTheDocument()
    const shown = screen.getByRole('button', { name: /^Notifications/ })
    expect(shown).toHaveAttribute('aria-expanded', 'true')
    // Escape closes it and gives the focus back to the bell, as for a dialog opened after the module came.
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Notifications' }), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull())
    await waitFor(() => expect(shown).toHaveFocus())
  })

  it('carries the focus from the bell to the one that comes with the dialog', async () => {
    await renderWithConsole(<NotificationCentre />)
    const bell = screen.getByRole('button', { name: /^Notifications/ })
    act(() => {
      bell.focus()
    })
    // The dialog's bell replaces the first one (another element) and takes the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications/ })).not.toBe(bell), LOADED)
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus()
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull()
  })
})
