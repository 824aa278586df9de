// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithConsole } from '../testing/render'
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
})
