// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageRoutes } from '../../../app/routes/storage-routes'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole } from '../../../testing/sim-backend'

const saved: string[] = []
const blobs: Blob[] = []

beforeEach(() => {
  saved.length = 0
  blobs.length = 0
  // jsdom has no object URLs: the files handed to the browser are kept here instead.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (b: Blob) => {
      blobs.push(b)
      return `blob:test/${blobs.length}`
    },
  })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
})

afterEach(() => vi.restoreAllMocks())

describe('download manager on the item page', () => {
  it('picks files, downloads them all with progress, and exports the selection', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const rec = [...world.stacCollections.values()].find(
      (r) => r.transformed && r.collection.title === 'Pléiades Neo - Port of Rotterdam',
    )
    if (!rec) throw new Error('seed changed')
    await renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], {
      at: `/storage/collections/${rec.collection.id}/items/${rec.itemIds[0]}`,
      console: c,
    })
    // The preview rather than the image: a GeoTIFF of megabytes would only slow the test.
    await user.click(await screen.findByRole('checkbox', { name: 'Pick Preview for the download manager' }))
    await user.click(screen.getByRole('checkbox', { name: 'Pick Metadata for the download manager' }))
    const panel = screen.getByRole('region', { name: 'Downloads' })
    const list = within(panel).getByRole('list', { name: 'Picked files' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await user.click(within(panel).getByRole('button', { name: 'Download all' }))
    await within(panel).findByText('2 of 2 files downloaded')
    // Saved under their item's title and their own, not under bare asset keys.
    expect(saved).toEqual(
      expect.arrayContaining([
        'Pléiades Neo - Port of Rotterdam 1 – Preview.png',
        'Pléiades Neo - Port of Rotterdam 1 – Metadata.json',
      ]),
    )
    // One fresh link per file (and one the map's imagery asked for as the page opened).
    expect(c.backend.log.filter((l) => l.path.endsWith('/download-url') && l.status === 201)).toHaveLength(3)

    await user.click(within(panel).getByRole('button', { name: 'Export as STAC ItemCollection' }))
    await user.click(within(panel).getByRole('button', { name: 'Export as curl script' }))
    expect(saved.slice(-2)).toEqual(['swath-selection.json', 'swath-download.sh'])
    const fc = JSON.parse(await blobs[blobs.length - 2].text()) as {
      features: { id: string; assets: object }[]
    }
    expect(fc.features.map((f) => f.id)).toEqual([rec.itemIds[0]])
    expect(Object.keys(fc.features[0].assets).sort()).toEqual(['metadata', 'preview'])
    expect(await blobs[blobs.length - 1].text()).toMatch(/download-url/)

    await user.click(within(panel).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Downloads' })).not.toBeInTheDocument())
  })
})
