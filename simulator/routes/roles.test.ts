import { describe, expect, it } from 'vitest'
import { dataProductId, ids } from '../domain/world/ids'
import type { S } from '../domain/world/types'
import { openapi } from '../http/contract'
import { TestSim } from '../testing/harness'

/**
 * What the Viewer (and, for quotations, the Member) may not change (decision 14): each such write answers a
 * 403 problem with the contract's reason and changes nothing, while the Viewer's reads and the computations
 * that change nothing (estimates, prices, validation, download links) still work.
 */

const square = (lon: number, lat: number): S['Polygon'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + 0.02, lat],
      [lon + 0.02, lat + 0.02],
      [lon, lat + 0.02],
      [lon, lat],
    ],
  ],
})
const fc = (g: S['Polygon']): S['FeatureCollection'] => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', geometry: g, properties: {} }],
})

function enterpriseState(sim: TestSim) {
  const mine = <T extends { accountId: string }>(values: Iterable<T>) =>
    [...values].filter((v) => v.accountId === ids.enterpriseAccount)
  const order = mine([...sim.world.orders.values()].map((r) => r.order))[0]
  const quotation = mine(sim.world.quotations.values()).find((q) => q.decision === 'NOT_DECIDED')
  const study = mine(sim.world.studies.values()).find((s) => s.decision === 'NOT_DECIDED')
  const geometry = mine(sim.world.geometries.values())[0]
  const collection = [...sim.world.stacCollections.values()].find(
    (r) => r.accountId === ids.enterpriseAccount && r.itemIds.length > 0,
  )
  if (!order || !quotation || !study || !geometry || !collection) throw new Error('seed lacks something')
  return { order, quotation, study, geometry, collection }
}

const reasonOf = (operationId: string, role: string): string => {
  for (const item of Object.values(openapi.paths))
    for (const op of Object.values(item))
      if (op.operationId === operationId) return op['x-forbidden-roles']?.[role] ?? ''
  throw new Error(`no operation ${operationId}`)
}

