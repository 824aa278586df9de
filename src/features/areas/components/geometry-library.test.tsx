// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { GeometryLibrary } from './geometry-library'

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

const list = () => screen.findByRole('list', { name: 'Saved geometries' })

describe('geometry library', () => {
  beforeEach(() => {
    resetStores(useAoiStore)
  })

  it('lists saved areas with their whole names and the day each was updated, the console way', async () => {
    const { console: c } = await renderWithConsole(<GeometryLibrary onShow={() => undefined} />)
    const saved = await within(await list()).findAllByRole('listitem')
    expect(saved.length).toBeGreaterThan(0)
    const geometries = [...c.backend.sim.runtime.world.geometries.values()]
    for (const row of saved) {
      const name = within(row).getByTestId('saved-area-name')
      // Not cut with an ellipsis: the name wraps instead.
      expect(name).not.toHaveAttribute('data-truncate')
      const g = geometries.find((x) => x.displayName === name.textContent)
      expect(g, name.textContent ?? '').toBeDefined()
      expect(row).toHaveTextContent(/updated \d{1,2} [A-Z][a-z]{2} \d{4}/)
      expect(row.textContent).not.toMatch(/\d\d\/\d\d\/\d{4}/)
    }
  })

  it('saves the current AOI, renames it, uses it as the AOI and deletes it after confirmation', async () => {
    const shown: string[] = []
    const { console: c } = await renderWithConsole(
      <GeometryLibrary onShow={(g) => shown.push(g.displayName)} />,
    )
    const user = userEvent.setup()
    // Nothing to save until there is an area.
    expect(await screen.findByText('Draw or import an area first.')).toBeInTheDocument()
    useAoiStore.getState().setPolygons([field])
    await user.type(await screen.findByLabelText(/Save the current AOI as/), 'Tiber bend')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const item = await within(await list()).findByText('Tiber bend')
    expect(
      c.backend.log.some(
        (r) => r.method === 'POST' && r.path === '/v2/spatial/geometries' && r.status === 201,
      ),
    ).toBe(true)

    const row = item.closest('li') as HTMLElement
    await user.click(within(row).getByRole('button', { name: 'Show' }))
    expect(shown).toEqual(['Tiber bend'])

    await user.click(within(row).getByRole('button', { name: 'More actions for Tiber bend' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }))
    const name = await screen.findByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Tiber meander')
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    expect(await within(await list()).findByText('Tiber meander')).toBeInTheDocument()
    expect(c.backend.log.some((r) => r.method === 'PATCH' && r.status === 200)).toBe(true)

    useAoiStore.getState().clear()
    const renamed = (await within(await list()).findByText('Tiber meander')).closest('li') as HTMLElement
    await user.click(within(renamed).getByRole('button', { name: 'Use as AOI' }))
    expect(useAoiStore.getState().polygons).toEqual([field])

    await user.click(within(renamed).getByRole('button', { name: 'More actions for Tiber meander' }))
    // jsdom has no layout, so Mantine may still count a reopened menu as hidden while it transitions.
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('cannot be undone')
    // Nothing is deleted before the confirmation.
    expect(c.backend.log.some((r) => r.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Tiber meander')).toBeNull())
    expect(c.backend.log.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([204])
  })

  it('refuses to save an AOI with problems, and says so', async () => {
    await renderWithConsole(<GeometryLibrary onShow={() => undefined} />)
    const bowtie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    }
    useAoiStore.getState().setPolygons([bowtie])
    expect(await screen.findByText('Fix the problems listed above first.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })
})
