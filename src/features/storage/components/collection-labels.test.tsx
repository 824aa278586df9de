// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storageRoutes } from '../../../app/routes/storage-routes'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole } from '../../../testing/sim-backend'

describe('collection page facts', () => {
  it('names summaries and the license in words, not as STAC keys or keywords', async () => {
    const c = await signedInConsole()
    // The Rotterdam delivery: its items name their constellation, which the collection's summaries gather.
    const rec = [...c.backend.sim.runtime.world.stacCollections.values()].find(
      (r) => r.transformed && r.collection.title === 'Pléiades Neo - Port of Rotterdam',
    )
    if (!rec) throw new Error('seed changed: no Rotterdam delivery')
    await renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], {
      at: `/storage/collections/${rec.collection.id}`,
      console: c,
    })
    await screen.findByRole('heading', { level: 1 })
    const term = (name: string) => screen.queryByText(name, { selector: 'dt' })
    const licence = await screen.findByText('License', { selector: 'dt' })
    expect(licence.nextElementSibling).toHaveTextContent(/^Proprietary$/)
    expect(term('Constellation')).toBeInTheDocument()
    expect(term('constellation')).toBeNull()
    // Ranges of moments in the console's one format, not as ISO strings.
    for (const dt of screen.getAllByText(/./, { selector: 'dt' }))
      expect(dt.nextElementSibling?.textContent ?? '').not.toMatch(/\d{4}-\d\d-\d\dT/)
  })
})
