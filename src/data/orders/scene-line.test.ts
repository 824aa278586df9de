import { describe, expect, it } from 'vitest'
import type { BasketScene } from '../../lib/basket-scene'
import { poly, rect } from '../../testing/builders'
import {
  defaultName,
  defaultSceneRequest,
  orderableProducts,
  sceneArea,
  type DataProduct,
} from './scene-line'

const scene: BasketScene = {
  id: 'DS_PHR1A_202610011030_FR1_PX_E002N48_0101_01234',
  host: 'oneatlas',
  collection: 'phr',
  constellation: 'PHR',
  datetime: '2026-10-01T10:30:00Z',
  cloudCoverage: 3,
  resolution: 0.5,
  footprint: poly(rect(2, 48, 3, 49)),
}
const product: DataProduct = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'phr-ortho',
  title: 'Pléiades ortho',
  description: '',
}
const overlapping = poly(rect(2.5, 48.5, 3.5, 49.5))
const elsewhere = poly(rect(10, 10, 11, 11))

const form = {
  type: 'object',
  required: ['id', 'processingLevel'],
  properties: {
    id: { type: 'string' },
    processingLevel: { type: 'string', enum: ['PRIMARY', 'ORTHO'], default: 'ORTHO' },
  },
}

describe('a basket scene as its first order line', () => {
  it('orders the AOI where it overlaps the scene, the whole scene otherwise, and keeps an explicit choice', () => {
    expect(sceneArea(scene, [overlapping])).toEqual({ area: 'aoi', aoiOverlaps: true, geometry: overlapping })
    expect(sceneArea(scene, [elsewhere])).toEqual({
      area: 'scene',
      aoiOverlaps: false,
      geometry: scene.footprint,
    })
    expect(sceneArea(scene, [])).toMatchObject({ area: 'scene', geometry: scene.footprint })
    expect(sceneArea(scene, [overlapping], { area: 'scene' }).geometry).toBe(scene.footprint)
    // Two AOI polygons are one MultiPolygon: one line, one order.
    expect(sceneArea(scene, [overlapping, elsewhere], { area: 'aoi' }).geometry).toEqual({
      type: 'MultiPolygon',
      coordinates: [overlapping.coordinates, elsewhere.coordinates],
    })
  })

  it('names a line by product, day and the end of the scene id', () => {
    expect(defaultName(scene, product)).toBe('Pléiades ortho 2026-10-01 01_01234')
    expect(defaultName({ ...scene, datetime: null }, undefined)).toBe('phr undated 01_01234')
  })

  it('offers only products that can be ordered', () => {
    const unorderable = { ...product, id: undefined }
    expect(orderableProducts(undefined)).toEqual([])
    expect(
      orderableProducts({ dataProducts: [unorderable, product] } as Parameters<typeof orderableProducts>[0]),
    ).toEqual([product])
  })

  it('sends the form’s defaults with the scene id written in, over the line’s area', () => {
    expect(defaultSceneRequest(scene, product, form, [overlapping])).toEqual({
      dataProduct: product.id,
      displayName: 'Pléiades ortho 2026-10-01 01_01234',
      params: { id: scene.id, processingLevel: 'ORTHO' },
      featureCollection: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: overlapping, properties: {} }],
      },
    })
  })

  it('has no request when the defaults alone do not make a valid order', () => {
    const choose = {
      ...form,
      required: ['id', 'bands'],
      properties: { ...form.properties, bands: { type: 'string', enum: ['RGB', 'PMS'] } },
    }
    expect(defaultSceneRequest(scene, product, choose, [])).toBeNull()
    expect(defaultSceneRequest(scene, { ...product, id: undefined }, form, [])).toBeNull()
  })
})
