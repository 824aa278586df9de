// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithConsole } from '../testing/render'
import { Shell } from './shell'

// The shell's first render imports its lazy parts (the notification centre reads every source on mount):
// on a busy machine that is slow, so the wait is long; it ends as soon as the header shows.
const SHOWN = { timeout: 45_000 }

const shell = () => [{ path: '/', element: <Shell />, children: [{ index: true, element: <p>Start</p> }] }]

describe('workspace in the header', () => {
  it('names the only workspace as text, not as a disabled select', async () => {
    await renderWithConsole(shell, { email: 'starter@swath.test' })
    expect(await screen.findByText('Workspace: Starter workspace', {}, SHOWN)).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Workspace' })).toBeNull()
  })

  it('offers a choice where there is one', async () => {
    await renderWithConsole(shell, { email: 'analyst@swath.test' })
    const select = await screen.findByRole('combobox', { name: 'Workspace' }, SHOWN)
    expect(select).toBeEnabled()
    expect(select).toHaveDisplayValue('Main workspace')
  })
})
