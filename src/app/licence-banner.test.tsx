// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RELIED_ON_DAYS } from '../data/licences/use-relied-on-licences'
import { renderWithConsole } from '../testing/render'
import { signedInConsole, type TestConsole } from '../testing/sim-backend'
import LicenceBanner from './licence-banner'

afterEach(() => {
  vi.useRealTimers()
})

const world = (c: TestConsole) => c.backend.sim.runtime.world
const eulaOf = (c: TestConsole, title: string) => [...world(c).eulas.values()].find((e) => e.title === title)

/** Whether an order of the last 90 days (by the simulator's clock) was for one of the licence's products. */
function reliedOn(c: TestConsole, title: string): boolean {
  const id = eulaOf(c, title)?.id
  const products = new Set(
    world(c)
      .collections.flatMap((col) => col.dataProducts)
      .filter((p) => p.eulaId === id)
      .map((p) => p.id),
  )
  const since = world(c).now() - RELIED_ON_DAYS * 86_400_000
  return [...world(c).orders.values()].some(
    (o) =>
      o.order.accountId === world(c).users[0].accountId &&
      o.order.dataProductId !== undefined &&
      products.has(o.order.dataProductId) &&
      Date.parse(o.order.createdAt) >= since,
  )
}

async function publish(c: TestConsole, eula: string) {
  await c.backend.fetch('http://swath.test/api/__sim/eulas/publish', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eula }),
  })
}

describe('license banner', () => {
  it('names the licenses relied on lately that have a new version to accept, and only those', async () => {
    const c = await signedInConsole()
    vi.useFakeTimers({ toFake: ['Date'], now: world(c).now() })
    expect(reliedOn(c, 'Airbus optical imagery license')).toBe(true)
    // Capella: accepted, then a new version. BlackSky: never accepted, so no "new" version.
    await publish(c, 'Capella Space SAR license')
    await renderWithConsole(<LicenceBanner />, { console: c })
    const banner = await screen.findByRole('region', { name: 'Licenses waiting for acceptance' })
    const expected = ['Airbus optical imagery license', 'Capella Space SAR license'].filter((t) =>
      reliedOn(c, t),
    )
    await waitFor(() =>
      expect(
        within(banner)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(expected.map((t) => `Review and accept “${t}”`)),
    )
    expect(within(banner).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/licences/${eulaOf(c, 'Airbus optical imagery license')?.id}`,
    )
    expect(banner).not.toHaveTextContent('BlackSky')
  })

  it('goes once the new version is accepted, and comes back when another is published', async () => {
    const c = await signedInConsole()
    vi.useFakeTimers({ toFake: ['Date'], now: world(c).now() })
    const r = await renderWithConsole(<LicenceBanner />, { console: c })
    await screen.findByRole('region', { name: 'Licenses waiting for acceptance' })
    const airbus = eulaOf(c, 'Airbus optical imagery license')
    const current = airbus?.documents.find((d) => d.version === 2)
    await c.client.PATCH('/v2/eulas/{eula-id}/documents/{eula-document-id}', {
      params: { path: { 'eula-id': airbus?.id ?? '', 'eula-document-id': current?.id ?? '' } },
      body: { isAccepted: true },
      headers: { 'content-type': 'application/merge-patch+json' },
    })
    await r.queryClient.invalidateQueries({ queryKey: ['licences'] })
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Licenses waiting for acceptance' })).toBeNull(),
    )

    await publish(c, 'Airbus optical imagery license')
    await r.queryClient.invalidateQueries({ queryKey: ['licences'] })
    expect(await screen.findByRole('region', { name: 'Licenses waiting for acceptance' })).toHaveTextContent(
      'Airbus optical imagery license',
    )
  })

  it('shows nothing when no order of the last 90 days used a license with a new version', async () => {
    const c = await signedInConsole()
    vi.useFakeTimers({ toFake: ['Date'], now: world(c).now() })
    // Every order is older than the window: Airbus still has a new version, but nobody relied on it lately.
    const old = new Date(world(c).now() - (RELIED_ON_DAYS + 1) * 86_400_000).toISOString()
    for (const o of world(c).orders.values()) o.order.createdAt = old
    expect(reliedOn(c, 'Airbus optical imagery license')).toBe(false)
    const r = await renderWithConsole(<LicenceBanner />, { console: c })
    await waitFor(() => expect(r.console.backend.log.some((e) => e.path === '/v2/orders')).toBe(true))
    await waitFor(() => expect(r.queryClient.isFetching()).toBe(0))
    expect(screen.queryByRole('region', { name: 'Licenses waiting for acceptance' })).toBeNull()
  })
})
