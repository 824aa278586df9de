import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import { footprintOf, packBody, packItems, packPage, transferables, unpack } from './footprint-pack'

type StacItem = components['schemas']['StacItem']

const square = (x: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ],
  ],
})

const item = (id: string, x: number): StacItem => ({
  type: 'Feature',
  stac_version: '1.0.0',
  id,
  collection: 'c',
  geometry: square(x),
  bbox: [x, 0, x + 1, 1],
  properties: { datetime: '2024-01-01T00:00:00Z', title: 'a long title', 'eo:cloud_cover': 3 },
  assets: { data: { href: 'https://example.test/a.tif', type: 'image/tiff' } },
  links: [{ rel: 'self', href: 'https://example.test/self' }],
})

describe('footprintOf', () => {
  it('keeps the id and the polygon, nothing else of the item', () => {
    const f = footprintOf(item('a', 3), 7)
    expect(f).toEqual({ type: 'Feature', id: 7, properties: { id: 'a' }, geometry: square(3) })
  })

  it('falls back on the bbox (a 3D one too) and gives up without either', () => {
    const flat = { ...item('b', 0), geometry: null, bbox: [1, 2, 0, 3, 4, 0] } as unknown as StacItem
    expect(footprintOf(flat, 0)?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [1, 2],
          [3, 2],
          [3, 4],
          [1, 4],
          [1, 2],
        ],
      ],
    })
    const none = { ...item('c', 0), geometry: null, bbox: undefined } as unknown as StacItem
    expect(footprintOf(none, 0)).toBeNull()
  })
})

describe('packing a page of items', () => {
  const holed = {
    type: 'MultiPolygon' as const,
    coordinates: [
      [
        [
          [10, 10],
          [14, 10],
          [14, 14],
          [10, 14],
          [10, 10],
        ],
        [
          [11, 11],
          [12, 11],
          [12, 12],
          [11, 11],
        ],
      ],
      square(20).coordinates,
    ],
  }
  const items: StacItem[] = [
    item('a', 3),
    { ...item('m', 0), geometry: holed },
    { ...item('none', 0), geometry: null, bbox: undefined },
    { ...item('box', 0), geometry: null, bbox: [1, 2, 3, 4] },
  ]

  it('unpacks to the footprints and centres the items give, numbered on from where it is told', () => {
    const { outlines, centres } = unpack(packItems(items), 5)
    expect(outlines).toEqual([
      { type: 'Feature', id: 5, properties: { id: 'a' }, geometry: square(3) },
      { type: 'Feature', id: 6, properties: { id: 'm' }, geometry: holed },
      { type: 'Feature', id: 7, properties: { id: 'box' }, geometry: footprintOf(items[3], 0)?.geometry },
    ])
    expect(centres.map((c) => [c.id, c.properties.id, c.geometry.coordinates])).toEqual([
      [5, 'a', [3.5, 0.5]],
      [6, 'm', [15.5, 7]],
      [7, 'box', [2, 3]],
    ])
  })

  it('holds the shapes in typed arrays that can be handed over, and nothing else of the items', () => {
    const packed = packItems(items)
    expect(packed.ids).toEqual(['a', 'm', 'box'])
    expect(packed.coords).toBeInstanceOf(Float64Array)
    expect(packed.coords).toHaveLength(2 * (5 + 5 + 4 + 5 + 5))
    expect(transferables(packed)).toEqual([packed.shape.buffer, packed.coords.buffer, packed.centres.buffer])
  })

  it('reads an answer from its bytes with its links and total, and refuses what is not a page', () => {
    const answer = {
      type: 'FeatureCollection',
      features: [item('a', 3)],
      links: [{ rel: 'next', href: '/items?page=1&limit=1' }],
      context: { matched: 2 },
    }
    const page = packBody(new TextEncoder().encode(JSON.stringify(answer)).buffer)
    expect(page).toMatchObject({ size: 1, links: answer.links, matched: 2 })
    expect(unpack(page.footprints, 0).outlines[0].geometry).toEqual(square(3))
    expect(packPage({ features: [] })).toMatchObject({ size: 0, links: [], matched: null })
    expect(() => packPage({ type: 'Error', detail: 'no' })).toThrow('not a page of items')
    expect(() => packBody(new TextEncoder().encode('[').buffer)).toThrow()
  })
})
