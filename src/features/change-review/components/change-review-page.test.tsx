// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MultiLineString } from 'geojson'
import { beforeEach, describe, expect, it } from 'vitest'
import { changeReviewRoutes } from '../../../app/routes/change-review-routes'
import { processingRoutes } from '../../../app/routes/processing-routes'
import { paths } from '../../../config/paths'
import { mapView } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { resetStores } from '../../../testing/stores'
import { OUTLINE_SOURCE } from '../change-layers'

/**
 * Change review through the real client against the in-process simulator: the analyst's two Berlin Mitte
 * deliveries (January and October 2026) proposed as a pair, swiped, subtracted, the changed area outlined
 * and measured, and the change-detection process's form opened filled in with the pair.
 */

const PROCESS = 'detection-change-simularity'

function berlin(c: TestConsole, title: string) {
  const rec = [...c.backend.sim.runtime.world.stacCollections.values()].find(
    (r) => r.collection.title === title,
  )
  if (!rec) throw new Error(`seed changed: no ${title}`)
  return { collectionId: rec.collection.id, itemId: rec.itemIds[0] }
}

const open = (at: string, c: TestConsole) =>
  renderWithConsole(
    (ctx) => [{ path: '/', children: [...changeReviewRoutes(ctx), ...processingRoutes(ctx)] }],
    { at, console: c },
  )

const outline = () => mapView.props?.overlays?.find((o) => o.id === OUTLINE_SOURCE)

// A fresh tab: no launch draft kept from another test.
beforeEach(() => resetStores())

