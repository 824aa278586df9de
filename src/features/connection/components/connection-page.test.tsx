// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectionRoutes } from '../../../app/routes/connection-routes'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole } from '../../../testing/sim-backend'

const states = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.match(/^(Passed|Failed|Not checked)/)?.[1])

describe('connection page', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('checks the service and the token server through the simulator, and checks again on demand', async () => {
    const signed = await signedInConsole()
    // The test backend serves one token server (at /auth); the second region's is the next test's.
    const c = { ...signed, config: { ...signed.config, regions: signed.config.regions.slice(0, 1) } }
    // The page asks the servers with the browser's own fetch: here, the in-process simulator's.
    vi.stubGlobal('fetch', c.backend.fetch)
    c.backend.log.length = 0
    const release = c.backend.hold('/realms')
    await renderWithConsole(() => [{ path: '/', children: connectionRoutes() }], {
      at: '/connection',
      console: c,
    })
    expect(await screen.findByText('Checking the service and token servers…')).toBeInTheDocument()
    release()
    expect(
      await screen.findByText('Every check passed: the console can reach the service and its token servers.'),
    ).toBeInTheDocument()
    const service = screen.getByRole('region', { name: 'Service' })
    expect(states(service)).toEqual(['Passed', 'Passed', 'Passed'])
    expect(within(service).getByText(/listed \d+ collections without a token/)).toBeInTheDocument()
    expect(states(screen.getByRole('region', { name: 'Europe token server' }))).toEqual([
      'Passed',
      'Passed',
      'Passed',
    ])
    // The made-up user's sign-in, with the console's client id.
    const grants = c.backend.log.filter((r) => r.path.endsWith('/token'))
    expect(grants.map((r) => r.status)).toEqual([401])

    c.backend.log.length = 0
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(c.backend.log.filter((r) => r.path.endsWith('/token'))).toHaveLength(1))
    expect(await screen.findByText(/^Every check passed/)).toBeInTheDocument()
  })

  it('names the client id the token server does not know, and a token server where nothing answers', async () => {
    const signed = await signedInConsole()
    const c = { ...signed, config: { ...signed.config, clientId: 'not-registered' } }
    vi.stubGlobal('fetch', c.backend.fetch)
    await renderWithConsole(() => [{ path: '/', children: connectionRoutes() }], {
      at: '/connection',
      console: c,
    })
    // Europe's client id, and South America's token server, which the test backend does not serve.
    expect(await screen.findByText('2 checks failed: each says what to change.')).toBeInTheDocument()
    const eu = screen.getByRole('region', { name: 'Europe token server' })
    expect(states(eu)).toEqual(['Passed', 'Passed', 'Failed'])
    expect(
      within(eu).getByText(
        'The token server does not know the client id “not-registered”: set clientId in config.json to the client registered for this console.',
      ),
    ).toBeInTheDocument()
    const sa = screen.getByRole('region', { name: 'South America token server' })
    expect(states(sa)).toEqual(['Failed', 'Not checked', 'Not checked'])
    expect(
      within(sa).getByText(
        /^Nothing answered at http:\/\/swath\.test\/auth-sa\/realms\/public\/protocol\/openid-connect\/token: check authUrl of region “sa” in config\.json/,
      ),
    ).toBeInTheDocument()
  })
})
