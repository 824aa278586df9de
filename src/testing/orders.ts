import { ok } from '../api/client'
import type { TestConsole } from './sim-backend'

/**
 * Places a real archive order (Pléiades, a small square in a seeded scene) through the console's client, so
 * that it runs the simulator's lifecycle: CREATED, BEING_PLACED 30 s later, and so on. The data product's
 * EULA is accepted first, through the API, as an analyst would. Returns the new order's id. Tests only.
 */
export async function placeArchiveOrder(c: TestConsole, displayName = 'Test archive order'): Promise<string> {
  const products = await ok(c.client.GET('/v2/data-products', { params: { query: { size: 100 } } }))
  const product = products.content.find((p) => p.name === 'phr-display')
  if (!product?.id) throw new Error('the seed has no orderable phr-display product')
  if (product.eulaId) {
    const docs = await ok(
      c.client.GET('/v2/eulas/{eula-id}/documents', { params: { path: { 'eula-id': product.eulaId } } }),
    )
    const current = docs.content.find((d) => d.isCurrent)
    if (current && !current.isAccepted)
      await ok(
        c.client.PATCH('/v2/eulas/{eula-id}/documents/{eula-document-id}', {
          params: { path: { 'eula-id': product.eulaId, 'eula-document-id': current.id } },
          body: { isAccepted: true },
          headers: { 'content-type': 'application/merge-patch+json' },
        }),
      )
  }
  // A scene of the collection, read from the simulator's world as a test fixture (no search needed).
  const scene = c.backend.sim.runtime.world.scenes.find((s) => s.feature.properties.collection === 'phr')
  if (!scene) throw new Error('the seed has no Pléiades scene')
  const [w, s, e, n] = scene.bbox
  const [lon, lat] = [(w + e) / 2, (s + n) / 2]
  const d = 0.01
  const workspaceId = c.session.getSnapshot().user?.workspaces[0]?.id
  if (!workspaceId) throw new Error('the test user has no workspace')
  const created = await ok(
    c.client.POST('/v2/orders', {
      params: { query: { workspaceId } },
      body: {
        dataProduct: product.id,
        displayName,
        params: { id: scene.feature.properties.id },
        featureCollection: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: {},
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [lon - d, lat - d],
                    [lon + d, lat - d],
                    [lon + d, lat + d],
                    [lon - d, lat + d],
                    [lon - d, lat - d],
                  ],
                ],
              },
            },
          ],
        },
      },
    }),
  )
  const id = created.results[0]?.id
  if (!id) throw new Error(`the order was not created: ${JSON.stringify(created.errors)}`)
  return id
}

/**
 * What the Needs attention count must add up to, read from the simulator's world for the signed-in account:
 * orders whose placement failed and jobs that ended without a result. Tests only.
 */
export function failedInWorld(c: TestConsole): { orders: number; jobs: number } {
  const world = c.backend.sim.runtime.world
  const account = c.session.getSnapshot().user?.accountId
  const orders = [...world.orders.values()].filter(
    (r) =>
      r.order.accountId === account &&
      (r.order.status === 'PLACEMENT_FAILED' || r.order.status === 'FAILED_PERMANENTLY'),
  ).length
  const jobs = [...world.jobs.values()].filter(
    (r) =>
      r.job.accountID === account &&
      ['unlicensed', 'invalid', 'rejected', 'failed', 'released'].includes(r.job.status),
  ).length
  return { orders, jobs }
}
