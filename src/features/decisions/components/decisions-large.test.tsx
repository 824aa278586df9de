// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { decisionsRoutes } from '../../../app/routes/decisions-routes'
import { fakeHeights } from '../../../testing/fake-heights'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole } from '../../../testing/sim-backend'

// jsdom lays nothing out: the inbox's scroll box reports the height of a typical screen and a row its usual
// height, so the virtualiser draws the rows a 600 px box shows (and its overscan). Put back after the file:
// the dom project shares one jsdom per worker.
const heights = (el: HTMLElement) =>
  el.hasAttribute('data-decisions-scroller') ? 600 : el.dataset.rowIndex !== undefined ? 41 : 0
fakeHeights(heights)

/** Issue 40 §2 (decisions) on the large world: 1,000 studies and quotations, 40 of them waiting. */
describe('the decisions inbox on the large world', () => {
  it('draws only the rows in view of 500 decided, keeps the true row count, and moves between rows with the keys', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    await renderWithConsole((ctx) => [{ path: '/', children: decisionsRoutes(ctx) }], {
      at: '/decisions?decided=500',
      console: c,
    })
    const table = await screen.findByRole('table', { name: 'Decisions' }, { timeout: 30_000 })
    const total = Number(table.getAttribute('aria-rowcount')) - 1
    // The waiting ones and the 500 most recent decided ones.
    expect(total).toBeGreaterThan(500)
    const drawn = within(table)
      .getAllByRole('row')
      .filter((r) => r.dataset.rowIndex !== undefined)
    expect(drawn.length).toBeGreaterThan(0)
    expect(drawn.length).toBeLessThan(40)
    expect(drawn[0]).toHaveAttribute('aria-rowindex', '2')

    within(drawn[0]).getAllByRole('link')[0].focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.closest('tr')?.dataset.rowIndex).toBe('1')
    // A screen on (a 600 px box holds fourteen 41 px rows; a screen is two fewer): drawn and focused.
    await user.keyboard('{PageDown}')
    await waitFor(() => expect(document.activeElement?.closest('tr')?.dataset.rowIndex).toBe('13'))
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.closest('tr')?.dataset.rowIndex).toBe('12')
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^(Quotation|Feasibility study) for /)
  }, 90_000)
})
