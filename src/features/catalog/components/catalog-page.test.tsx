// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { beforeEach, describe, expect, it } from 'vitest'
import { catalogRoutes } from '../../../app/routes/catalog-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { useBasketStore } from '../../../components/basket/basket-store'
import { decodeTaskingShare } from '../../../data/orders/tasking-share'
import { encodePolygons } from '../../../lib/polyline'
import { PARIS } from '../../../testing/places'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { createSimBackend, signedInConsole, type SimBackend } from '../../../testing/sim-backend'
import { useCatalogUi } from '../catalog-ui-store'

// WebGL does not exist in jsdom: the map is the shared double, which keeps the props the page gives it.
map.view = { center: [2.35, 48.85], bounds: [2.2, 48.8, 2.5, 48.9] }

// jsdom lays nothing out: the result list reports the height of a typical panel, so the virtualiser renders
// the rows a 600 px list shows (and its overscan).
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.getAttribute('role') === 'listbox' ? 600 : 0
  },
})
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return this.getAttribute('role') === 'listbox' ? 400 : 0
  },
})

const paris = PARIS

/** Its outline crosses itself. */
const bowtie: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.25, 48.82],
      [2.42, 48.9],
      [2.42, 48.82],
      [2.25, 48.9],
      [2.25, 48.82],
    ],
  ],
}

const open = (at: string) => renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], { at })

const searches = (log: SimBackend['log']) =>
  log.filter((r) => r.method === 'POST' && r.path.endsWith('/stac/search'))

const results = () => screen.findByRole('listbox', { name: 'Search results' })

