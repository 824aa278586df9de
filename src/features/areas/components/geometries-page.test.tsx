// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react'
import type { Polygon } from 'geojson'
import { beforeEach, describe, expect, it } from 'vitest'
import { areasRoutes } from '../../../app/routes/areas-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'

const field: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [12.4, 41.85],
      [12.55, 41.85],
      [12.55, 41.95],
      [12.4, 41.95],
      [12.4, 41.85],
    ],
  ],
}

describe('areas page', () => {
  beforeEach(() => {
    resetStores(useAoiStore)
  })

  it('opens on a designed empty state, not an error: the three ways to an area', async () => {
    await renderWithConsole((ctx) => [{ path: '/', children: areasRoutes(ctx) }], { at: '/areas' })
    const empty = await screen.findByRole('note', { name: 'No area yet' })
    expect(
      within(empty)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' ')[0]),
    ).toEqual(['Draw', 'Import', 'Type'])
    // Nothing drawn is no problem to report.
    expect(screen.queryByRole('list', { name: 'Problems with the area of interest' })).toBeNull()
    expect(screen.queryByText(/There is no area yet/)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()

    // Once there is an area (drawn, imported or typed: each lands in the draft store), the empty state gives
    // way to its summary.
    act(() => useAoiStore.getState().setPolygons([field]))
    expect(await screen.findByText(/^1 polygon · /)).toBeInTheDocument()
    expect(screen.queryByRole('note', { name: 'No area yet' })).toBeNull()
  })
})
