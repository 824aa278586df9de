// @vitest-environment jsdom
// The shared licence gate (components/licence-gate), here because it needs the data layer's licence access.
import { screen, within } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { useApiClient } from '../../../api/console-context'
import { eulaOptions, licenceAccess } from '../../../data/licences/queries'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { EulaGate, type LicenceUnlocks } from '../../../components/licence-gate/eula-gate'

const eulaOf = (c: TestConsole, title: string) => {
  const eula = [...c.backend.sim.runtime.world.eulas.values()].find((e) => e.title === title)
  if (!eula) throw new Error(`no seeded license “${title}”`)
  return eula
}

function Gate({ eulaId, unlocks }: { eulaId: string; unlocks?: LicenceUnlocks }) {
  const query = useQuery(eulaOptions(useApiClient(), eulaId))
  return <EulaGate eulas={[{ id: eulaId, query }]} access={licenceAccess} unlocks={unlocks} />
}

async function renderGate(title: string, unlocks?: LicenceUnlocks, email?: string) {
  const c = await signedInConsole(email)
  const id = eulaOf(c, title).id
  await renderWithConsole(() => [{ path: '/', element: <Gate eulaId={id} unlocks={unlocks} /> }], {
    at: '/',
    console: c,
  })
  return { c, gate: await screen.findByRole('article', { name: title }) }
}

describe('license gate', () => {
  it('says a license never accepted is not accepted yet, and that ordering waits for it', async () => {
    const { gate } = await renderGate('BlackSky imagery license')
    expect(
      await within(gate).findByText(
        'This account has not accepted this license yet. Its data products can be ordered once it is accepted.',
      ),
    ).toBeInTheDocument()
    expect(gate).not.toHaveTextContent(/new version/i)
    // Dates in the console's one format.
    expect(gate).toHaveTextContent(/Current document valid from \d+ \w{3} \d{4} \d\d:\d\d UTC/)
  })

  it('says a new version waits when an earlier one was accepted, naming it and when', async () => {
    const { c, gate } = await renderGate('Airbus optical imagery license')
    expect(eulaOf(c, 'Airbus optical imagery license').documents.length).toBeGreaterThan(1)
    expect(
      await within(gate).findByText(/^A new version waits: this account accepted version 1 on /),
    ).toHaveTextContent(/accepted version 1 on \d+ \w{3} \d{4} \d\d:\d\d UTC, and each new version/)
  })

  it('on a process, says the process runs once accepted, for an admin and for a viewer', async () => {
    const { gate } = await renderGate('Analytics processing terms', 'running')
    expect(await within(gate).findByText(/This process can run once it is accepted\.$/)).toBeInTheDocument()
    expect(gate).not.toHaveTextContent(/data products/)
  })

  it('tells a viewer who to ask and what that unlocks for a process', async () => {
    const { gate } = await renderGate('Analytics processing terms', 'running', 'viewer@swath.test')
    expect(within(gate).getByText(/Ask an account administrator/)).toHaveTextContent(
      '; this process can run afterwards.',
    )
    // The same sentence as on the Licences pages and the order pages' gates: one reason, one wording.
    expect(gate).toHaveTextContent(
      'Accepting a license commits the whole account, so only an account administrator (a user with the Admin role) can; your role can read licenses. Ask an account administrator to accept “Analytics processing terms”',
    )
  })
})
