// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { taskingRoutes } from '../../../app/routes/tasking-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { poly, rect } from '../../../testing/builders'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { acceptEveryLicence, signedInConsole } from '../../../testing/sim-backend'
import { useTaskingStore } from '../tasking-store'
import { useTaskingUi } from '../tasking-ui-store'

// WebGL does not exist in jsdom: the map is the shared double.
map.view = { center: [4.6, 43.5], bounds: [4, 43, 5, 44] }

beforeEach(() => {
  resetStores(useTaskingStore, useTaskingUi, useAoiStore)
  map.props = null
})

afterEach(() => {
  vi.useRealTimers()
})

/** The review's list of parameters as [label, value] pairs. */
function listed(): [string, string][] {
  const list = screen.getByLabelText('Parameters to send')
  const names = within(list).getAllByRole('term')
  const values = within(list).getAllByRole('definition')
  return names.map((n, i) => [n.textContent ?? '', values[i]?.textContent ?? ''])
}

describe('tasking review', () => {
  it('lists each parameter the request will send, in the form’s words, with the area', async () => {
    const c = await signedInConsole()
    // The browser clock reads the simulator's: the default window opens the simulator's tomorrow.
    vi.useFakeTimers({ toFake: ['Date'], now: c.backend.sim.runtime.world.now() })
    acceptEveryLicence(c)
    useTaskingStore.setState({ draft: { collectionName: 'phr-tasking' } })
    // About 18 km² and 47 km² around the Camargue.
    useAoiStore
      .getState()
      .setPolygons([poly(rect(4.3, 43.6, 4.35, 43.64)), poly(rect(4.5, 43.5, 4.59, 43.56))])
    const user = userEvent.setup()
    await renderWithConsole((ctx) => taskingRoutes(ctx), { at: '/tasking', console: c })
    await waitFor(() => expect(screen.getByTestId('tasking-total')).toHaveTextContent(/^[\d,]+ credits$/))
    await waitFor(async () => {
      const review = screen.queryByRole('button', { name: 'Review 2 orders' })
      if (review) await user.click(review)
      expect(screen.getByRole('checkbox', { name: /I confirm placing/ })).toBeInTheDocument()
    })
    const rows = listed()
    expect(rows).toEqual([
      ['Start of the acquisition window', '3 Nov 2026 00:00 UTC'],
      ['End of the acquisition window', '17 Nov 2026 00:00 UTC'],
      ['Acquisition mode', 'Mono'],
      ['Maximum incidence angle (degrees)', '30'],
      ['Maximum cloud coverage (%)', '10'],
      ['Geometric processing', 'Orthorectified'],
      ['Projection', 'WGS 84 (EPSG:4326)'],
      ['Spectral processing', 'Bundle (panchromatic + multispectral)'],
      ['Pixel coding', '12 bits'],
      ['Radiometric processing', 'Reflectance'],
      ['File format', 'GeoTIFF'],
      ['Area', '66.3 km² in 2 polygons'],
    ])
    // What is listed is what is sent: one row per parameter of the request, plus the area.
    await user.click(screen.getByRole('checkbox', { name: /I confirm placing/ }))
    await user.click(screen.getByRole('button', { name: 'Place 2 orders' }))
    await screen.findByTestId('tasking-placed')
    const sent = c.backend.log.filter((e) => e.method === 'POST' && e.path === '/v2/orders')
    expect(sent).toHaveLength(1)
    const body = sent[0].body as {
      params: Record<string, unknown>
      featureCollection: { features: unknown[] }
    }
    expect(Object.keys(body.params)).toHaveLength(rows.length - 1)
    expect(body.params).toMatchObject({
      acquisitionStart: '2026-11-03T00:00:00Z',
      acquisitionMode: 'mono',
      incidenceAngle: 30,
      cloudCoverage: 10,
    })
    expect(body.featureCollection.features).toHaveLength(2)
  })
})
