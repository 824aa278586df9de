// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { timelapseRoutes } from '../../../app/routes/timelapse-routes'
import { encodePolygons } from '../../../lib/polyline'
import { mapView } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'

const open = (at: string, c?: TestConsole) =>
  renderWithConsole(() => [{ path: '/', children: timelapseRoutes() }], { at, console: c })

/** The analyst's Berlin Mitte 2026 delivery: the place the demo world has most deliveries of. */
function berlin(c: TestConsole) {
  const world = c.backend.sim.runtime.world
  const rec = [...world.stacItems.values()].find(
    (r) =>
      r.item.properties.title === 'Pléiades - Berlin Mitte 2026' &&
      world.stacCollections.get(r.collectionId)?.transformed,
  )
  if (!rec) throw new Error('seed changed: no Berlin Mitte 2026 item')
  // Every stored item of the account whose footprint holds that box: what the time-lapse should play.
  const [w, s, e, n] = rec.item.bbox ?? []
  const times = [...world.stacItems.values()]
    .filter((r) => {
      const b = r.item.bbox ?? []
      const col = world.stacCollections.get(r.collectionId)
      return col?.transformed && b[0] <= w && b[1] <= s && b[2] >= e && b[3] >= n
    })
    .map((r) => Date.parse(String(r.item.properties.datetime)))
  // One acquisition delivered twice (a process's two outputs of one time here) plays once.
  const expected = [...new Set(times)].sort((a, b) => a - b)
  return { rec, expected, repeats: times.length - expected.length }
}

const day = (t: number) => {
  const [, d, m, y] = new Date(t).toUTCString().split(' ')
  return `${Number(d)} ${m} ${y}`
}

