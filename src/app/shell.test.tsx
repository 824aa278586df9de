// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithConsole } from '../testing/render'
import { failedInWorld } from '../testing/orders'
import { signedInConsole } from '../testing/sim-backend'
import { Shell } from './shell'

async function navigationOf(email?: string) {
  await renderWithConsole(
    () => [{ path: '/', element: <Shell />, children: [{ index: true, element: <p>Start</p> }] }],
    {
      email,
    },
  )
  return screen.findByRole('navigation', { name: 'Main navigation' })
}

describe('the navigation', () => {
  it('offers Budgets to an Enterprise administrator', async () => {
    const nav = await navigationOf()
    expect(within(nav).getByRole('link', { name: 'Budgets' })).toHaveAttribute('href', '/budgets')
  })

  it('leaves Budgets out for the Viewer, who may not read them', async () => {
    const nav = await navigationOf('viewer@swath.test')
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Budgets' })).toBeNull()
  })

  it('leaves Budgets out on a plan without them', async () => {
    const nav = await navigationOf('starter@swath.test')
    expect(within(nav).getByRole('link', { name: 'Licenses' })).toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Budgets' })).toBeNull()
  })

  it('marks Start with how many failed orders and jobs need attention, counted from one-item answers', async () => {
    const c = await signedInConsole()
    await renderWithConsole(
      () => [{ path: '/', element: <Shell />, children: [{ index: true, element: <p>Start</p> }] }],
      { console: c },
    )
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' })
    const { orders, jobs } = failedInWorld(c)
    expect(orders).toBeGreaterThan(0)
    const start = within(nav).getByRole('link', { name: /^Start/ })
    await waitFor(() =>
      expect(start).toHaveAccessibleName(new RegExp(`^Start ?${orders + jobs} ?need attention$`)),
    )
    // The count's reads of failed orders ask for one item each; the shell's other reader of orders (the
    // notification centre's newest page) is not part of it.
    const reads = c.backend.log.filter(
      (r) =>
        r.path === '/v2/orders' && new URLSearchParams(r.query).getAll('status').includes('PLACEMENT_FAILED'),
    )
    expect(reads.map((r) => new URLSearchParams(r.query).get('size'))).toEqual(['1'])
  })
})
