import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import { poly, rect } from '../../testing/builders'
import { requestAgain, windowAgain } from './request-again'
import type { Collection } from './tasking-rules'

type Order = components['schemas']['Order']

const NOW = Date.parse('2026-11-26T16:47:31.250Z')
const area = poly(rect(4.5, 43.5, 4.59, 43.56))

const collections = [
  { name: 'radar-tasking', dataProducts: [{ id: 'p-radar', title: 'Radar' }] },
  { name: 'phr-tasking', dataProducts: [{ id: 'p-phr', title: 'Pléiades' }] },
] as unknown as Collection[]

const order = (over: Partial<Order> = {}, details: Record<string, unknown> = {}): Order => ({
  id: 'o-1',
  displayName: 'Camargue tasking from 2026-10-02',
  status: 'FULFILLED',
  type: 'TASKING',
  workspaceId: 'w',
  accountId: 'a',
  dataProductId: 'p-phr',
  tags: ['coast'],
  createdAt: '2026-10-01T00:00:00Z',
  updatedAt: '2026-10-20T00:00:00Z',
  orderDetails: {
    acquisitionStart: '2026-10-02T00:00:00Z',
    acquisitionEnd: '2026-10-12T00:00:00Z',
    geometry: area,
    subStatus: 'QUOTATION_ACCEPTED',
    acquisitionMode: 'MONO',
    maxCloudCover: 20,
    extraDescription: null,
    displayName: 'Camargue',
    ...details,
  },
  ...over,
})

describe('requesting a tasking order again', () => {
  it('keeps the area, collection, product, parameters and tags, with a window of the same length from now', () => {
    const again = requestAgain(order(), collections, NOW)
    expect(again).toEqual({
      ok: true,
      value: {
        aoi: [area],
        draft: {
          collectionName: 'phr-tasking',
          dataProductId: 'p-phr',
          params: {
            acquisitionMode: 'MONO',
            maxCloudCover: 20,
            acquisitionStart: '2026-11-26T16:48:00Z',
            acquisitionEnd: '2026-12-06T16:48:00Z',
          },
          tags: ['coast'],
        },
      },
    })
  })

  it('turns a multipolygon area into one polygon per order', () => {
    const second = poly(rect(-0.3, 51.4, 0.1, 51.6))
    const again = requestAgain(
      order({}, { geometry: { type: 'MultiPolygon', coordinates: [area.coordinates, second.coordinates] } }),
      collections,
      NOW,
    )
    expect(again.ok && again.value.aoi).toEqual([area, second])
  })

  it('refuses an archive order, an order without area, and a product no collection offers, saying why', () => {
    const archive = requestAgain(order({ type: 'ARCHIVE' }), collections, NOW)
    expect(archive.ok || archive.reason).toMatch(/Only a tasking order/)
    const noArea = requestAgain(order({}, { geometry: undefined }), collections, NOW)
    expect(noArea.ok || noArea.reason).toMatch(/area/)
    const gone = requestAgain(order({ dataProductId: 'p-retired' }), collections, NOW)
    expect(gone.ok || gone.reason).toMatch(/not offered/)
  })
})

describe('the new window', () => {
  it('opens today at the next whole minute', () => {
    expect(windowAgain('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', NOW)).toEqual({
      acquisitionStart: '2026-11-26T16:48:00Z',
      acquisitionEnd: '2026-11-27T16:48:00Z',
    })
    const onTheMinute = Date.parse('2026-11-26T16:48:00Z')
    expect(windowAgain(undefined, undefined, onTheMinute).acquisitionStart).toBe('2026-11-26T16:48:00Z')
  })

  it('lasts two weeks when the old one cannot be read', () => {
    expect(windowAgain('soon', 42, NOW).acquisitionEnd).toBe('2026-12-10T16:48:00Z')
  })
})
