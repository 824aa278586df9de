// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok } from '../../api/client'
import { renderWithConsole } from '../../testing/render'
import { createTestConsole, DEMO_PASSWORD, signedInConsole } from '../../testing/sim-backend'
import { ReauthDialog } from './reauth-dialog'
import { SignInForm } from './sign-in-form'

describe('sign-in form', () => {
  it('says the credentials are wrong, then signs in', async () => {
    const c = createTestConsole()
    let done = 0
    await renderWithConsole(<SignInForm onSignedIn={() => done++} />, { console: c })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/E-mail/), 'analyst@swath.test')
    await user.type(screen.getByLabelText(/Password/), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password')
    expect(c.session.getSnapshot().status).toBe('signed-out')

    await user.clear(screen.getByLabelText(/Password/))
    await user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(done).toBe(1))
    expect(c.session.getSnapshot().user?.email).toBe('analyst@swath.test')
  })

  it('a double click sends one password grant', async () => {
    const c = createTestConsole()
    await renderWithConsole(<SignInForm />, { console: c })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/E-mail/), 'analyst@swath.test')
    await user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD)
    await user.dblClick(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(c.session.getSnapshot().status).toBe('signed-in'))
    expect(c.backend.log.filter((r) => r.path.endsWith('/token'))).toHaveLength(1)
  })

  it('names the region whose token server cannot be reached', async () => {
    const c = createTestConsole()
    await renderWithConsole(<SignInForm />, { console: c })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/E-mail/), 'analyst@swath.test')
    await user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD)
    await user.selectOptions(screen.getByLabelText(/Region/), 'South America')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('South America token server cannot be reached')
  })
})

describe('re-authentication dialog', () => {
  it('opens when the session expires, and replays the waiting request after signing in', async () => {
    const c = await signedInConsole()
    await renderWithConsole(
      <>
        <p>The page beneath</p>
        <ReauthDialog />
      </>,
      { console: c },
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    // The service's refresh token dies (the service ended the session): the next request needs a sign-in.
    c.backend.sim.runtime.world.refreshTokens.forEach((r) => (r.used = true))
    c.backend.advance(301)
    const waiting = ok(
      c.client.GET('/v2/collections/{collection-name}', { params: { path: { 'collection-name': 'spot' } } }),
    )
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('analyst@swath.test')
    expect(screen.getByText('The page beneath')).toBeInTheDocument()

    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/Password/), DEMO_PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await expect(waiting).resolves.toMatchObject({ name: 'spot' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