describe('time-lapse page', () => {
  it('plays every delivered item over a stored item’s footprint in time order, steps by keyboard and plots the mean per date', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { rec, expected, repeats } = berlin(c)
    expect(expected.length).toBeGreaterThanOrEqual(4)
    expect(repeats).toBe(1)
    await open(`/timelapse?item=${rec.collectionId}/${rec.item.id}`, c)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Time-lapse of Pléiades - Berlin Mitte 2026' }),
    ).toBeVisible()
    // The frames are read through the real client and reader, from the simulator's files; one image per frame.
    const images = () => mapView.props?.images ?? []
    await waitFor(() => expect(images()).toHaveLength(expected.length), { timeout: 30_000 })
    // The first (oldest) frame shows, the others are on the map unseen.
    expect(images().map((i) => i.opacity)).toEqual(expected.map((_, i) => (i === 0 ? 1 : 0)))
    expect(screen.getByText('1 delivered image left out: 1 delivered again.')).toBeVisible()
    const date = screen.getByRole('status', { name: 'Frame date' })
    expect(date).toHaveTextContent(day(expected[0]))
    // The search was one storage search over the footprint, newest first.
    const searches = c.backend.log.filter((l) => l.path === '/v2/assets/stac/search')
    expect(searches).toHaveLength(1)
    expect(searches[0].body).toMatchObject({
      intersects: rec.item.geometry,
      sortby: [{ field: 'datetime', direction: 'desc' }],
    })

    // The arrow keys step (wrapping round), Space plays and pauses.
    await user.keyboard('{ArrowRight}')
    expect(date).toHaveTextContent(day(expected[1]))
    expect(images()[1].opacity).toBe(1)
    expect(images()[0].opacity).toBe(0)
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(date).toHaveTextContent(day(expected[expected.length - 1]))
    const player = screen.getByRole('group', { name: 'Time-lapse player' })
    act(() => document.body.focus())
    await user.keyboard(' ')
    expect(within(player).getByRole('button', { name: 'Pause' })).toBeVisible()
    await user.keyboard(' ')
    expect(within(player).getByRole('button', { name: 'Play' })).toBeVisible()

    // The series: one row per frame, oldest first, with NDVI's mean over the area (between -1 and 1).
    const table = screen.getByRole('table', { name: 'Mean per date' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(expected.map(day))
    for (const r of rows) {
      const mean = Number(r.querySelector('[data-mean]')?.getAttribute('data-mean'))
      expect(mean).toBeGreaterThan(-1)
      expect(mean).toBeLessThan(1)
    }
    expect(screen.getByText('(nir - red) / (nir + red)', { selector: 'code' })).toBeVisible()
  })

  it('leaves out frames by the filters, says how many, and brings them back when loosened', async () => {
    const c = await signedInConsole()
    const { rec, expected } = berlin(c)
    // Frames with 10 % cloud or more are left out: the two optical ones with a cloud figure above that go.
    const cloudy = [...c.backend.sim.runtime.world.stacItems.values()].filter((r) => {
      const b = r.item.bbox ?? []
      const cl = r.item.properties['eo:cloud_cover']
      return (
        typeof cl === 'number' &&
        cl > 10 &&
        b[0] <= (rec.item.bbox?.[0] ?? 0) &&
        b[2] >= (rec.item.bbox?.[2] ?? 0)
      )
    }).length
    expect(cloudy).toBeGreaterThan(0)
    await open(`/timelapse?item=${rec.collectionId}/${rec.item.id}&cloud=10`, c)
    await screen.findByText(new RegExp(`left out: ${cloudy} too cloudy`))
    const player = screen.getByRole('group', { name: 'Time-lapse player' })
    expect(player).toHaveTextContent(`Frame 1 of ${expected.length - cloudy}:`)
    const field = screen.getByRole('textbox', { name: 'Cloud at most (%)' })
    fireEvent.change(field, { target: { value: '100' } })
    await waitFor(() => expect(screen.queryByText(/too cloudy/)).toBeNull())
    expect(player).toHaveTextContent(`Frame 1 of ${expected.length}:`)
  })

  it('adds the catalog’s quicklooks of the place and period as marked frames, by keyboard, under the same filters', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { rec, expected } = berlin(c)
    // A formula is on: a quicklook says it does not take it.
    await open(`/timelapse?item=${rec.collectionId}/${rec.item.id}&formula=nir`, c)
    const images = () => mapView.props?.images ?? []
    await waitFor(() => expect(images()).toHaveLength(expected.length), { timeout: 90_000 })
    // Off by default: the catalog is not searched.
    const toggle = screen.getByRole('switch', { name: /Add the catalog's quicklooks/ })
    expect(toggle).not.toBeChecked()
    expect(c.backend.log.some((l) => l.path.startsWith('/catalog/'))).toBe(false)
    // The switch by keyboard.
    act(() => toggle.focus())
    await user.keyboard(' ')
    expect(toggle).toBeChecked()
    const joined = await screen.findByText(/quicklooks? joined the frames\./, undefined, { timeout: 90_000 })
    const count = Number(joined.getAttribute('data-quicklooks'))
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThanOrEqual(24)

    // The catalog was searched over the footprint and the delivered frames' period, one search per host.
    const period = `${new Date(expected[0]).toISOString().slice(0, 10)}T00:00:00Z/${new Date(expected[expected.length - 1]).toISOString().slice(0, 10)}T23:59:59Z`
    const searches = c.backend.log.filter((l) => /^\/catalog\/hosts\/[^/]+\/stac\/search$/.test(l.path))
    expect(searches.length).toBeGreaterThan(0)
    for (const s of searches)
      expect(s.body).toMatchObject({ intersects: rec.item.geometry, datetime: period })
    // On the map: every frame, the quicklooks by their URL on their footprints, one shown.
    await waitFor(() => expect(images()).toHaveLength(expected.length + count), { timeout: 90_000 })
    const laid = images().filter((i) => 'url' in i)
    expect(laid).toHaveLength(count)
    expect(images().filter((i) => i.opacity === 1)).toHaveLength(1)
    // Each quicklook joined is one the catalog answered, under the page's filters (40 % cloud at most).
    const fetched = c.backend.log
      .filter((l) => /\/quicklook$/.test(l.path))
      .map((l) => ({ host: l.path.split('/')[2], id: decodeURIComponent(l.path.split('/')[4]) }))
    expect(fetched).toHaveLength(count)
    for (const { host, id } of fetched) {
      const answer = await c.client.POST('/catalog/hosts/{host-name}/stac/search', {
        params: { path: { 'host-name': host } },
        body: { ids: [id] },
      })
      const scene = answer.data?.features[0]
      expect(scene?.properties.id).toBe(id)
      expect(scene?.properties.cloudCoverage ?? 0).toBeLessThanOrEqual(40)
      const when = Date.parse(String(scene?.properties.datetime))
      expect(when).toBeGreaterThanOrEqual(Date.parse(period.split('/')[0]))
      expect(when).toBeLessThanOrEqual(Date.parse(period.split('/')[1]))
    }

    // Stepping through every frame: dates never go back, and a quicklook's date says what it is.
    const date = screen.getByRole('status', { name: 'Frame date' })
    const player = screen.getByRole('group', { name: 'Time-lapse player' })
    // Out of the switch (a field keeps the arrows for itself).
    act(() => toggle.blur())
    const seen: { text: string; kind: string | null }[] = []
    for (let i = 0; i < expected.length + count; i++) {
      seen.push({ text: date.textContent ?? '', kind: date.getAttribute('data-kind') })
      await user.keyboard('{ArrowRight}')
    }
    const quick = seen.filter((f) => f.kind === 'quicklook')
    expect(quick).toHaveLength(count)
    for (const f of quick) expect(f.text).toMatch(/ · quicklook — formula not applied$/)
    for (const f of seen.filter((x) => x.kind === 'delivered')) expect(f.text).not.toMatch(/quicklook/)
    const times = seen.map((f) => Date.parse(`${f.text.split(' · ')[0]} UTC`))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    // In the player's words too.
    while (date.getAttribute('data-kind') !== 'quicklook') await user.keyboard('{ArrowRight}')
    expect(player).toHaveTextContent(/· catalog quicklook \(lower quality\)/)
    // The series keeps the delivered frames only, and says why the quicklooks are not in it.
    const table = screen.getByRole('table', { name: 'Mean per date' })
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(expected.length)
    expect(screen.getByText(/quicklook frames? (is|are) not in the series/)).toBeVisible()

    // Tighter filters leave more quicklooks out, and the switch turns them off again.
    fireEvent.change(screen.getByRole('textbox', { name: 'Cloud at most (%)' }), { target: { value: '1' } })
    // (The delivered frames left change the period, and the catalog is searched again.)
    await waitFor(
      () =>
        expect(
          Number(document.querySelector('[data-quicklooks]')?.getAttribute('data-quicklooks')),
        ).toBeLessThan(count),
      { timeout: 90_000 },
    )
    await user.click(toggle)
    await waitFor(() => expect(images().filter((i) => 'url' in i)).toHaveLength(0))
  }, 240_000)

  it('says when no delivered item covers the area, and when the search fails, with a retry', async () => {
    const c = await signedInConsole()
    // A square in the South Atlantic: nothing is stored there.
    const ocean = encodePolygons([
      {
        type: 'Polygon',
        coordinates: [
          [
            [-20, -40],
            [-19, -40],
            [-19, -39],
            [-20, -39],
            [-20, -40],
          ],
        ],
      },
    ])
    const { unmount } = await open(`/timelapse?aoi=${encodeURIComponent(ocean)}`, c)
    expect(await screen.findByText('No delivered item covers this area')).toBeVisible()
    unmount()
    c.backend.sim.control.faults = [{ path: '/v2/assets/stac/search', method: 'POST', status: 500, times: 1 }]
    const user = userEvent.setup()
    await open(`/timelapse?aoi=${encodeURIComponent(ocean)}&cover=60`, c)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The delivered items over this area could not be found')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No delivered item covers this area')).toBeVisible()
  })

  it('refuses a link whose area was cut short', async () => {
    await open('/timelapse?aoi=abc')
    expect(await screen.findByText('This link cannot be opened')).toBeVisible()
  })
})