describe('change review', () => {
  it('proposes the other delivery of the place, subtracts the pair, outlines what changed and launches change detection on it', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const newer = berlin(c, 'Pléiades - Berlin Mitte 2026')
    const older = berlin(c, 'Pléiades - Berlin Mitte 2025')
    await open(paths.changeReviewOf(newer.collectionId, newer.itemId), c)

    // Proposed: the January delivery covers all of this one, 280 days before it.
    const pair = await screen.findByRole('region', { name: 'The pair' })
    expect(await within(pair).findByTestId('pair-proposal')).toHaveTextContent(
      /^Proposed: These two cover the same area 280 days apart \(\d+ % in common\)\.$/,
    )
    expect(within(pair).getByRole('link', { name: /^Pléiades - Berlin Mitte 2025 · / })).toHaveAttribute(
      'href',
      paths.storageItem(older.collectionId, older.itemId),
    )
    expect(within(pair).getByText(/^Before:/)).toHaveTextContent('Berlin Mitte 2025')
    expect(within(pair).getByText(/^After:/)).toHaveTextContent('Berlin Mitte 2026')

    // Swipe first: both images on the map, before on the left, after on the right.
    await waitFor(() => expect(mapView.props?.swipe).toBeTruthy(), { timeout: 15_000 })
    expect(mapView.props?.swipe?.left.label).toMatch(/^Before: Pléiades - Berlin Mitte 2025/)
    expect(mapView.props?.images).toHaveLength(2)

    // The difference: one picture over the box both cover, NDVI by default, with its legend.
    const view = screen.getByRole('region', { name: 'View' })
    await user.click(within(view).getByRole('radio', { name: 'Difference' }))
    const legend = await within(view).findByRole('img', { name: /^Legend: change in \(nir - red\)/ })
    expect(legend).toHaveAccessibleName(/lower after.*no change.*higher after/)
    await waitFor(() => expect(mapView.props?.images?.map((i) => i.id)).toEqual(['change-difference']))
    expect(mapView.props?.swipe).toBeNull()

    // What changed past the threshold, outlined on the map and measured.
    const changed = await screen.findByTestId('changed-area')
    const km2 = () => Number(changed.getAttribute('data-km2'))
    expect(changed).toHaveTextContent(
      / changed, in [\d,]+ areas? \([\d.]+ % of the area both cover\), outlined on the map\.$/,
    )
    expect(km2()).toBeGreaterThan(0)
    const rings = (outline()?.data.features[0]?.geometry as MultiLineString).coordinates
    expect(rings.length).toBeGreaterThan(0)
    // Every ring closes, and lies within the box both deliveries cover.
    for (const r of rings) {
      expect(r[0]).toEqual(r[r.length - 1])
      for (const [lon, lat] of r) {
        expect(lon).toBeGreaterThanOrEqual(13.36 - 1e-9)
        expect(lon).toBeLessThanOrEqual(13.43 + 1e-9)
        expect(lat).toBeGreaterThanOrEqual(52.5 - 1e-9)
        expect(lat).toBeLessThanOrEqual(52.54 + 1e-9)
      }
    }

    // A higher threshold (the slider by keyboard) outlines less.
    const before = km2()
    const thumb = screen.getByRole('slider', { name: 'Change threshold' })
    thumb.focus()
    await user.keyboard('{End}')
    await waitFor(() => expect(km2()).toBeLessThan(before))

    // Another band: the near infrared, in reflectance.
    await user.selectOptions(within(view).getByRole('combobox', { name: 'Difference of' }), 'nir')
    expect(
      await within(view).findByRole('img', { name: /^Legend: change in Near infrared \(reflectance\)/ }),
    ).toBeVisible()

    // Change detection on the pair: the process's form, filled in with the newer as source, the older as reference.
    await user.click(await screen.findByRole('link', { name: 'Run change detection on this pair' }))
    await screen.findByRole('heading', { name: 'Run this process', level: 2 })
    const selfOf = (r: { collectionId: string; itemId: string }) =>
      `http://swath.test/api/v2/assets/stac/collections/${r.collectionId}/items/${r.itemId}`
    // The form checks its inputs with the service as they are: the pair and the title, as handed over.
    await waitFor(() =>
      expect(
        c.backend.log.some((e) => {
          if (e.method !== 'POST' || !e.path.endsWith(`/processes/${PROCESS}/validation`)) return false
          const inputs = (e.body as { inputs?: Record<string, unknown> } | undefined)?.inputs
          return (
            inputs?.sourceItem === selfOf(newer) &&
            inputs.referenceItem === selfOf(older) &&
            inputs.title === 'Change: Pléiades - Berlin Mitte 2025 to Pléiades - Berlin Mitte 2026'
          )
        }),
      ).toBe(true),
    )
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue(
      'Change: Pléiades - Berlin Mitte 2025 to Pléiades - Berlin Mitte 2026',
    )
  }, 120_000)

  it('reviews a pair picked by link, and says when the two share no part of the map', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const here = berlin(c, 'Pléiades - Berlin Mitte 2026')
    const elsewhere = berlin(c, 'Pléiades Neo - Port of Rotterdam')
    const search = new URLSearchParams({
      item: `${here.collectionId}/${here.itemId}`,
      with: `${elsewhere.collectionId}/${elsewhere.itemId}`,
    })
    await open(paths.changeReview(search.toString()), c)
    const pair = await screen.findByRole('region', { name: 'The pair' })
    // Rotterdam (20 Sep) is before Berlin (10 Oct), and shares nothing of it.
    expect(await within(pair).findByText(/^Before:/)).toHaveTextContent('Port of Rotterdam')
    expect(within(pair).getByText(/^20 days apart, 0 % of the area in common\./)).toHaveTextContent(
      'They share little of their area',
    )
    const view = screen.getByRole('region', { name: 'View' })
    await user.click(within(view).getByRole('radio', { name: 'Difference' }))
    expect(
      await within(view).findByText(/^These two deliveries share no part of the map/, undefined, {
        timeout: 30_000,
      }),
    ).toBeVisible()
    expect(screen.queryByTestId('changed-area')).toBeNull()
  }, 120_000)

  it('says how to start without an item, and says so when a place has no other delivery, showing its picture', async () => {
    const c = await signedInConsole()
    const first = await open(paths.changeReview(), c)
    expect(await screen.findByRole('link', { name: 'Go to storage' })).toHaveAttribute('href', '/storage')
    first.unmount()
    const alone = [...c.backend.sim.runtime.world.stacCollections.values()].find(
      (r) => r.collection.title === 'Toronto archive 1',
    )
    if (!alone) throw new Error('seed changed: no Toronto delivery')
    await open(paths.changeReviewOf(alone.collection.id, alone.itemIds[0]), c)
    expect(await screen.findByText(/^No other stored delivery of this place has an image/)).toBeVisible()
    // The map is not bare: the item the review was opened from is drawn alone.
    await waitFor(
      () => expect(mapView.props?.images?.map((i) => i.id)).toEqual([`imagery-${alone.itemIds[0]}`]),
      { timeout: 20_000 },
    )
    expect(screen.queryByRole('link', { name: 'Run change detection on this pair' })).toBeNull()
  }, 30_000)
})