/** The box around the Paris AOI and every footprint given: what the map frames after a search. */
function boxAround(features: readonly { geometry: unknown }[]): number[] {
  const xs: number[] = [2.25, 2.42]
  const ys: number[] = [48.82, 48.9]
  for (const f of features)
    JSON.stringify(f.geometry).replace(/\[(-?[\d.]+),(-?[\d.]+)\]/g, (_m, x: string, y: string) => {
      xs.push(Number(x))
      ys.push(Number(y))
      return ''
    })
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

describe('catalog page', () => {
  beforeEach(() => {
    resetStores(useAoiStore, useBasketStore, useCatalogUi)
    map.props = null
  })

  it('runs the search of a link and loads thumbnails for the rows in view only', async () => {
    const { console: c } = await open('/catalog?host=oneatlas&limit=60&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const [search] = searches(c.backend.log)
    expect(search.body).toEqual({ limit: 60, bbox: [-20, 30, 40, 60], collections: ['phr', 'pneo', 'spot'] })
    expect(search.status).toBe(200)
    await waitFor(() => expect(list.querySelectorAll('img[data-thumbnail]').length).toBeGreaterThan(0))
    await waitFor(() =>
      expect(c.backend.log.filter((r) => r.path.endsWith('/thumbnail')).length).toBe(
        list.querySelectorAll('img[data-thumbnail]').length,
      ),
    )
    // 600 px of list at 84 px a row: 8 rows in view, out of 60 results.
    const thumbs = c.backend.log.filter((r) => r.path.endsWith('/thumbnail'))
    expect(thumbs.length).toBeLessThanOrEqual(8)
    expect(searches(c.backend.log)).toHaveLength(1)
    // The footprints of the page went to the map as one source with a feature per scene.
    const footprints = map.props?.overlays?.find((o) => o.id === 'catalog-footprints')
    expect(footprints?.data.features).toHaveLength(60)
  })

  it('frames the AOI and the scenes once the search answers, and not again on later renders', async () => {
    await open(`/catalog?host=oneatlas&limit=20&aoi=${encodePolygons([paris])}`)
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const footprints = map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.data
    expect(footprints?.features).toHaveLength(20)
    const around = boxAround(footprints?.features ?? [])
    await waitFor(() => expect(map.props?.fit?.bbox).toEqual(around))
    const framed = map.props?.fit
    // Hovering a footprint re-renders the page; the camera request stays the same one, so the map stays put.
    act(() => map.props?.onOverlayHover?.('catalog-footprints', 2))
    act(() => map.props?.onOverlayHover?.('catalog-footprints', null))
    expect(map.props?.fit).toBe(framed)
  })

  it('frames every host’s scenes when all hosts are searched, not only the first host to be listed', async () => {
    await open(`/catalog?aoi=${encodePolygons([paris])}`)
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const footprints = () => map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.data
    // Every host that answered is on the map (hosts merge in a render after the first one's).
    await waitFor(() =>
      expect(new Set(footprints()?.features.map((f) => String(f.properties?.host))).size).toBeGreaterThan(2),
    )
    const around = boxAround(footprints()?.features ?? [])
    await waitFor(() => expect(map.props?.fit?.bbox).toEqual(around))
  })

  it('asks the map to frame every host’s scenes in the render that gives it their footprints', async () => {
    // The map holds a fit asked while footprints wait to be handed over and moves just before they go: asked
    // a render after them, the fit came once they had gone, and the map laid its tiles out twice.
    const renders: { fit: number[] | undefined; footprints: number }[] = []
    map.onRender = (props) =>
      renders.push({
        fit: props.fit?.bbox,
        footprints: props.overlays?.find((o) => o.id === 'catalog-footprints')?.data.features.length ?? 0,
      })
    try {
      await open(`/catalog?aoi=${encodePolygons([paris])}`)
      await results()
      const footprints = () => map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.data
      await waitFor(() => expect(map.props?.fit?.bbox).toEqual(boxAround(footprints()?.features ?? [])))
      const all = footprints()?.features.length ?? 0
      const first = renders.findIndex((r) => r.footprints === all)
      expect(renders[first].fit).toEqual(map.props?.fit?.bbox)
    } finally {
      map.onRender = undefined
    }
  })

  it('frames an every-host search with the first host’s scenes while the others are still out', async () => {
    // The map jumps there with the first footprints and lays its basemap out at that zoom while the other hosts
    // answer: framed only with the last answer, its new basemap tiles were on the way to the last footprints.
    const renders: {
      fit: number[] | undefined
      ahead?: boolean
      footprints: readonly { geometry: unknown }[]
    }[] = []
    map.onRender = (props) =>
      renders.push({
        fit: props.fit?.bbox,
        ahead: props.fit?.ahead,
        footprints: props.overlays?.find((o) => o.id === 'catalog-footprints')?.data.features ?? [],
      })
    try {
      // One host answers later than the others.
      const backend = createSimBackend()
      backend.sim.control.faults = [{ path: '/catalog/hosts/capellaspace/**', latencyMs: 300 }]
      const c = await signedInConsole(undefined, backend)
      await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
        at: `/catalog?aoi=${encodePolygons([paris])}`,
        console: c,
      })
      await results()
      const footprints = () => map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.data
      await waitFor(() =>
        expect(footprints()?.features.some((f) => f.properties?.host === 'capellaspace')).toBe(true),
      )
      await waitFor(() => expect(map.props?.fit?.bbox).toEqual(boxAround(footprints()?.features ?? [])))
      const all = footprints()?.features ?? []

      const first = renders.find((r) => r.footprints.length > 0)
      expect(first?.footprints.length).toBeLessThan(all.length)
      expect(first?.fit).toEqual(boxAround(first?.footprints ?? []))
      // It moves the camera at once, not with those footprints, which wait for the page to be idle.
      expect(first?.ahead).toBe(true)
    } finally {
      map.onRender = undefined
    }
  })

  it('asks previews of the host whose scenes are shown, also while the next search runs', async () => {
    const { console: c, router } = await open('/catalog?host=oneatlas&limit=30&bbox=-20,30,40,60')
    await waitFor(async () =>
      expect(within(await results()).getAllByRole('option').length).toBeGreaterThan(3),
    )
    // The analyst is looking at the filters when a search arrives by a link: its results are shown.
    await userEvent.setup().click(screen.getByRole('tab', { name: /^Search/ }))
    await act(() => router.navigate('/catalog?host=blacksky&limit=30&bbox=-20,30,40,60'))
    expect(screen.getByRole('tab', { name: /^Results/ })).toHaveAttribute('aria-selected', 'true')
    await waitFor(async () =>
      expect(within(await results()).getAllByRole('option')[0].dataset.sceneId).toMatch(/^BSG-/),
    )
    await waitFor(() =>
      expect(c.backend.log.filter((r) => r.path.includes('/catalog/blacksky/image/')).length).toBeGreaterThan(
        0,
      ),
    )
    const previews = c.backend.log.filter((r) => r.path.endsWith('/thumbnail'))
    for (const r of previews) {
      const [, host, id] = /^\/catalog\/([^/]+)\/image\/([^/]+)\//.exec(r.path) ?? []
      expect(host === 'blacksky', `${host} asked for ${id}`).toBe(id.startsWith('BSG-'))
      expect(r.status).toBe(200)
    }
  })

  it('turns the filters into the request, the URL and back', async () => {
    const { console: c, router } = await open('/catalog')
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText('Data host'), 'oneatlas')
    await user.click(screen.getByLabelText('Pléiades'))
    // Days in the console's one format, whatever the browser's locale (not <input type="date">).
    await user.type(screen.getByLabelText('From'), '1 Jan 2025')
    await user.type(screen.getByLabelText(/Maximum cloud cover/), '20')
    await user.type(screen.getByLabelText('Resolution from (m)'), '0.4')
    await user.type(screen.getByLabelText('to (m)'), '0.8')
    await user.click(screen.getByText('Anywhere'))
    await user.click(screen.getByRole('button', { name: 'Search' }))

    await results()
    const [search] = searches(c.backend.log)
    expect(search.body).toEqual({
      collections: ['phr'],
      datetime: '2025-01-01T00:00:00Z/..',
      limit: 100,
      query: { cloudCoverage: { lte: 20 }, resolution: { gte: 0.4, lte: 0.8 } },
    })
    expect(search.status).toBe(200)
    const params = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(params)).toEqual({
      host: 'oneatlas',
      collections: 'phr',
      from: '2025-01-01',
      cloud: '20',
      resMin: '0.4',
      resMax: '0.8',
    })
    expect(screen.getByLabelText('From')).toHaveValue('1 Jan 2025')

    // Editing a filter marks the results as out of date until the next search.
    await user.click(screen.getByRole('tab', { name: /^Search/ }))
    await user.clear(screen.getByLabelText(/Maximum cloud cover/))
    await user.type(screen.getByLabelText(/Maximum cloud cover/), '5')
    expect(await screen.findByTestId('filters-changed')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Search (changed)' })).toBeInTheDocument()
    // Ctrl+Enter searches from inside a field.
    await user.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(2))
    expect(searches(c.backend.log)[1].body).toMatchObject({ query: { cloudCoverage: { lte: 5 } } })
    await waitFor(() => expect(screen.queryByTestId('filters-changed')).not.toBeInTheDocument())

    // Back shows the first search again, from the cache.
    await act(() => router.navigate(-1))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('cloud')).toBe('20'))
    expect(searches(c.backend.log)).toHaveLength(2)
  })

  it('reads a day typed the console’s way or as ISO as the same filter, and shows it the console’s way', async () => {
    const { console: c, router } = await open('/catalog?host=oneatlas&limit=10')
    await results()
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Search' }))
    const from = screen.getByLabelText<HTMLInputElement>('From')
    expect(from).toHaveValue('')
    expect(from).toHaveAttribute('placeholder', 'e.g. 25 Nov 2026')
    await user.type(from, '25 Nov 2026')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(2))
    expect(searches(c.backend.log)[1].body).toMatchObject({ datetime: '2026-11-25T00:00:00Z/..' })
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-25')

    // The same day typed as ISO is the same filter: nothing has changed, and it reads the console's way.
    await user.click(screen.getByRole('tab', { name: /^Search/ }))
    await user.clear(from)
    await user.type(from, '2026-11-25')
    await user.tab()
    expect(from).toHaveValue('25 Nov 2026')
    expect(screen.queryByTestId('filters-changed')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(3))
    expect(searches(c.backend.log)[2].body).toEqual(searches(c.backend.log)[1].body)
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-25')

    // A link's day shows the console's way too.
    await act(() => router.navigate('/catalog?host=oneatlas&limit=10&to=2025-03-09'))
    await user.click(screen.getByRole('tab', { name: /^Search/ }))
    expect(screen.getByLabelText('To')).toHaveValue('9 Mar 2025')
    expect(from).toHaveValue('')
  })

  it('says how to write a day that does not read as one, and does not search until it does', async () => {
    const { console: c, router } = await open('/catalog?host=oneatlas&limit=10')
    await results()
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Search' }))
    const to = screen.getByLabelText('To')
    await user.type(to, 'next tuesday')
    // Nobody is told off while typing; once they leave the field, it says how to write a day.
    expect(to).not.toHaveAttribute('aria-invalid')
    await user.tab()
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(to).toHaveAccessibleDescription('Not a day: write it as 25 Nov 2026.')
    expect(to).toHaveValue('next tuesday')
    expect(screen.getByTestId('filters-changed')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Write the dates as UTC days, as 25 Nov 2026.')
    await user.click(to)
    await user.keyboard('{Control>}{Enter}{/Control}')
    expect(searches(c.backend.log)).toHaveLength(1)
    expect(router.state.location.search).not.toContain('to=')

    // Undo changes brings back the search shown, text and all.
    await user.click(screen.getByRole('button', { name: 'Undo changes' }))
    expect(to).toHaveValue('')
    expect(to).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByTestId('filters-changed')).not.toBeInTheDocument()

    // Written as a day, it searches.
    await user.type(to, '3 march 2025')
    expect(to).not.toHaveAttribute('aria-invalid')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(2))
    expect(searches(c.backend.log)[1].body).toMatchObject({ datetime: '../2025-03-03T23:59:59Z' })
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-03-03')
  })

  it('picks a day on the calendar by keyboard, and Escape leaves the day as it was', async () => {
    const { console: c, router } = await open('/catalog?host=oneatlas&limit=10&from=2025-02-27')
    await results()
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Search' }))
    const from = screen.getByLabelText('From')
    expect(from).toHaveValue('27 Feb 2025')
    const button = screen.getByRole('button', { name: 'Pick the day of “From” on a calendar' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    const calendar = await screen.findByRole('dialog', { name: 'Pick the day of “From” on a calendar' })
    expect(button).toHaveAttribute('aria-expanded', 'true')
    // Focus starts on the chosen day; the arrows move, Enter picks.
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: /27 February 2025/ })).toHaveFocus(),
    )
    await user.keyboard('{ArrowUp}')
    expect(within(calendar).getByRole('button', { name: /20 February 2025/ })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(calendar).not.toBeInTheDocument())
    expect(from).toHaveValue('20 Feb 2025')
    await waitFor(() => expect(button).toHaveFocus())

    // Escape closes it without a change.
    await user.keyboard('{Enter}')
    const again = await screen.findByRole('dialog', { name: 'Pick the day of “From” on a calendar' })
    await waitFor(() => expect(within(again).getByRole('button', { name: /20 February 2025/ })).toHaveFocus())
    await user.keyboard('{ArrowRight}{Escape}')
    await waitFor(() => expect(again).not.toBeInTheDocument())
    expect(from).toHaveValue('20 Feb 2025')

    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(2))
    expect(searches(c.backend.log)[1].body).toMatchObject({ datetime: '2025-02-20T00:00:00Z/..' })
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2025-02-20')
  })

  it('reads a link without an area as a search of anywhere, not as changed filters', async () => {
    const { console: c } = await open('/catalog?host=oneatlas&limit=10')
    await results()
    expect(screen.getByRole('tab', { name: 'Search' })).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Search' }))
    expect(screen.getByTestId('search-area-summary')).toHaveTextContent('No area')
    expect(screen.queryByTestId('filters-changed')).not.toBeInTheDocument()
    expect(searches(c.backend.log)[0].body).not.toHaveProperty('bbox')
    expect(searches(c.backend.log)[0].body).not.toHaveProperty('intersects')
  })

  it('searches every host at once by default: one list, a failing host named with its own retry, More', async () => {
    const backend = createSimBackend()
    backend.sim.control.faults = [{ path: '/catalog/hosts/capellaspace/**', status: 542 }]
    const c = await signedInConsole(undefined, backend)
    const { router } = await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: '/catalog',
      console: c,
    })
    const user = userEvent.setup()
    const hostPicker = await screen.findByLabelText('Data host')
    expect(hostPicker).toHaveValue('')
    expect(within(hostPicker).getByRole('option', { selected: true })).toHaveTextContent(
      /^All hosts \(\d+\)$/,
    )
    await user.click(screen.getByRole('radio', { name: 'Anywhere' }))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const hosts = await screen.findByRole('list', { name: /Hosts searched/ })
    const searchedHosts = () => new Set(searches(backend.log).map((r) => r.path.split('/')[3])).size
    await waitFor(() => expect(searchedHosts()).toBeGreaterThanOrEqual(3))
    expect(within(hosts).getAllByRole('listitem')).toHaveLength(searchedHosts())
    expect(router.state.location.search).not.toContain('host=')
    // Every host but the failing one answers into one list, newest first across hosts.
    const failing = await within(hosts).findByRole('button', { name: /Retry/ })
    expect(failing.closest('li')).toHaveAttribute('data-host', 'capellaspace')
    const list = await results()
    await waitFor(() => expect(within(hosts).queryByText(/searching/)).not.toBeInTheDocument())
    // Hosts that answer together show one host's rows first, the others merged in a render after.
    const hostsIn = () =>
      new Set(
        within(list)
          .getAllByRole('option')
          .map((o) => o.getAttribute('data-host')),
      )
    await waitFor(() => expect(hostsIn().size).toBeGreaterThanOrEqual(2))
    const options = within(list).getAllByRole('option')
    const hostsInList = hostsIn()
    // Each row names its host in words, not by its slug.
    for (const o of options.slice(0, 10))
      expect(o.getAttribute('aria-label')).not.toMatch(/, (blacksky|oneatlas|nearspace|capellaspace),/)
    expect(hostsInList.size).toBeGreaterThanOrEqual(2)
    expect(hostsInList.has('capellaspace')).toBe(false)
    // Retrying the failed host asks it alone again and merges its scenes in.
    backend.sim.control.faults = []
    const before = searches(backend.log).length
    await user.click(failing)
    await waitFor(() =>
      expect(hosts.querySelector('[data-host="capellaspace"]')).toHaveAttribute('data-state', 'answered'),
    )
    expect(
      searches(backend.log)
        .slice(before)
        .map((r) => r.path),
    ).toEqual(['/catalog/hosts/capellaspace/stac/search'])
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .some((o) => o.getAttribute('data-host') === 'capellaspace'),
      ).toBe(true),
    )
    // More asks each host that has a next page for it, and the list grows by what they give.
    const shown = within(list).getAllByRole('option').length
    const count = () =>
      Number(
        /^(\d+) scenes from/.exec(
          screen.getByRole('heading', { level: 2, name: /scenes from/ }).textContent ?? '',
        )?.[1],
      )
    const total = count()
    const asked = searches(backend.log).length
    await user.click(screen.getByRole('button', { name: 'More' }))
    await waitFor(() => expect(count()).toBeGreaterThan(total))
    const next = searches(backend.log).slice(asked)
    expect(next.length).toBeGreaterThan(0)
    expect(next.every((r) => r.query.includes('next='))).toBe(true)
    expect(within(list).getAllByRole('option').length).toBeGreaterThanOrEqual(shown)
  })

  it('keeps the footprint layers and each host’s colour from before the first search on', async () => {
    const { router } = await open('/catalog')
    // The glossary is in: the host picker offers every host.
    const hostPicker = await screen.findByLabelText('Data host')
    await waitFor(() =>
      expect(within(hostPicker).getByRole('option', { selected: true })).toHaveTextContent(
        /^All hosts \(4\)$/,
      ),
    )
    const footprints = () => map.props?.overlays?.find((o) => o.id === 'catalog-footprints')
    const layers = footprints()?.layers
    expect(layers).toBeDefined()
    const colours = async (count: number) => {
      const hosts = await screen.findByRole('list', { name: /Hosts searched/ })
      await waitFor(() => expect(within(hosts).getAllByRole('listitem')).toHaveLength(count))
      return new Map(
        within(hosts)
          .getAllByRole('listitem')
          .map((li) => [
            li.dataset.host,
            li.querySelector<HTMLElement>('[class*="hostSwatch"]')?.style.background,
          ]),
      )
    }

    await act(() => router.navigate('/catalog?limit=20'))
    const list = await results()
    await waitFor(() =>
      expect(
        new Set(footprints()?.data.features.map((f) => String(f.properties?.host))).size,
      ).toBeGreaterThan(1),
    )
    // The same layers: given anew, the map would restyle them (a frame of its own) as the search starts.
    expect(footprints()?.layers).toBe(layers)
    const every = await colours(4)
    expect(new Set(every.values()).size).toBe(4)
    const row = within(list).getAllByRole('option')[0]
    expect(row.querySelector<HTMLElement>('[class*="hostSwatch"]')?.style.background).toBe(
      every.get(row.dataset.host),
    )

    // Capella left out by the collections chosen: the hosts after it keep their colours.
    await act(() => router.navigate('/catalog?limit=20&collections=phr,blacksky-archive,nsl-30cm'))
    const some = await colours(3)
    expect(some.has('capellaspace')).toBe(false)
    for (const [host, colour] of some) expect(colour).toBe(every.get(host))
    expect(footprints()?.layers).toBe(layers)
  })

  it('takes a host’s rows and count away when it fails as the same search runs again, naming it by title', async () => {
    const backend = createSimBackend()
    const c = await signedInConsole(undefined, backend)
    await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: '/catalog?limit=20',
      console: c,
    })
    const hosts = await screen.findByRole('list', { name: /Hosts searched/ })
    const list = await results()
    const capella = () => hosts.querySelector('[data-host="capellaspace"]')
    await waitFor(() => expect(capella()).toHaveAttribute('data-state', 'answered'))
    const rowsOf = (host: string) =>
      within(list)
        .queryAllByRole('option')
        .filter((o) => o.getAttribute('data-host') === host).length
    const count = () =>
      Number(
        /^(\d+) scenes from/.exec(
          screen.getByRole('heading', { level: 2, name: /scenes from/ }).textContent ?? '',
        )?.[1],
      )
    await waitFor(() => expect(rowsOf('capellaspace')).toBeGreaterThan(0))
    const capellaCount = Number(/(\d+) scenes?/.exec(capella()?.textContent ?? '')?.[1])
    expect(capellaCount).toBeGreaterThan(0)
    const before = count()

    // The same search again, and Capella fails this time: its rows and its count leave with its answer.
    backend.sim.control.faults = [{ path: '/catalog/hosts/capellaspace/**', status: 542 }]
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: /^Search/ }))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(capella()).toHaveAttribute('data-state', 'failed'), { timeout: 10_000 })
    await waitFor(() => expect(rowsOf('capellaspace')).toBe(0))
    expect(count()).toBe(before - capellaCount)
    expect(
      map.props?.overlays
        ?.find((o) => o.id === 'catalog-footprints')
        ?.data.features.some((f) => f.properties?.host === 'capellaspace'),
    ).toBe(false)
    // It is named by its title, in its line and on its Retry, never by its id.
    expect(capella()).toHaveTextContent('Data host Capella Space did not answer')
    expect(capella()?.textContent).not.toMatch(/capellaspace/)
    expect(
      within(capella() as HTMLElement).getByRole('button', { name: 'Retry Capella Space' }),
    ).toBeVisible()
  })

  it('takes an imported AOI’s name: "Go to a place" shows it, and a saved search is suggested under it', async () => {
    const { console: c } = await open('/catalog')
    const user = userEvent.setup()
    await screen.findByLabelText('Data host')
    const file = new File(
      [JSON.stringify({ type: 'Feature', properties: {}, geometry: paris })],
      'Hamburg port.geojson',
      { type: 'application/geo+json' },
    )
    // Dropped on the map, as the file picker of the AOI panel would hand it over.
    act(() => map.props?.onFileDrop?.(file))
    await waitFor(() => expect(useAoiStore.getState().polygons).toHaveLength(1))
    // The place typed or picked before is not where the map now is: the field says the AOI's name instead.
    await waitFor(() => expect(map.props?.place).toMatchObject({ text: 'Hamburg port' }))

    await user.click(screen.getByRole('radio', { name: 'AOI' }))
    expect(screen.getByTestId('search-area-summary')).toHaveTextContent('1 polygon')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(c.backend.log).length).toBeGreaterThan(0))
    expect(searches(c.backend.log)[0].body).toMatchObject({ intersects: paris })
    await results()
    await user.click(await screen.findByRole('button', { name: 'Save search' }))
    expect(screen.getByRole('textbox', { name: 'Name of the saved search' })).toHaveValue(
      'Hamburg port, all hosts',
    )
  })

  it('leaves the scenes shown and the one picked as they are while a failed host is asked again', async () => {
    const backend = createSimBackend()
    backend.sim.control.faults = [{ path: '/catalog/hosts/capellaspace/**', status: 542 }]
    const c = await signedInConsole(undefined, backend)
    await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: '/catalog?limit=20',
      console: c,
    })
    const hosts = await screen.findByRole('list', { name: /Hosts searched/ })
    const retry = await within(hosts).findByRole('button', { name: /Retry/ })
    const list = await results()
    await waitFor(() => expect(within(hosts).queryByText(/searching/)).not.toBeInTheDocument())
    const footprints = () => map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.data
    // The three hosts that answered are merged (Capella failed).
    await waitFor(() =>
      expect(new Set(footprints()?.features.map((f) => String(f.properties?.host))).size).toBe(3),
    )
    // What React has left to render is done: the map double holds the props of the render committed last.
    await act(async () => {})
    const shown = footprints()
    const user = userEvent.setup()
    const picked = within(list).getAllByRole('option')[1]
    await user.click(picked)
    await waitFor(() => expect(picked).toHaveAttribute('data-active', 'true'))

    // Asked again, slowly: while it searches, the list and the map keep what they show, and the pick.
    backend.sim.control.faults = [{ path: '/catalog/hosts/capellaspace/**', latencyMs: 400 }]
    await user.click(retry)
    const capella = hosts.querySelector('[data-host="capellaspace"]')
    await waitFor(() => expect(capella).toHaveAttribute('data-state', 'searching'))
    await act(async () => {})
    expect(capella).toHaveAttribute('data-state', 'searching')
    expect(footprints()).toBe(shown)
    expect(picked).toHaveAttribute('data-active', 'true')
    // Its scenes then merge in.
    await waitFor(() => expect(capella).toHaveAttribute('data-state', 'answered'))
    await waitFor(() => expect(footprints()?.features.length).toBeGreaterThan(shown?.features.length ?? 0))
  })

  it('shows the cloud filter as not applied to radar scenes and leaves it out of the request', async () => {
    const { console: c } = await open('/catalog?host=capellaspace&cloud=10')
    await results()
    expect(await screen.findByText(/radar \(SAR\).*no cloud cover/)).toBeInTheDocument()
    const [search] = searches(c.backend.log)
    expect(search.body).not.toHaveProperty('query')
    expect(search.status).toBe(200)
  })

  it('claims no AOI coverage for a search of the map view', async () => {
    await open('/catalog?host=oneatlas&limit=20&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    for (const option of within(list).getAllByRole('option'))
      expect(option.getAttribute('aria-label')).not.toMatch(/% of AOI/)
    expect(list.textContent).not.toMatch(/% of AOI/)
    expect(
      within(screen.getByLabelText('Sort results')).queryByRole('option', { name: 'Most AOI covered first' }),
    ).not.toBeInTheDocument()
  })

  it('searches the AOI of the toolkit as intersects, and refuses to send an AOI it knows is broken', async () => {
    useAoiStore.getState().setPolygons([paris])
    const { console: c, router } = await open('/catalog')
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText('Data host'), 'oneatlas')
    await user.click(screen.getByRole('radio', { name: 'AOI' }))
    expect(screen.getByTestId('search-area-summary')).toHaveTextContent('1 polygon')
    await user.click(screen.getByRole('radio', { name: 'AOI' }))
    expect(screen.getByTestId('search-area-summary')).toHaveTextContent('1 polygon')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches(c.backend.log).length).toBeGreaterThan(0))
    expect(searches(c.backend.log)[0].body).toMatchObject({ intersects: paris })
    await results()
    expect(new URLSearchParams(router.state.location.search).get('aoi')).toBe(encodePolygons([paris]))
    // Each row says how much of the AOI its scene covers.
    const first = within(await results()).getAllByRole('option')[0]
    expect(first.getAttribute('aria-label')).toMatch(/(\d+|<1) % of AOI/)
    expect(
      within(screen.getByLabelText('Sort results')).getByRole('option', { name: 'Most AOI covered first' }),
    ).toBeInTheDocument()

    // A self-crossing AOI is caught before anything is sent.
    act(() => useAoiStore.getState().setPolygons([bowtie]))
    await user.click(screen.getByRole('tab', { name: /^Search/ }))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText(/Fix the area first/)).toBeInTheDocument()
    expect(searches(c.backend.log)).toHaveLength(1)
  })

  it('shows a geometry refused by the service (422) at the area, with its message', async () => {
    const { console: c } = await open(`/catalog?host=oneatlas&aoi=${encodePolygons([bowtie])}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The service refused this search')
    expect(searches(c.backend.log)[0].status).toBe(422)
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Fix the area' }))
    const atArea = await screen.findByText('The service refused the search area')
    expect(atArea.closest('[role="alert"]')).toHaveTextContent(/self-intersect|cross/i)
  })

  it('names the failing host (542) and recovers through retry', async () => {
    const backend = createSimBackend()
    backend.sim.control.faults = [{ path: '/catalog/hosts/**', status: 542 }]
    const c = await signedInConsole(undefined, backend)
    const { router } = await renderWithConsole((ctx) => [{ path: '/', children: catalogRoutes(ctx) }], {
      at: '/catalog?host=blacksky&limit=20',
      console: c,
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The data host BlackSky failed')
    expect(router.state.location.search).toContain('host=blacksky')
    backend.sim.control.faults = []
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry the search' }))
    await waitFor(async () =>
      expect(within(await results()).getAllByRole('option').length).toBeGreaterThan(0),
    )
    expect(searches(backend.log).map((r) => r.status)).toEqual([542, 200])
  })

  it('says which filters to loosen when nothing matches, and loosening searches again', async () => {
    // Mid-Pacific: no scenes there.
    const { console: c, router } = await open('/catalog?host=oneatlas&bbox=-160,-10,-150,0&cloud=5')
    expect(await screen.findByText('No scenes match this search.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: /Allow any cloud cover/ }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(2))
    expect(router.state.location.search).not.toContain('cloud=')
    expect(searches(c.backend.log)[1].body).not.toHaveProperty('query')
  })

  it('links hover and picks between the map and the list', async () => {
    await open('/catalog?host=oneatlas&limit=40&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const footprintStates = () =>
      map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.states ?? []

    // Map → list: the footprint under the pointer highlights its row.
    act(() => map.props?.onOverlayHover?.('catalog-footprints', 2))
    await waitFor(() => expect(list.querySelector('#scene-option-2')).toHaveAttribute('data-hovered'))
    act(() => map.props?.onOverlayHover?.('catalog-footprints', null))
    await waitFor(() => expect(list.querySelector('[data-hovered]')).toBeNull())

    // List → map: hovering a row sets the feature-state of its footprint.
    fireEvent.pointerEnter(list.querySelector('#scene-option-1') as Element)
    await waitFor(() =>
      expect(footprintStates()).toContainEqual({ id: 1, state: { hover: true, selected: false } }),
    )

    // A footprint clicked on the map becomes the active option (the journey checks the list scrolls to it:
    // jsdom does not scroll).
    act(() => map.props?.onOverlayClick?.('catalog-footprints', 30))
    await waitFor(() => expect(list).toHaveAttribute('aria-activedescendant', 'scene-option-30'))
    expect(footprintStates()).toContainEqual({ id: 30, state: { hover: false, selected: true } })
  })

  it('gives the map the searched area once, not again with the answer or a hover', async () => {
    const { router } = await open('/catalog')
    await screen.findByLabelText('Data host')
    const area = () => map.props?.overlays?.find((o) => o.id === 'catalog-search-area')
    await act(() => router.navigate('/catalog?host=oneatlas&limit=40&bbox=-20,30,40,60'))
    await waitFor(() => expect(area()?.data.features).toHaveLength(1))
    const outline = area()
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    // The same overlay: given anew (new features for the same outline), the map would take it as new data and
    // draw a frame of its own in the answer's render, which the frame with the first rows waits for.
    expect(area()).toBe(outline)
    fireEvent.pointerEnter(list.querySelector('#scene-option-1') as Element)
    await waitFor(() =>
      expect(map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.states).toContainEqual({
        id: 1,
        state: { hover: true, selected: false },
      }),
    )
    expect(area()).toBe(outline)
  })

  it('has the map hold its frame for the answer’s rows, once per answer, not for a hover', async () => {
    const { router } = await open('/catalog')
    await screen.findByLabelText('Data host')
    const given: unknown[] = []
    map.onRender = (props) => {
      if (given.at(-1) !== props.paintFirst) given.push(props.paintFirst)
    }
    await act(() => router.navigate('/catalog?host=oneatlas&limit=40&bbox=-20,30,40,60'))
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    // In the render that shows the rows: the answer itself, as the list's own mark of its first rows.
    const answer = given.at(-1)
    expect(answer).toHaveLength(40)
    fireEvent.pointerEnter(list.querySelector('#scene-option-1') as Element)
    await waitFor(() =>
      expect(map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.states).toContainEqual({
        id: 1,
        state: { hover: true, selected: false },
      }),
    )
    map.onRender = undefined
    expect(given.filter((g) => g !== undefined)).toEqual([answer])
  })

  it('brings a scene clicked in the list into the map’s view, and leaves the camera when it is in view', async () => {
    await open(`/catalog?host=oneatlas&limit=20&aoi=${encodePolygons([paris])}`)
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    await waitFor(() => expect(map.props?.fit).toBeTruthy())
    const framed = map.props?.fit
    // The map shows a place far from the scenes: a click on a row moves the camera to the scene.
    map.view = { center: [100, 0], bounds: [99, -1, 101, 1] }
    fireEvent.click(list.querySelector('#scene-option-3') as Element)
    await waitFor(() => expect(map.props?.fit).not.toBe(framed))
    const footprint = map.props?.overlays?.find((o) => o.id === 'catalog-footprints')?.data?.features[3]
    const [w, s, e, n] = map.props?.fit?.bbox ?? [0, 0, 0, 0]
    JSON.stringify(footprint?.geometry).replace(/\[(-?[\d.]+),(-?[\d.]+)\]/g, (_m, x: string, y: string) => {
      expect(Number(x)).toBeGreaterThanOrEqual(w)
      expect(Number(x)).toBeLessThanOrEqual(e)
      expect(Number(y)).toBeGreaterThanOrEqual(s)
      expect(Number(y)).toBeLessThanOrEqual(n)
      return ''
    })
    // The whole world in view: picking another scene leaves the camera where the analyst has it.
    const moved = map.props?.fit
    map.view = { center: [0, 0], bounds: [-180, -85, 180, 85] }
    fireEvent.click(list.querySelector('#scene-option-1') as Element)
    await waitFor(() => expect(list).toHaveAttribute('aria-activedescendant', 'scene-option-1'))
    expect(map.props?.fit).toBe(moved)
    map.view = { center: [0, 0], bounds: [-1, -1, 1, 1] }
  })

  it('hands the map the selected and basketed scenes as the footprints its control may keep', async () => {
    await open('/catalog?host=oneatlas&limit=20&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const footprints = () => map.props?.overlays?.find((o) => o.id === 'catalog-footprints')
    expect(footprints()?.footprints).toEqual({ kept: [], keptLabel: 'selected and basketed' })
    const user = userEvent.setup()
    list.focus()
    // The second scene goes into the basket, then the fourth is selected.
    await user.keyboard('{ArrowDown}{ArrowDown} ')
    await waitFor(() => expect(footprints()?.footprints?.kept).toEqual([1]))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(footprints()?.footprints?.kept).toEqual([3, 1]))
    // Each kept id is that scene's feature on the map.
    const byId = (id: number): unknown =>
      footprints()?.data.features.find((f) => f.id === id)?.properties?.sceneId
    const ids = within(list)
      .getAllByRole('option')
      .map((o) => o.dataset.sceneId)
    expect([byId(3), byId(1)]).toEqual([ids[3], ids[1]])
  })

  it('works by keyboard: arrows, Space for the basket (kept per tab), Enter for every property', async () => {
    await open('/catalog?host=oneatlas&limit=20&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const user = userEvent.setup()
    list.focus()
    await user.keyboard('{ArrowDown}')
    const activeId = list.getAttribute('aria-activedescendant') as string
    const option = list.querySelector(`#${activeId}`) as HTMLElement
    const sceneId = option.dataset.sceneId as string
    await user.keyboard(' ')
    expect(option).toHaveAttribute('aria-selected', 'true')
    expect(JSON.parse(sessionStorage.getItem('swath.basket') ?? '{}')).toMatchObject({
      state: { scenes: [{ id: sceneId, host: 'oneatlas' }] },
    })
    expect(screen.getByRole('button', { name: 'Basket: 1 scene' })).toBeInTheDocument()
    // The basket lists what it holds, each with its own Remove.
    fireEvent.click(screen.getByRole('button', { name: 'Basket: 1 scene' }))
    const basket = await screen.findByRole('list', { name: 'Scenes in the basket' })
    expect(within(basket).getAllByRole('listitem')).toHaveLength(1)
    // OneAtlas scenes have thumbnails: the basket shows the one the row fetched.
    await waitFor(() => expect(basket.querySelector('img[data-thumbnail]')).toHaveAttribute('src'))
    expect(
      within(basket).getByRole('button', { name: new RegExp(`\\(${sceneId}\\) from the basket$`) }),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Basket: 1 scene' }))

    await user.keyboard('{Enter}')
    const drawer = await screen.findByRole('dialog', { name: 'Scene details' })
    expect(within(drawer).getByTestId('scene-id')).toHaveTextContent(sceneId)
    expect(within(drawer).getByRole('button', { name: 'Copy the scene id' })).toBeInTheDocument()
    // The host's own properties are listed too, under plain labels; the raw JSON is folded below.
    const hostTable = within(drawer).getByText('From the host').closest('table') as HTMLElement
    expect(within(hostTable).getByText('Source identifier')).toBeInTheDocument()
    expect(within(drawer).getByText('All properties as JSON')).toBeInTheDocument()

    // Q lays the quicklook on the map once it has loaded.
    await user.keyboard('{Escape}')
    list.focus()
    await user.keyboard('q')
    await waitFor(() => expect(map.props?.images).toHaveLength(1))
    expect(map.props?.images?.[0]).toMatchObject({ url: expect.stringMatching(/^blob:/) as unknown })
    // A second quicklook: the last two can be compared with a swipe line, the older on the left.
    await user.keyboard('{ArrowDown}q')
    await waitFor(() => expect(map.props?.images).toHaveLength(2))
    expect(map.props?.swipe ?? null).toBeNull()
    await user.click(await screen.findByRole('switch', { name: 'Swipe between the last two' }))
    const [older, newer] = (map.props?.images ?? []).map((i) => i.id)
    await waitFor(() => expect(map.props?.swipe).toMatchObject({ left: { id: older }, right: { id: newer } }))
    await user.click(await screen.findByRole('switch', { name: /Show quicklooks/ }))
    await waitFor(() => expect(map.props?.images).toHaveLength(0))
    expect(map.props?.swipe ?? null).toBeNull()
  })

  it('prices each basket scene with the request the checkout will send, totals them, and retries a failure', async () => {
    const { console: c } = await open('/catalog?host=oneatlas&limit=20&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const user = userEvent.setup()
    list.focus()
    await user.keyboard('{ArrowDown} {ArrowDown} ')
    const ids = useBasketStore.getState().scenes.map((s) => s.id)
    expect(ids).toHaveLength(2)
    c.backend.sim.control.faults.push({ path: '/v2/orders/estimate', method: 'POST', status: 500, times: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Basket: 2 scenes' }))
    const basket = await screen.findByRole('list', { name: 'Scenes in the basket' })

    // One estimate failed (a write is never retried by the client): it says so, and Retry asks again.
    await user.click(await within(basket).findByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(within(basket).getAllByTestId('basket-estimate')).toHaveLength(2))
    const estimates = c.backend.log.filter((r) => r.path === '/v2/orders/estimate' && r.status === 200)
    const bodies = estimates.map(
      (r) => r.body as { dataProduct: string; params: { id?: string }; featureCollection: unknown },
    )
    // Each scene is priced with its collection's first product, whole (no AOI is drawn), its id in the form.
    expect(bodies.map((b) => b.params.id).sort()).toEqual([...ids].sort())
    for (const scene of useBasketStore.getState().scenes)
      expect(bodies.find((b) => b.params.id === scene.id)?.featureCollection).toEqual({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: scene.footprint, properties: {} }],
      })
    const shown = within(basket)
      .getAllByTestId('basket-estimate')
      .map((e) => Number(/≈ ([\d,]+) credits/.exec(e.textContent ?? '')?.[1].replace(/,/g, '')))
    expect(shown.every((n) => n > 0)).toBe(true)
    expect(within(basket).getAllByTestId('basket-estimate')[0]).toHaveTextContent(/whole scene/)
    expect(screen.getByTestId('basket-total')).toHaveTextContent(
      `About ${(shown[0] + shown[1]).toLocaleString('en-US')} credits in all.`,
    )
  })

  it('adds a whole page to the basket in one click, and Undo takes back exactly those scenes', async () => {
    await open('/catalog?host=oneatlas&limit=20&bbox=-20,30,40,60')
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const user = userEvent.setup()
    list.focus()
    await user.keyboard('{ArrowDown} ')
    const kept = useBasketStore.getState().scenes.map((s) => s.id)
    await user.click(screen.getByRole('button', { name: 'Add page to basket' }))
    expect(
      await screen.findByText(/^Added 19 scenes of this page to the basket \(20 in all\)\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Basket: 20 scenes' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(useBasketStore.getState().scenes.map((s) => s.id)).toEqual(kept)
    expect(screen.getByText('Took the 19 scenes added back out of the basket.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument()
  })

  it('plans coverage of the AOI among the results, shows it on the map, and puts the set in the basket', async () => {
    const { console: c } = await open(`/catalog?host=oneatlas&limit=60&aoi=${encodePolygons([paris])}`)
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Plan coverage' }))
    const panel = await screen.findByRole('region', { name: 'Plan coverage' })

    // Least price: the scenes that cover most of the area are priced first (at most 25 asks).
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^$/))
    const asked = c.backend.log.filter((r) => r.path === '/v2/orders/estimate').length
    expect(asked).toBeGreaterThan(0)
    expect(asked).toBeLessThanOrEqual(25)
    await user.click(within(panel).getByRole('button', { name: 'Plan' }))
    const summary = await within(panel).findByText(/scenes? covers? \d+\.\d % of the area/)
    const covered = Number(/covers? ([\d.]+) %/.exec(summary.textContent ?? '')?.[1])
    expect(covered).toBeGreaterThanOrEqual(95)
    // The service prices each line over the part the plan gives it, as the checkout will send it.
    await waitFor(() => expect(within(panel).getByText(/^Estimate: /)).toHaveTextContent(/[\d,]+ credits/))
    const rows = within(within(panel).getByRole('table', { name: 'Scenes of the plan' })).getAllByRole('row')
    const chosen = rows.slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent?.split(' · ')[0])
    expect(chosen.length).toBeGreaterThan(0)

    // On the map: the covered part, the part left uncovered and the chosen footprints.
    const overlay = (id: string) => map.props?.overlays?.find((o) => o.id === id)
    expect(overlay('catalog-plan-covered')?.data.features).toHaveLength(1)
    expect(overlay('catalog-plan-scenes')?.data.features).toHaveLength(chosen.length)
    // In place of the page's footprints, among which the plan's few would not stand out.
    expect(overlay('catalog-footprints')).toBeUndefined()

    // Fewest scenes: never more than least price needed.
    await user.click(within(panel).getByRole('radio', { name: 'Scenes' }))
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'The settings changed: plan again to follow them.',
    )
    await user.click(within(panel).getByRole('button', { name: 'Plan again' }))
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^$/))
    const fewest = within(within(panel).getByRole('table', { name: 'Scenes of the plan' })).getAllByRole(
      'row',
    )
    expect(fewest.length).toBeLessThanOrEqual(rows.length)

    await user.click(
      within(panel).getByRole('button', { name: /^Put (this scene|these \d+ scenes) in the basket$/ }),
    )
    const ids = fewest.slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent?.split(' · ')[0])
    expect(
      useBasketStore
        .getState()
        .scenes.map((s) => s.id)
        .sort(),
    ).toEqual([...ids].sort())
    // Each scene goes in with the part of the AOI the plan priced for it.
    expect(useBasketStore.getState().scenes.every((s) => (s.part?.length ?? 0) > 0)).toBe(true)
    expect(screen.getByText(/^Added \d+ scenes? of the plan to the basket/)).toBeInTheDocument()

    // Closing the plan takes it off the map.
    await user.click(within(panel).getByRole('button', { name: 'Close the coverage plan' }))
    expect(overlay('catalog-plan-covered')).toBeUndefined()
    expect(overlay('catalog-footprints')?.data.features).toHaveLength(60)
  })

  it('puts the archive and the coming passes on one axis, and turns a pass into a tasking link', async () => {
    const { console: c } = await open(`/catalog?host=oneatlas&limit=60&aoi=${encodePolygons([paris])}`)
    const list = await results()
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Archive or task' }))
    const panel = await screen.findByRole('region', { name: 'Archive or task' })
    await waitFor(
      () =>
        expect(within(panel).getByTestId('archive-or-task-summary')).toHaveTextContent(
          /^The newest archive scene is \d+ (days?|hours?) old and .+; the next pass is in \d+ (days?|hours?) \(.+\)\.$/,
        ),
      { timeout: 15_000 },
    )
    // Every tasking collection asked once, over the AOI; the radar one publishes no passes.
    const asks = c.backend.log.filter(
      (r) => r.method === 'POST' && r.path === '/v2/tasking/orders/opportunities',
    )
    expect(asks).toHaveLength(4)
    expect(within(panel).getByText(/^Capella SAR Tasking: passes are not published/)).toBeInTheDocument()

    // Hover a pass: its strip on the map. Pick it by keyboard: the tab stop is the next pass.
    const marks = within(panel).getByRole('group', {
      name: 'Archive scenes and passes by time and cloud cover',
    })
    const passes = within(marks).getAllByRole('button', { name: /^Pass of / })
    await user.hover(passes[2])
    const overlay = (id: string) => map.props?.overlays?.find((o) => o.id === id)
    expect(overlay('catalog-passes')?.data.features).toHaveLength(1)
    // The tab stop is the next pass after this moment (the simulator's passes start at its own clock).
    const buttons = within(marks).getAllByRole('button')
    const tabStop = buttons.find((b) => b.tabIndex === 0)
    expect(tabStop?.getAttribute('aria-label')).toMatch(/^Pass of /)
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1)
    tabStop?.focus()
    await user.keyboard('{ArrowRight}')
    const next = buttons[buttons.indexOf(tabStop as HTMLElement) + 1]
    expect(document.activeElement).toBe(next)
    const label = next.getAttribute('aria-label') ?? '?'
    expect(label).toMatch(/^Pass of /)
    await user.keyboard('{Enter}')
    const picked = within(panel).getByTestId('archive-or-task-picked')
    expect(picked).toHaveTextContent(label)
    const link = within(picked).getByRole('link', { name: 'Request this pass' })
    const shared = new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('shared') ?? ''
    const read = decodeTaskingShare(shared)
    if (!read.ok) throw new Error(read.reason)
    expect(read.value.aoi).toEqual([paris])
    expect(read.value.draft.collectionName).toMatch(/-tasking$/)
    expect(read.value.pass?.sensor).toBe(/, ([^,]+), /.exec(label)?.[1])
    const start = Date.parse(String(read.value.draft.params?.acquisitionStart))
    const passAt = Date.parse(read.value.pass?.start ?? '')
    expect(start).toBeLessThanOrEqual(passAt)
    expect(passAt - start).toBeLessThan(86_400_000)

    await user.click(within(panel).getByRole('button', { name: 'Close archive or task' }))
    expect(overlay('catalog-passes')).toBeUndefined()
  })

  it('pages through the next and prev links with the same body', async () => {
    const { console: c, router } = await open('/catalog?host=oneatlas&limit=10&bbox=-20,30,40,60')
    await results()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Next page →' }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(2))
    const [first, second] = searches(c.backend.log)
    expect(second.body).toEqual(first.body)
    expect(second.query).toMatch(/^\?next=next%3A/)
    expect(new URLSearchParams(router.state.location.search).get('page')).toMatch(/^next:/)
    await waitFor(() => expect(screen.getByRole('button', { name: '← Previous page' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: '← Previous page' }))
    await waitFor(() => expect(searches(c.backend.log)).toHaveLength(3))
    expect(searches(c.backend.log)[2].query).toMatch(/^\?next=prev%3A/)
  })
})
