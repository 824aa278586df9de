// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import type { Polygon } from 'geojson'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok } from '../../../api/client'
import { taskingRoutes } from '../../../app/routes/tasking-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { poly, rect } from '../../../testing/builders'
import { comb } from '../../../testing/shapes'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { acceptEveryLicence, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { OPPORTUNITIES_SOURCE } from '../tasking-map-layers'
import { TASKING_INITIAL, useTaskingStore } from '../tasking-store'
import { useTaskingUi } from '../tasking-ui-store'

// WebGL does not exist in jsdom: the map is the shared double, which keeps the props the page gives it.
map.view = { center: [4.6, 43.5], bounds: [4, 43, 5, 44] }

// Around the Camargue (43.5° N): a degree of longitude is about 80.7 km, of latitude 111 km.
/** About 47 km²: no study for Pléiades over two weeks, difficulty Medium. */
const medium: Polygon = poly(rect(4.5, 43.5, 4.59, 43.56))
/** About 150 km²: above 100 km², Pléiades needs a feasibility study. */
const large: Polygon = poly(rect(4.7, 43.4, 4.85, 43.52))
/** About 18 km²: no study, difficulty Easy. */
const small: Polygon = poly(rect(4.3, 43.6, 4.35, 43.64))

const posts = (c: TestConsole, path: string) =>
  c.backend.log.filter((e) => e.method === 'POST' && e.path === path)
const orderPosts = (c: TestConsole) => posts(c, '/v2/orders')

const ordersNamed = (c: TestConsole, name: string) =>
  [...c.backend.sim.runtime.world.orders.values()].filter((r) => r.order.displayName === name)

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

/** A console whose browser clock reads the simulator's: the default window opens the simulator's tomorrow. */
async function taskingConsole(email?: string): Promise<TestConsole> {
  const c = await signedInConsole(email)
  vi.useFakeTimers({ toFake: ['Date'], now: c.backend.sim.runtime.world.now() })
  return c
}

async function open(c: TestConsole, at = '/tasking') {
  const r = await renderWithConsole((ctx) => taskingRoutes(ctx), { at, console: c })
  await screen.findByRole('heading', { name: 'New tasking request', level: 1 })
  return r
}

/** The collection the draft starts with, as if chosen before (the glossary lists BlackSky first). */
const startWith = (collectionName: string) => useTaskingStore.setState({ draft: { collectionName } })

async function chooseCollection(user: ReturnType<typeof userEvent.setup>, name: string) {
  const select = await screen.findByRole('combobox', { name: /^Tasking collection/ })
  await user.selectOptions(select, name)
  // The new product's form replaces the previous one.
  await waitFor(() =>
    expect(screen.getByLabelText(/Start of the acquisition window \(UTC\)/)).toBeInTheDocument(),
  )
}

async function waitForTotal() {
  await waitFor(() => expect(screen.getByTestId('tasking-total')).toHaveTextContent(/^[\d,]+ credits$/))
}

/** Review opens once every preview has settled (an estimate being updated blocks it). */
async function goToReview(user: ReturnType<typeof userEvent.setup>, count: number) {
  const name = `Review ${count} ${count === 1 ? 'order' : 'orders'}`
  await waitFor(async () => {
    const review = screen.queryByRole('button', { name })
    if (review) await user.click(review)
    expect(screen.getByRole('checkbox', { name: /I confirm placing/ })).toBeInTheDocument()
  })
  await user.click(screen.getByRole('checkbox', { name: /I confirm placing/ }))
  return screen.getByRole('button', { name: `Place ${count} ${count === 1 ? 'order' : 'orders'}` })
}

const overlay = () => map.props?.overlays?.find((o) => o.id === OPPORTUNITIES_SOURCE)

const featureCount = (body: unknown) =>
  (body as { featureCollection: { features: unknown[] } }).featureCollection.features.length

beforeEach(() => {
  resetStores(useTaskingStore, useTaskingUi, useAoiStore)
  map.props = null
})

afterEach(() => {
  vi.useRealTimers()
})

describe('tasking request', () => {
  it('shows the tasking form with its UTC window from tomorrow, and says how to draw an AOI', async () => {
    const c = await taskingConsole()
    startWith('phr-tasking')
    await open(c)
    expect(await screen.findByRole('heading', { name: 'No area of interest yet' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /^Tasking collection/ })).toHaveValue('phr-tasking')
    const start = await screen.findByLabelText<HTMLInputElement>(/Start of the acquisition window \(UTC\)/)
    const end = screen.getByLabelText<HTMLInputElement>(/End of the acquisition window \(UTC\)/)
    // The console's one format, UTC and 24-hour, not the browser locale's datetime-local.
    expect(start.type).toBe('text')
    // The simulator's clock reads 2 Nov 2026 09:00 UTC: the window opens the next day at midnight.
    expect(start.value).toBe('3 Nov 2026 00:00 UTC')
    expect(end.value).toBe('17 Nov 2026 00:00 UTC')
    // The collection's one orderable product reads as text with why, not as a greyed-out select.
    const product = screen.getByRole('group', { name: 'Data product' })
    expect(product).toHaveAccessibleDescription('The only orderable product of this collection')
    expect(within(product).getByTestId('only-choice-value')).toHaveTextContent('Pléiades Tasking Display')
    expect(screen.queryByRole('combobox', { name: /^Data product/ })).toBeNull()
    expect(screen.getByRole('combobox', { name: /Acquisition mode/ })).toBeInTheDocument()
    expect(screen.getByLabelText(/Maximum cloud coverage/, { selector: 'input' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Maximum incidence angle/, { selector: 'input' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Order name/ })).toHaveValue(
      'Pléiades Tasking Display tasking from 3 Nov 2026',
    )
    // Without an AOI nothing is asked, and the review says why.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Review the request' }))
    expect(
      await screen.findByText('Draw or import an area of interest: each polygon becomes one tasking order.'),
    ).toBeInTheDocument()
    expect(posts(c, '/v2/tasking/orders/feasibility')).toHaveLength(0)
  })

  it('checks feasibility and estimates each polygon as its own feature: a study for the large one, a difficulty for the other', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([medium, large])
    startWith('phr-tasking')
    await open(c)
    const first = await screen.findByTestId('tasking-feature-0')
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Area 1')
    expect(within(first).getByText(/km²/)).toHaveTextContent(/^4\d\.\d km²$/)
    await waitFor(() =>
      expect(screen.getByTestId('feasibility-0')).toHaveTextContent('No study needed — difficulty Medium'),
    )
    expect(within(screen.getByTestId('feasibility-0')).getByText('Medium')).toBeInTheDocument()
    expect(screen.getByTestId('feasibility-1')).toHaveTextContent(
      'Feasibility study required — the provider sends options to choose from (Decisions)',
    )
    expect(
      within(screen.getByTestId('feasibility-1')).getByRole('link', { name: 'Decisions' }),
    ).toHaveAttribute('href', '/decisions')

    await waitForTotal()
    const credits = [0, 1].map((i) =>
      Number(
        /^([\d,]+)/.exec(screen.getByTestId(`feature-credits-${i}`).textContent ?? '')?.[1].replace(/,/g, ''),
      ),
    )
    expect(credits.every((n) => n > 0)).toBe(true)
    expect(screen.getByTestId('tasking-total')).toHaveTextContent(
      `${(credits[0] + credits[1]).toLocaleString('en-US')} credits`,
    )
    expect(screen.getByTestId('tasking-charge')).toHaveTextContent(
      /only when you accept the provider’s quotation/,
    )

    // One request each, every one with both features.
    const feasibility = posts(c, '/v2/tasking/orders/feasibility')
    const estimate = posts(c, '/v2/orders/estimate')
    expect(feasibility.map((e) => e.status)).toEqual([207])
    expect(estimate.map((e) => e.status)).toEqual([200])
    expect(featureCount(feasibility[0].body)).toBe(2)
    expect(featureCount(estimate[0].body)).toBe(2)
    expect((estimate[0].body as { params: Record<string, unknown> }).params).toMatchObject({
      acquisitionStart: '2026-11-03T00:00:00Z',
      acquisitionEnd: '2026-11-17T00:00:00Z',
      acquisitionMode: 'mono',
    })
  })

  it('lists opportunities on the timeline, in the table and on the map, with hover and selection linked', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small, medium])
    const user = userEvent.setup()
    const { container } = await open(c)
    await screen.findByTestId('opportunities-summary')
    const table = screen.getByRole('table', { name: 'Acquisition opportunities' })
    const rows = within(table).getAllByTestId(/^opportunity-row-/)
    expect(rows.length).toBeGreaterThan(10)
    expect(screen.getByTestId('opportunities-summary')).toHaveTextContent(
      `${rows.length} opportunities in the window`,
    )
    expect(featureCount(posts(c, '/v2/tasking/orders/opportunities')[0].body)).toBe(2)
    // Forecasts reach a week ahead: the first passes have one, the last ones not yet.
    expect(within(rows[0]).getByText(/^\d+ %$/)).toBeInTheDocument()
    expect(within(rows[rows.length - 1]).getByText('no forecast yet')).toBeInTheDocument()
    // One bar per opportunity, in one lane per feature; one footprint per opportunity on the map.
    const axis = screen.getByRole('group', { name: 'Opportunities over the acquisition window' })
    expect(within(axis).getAllByRole('button')).toHaveLength(rows.length)
    expect(within(axis).getByText('Area 1')).toBeInTheDocument()
    expect(within(axis).getByText('Area 2')).toBeInTheDocument()
    expect(overlay()?.data.features).toHaveLength(rows.length)
    expect(overlay()?.interactive).toBe(true)

    // Hover a row: its footprint and its bar light up.
    const key = (rows[3].dataset.testid ?? '').replace('opportunity-row-', '')
    await user.hover(rows[3])
    expect(rows[3]).toHaveAttribute('data-hovered')
    expect(overlay()?.states).toEqual([{ id: 3, state: { hover: true, selected: false } }])
    expect(screen.getByTestId(`time-bar-${key}`)).toHaveAttribute('data-hovered')
    await user.unhover(rows[3])
    expect(overlay()?.states).toEqual([])

    // Hover a footprint on the map: its row and its bar light up.
    act(() => map.props?.onOverlayHover?.(OPPORTUNITIES_SOURCE, 5))
    expect(rows[5]).toHaveAttribute('data-hovered')
    const key5 = (rows[5].dataset.testid ?? '').replace('opportunity-row-', '')
    expect(screen.getByTestId(`time-bar-${key5}`)).toHaveAttribute('data-hovered')
    act(() => map.props?.onOverlayHover?.(OPPORTUNITIES_SOURCE, null))
    expect(rows[5]).not.toHaveAttribute('data-hovered')

    // Click a bar: selected on the map and in the list, and the map fits its footprint.
    await user.click(screen.getByTestId(`time-bar-${key}`))
    expect(rows[3]).toHaveAttribute('aria-current', 'true')
    expect(overlay()?.states?.find((st) => st.id === 3)?.state.selected).toBe(true)
    expect(map.props?.fit).toBeTruthy()
    // A footprint clicked on the map is selected in the list.
    act(() => map.props?.onOverlayClick?.(OPPORTUNITIES_SOURCE, 7))
    expect(rows[7]).toHaveAttribute('aria-current', 'true')
    expect(rows[3]).not.toHaveAttribute('aria-current')

    // The list is one tab stop; arrows move and Enter selects.
    rows[7].focus()
    await user.keyboard('{ArrowDown}')
    expect(rows[8]).toHaveFocus()
    expect(rows[8]).toHaveAttribute('data-hovered')
    await user.keyboard('{Enter}')
    expect(rows[8]).toHaveAttribute('aria-current', 'true')
    expect(rows.filter((r) => r.tabIndex === 0)).toHaveLength(1)

    // jsdom lays nothing out, so contrast is left to the Playwright journeys.
    const r = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    const serious = r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)
    expect(serious).toEqual([])

    // The shared store keeps a short fingerprint of the answer, never the answer itself.
    const { scope } = useTaskingUi.getState()
    expect(scope).toMatch(/^\d+:[0-9a-z]+$/)
    // Another answer (another first feature): the pick made in the previous one marks nothing.
    act(() => useAoiStore.getState().setPolygons([medium]))
    await waitFor(() => {
      const now = within(screen.getByRole('table', { name: 'Acquisition opportunities' }))
      expect(now.getAllByTestId(/^opportunity-row-/)).not.toHaveLength(rows.length)
    })
    expect(document.querySelector('[aria-current="true"]')).toBeNull()
    expect(overlay()?.states).toEqual([])
  })

  it('moves focus to what replaces the button pressed: the review, the request again, the result', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    // Opening the page moves nothing.
    expect(document.body).toHaveFocus()
    await waitFor(async () => {
      const review = screen.queryByRole('button', { name: 'Review 1 order' })
      if (review) await user.click(review)
      expect(screen.getByRole('heading', { name: 'Review and place' })).toHaveFocus()
    })
    await user.click(screen.getByRole('button', { name: 'Back to details' }))
    expect(screen.getByRole('heading', { name: 'Product and parameters' })).toHaveFocus()
    const place = await goToReview(user, 1)
    await user.click(place)
    const notice = await screen.findByTestId('tasking-placed')
    await waitFor(() => expect(notice).toHaveFocus())
    await user.click(within(notice).getByRole('button', { name: 'Start a new request' }))
    expect(screen.getByRole('heading', { name: 'Product and parameters' })).toHaveFocus()
  })

  it('explains that Capella publishes no opportunities, and places the request all the same', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    const user = userEvent.setup()
    await open(c)
    await chooseCollection(user, 'capella-tasking')
    const problem = await screen.findByTestId('opportunities-problem')
    expect(problem).toHaveTextContent(
      'Opportunities are not published for Capella SAR Tasking: The provider of Capella SAR Tasking does not publish acquisition opportunities; place the order and wait for its quotation. You can still place the request; the provider sends a quotation.',
    )
    expect(posts(c, '/v2/tasking/orders/opportunities').at(-1)?.status).toBe(501)
    expect(screen.queryByRole('table', { name: 'Acquisition opportunities' })).toBeNull()
    await waitForTotal()
    const place = await goToReview(user, 1)
    await user.click(place)
    await screen.findByText('1 tasking order placed')
    expect(orderPosts(c).map((e) => e.status)).toEqual([202])
  })

  it('shows the service’s refusal of a window too long for opportunities at the window field', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    await open(c)
    await screen.findByTestId('opportunities-summary')
    const end = screen.getByLabelText<HTMLInputElement>(/End of the acquisition window \(UTC\)/)
    fireEvent.change(end, { target: { value: '2027-03-01T00:00' } })
    const problem = await screen.findByTestId('opportunities-problem')
    expect(problem).toHaveTextContent('Opportunities cannot be listed for this window')
    expect(problem).toHaveTextContent(/acquisitionEnd must be at most 90 days after acquisitionStart/)
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/End of the acquisition window \(UTC\)/))).toContain(
        'must be at most 90 days after acquisitionStart to list opportunities',
      ),
    )
    expect(posts(c, '/v2/tasking/orders/opportunities').at(-1)?.status).toBe(400)
    // Placing does not need opportunities: the estimate of the longer window is there.
    await waitForTotal()
  })

  it('places every feature with ONE request after the confirmation, however often Place is clicked', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small, medium])
    const user = userEvent.setup()
    await open(c)
    const name = screen.getByRole('textbox', { name: /Order name/ })
    await user.clear(name)
    await user.type(name, 'Camargue wetlands 2026')
    await waitForTotal()
    const total = screen.getByTestId('tasking-total').textContent?.replace(' credits', '') ?? ''
    const place = await goToReview(user, 2)
    expect(screen.getByRole('checkbox', { name: /I confirm placing/ })).toHaveAccessibleName(
      `I confirm placing 2 tasking orders, estimated at ${total} credits`,
    )
    expect(screen.getByTestId('tasking-review-total')).toHaveTextContent(total)
    await user.dblClick(place)
    await user.click(place)
    const notice = await screen.findByTestId('tasking-placed')
    expect(notice).toHaveTextContent('2 tasking orders placed')
    expect(orderPosts(c).map((e) => e.status)).toEqual([202])
    expect(featureCount(orderPosts(c)[0].body)).toBe(2)
    expect(orderPosts(c)[0].query).toMatch(/^\?workspaceId=[0-9a-f-]{36}$/)
    const created = ordersNamed(c, 'Camargue wetlands 2026')
    expect(created).toHaveLength(2)
    const links = within(notice).getAllByRole('link', { name: /Camargue wetlands 2026 — Area/ })
    expect(links.map((l) => l.getAttribute('href')).sort()).toEqual(
      created.map((r) => `/orders/${r.order.id}`).sort(),
    )
    expect(within(notice).getByRole('link', { name: 'See the orders' })).toHaveAttribute('href', '/orders')
    expect(within(notice).getByRole('link', { name: 'Decisions' })).toHaveAttribute('href', '/decisions')
    // A redraw does not place the request again: the result stays until a new request is started.
    act(() => useAoiStore.getState().setPolygons([large]))
    expect(screen.getByTestId('tasking-placed')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Place/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Start a new request' }))
    expect(await screen.findByRole('button', { name: 'Review 1 order' })).toBeInTheDocument()
    expect(orderPosts(c)).toHaveLength(1)
  })

  it('finds the orders a lost answer created instead of placing them twice', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small, medium])
    c.backend.sim.control.faults = [
      { path: '/v2/orders', method: 'POST', status: 503, after: true, times: 1 },
    ]
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Order name/ }).value
    const place = await goToReview(user, 2)
    await user.click(place)
    const notice = await screen.findByTestId('tasking-placed')
    expect(notice).toHaveTextContent('2 tasking orders placed')
    expect(notice).toHaveTextContent(/answer was lost; these orders were found in the orders list/)
    // One POST, answered 503 although it took effect, then a look at the orders list: two orders exist.
    expect(orderPosts(c).map((e) => e.status)).toEqual([503])
    expect(c.backend.log.some((e) => e.method === 'GET' && e.path === '/v2/orders')).toBe(true)
    const created = ordersNamed(c, name)
    expect(created).toHaveLength(2)
    expect(within(notice).getAllByRole('link', { name: /— Area/ })).toHaveLength(2)
  })

  it('never places twice when the page is left and opened again while the request is out', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', latencyMs: 400 }]
    const user = userEvent.setup()
    const first = await open(c)
    await waitForTotal()
    const place = await goToReview(user, 1)
    await user.click(place)
    await waitFor(() => expect(orderPosts(c)).toHaveLength(1))
    first.unmount()
    await open(c)
    await screen.findByText('1 tasking order placed')
    expect(orderPosts(c).map((e) => e.status)).toEqual([202])
    expect(screen.queryByText(/no order was created/)).toBeNull()
  })

  it('settles an attempt a reload cut short when the page opens again, without sending it again', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    const world = c.backend.sim.runtime.world
    const product = world.collections.find((col) => col.name === 'phr-tasking')?.dataProducts[0]?.id ?? ''
    const workspaceId = c.session.getSnapshot().user?.workspaces[0]?.id ?? ''
    // The request went out just before the reload; its answer was lost with the page.
    const created = await ok(
      c.client.POST('/v2/orders', {
        params: { query: { workspaceId } },
        body: {
          dataProduct: product,
          displayName: 'Cut short by a reload',
          params: {
            acquisitionStart: '2026-11-03T00:00:00Z',
            acquisitionEnd: '2026-11-17T00:00:00Z',
            acquisitionMode: 'mono',
            cloudCoverage: 10,
            incidenceAngle: 30,
            geometricProcessing: 'ortho',
            projection: '4326',
            spectralProcessing: 'bundle',
            pixelCoding: '12bits',
            radiometricProcessing: 'reflectance',
            deliveredAs: 'geotiff',
          },
          featureCollection: {
            type: 'FeatureCollection',
            features: [{ type: 'Feature', geometry: small, properties: {} }],
          },
        },
      }),
    )
    useTaskingStore.setState({
      placement: {
        kind: 'placing',
        attempt: {
          displayName: 'Cut short by a reload',
          dataProductId: product,
          sceneId: null,
          workspaceId,
          startedAt: new Date().toISOString(),
          before: [],
          features: [{ label: 'Area 1', areaKm2: 17.6, geometry: small }],
        },
      },
    })
    const postsBefore = orderPosts(c).length
    await open(c)
    const notice = await screen.findByTestId('tasking-placed')
    expect(notice).toHaveTextContent('1 tasking order placed')
    expect(within(notice).getByRole('link', { name: /Cut short by a reload — Area 1/ })).toHaveAttribute(
      'href',
      `/orders/${created.results[0].id}`,
    )
    expect(orderPosts(c)).toHaveLength(postsBefore)
  })

  it('keeps a request sent before a reload "not known yet" until its late orders show, and sends nothing again', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    const world = c.backend.sim.runtime.world
    const product = world.collections.find((col) => col.name === 'phr-tasking')?.dataProducts[0]?.id ?? ''
    const workspaceId = c.session.getSnapshot().user?.workspaces[0]?.id ?? ''
    // A slow creation still at work when the page comes back: its first look at the orders list finds nothing.
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', latencyMs: 2500 }]
    const sent = c.client.POST('/v2/orders', {
      params: { query: { workspaceId } },
      body: {
        dataProduct: product,
        displayName: 'Slow behind a reload',
        params: {
          acquisitionStart: '2026-11-03T00:00:00Z',
          acquisitionEnd: '2026-11-17T00:00:00Z',
          acquisitionMode: 'mono',
          cloudCoverage: 10,
          incidenceAngle: 30,
          geometricProcessing: 'ortho',
          projection: '4326',
          spectralProcessing: 'bundle',
          pixelCoding: '12bits',
          radiometricProcessing: 'reflectance',
          deliveredAs: 'geotiff',
        },
        featureCollection: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: small, properties: {} }],
        },
      },
    })
    useTaskingStore.setState({
      step: 'review',
      placement: {
        kind: 'placing',
        attempt: {
          displayName: 'Slow behind a reload',
          dataProductId: product,
          sceneId: null,
          workspaceId,
          startedAt: new Date().toISOString(),
          before: [],
          features: [{ label: 'Area 1', areaKm2: 17.6, geometry: small }],
        },
      },
    })
    await open(c)
    expect(await screen.findByText('Not known yet — checking')).toBeInTheDocument()
    const notice = await screen.findByTestId('tasking-placed')
    expect(notice).toHaveTextContent('1 tasking order placed')
    const created = await ok(sent)
    expect(within(notice).getByRole('link', { name: /Slow behind a reload — Area 1/ })).toHaveAttribute(
      'href',
      `/orders/${created.results[0].id}`,
    )
    expect(orderPosts(c)).toHaveLength(1)
  })

  it('opens with the largest AOI a link can leave in the draft and says what is wrong with it', async () => {
    // A leaning 40,000-corner comb (issue 41): its crossing check took minutes, on every render.
    const c = await taskingConsole()
    useAoiStore.getState().setPolygons([comb(40_000, { lon: 4.3, lat: 43.5, slant: 1 })])
    startWith('phr-tasking')
    await open(c)
    const said = await screen.findAllByText(
      /The area has 40,000 points in all; the service accepts up to 10,000\./,
    )
    expect(said.length).toBeGreaterThan(0)
  })

  it('keeps the draft across a reload', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    const user = userEvent.setup()
    const first = await open(c)
    await chooseCollection(user, 'blacksky-tasking')
    const name = screen.getByRole('textbox', { name: /Order name/ })
    await user.clear(name)
    await user.type(name, 'Kept across reloads')
    await user.type(screen.getByLabelText(/^Tags/, { selector: 'input' }), 'coast{Enter}')
    const cloud = screen.getByLabelText(/Maximum cloud coverage/, { selector: 'input' })
    await user.clear(cloud)
    await user.type(cloud, '45')
    await waitForTotal()
    expect(screen.getByTestId('tasking-charge')).toHaveTextContent(/^Fixed price: the estimate is held/)
    first.unmount()

    // What a reload reads back: the draft in sessionStorage, and nothing else.
    const raw = sessionStorage.getItem('swath.tasking') ?? ''
    const saved = JSON.parse(raw) as { state: { draft: Record<string, unknown> } }
    expect(saved.state.draft).toMatchObject({
      collectionName: 'blacksky-tasking',
      displayName: 'Kept across reloads',
      tags: ['coast'],
      params: { cloudCoverage: 45 },
    })
    useTaskingStore.setState(TASKING_INITIAL)
    sessionStorage.setItem('swath.tasking', raw)
    await act(() => useTaskingStore.persist.rehydrate())
    await open(c)
    expect(screen.getByRole('combobox', { name: /^Tasking collection/ })).toHaveValue('blacksky-tasking')
    expect(await screen.findByRole('textbox', { name: /Order name/ })).toHaveValue('Kept across reloads')
    expect(screen.getByText('coast')).toBeInTheDocument()
    expect(await screen.findByLabelText(/Maximum cloud coverage/, { selector: 'input' })).toHaveValue('45')
  })

  it('tells the Viewer why the license stops the request, and sends nothing', async () => {
    const c = await taskingConsole('viewer@swath.test')
    useAoiStore.getState().setPolygons([small])
    startWith('phr-tasking')
    const user = userEvent.setup()
    await open(c)
    expect(await screen.findByText('Your role cannot accept licenses')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review 1 order' }))
    expect(
      await screen.findByText(/Accept the license “Airbus optical imagery license” first/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /I confirm placing/ })).toBeNull()
    expect(orderPosts(c)).toHaveLength(0)
  })

  it('keeps the request filled and explains a budget refusal at the budget', async () => {
    const c = await taskingConsole()
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    // Enforcement goes on after the page read the settings: the service refuses, the console explains.
    for (const a of c.backend.sim.runtime.world.accounts.values())
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = true
    const place = await goToReview(user, 1)
    await user.click(place)
    expect(await screen.findByText('This account requires a budget on every order.')).toBeInTheDocument()
    expect(orderPosts(c).map((e) => e.status)).toEqual([400])
    await user.click(screen.getByRole('button', { name: 'Change the budget' }))
    const gate = screen.getByRole('region', { name: 'Budget' })
    expect(within(gate).getByText('This account requires a budget on every order.')).toBeInTheDocument()
    expect(screen.getByTestId('tasking-feature-0')).toBeInTheDocument()
  })

  it('tells the Viewer up front that the request can be shared, not placed, and offers no Place button', async () => {
    const c = await taskingConsole('viewer@swath.test')
    acceptEveryLicence(c)
    useAoiStore.getState().setPolygons([small])
    startWith('phr-tasking')
    const user = userEvent.setup()
    await open(c)
    // Before anything is filled in: a calm note, not an error.
    const notice = screen.getByRole('note')
    expect(notice).toHaveTextContent('You can prepare this request, not place it')
    expect(notice).toHaveTextContent(
      'Your role (Viewer) can look at orders but cannot place them: ask an account administrator or member.',
    )
    expect(screen.queryByRole('alert', { name: /cannot place/ })).toBeNull()
    await waitForTotal()
    await waitFor(async () => {
      const review = screen.queryByRole('button', { name: 'Review 1 order' })
      if (review) await user.click(review)
      expect(screen.getByRole('heading', { name: 'Review and place' })).toBeInTheDocument()
    })
    expect(screen.queryByRole('checkbox', { name: /I confirm placing/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Place/ })).toBeNull()
    expect(screen.getByText(/share the link at the top of the page/)).toBeInTheDocument()
    expect(orderPosts(c)).toHaveLength(0)
    // jsdom lays nothing out, so contrast is left to the Playwright journeys; no shell, so no landmarks.
    const a = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(a.violations.map((v) => v.id)).toEqual([])
  })

  it('fills in the request a Viewer shared when an administrator opens the link', async () => {
    const viewer = await taskingConsole('viewer@swath.test')
    useAoiStore.getState().setPolygons([small, medium])
    useTaskingStore.setState({
      draft: {
        collectionName: 'phr-tasking',
        displayName: 'Shared from the Viewer',
        tags: ['coast'],
      },
    })
    const first = await open(viewer)
    const user = userEvent.setup()
    const cloud = await screen.findByLabelText(/Maximum cloud coverage/, { selector: 'input' })
    await user.clear(cloud)
    await user.type(cloud, '15')
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Link to this request' }).value).toMatch(
        /\/tasking\?shared=/,
      ),
    )
    await waitFor(() => expect(useTaskingStore.getState().draft.params?.cloudCoverage).toBe(15))
    const linkNow = new URL(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Link to this request' }).value,
    )
    first.unmount()
    vi.useRealTimers()

    // Another tab: the administrator, with a draft of their own.
    resetStores(useTaskingStore, useTaskingUi, useAoiStore)
    useTaskingStore.setState({ draft: { collectionName: 'blacksky-tasking', displayName: 'Mine' } })
    const admin = await taskingConsole()
    acceptEveryLicence(admin)
    const r = await open(admin, linkNow.pathname + linkNow.search)
    expect(await screen.findByRole('status', { name: 'Filled in from a shared link' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /^Tasking collection/ })).toHaveValue('phr-tasking')
    expect(await screen.findByRole('textbox', { name: /Order name/ })).toHaveValue('Shared from the Viewer')
    expect(screen.getByText('coast')).toBeInTheDocument()
    expect(await screen.findByLabelText(/Maximum cloud coverage/, { selector: 'input' })).toHaveValue('15')
    expect(useAoiStore.getState().polygons).toEqual([small, medium])
    expect(screen.queryByRole('note')).toBeNull()
    // The link leaves the address: a reload does not fill it in again.
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    expect(linkNow.pathname).toBe('/tasking')
    const place = await goToReview(user, 2)
    expect(place).toBeEnabled()
  })

  it('fills the request from a tasking order ("Request again"), with a window starting today', async () => {
    const c = await taskingConsole()
    useTaskingStore.setState({ draft: { collectionName: 'blacksky-tasking', displayName: 'Mine' } })
    const record = [...c.backend.sim.runtime.world.orders.values()].find(
      (r) => r.order.type === 'TASKING' && r.collectionName === 'phr-tasking' && r.order.orderDetails,
    )
    if (!record) throw new Error('the seed has no Pléiades tasking order')
    const details = record.order.orderDetails as { geometry: Polygon; maxCloudCover?: number }
    const r = await open(c, `/tasking?again=${record.order.id}`)
    const notice = await screen.findByRole('status', { name: 'Filled in from an earlier order' })
    expect(within(notice).getByRole('link', { name: record.order.displayName })).toHaveAttribute(
      'href',
      `/orders/${record.order.id}`,
    )
    expect(screen.getByRole('combobox', { name: /^Tasking collection/ })).toHaveValue('phr-tasking')
    expect(useAoiStore.getState().polygons).toEqual([details.geometry])
    // The simulator's clock reads 2 Nov 2026 09:00 UTC: the window opens then, not on the order's old day.
    const start = await screen.findByLabelText<HTMLInputElement>(/Start of the acquisition window \(UTC\)/)
    expect(start.value).toBe('2 Nov 2026 09:00 UTC')
    if (details.maxCloudCover != null)
      expect(useTaskingStore.getState().draft.params?.maxCloudCover).toBe(details.maxCloudCover)
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
  })

  it("keeps the reader's own request when the link cannot be read, and says so", async () => {
    const c = await taskingConsole()
    useAoiStore.getState().setPolygons([small])
    useTaskingStore.setState({ draft: { collectionName: 'blacksky-tasking', displayName: 'Mine' } })
    await open(c, '/tasking?shared=eyJraW5kIjoidGFza2luZyIsInYiOjEsImFvaSI6')
    const alert = await screen.findByRole('alert', { name: 'The shared link was not used' })
    expect(alert).toHaveTextContent(/could not be read: it may have been cut short/)
    expect(alert).toHaveTextContent(/Nothing was changed: your own request is as you left it/)
    expect(screen.getByRole('combobox', { name: /^Tasking collection/ })).toHaveValue('blacksky-tasking')
    expect(await screen.findByRole('textbox', { name: /Order name/ })).toHaveValue('Mine')
    expect(useAoiStore.getState().polygons).toEqual([small])
  })
})
