// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Shell } from '../../../app/shell'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole } from '../../../testing/sim-backend'
import { HomePage } from './home-page'

describe('the start page under the shell', () => {
  it('asks for the decisions count once while the page loads, not again for each list that answers', async () => {
    const c = await signedInConsole()
    const { queryClient } = await renderWithConsole(
      () => [{ path: '/', element: <Shell />, children: [{ index: true, Component: HomePage }] }],
      { at: '/', console: c },
    )
    await screen.findByRole('region', { name: 'Decisions waiting' })
    // Every card's lists answered: what would have re-read the count has come.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    await waitFor(() => expect(screen.getAllByText(/decisions wait/).length).toBeGreaterThan(0))
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    // The count is the one request of one item to the quotations list (the page's own list asks for more).
    const counts = c.backend.log.filter(
      (e) => e.path === '/v2/tasking/quotation' && /size=1(&|$)/.test(e.query),
    )
    // Six before: each of the page's order and decision lists re-read it as it answered; then one, when the
    // names of the orders the decisions belong to arrived (names cannot move the count).
    expect(counts.length).toBe(1)
  })
})
