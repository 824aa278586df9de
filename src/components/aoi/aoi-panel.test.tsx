// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { DrawMode } from '../../map/map-engine'
import { AoiPanel } from './aoi-panel'
import { useAoiStore } from './aoi-store'
import { useAoiImport } from './use-aoi-import'

/** The panel as a page holds it: its own importer, a drawing mode, keyboard drawing off. */
function Panel({ onFit }: { onFit: (polygons: Polygon[]) => void }) {
  const importer = useAoiImport(onFit)
  const [mode, setMode] = useState<DrawMode>('static')
  return (
    <AoiPanel
      mode={mode}
      onMode={setMode}
      onFit={onFit}
      keyboard={{ on: false, vertices: [] }}
      onKeyboard={() => {}}
      onKeyboardAction={() => {}}
      importer={importer}
    />
  )
}

function show() {
  const onFit = vi.fn<(polygons: Polygon[]) => void>()
  render(
    <MantineProvider>
      <Panel onFit={onFit} />
    </MantineProvider>,
  )
  return { onFit, user: userEvent.setup() }
}

const summary = () => screen.getByTestId('aoi-summary')

const square = (w: number, s: number, size: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [w + size, s],
      [w + size, s + size],
      [w, s + size],
      [w, s],
    ],
  ],
})

describe('AoiPanel', () => {
  it('takes a pasted box as the area, and keeps the pasted text while another tab is open', async () => {
    const { onFit, user } = show()
    expect(summary()).toHaveTextContent('Nothing drawn yet')
    expect(screen.getByRole('note', { name: 'No area yet' })).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Import' }))
    const use = screen.getByRole('button', { name: 'Use pasted shape' })
    expect(use).toBeDisabled()
    await user.click(screen.getByLabelText('Paste WKT, GeoJSON or a bounding box'))
    await user.paste('12.3,41.8,12.6,42.0')
    // The tabs unmount what they hide: the text lives with the panel, not with its tab.
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    await user.click(screen.getByRole('tab', { name: 'Import' }))
    expect(screen.getByLabelText('Paste WKT, GeoJSON or a bounding box')).toHaveValue('12.3,41.8,12.6,42.0')

    await user.click(screen.getByRole('button', { name: 'Use pasted shape' }))
    expect(summary()).toHaveTextContent(/^1 polygon · .* km² · 4 vertices$/)
    expect(screen.getByRole('status')).toHaveTextContent('Imported 1 polygon (Bounding box)')
    expect(onFit).toHaveBeenCalledTimes(1)
    expect(useAoiStore.getState().polygons).toHaveLength(1)
    expect(screen.queryByRole('note', { name: 'No area yet' })).not.toBeInTheDocument()
  })

  it('says why pasted text that holds no area cannot be used, and keeps the area as it was', async () => {
    const { onFit, user } = show()
    await user.click(screen.getByRole('tab', { name: 'Import' }))
    await user.click(screen.getByLabelText('Paste WKT, GeoJSON or a bounding box'))
    await user.paste('not a shape')
    await user.click(screen.getByRole('button', { name: 'Use pasted shape' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The pasted text could not be used')
    expect(summary()).toHaveTextContent('Nothing drawn yet')
    expect(onFit).not.toHaveBeenCalled()
  })

  it('adds typed corners as one more polygon, fits it, and says what is wrong with corners it cannot use', async () => {
    useAoiStore.getState().setPolygons([square(0, 0, 1)])
    const { onFit, user } = show()
    await user.click(screen.getByRole('tab', { name: 'Type' }))
    const add = screen.getByRole('button', { name: 'Add polygon' })
    expect(add).toBeDisabled()

    const corners = screen.getByLabelText('Corner coordinates')
    await user.type(corners, '12.49 41.89')
    await user.click(add)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The coordinates could not be used')
    expect(alert).toHaveTextContent('Only 1 distinct corner: an area needs at least three')
    expect(useAoiStore.getState().polygons).toHaveLength(1)

    await user.type(corners, '{Enter}12.52 41.89{Enter}12.52 41.91')
    await user.click(add)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(summary()).toHaveTextContent(/^2 polygons · /)
    const added = useAoiStore.getState().polygons[1]
    expect(added.coordinates[0]).toHaveLength(4)
    expect(onFit).toHaveBeenCalledWith([added])
  })

  it('undoes, redoes and clears the area, and offers each problem its fix', async () => {
    const holed: Polygon = {
      type: 'Polygon',
      coordinates: [
        square(0, 0, 1).coordinates[0],
        [
          [0.2, 0.2],
          [0.2, 0.4],
          [0.4, 0.4],
          [0.4, 0.2],
          [0.2, 0.2],
        ],
      ],
    }
    useAoiStore.getState().setPolygons([holed])
    const { user } = show()
    const problems = screen.getByRole('list', { name: 'Problems with the area of interest' })
    expect(within(problems).getByRole('listitem')).toHaveTextContent('has a hole')

    await user.click(within(problems).getByRole('button', { name: 'Remove the hole' }))
    expect(useAoiStore.getState().polygons[0].coordinates).toHaveLength(1)
    expect(screen.queryByRole('list', { name: 'Problems with the area of interest' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(useAoiStore.getState().polygons[0].coordinates).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Redo' }))
    expect(useAoiStore.getState().polygons[0].coordinates).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(summary()).toHaveTextContent('Nothing drawn yet')
    for (const name of ['Zoom to AOI', 'Clear', 'Export GeoJSON'])
      expect(screen.getByRole('button', { name })).toBeDisabled()
  })
})
