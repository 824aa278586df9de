// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithConsole } from '../../testing/render'
import { createTestConsole, DEMO_PASSWORD } from '../../testing/sim-backend'
import { SignInPage } from './sign-in'

describe('sign-in page connection check', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('opens by itself for the region a sign-in could not reach, and not for a wrong password', async () => {
    const c = createTestConsole()
    // The check asks with the browser's own fetch: here, the in-process simulator's (which has no /auth-sa).
    vi.stubGlobal('fetch', c.backend.fetch)
    await renderWithConsole(<SignInPage />, { console: c, at: '/sign-in' })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/E-mail/), 'analyst@swath.test')
    await user.type(screen.getByLabelText(/Password/), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password')
    expect(screen.queryByRole('region', { name: 'Connection check' })).toBeNull()

    await user.clear(screen.getByLabelText(/Password/))
    await user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD)
    await user.selectOptions(screen.getByLabelText(/Region/), 'South America')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const check = await screen.findByRole('region', { name: 'Connection check' })
    expect(await within(check).findByText('1 check failed: each says what to change.')).toBeInTheDocument()
    // The service and the region that failed; not the other region.
    expect(within(check).getByRole('region', { name: 'Service' })).toBeInTheDocument()
    expect(within(check).queryByRole('region', { name: 'Europe token server' })).toBeNull()
    expect(
      within(check).getByText(/^Nothing answered at http:\/\/swath\.test\/auth-sa\/realms\/public/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hide the connection check' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('"Check connection" checks every region, by keyboard', async () => {
    const c = createTestConsole()
    vi.stubGlobal('fetch', c.backend.fetch)
    await renderWithConsole(<SignInPage />, { console: c, at: '/sign-in' })
    const toggle = screen.getByRole('button', { name: 'Check connection' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    const check = await screen.findByRole('region', { name: 'Connection check' })
    expect(await within(check).findByText('1 check failed: each says what to change.')).toBeInTheDocument()
    expect(
      within(check)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-labelledby')),
    ).toEqual(['connection-service', 'connection-eu', 'connection-sa'])
  })
})
