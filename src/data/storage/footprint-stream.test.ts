import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import {
  EMPTY_SET,
  FootprintCollector,
  footprintOf,
  linkPaging,
  StreamCancelled,
  streamPages,
  type ItemPage,
} from './footprint-stream'

type StacItem = components['schemas']['StacItem']
type StacLink = components['schemas']['StacLink']

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

/** A service of `total` items served `limit` a page, each page linking the next by `page`. */
function pages(total: number, limit: number) {
  const asked: number[] = []
  const pageOf = (n: number): ItemPage => {
    asked.push(n)
    const features = Array.from({ length: Math.max(0, Math.min(limit, total - n * limit)) }, (_, i) =>
      item(`i${n * limit + i}`, n * limit + i),
    )
    const links: StacLink[] =
      (n + 1) * limit < total
        ? [{ rel: 'next', href: `https://sim.test/items?page=${n + 1}&limit=${limit}`, method: 'GET' }]
        : []
    return { features, links, context: { matched: total } }
  }
  return {
    asked,
    first: () => Promise.resolve(pageOf(0)),
    follow: (link: StacLink) => Promise.resolve(pageOf(linkPaging(link)?.page ?? -1)),
  }
}

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

describe('FootprintCollector', () => {
  it('numbers on across pages, keeps only id and footprint, and adds their centres', () => {
    const c = new FootprintCollector()
    c.add([item('a', 0), item('b', 2)])
    c.add([item('c', 4)])
    const set = c.set()
    expect(set.outlines.features.map((f) => f.id)).toEqual([0, 1, 2])
    expect(set.outlines.features[2]).toEqual({
      type: 'Feature',
      id: 2,
      properties: { id: 'c' },
      geometry: square(4),
    })
    expect(set.centres.features[2]).toMatchObject({
      id: 2,
      properties: { id: 'c' },
      geometry: { type: 'Point', coordinates: [4.5, 0.5] },
    })
  })

  it('hands a set that later pages leave alone, and the same set while nothing new came', () => {
    const c = new FootprintCollector()
    expect(c.set()).toBe(EMPTY_SET)
    c.add([item('a', 0)])
    const one = c.set()
    expect(c.set()).toBe(one)
    c.add([item('b', 2)])
    expect(one.outlines.features).toHaveLength(1)
    expect(one.centres.features).toHaveLength(1)
    expect(c.set().outlines.features).toHaveLength(2)
    expect(c.size).toBe(2)
  })

  it('skips an item with nothing drawable, numbering on without a gap', () => {
    const c = new FootprintCollector()
    const none = { ...item('x', 0), geometry: null, bbox: undefined } as unknown as StacItem
    c.add([none, item('a', 0)])
    expect(c.set().outlines.features.map((f) => [f.id, f.properties.id])).toEqual([[0, 'a']])
  })
})

describe('linkPaging', () => {
  it('reads page and limit from an absolute or relative link, and refuses what is not a page', () => {
    expect(linkPaging({ rel: 'next', href: 'https://x.test/items?limit=1000&page=3' })).toEqual({
      page: 3,
      limit: 1000,
    })
    expect(linkPaging({ rel: 'next', href: '/items?page=2&limit=20' })).toEqual({ page: 2, limit: 20 })
    expect(linkPaging({ rel: 'next', href: '/items?page=-1' })).toBeNull()
    expect(linkPaging({ rel: 'next', href: '/items?page=x' })).toBeNull()
  })
})

describe('streamPages', () => {
  it('follows the next links to the last page, telling each page with the total', async () => {
    const service = pages(2_500, 1_000)
    const told: [number, number | null, number][] = []
    const end = await streamPages(
      service.first,
      service.follow,
      (items, p) => told.push([p.done, p.total, items.length]),
      new AbortController().signal,
    )
    expect(service.asked).toEqual([0, 1, 2])
    expect(told).toEqual([
      [1_000, 2_500, 1_000],
      [2_000, 2_500, 1_000],
      [2_500, 2_500, 500],
    ])
    expect(end).toEqual({ done: 2_500, total: 2_500 })
  })

  it('stops with StreamCancelled once aborted, reading no further page', async () => {
    const service = pages(5_000, 1_000)
    const abort = new AbortController()
    const run = streamPages(
      service.first,
      service.follow,
      (_, p) => {
        if (p.done === 2_000) abort.abort()
      },
      abort.signal,
    )
    await expect(run).rejects.toBeInstanceOf(StreamCancelled)
    // The page asked before the abort is the last one read.
    expect(service.asked).toEqual([0, 1, 2])
  })

  it('does not follow links that go round in circles past the total', async () => {
    const loop: ItemPage = {
      features: [item('a', 0), item('b', 1)],
      links: [{ rel: 'next', href: '/items?page=1&limit=2', method: 'GET' }],
      context: { matched: 4 },
    }
    let reads = 0
    const end = await streamPages(
      () => Promise.resolve(loop),
      () => {
        reads++
        return Promise.resolve(loop)
      },
      () => undefined,
      new AbortController().signal,
    )
    // Two pages make the four matched; one more is allowed for a total that moved, and then it stops.
    expect(reads).toBe(2)
    expect(end.done).toBe(6)
  })
})
