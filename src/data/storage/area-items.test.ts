import type { Polygon } from 'geojson'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createSimBackend, signedInConsole } from '../../testing/sim-backend'
import { AREA_PAGE, areaItemsOptions } from './area-items'

/** Berlin Mitte: on the large world, more than a thousand deliveries meet it. */
const mitte: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [13.37, 52.51],
      [13.42, 52.51],
      [13.42, 52.53],
      [13.37, 52.53],
      [13.37, 52.51],
    ],
  ],
}

describe('the stored items over an area', () => {
  // The large world is built for this test: a generous limit on a busy machine.
  it('reads the newest pages only until they are enough, and says older ones were not read', async () => {
    const c = await signedInConsole('analyst@swath.test', createSimBackend({ seed: 'large' }))
    const searches = () => c.backend.log.filter((e) => e.path.endsWith('/stac/search')).length
    const queries = new QueryClient()

    const enough = { key: '150 items', test: (items: readonly unknown[]) => items.length >= 150 }
    const some = await queries.fetchQuery(areaItemsOptions(c.client, [mitte], enough))
    expect(some.items).toHaveLength(2 * AREA_PAGE)
    expect(some.more).toBe(true)
    expect(searches()).toBe(2)
    // Newest first: the pages not read hold only older deliveries.
    const times = some.items.map((i) => Date.parse(String(i.properties.datetime)))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  }, 120_000)
})
