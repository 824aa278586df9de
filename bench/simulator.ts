import { TestSim } from '../simulator/testing/harness'
import { report, time } from './stats'

/**
 * The simulator in-process, large seed: what one request costs without HTTP. Requests go straight to the
 * Hono app (no contract validation), as a server would handle them.
 */
export async function benchSimulator(): Promise<void> {
  console.log('\n## Simulator, in-process (large seed)')
  const t0 = performance.now()
  const sim = new TestSim({ seed: 'large' })
  console.log(`large seed built in ${(performance.now() - t0).toFixed(0)} ms`)
  const token = await sim.login()
  const api = sim.sim.api
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const expectOk = async (res: Response) => {
    if (!res.ok) throw new Error(`benchmark request failed: HTTP ${res.status} ${await res.text()}`)
    return res.json() as Promise<unknown>
  }

  const searchBody = JSON.stringify({ limit: 500, bbox: [-20, 30, 40, 60] })
  const first = (await expectOk(
    await api.request('http://sim.test/catalog/hosts/oneatlas/stac/search', {
      method: 'POST',
      headers,
      body: searchBody,
    }),
  )) as { features: unknown[] }
  console.log(`catalog search returns ${first.features.length} scenes`)
  report(
    'catalog search, 500 scenes (oneatlas, Europe bbox)',
    await time(200, 20, async () =>
      expectOk(
        await api.request('http://sim.test/catalog/hosts/oneatlas/stac/search', {
          method: 'POST',
          headers,
          body: searchBody,
        }),
      ),
    ),
    'median < 25 ms',
  )

  let page = 0
  report(
    'order list, page of 100 (10,000 orders)',
    await time(300, 30, async () => {
      page = (page + 1) % 100
      return expectOk(
        await api.request(`http://sim.test/v2/orders?size=100&page=${page}&sort=createdAt,desc`, { headers }),
      )
    }),
    'median < 5 ms',
  )

  report(
    'STAC collection search (2,000 collections, bbox + source)',
    await time(300, 30, async () =>
      expectOk(
        await api.request(
          'http://sim.test/v2/assets/stac/collections?limit=50&bbox=-180,-90,180,90&sources=ARCHIVE,PROCESSING',
          { headers },
        ),
      ),
    ),
    'median < 10 ms',
  )

  report(
    'STAC item search (POST /v2/assets/stac/search, 100 items)',
    await time(200, 20, async () =>
      expectOk(
        await api.request('http://sim.test/v2/assets/stac/search', {
          method: 'POST',
          headers,
          body: JSON.stringify({ limit: 100, bbox: [-180, -90, 180, 90] }),
        }),
      ),
    ),
  )
}