describe('roles on write operations', () => {
  it('refuses every change the Viewer may not make with a 403 problem, and changes nothing', async () => {
    const sim = new TestSim()
    const token = await sim.login('viewer@swath.test')
    const s = enterpriseState(sim)
    const itemPath = `/v2/assets/stac/collections/${s.collection.collection.id}/items/${s.collection.itemIds[0]}`
    const itemUrl = `http://sim.test${itemPath}`
    const writes: [string, string, string, unknown][] = [
      [
        'createOrder',
        'POST',
        `/v2/orders?workspaceId=${ids.viewerWorkspace}`,
        {
          dataProduct: dataProductId('phr', 'phr-display'),
          displayName: 'Viewer order',
          params: { id: 'any' },
          featureCollection: fc(square(4.8, 45.7)),
        },
      ],
      ['patchOrder', 'PATCH', `/v2/orders/${s.order.id}`, { displayName: 'Renamed by a viewer' }],
      ['cancelOrder', 'POST', `/v2/orders/${s.order.id}/cancellation`, undefined],
      ['decideQuotation', 'PATCH', `/v2/tasking/quotation/${s.quotation.id}`, { decision: 'ACCEPTED' }],
      [
        'decideFeasibilityStudy',
        'PATCH',
        `/v2/tasking/feasibility-studies/${s.study.id}`,
        { acceptedOptionId: s.study.options?.[0]?.id ?? ids.viewer },
      ],
      [
        'createGeometry',
        'POST',
        `/v2/spatial/geometries?workspaceId=${ids.viewerWorkspace}`,
        { displayName: 'Viewer area', featureCollection: fc(square(4.8, 45.7)) },
      ],
      ['patchGeometry', 'PATCH', `/v2/spatial/geometries/${s.geometry.id}`, { displayName: 'Renamed' }],
      ['deleteGeometry', 'DELETE', `/v2/spatial/geometries/${s.geometry.id}`, undefined],
      [
        'executeProcess',
        'POST',
        `/v2/processing/processes/upsampling-ns/execution?workspaceId=${ids.viewerWorkspace}`,
        { inputs: { title: 'Viewer job', item: itemUrl } },
      ],
      ['patchStacItem', 'PATCH', itemPath, { 'up42-user:title': 'Viewer title' }],
      [
        'deleteStacCollection',
        'DELETE',
        `/v2/assets/stac/collections/${s.collection.collection.id}`,
        undefined,
      ],
    ]
    const before = JSON.stringify(enterpriseState(sim))
    const counts = () => [sim.world.orders.size, sim.world.geometries.size, sim.world.jobs.size]
    const countsBefore = counts()
    for (const [operationId, method, path, body] of writes) {
      const r = await sim.call<S['Problem']>(method, path, {
        token,
        ...(body === undefined ? {} : { body }),
        ...(method === 'PATCH' && !path.startsWith('/v2/assets')
          ? { contentType: 'application/merge-patch+json' }
          : {}),
      })
      expect(r.status, operationId).toBe(403)
      expect(r.headers.get('content-type'), operationId).toBe('application/problem+json')
      expect(r.body.type, operationId).toMatch(/\/problems\/role-not-allowed$/)
      expect(r.body.detail, operationId).toBe(reasonOf(operationId, 'VIEWER'))
      expect(r.body.detail, operationId).toMatch(
        /^Your role \(Viewer\) can look at .+: ask an account administrator/,
      )
    }
    expect(JSON.stringify(enterpriseState(sim))).toBe(before)
    expect(counts()).toEqual(countsBefore)
  })

  it('words the decision refusals as the console does', async () => {
    const sim = new TestSim()
    const token = await sim.login('viewer@swath.test')
    const { quotation } = enterpriseState(sim)
    const r = await sim.call<S['Problem']>('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token,
      body: { decision: 'REJECTED' },
      contentType: 'application/merge-patch+json',
    })
    // The same sentence as features/decisions/words.ts shows a Viewer on the decision pages.
    expect(r.body.detail).toBe(
      'Your role (Viewer) can look at tasking decisions but cannot take them: ask an account administrator to decide.',
    )
  })

  it('lets the Viewer read, estimate, price, validate and download', async () => {
    const sim = new TestSim()
    const token = await sim.login('viewer@swath.test')
    const s = enterpriseState(sim)
    const itemUrl = `http://sim.test/v2/assets/stac/collections/${s.collection.collection.id}/items/${s.collection.itemIds[0]}`
    const scene = sim.world.scenes.find((x) => x.feature.properties.collection === 'phr')
    const estimate = await sim.call('POST', '/v2/orders/estimate', {
      token,
      body: {
        dataProduct: dataProductId('phr', 'phr-display'),
        displayName: 'Estimate only',
        params: { id: scene?.feature.properties.id ?? 'x' },
        featureCollection: fc(square(4.8, 45.7)),
      },
    })
    expect(estimate.status).toBe(200)
    const body = { inputs: { title: 'Price only', item: itemUrl } }
    expect(
      (await sim.call('POST', '/v2/processing/processes/upsampling-ns/cost', { token, body })).status,
    ).toBe(200)
    expect(
      (await sim.call('POST', '/v2/processing/processes/upsampling-ns/validation', { token, body })).status,
    ).toBe(200)
    const asset = s.collection.assetIds[0]
    expect((await sim.call('POST', `/v2/assets/${asset}/download-url`, { token })).status).toBe(201)
    expect((await sim.call('GET', `/v2/orders/${s.order.id}`, { token })).status).toBe(200)
    expect((await sim.call('GET', `/v2/spatial/geometries/${s.geometry.id}`, { token })).status).toBe(200)
  })

  it('keeps the Member from deciding quotations but not from choosing study options', async () => {
    const sim = new TestSim()
    const viewer = sim.world.users.find((u) => u.id === ids.viewer)
    if (!viewer) throw new Error('no viewer')
    viewer.role = 'MEMBER'
    const token = await sim.login('viewer@swath.test')
    const { quotation, study } = enterpriseState(sim)
    const q = await sim.call<S['Problem']>('PATCH', `/v2/tasking/quotation/${quotation.id}`, {
      token,
      body: { decision: 'ACCEPTED' },
      contentType: 'application/merge-patch+json',
    })
    expect(q.status).toBe(403)
    expect(q.body.detail).toBe(reasonOf('decideQuotation', 'MEMBER'))
    expect(sim.world.quotations.get(quotation.id)?.decision).toBe('NOT_DECIDED')
    const option = study.options?.[0]
    if (!option) throw new Error('study without options')
    const st = await sim.call<S['FeasibilityStudy']>('PATCH', `/v2/tasking/feasibility-studies/${study.id}`, {
      token,
      body: { acceptedOptionId: option.id },
      contentType: 'application/merge-patch+json',
    })
    expect(st.status).toBe(200)
    expect(st.body.decision).toBe('ACCEPTED')
  })
})
