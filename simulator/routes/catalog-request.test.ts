import { describe, expect, it } from 'vitest'
import type { S } from '../domain/world/types'
import { catalogScenes, catalogWorld } from '../testing/catalog-world'
import {
  answerSearch,
  parseDatetime,
  parseInstant,
  type SearchFailure,
  type SearchOk,
  type SearchResult,
} from './catalog-request'

const world = catalogWorld()

const ok = (r: SearchResult): SearchOk => {
  if (!r.ok) throw new Error(`expected a result, got ${r.status}: ${r.message}`)
  return r
}
const failure = (r: SearchResult): SearchFailure => {
  if (r.ok) throw new Error(`expected a failure, got ${r.features.length} features`)
  return r
}
const search = (host: string, body: unknown, cursor?: string) => answerSearch(world, host, body, cursor)
const props = (f: S['CatalogFeature']) => f.properties
const box = (w: number, s: number, e: number, n: number): number[][][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
]

describe('dates', () => {
  it('parses RFC 3339 instants with the calendar checked', () => {
    expect(parseInstant('2025-05-01T10:00:00Z')).toBe(Date.UTC(2025, 4, 1, 10))
    expect(parseInstant('2025-05-01t10:00:00.123456z')).toBe(Date.UTC(2025, 4, 1, 10, 0, 0, 123))
    expect(parseInstant('2025-05-01T12:00:00+02:00')).toBe(Date.UTC(2025, 4, 1, 10))
    for (const bad of [
      '2025-05-01',
      '2025-02-30T00:00:00Z',
      '2025-13-01T00:00:00Z',
      '2025-05-01T24:00:00Z',
      '2025-05-01T10:00:00',
      'yesterday',
      '',
    ]) {
      expect(parseInstant(bad), bad).toBeUndefined()
    }
  })

  it('parses instants, closed and half-open intervals and rejects the rest', () => {
    const t = Date.UTC(2025, 0, 1)
    const u = Date.UTC(2025, 5, 1)
    expect(parseDatetime('2025-01-01T00:00:00Z')).toEqual([t, t])
    expect(parseDatetime('2025-01-01T00:00:00Z/2025-06-01T00:00:00Z')).toEqual([t, u])
    expect(parseDatetime('2025-01-01T00:00:00Z/..')).toEqual([t, Infinity])
    expect(parseDatetime('../2025-06-01T00:00:00Z')).toEqual([-Infinity, u])
    for (const bad of [
      '../..',
      '2025-06-01T00:00:00Z/2025-01-01T00:00:00Z',
      '2025-01-01T00:00:00Z/',
      'a/b/c',
      '2025-01-01/2025-02-01',
      'now',
    ]) {
      expect(typeof parseDatetime(bad), bad).toBe('string')
    }
  })
})

describe('answerSearch', () => {
  it('answers 404 for an unknown host or a provider that is not a host', () => {
    expect(failure(search('nowhere', {}))).toMatchObject({ status: 404 })
    expect(failure(search('airbus', {}))).toMatchObject({ status: 404 })
  })

  it('searches all of the host’s collections by default, newest first, 10 per page', () => {
    const r = ok(search('oneatlas', {}))
    expect(r.features).toHaveLength(10)
    expect(r.matched).toBe(catalogScenes(world, 'oneatlas').length)
    const times = r.features.map((f) => Date.parse(props(f).datetime as string))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(ok(search('oneatlas', { collections: [] })).matched).toBe(r.matched)
    expect(ok(search('oneatlas', { collections: null, limit: null })).matched).toBe(r.matched)
  })

  it('refuses collections of other hosts, naming them', () => {
    const bad = failure(search('oneatlas', { collections: ['phr', 'capella-gec', 'nope', 'phr-tasking'] }))
    expect(bad.status).toBe(422)
    expect(bad.message).toContain('not available at host oneatlas: capella-gec, nope, phr-tasking.')
    expect(bad.details).toEqual({ field: 'collections', unavailable: ['capella-gec', 'nope', 'phr-tasking'] })
    expect(failure(search('oneatlas', { collections: ['phr', 'phr'] })).status).toBe(422)
    expect(failure(search('oneatlas', { collections: 'phr' })).status).toBe(422)
  })

  it.each([0, 501, 10.5, '10', -1])('rejects limit %s', (limit) => {
    expect(failure(search('oneatlas', { limit })).message).toMatch(/limit/)
  })

  it('accepts limits from 1 to 500', () => {
    expect(ok(search('oneatlas', { limit: 1 })).features).toHaveLength(1)
    expect(ok(search('oneatlas', { limit: 500 })).features).toHaveLength(500)
  })

  it.each([
    [[1, 2, 3]],
    [[1, 2, 3, 4, 5, 6]],
    [[0, 0, 'a', 1]],
    [[-181, 0, 10, 10]],
    [[0, -91, 10, 10]],
    [[0, 10, 10, 0]],
    ['0,0,1,1'],
  ])('rejects bbox %j', (bbox) => {
    expect(failure(search('oneatlas', { bbox })).message).toMatch(/bbox/)
  })

  const paris = { type: 'Polygon', coordinates: box(2.3, 48.84, 2.37, 48.88) }

  it.each([
    ['a MultiPolygon', { type: 'MultiPolygon', coordinates: [box(0, 0, 1, 1)] }],
    ['a Point', { type: 'Point', coordinates: [0, 0] }],
    [
      'an open ring',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
    ],
    [
      'too few positions',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      },
    ],
    ['a longitude out of range', { type: 'Polygon', coordinates: box(179, 0, 181, 1) }],
    ['a latitude out of range', { type: 'Polygon', coordinates: box(0, 89, 1, 91) }],
    [
      'a bow tie',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      },
    ],
    ['no coordinates', { type: 'Polygon' }],
    ['a string', 'POLYGON((0 0, 1 0, 1 1, 0 0))'],
  ])('rejects intersects with %s', (_name, intersects) => {
    const r = failure(search('oneatlas', { intersects }))
    expect(r.status).toBe(422)
    expect(r.message).toMatch(/intersects/)
  })

  it('refuses bbox together with intersects', () => {
    expect(failure(search('oneatlas', { bbox: [0, 0, 1, 1], intersects: paris })).message).toMatch(
      /either bbox or intersects/,
    )
  })

  it('filters on datetime instants and intervals, open on one side', () => {
    const some = ok(search('blacksky', { limit: 1 })).features[0]
    const at = props(some).datetime as string
    expect(ok(search('blacksky', { datetime: at, ids: [some.id] })).matched).toBe(1)
    const r = ok(search('blacksky', { datetime: '2025-03-01T00:00:00Z/2025-03-31T23:59:59Z', limit: 500 }))
    expect(r.matched).toBeGreaterThan(50)
    for (const f of r.features) expect(props(f).datetime?.startsWith('2025-03')).toBe(true)
    const after = ok(search('blacksky', { datetime: '2026-10-01T00:00:00Z/..' })).matched
    const before = ok(search('blacksky', { datetime: '../2026-09-30T23:59:59.999Z' })).matched
    expect(after + before).toBe(ok(search('blacksky', {})).matched)
    for (const datetime of ['../..', '2025-06-01T00:00:00Z/2025-01-01T00:00:00Z', 'last week', 42]) {
      expect(failure(search('blacksky', { datetime })).message).toMatch(/datetime/)
    }
  })

  it('rejects ids that are not strings', () => {
    expect(failure(search('capellaspace', { ids: [1] })).status).toBe(422)
  })

  it('reads query operators in any letter case', () => {
    const all = catalogScenes(world, 'oneatlas').map((s) => props(s.feature))
    const count = (query: unknown) => ok(search('oneatlas', { query })).matched
    const cc = (p: S['SceneProperties']) => p.cloudCoverage as number
    expect(count({ cloudCoverage: { LT: 10 } })).toBe(all.filter((p) => cc(p) < 10).length)
    expect(count({ cloudCoverage: { gt: 50, Lte: 60 } })).toBe(
      all.filter((p) => cc(p) > 50 && cc(p) <= 60).length,
    )
    expect(count({ constellation: { ENDSWITH: 'eo' } })).toBe(
      all.filter((p) => p.constellation.endsWith('eo')).length,
    )
  })

  it.each([
    [{ snowCover: { lt: 5 } }, 'snowCover'],
    [{ cloudCoverage: { below: 5 } }, 'below'],
    [{ cloudCoverage: { lt: 'five' } }, 'query.cloudCoverage.lt'],
    [{ cloudCoverage: { startsWith: '1' } }, 'text properties'],
    [{ constellation: { in: 'phr' } }, 'query.constellation.in'],
    [{ cloudCoverage: {} }, 'query.cloudCoverage'],
    [{ toString: { eq: 1 } }, 'toString'],
    [[1], 'query'],
  ])('rejects query %j, naming what is wrong', (query, named) => {
    const r = failure(search('oneatlas', { query }))
    expect(r.status).toBe(422)
    expect(r.message).toContain(named)
  })

  it('rejects cloudCoverage at a host whose collections are all radar', () => {
    const r = failure(search('capellaspace', { query: { cloudCoverage: { lte: 20 } } }))
    expect(r.message).toMatch(/capellaspace cannot filter on cloudCoverage/)
    expect(ok(search('capellaspace', { query: { resolution: { lte: 0.6 } } })).matched).toBeGreaterThan(0)
  })

  it('reads sortby fields with or without properties., directions in any case; rejects the rest', () => {
    const values = (sortby: unknown, key: 'datetime' | 'cloudCoverage' | 'resolution') =>
      ok(search('oneatlas', { sortby, limit: 500, bbox: [-10, 35, 30, 60] })).features.map(
        (f) => props(f)[key] as string | number,
      )
    const asc = <T>(xs: T[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const res = values([{ field: 'properties.resolution', direction: 'DESC' }], 'resolution')
    expect(res).toEqual(asc(res).reverse())
    for (const sortby of [
      [{ field: 'id', direction: 'asc' }],
      [{ field: 'datetime', direction: 'up' }],
      [{ field: 'datetime' }],
      'datetime',
      [{ field: 'constructor', direction: 'asc' }],
    ]) {
      expect(failure(search('oneatlas', { sortby })).message).toMatch(/sortby/)
    }
  })

  it('pages with opaque cursors bound to the search body', () => {
    const body = { bbox: [2.2, 48.8, 2.45, 48.92], limit: 7 }
    const first = ok(search('oneatlas', body))
    expect(first.prev).toBeUndefined()
    expect(first.next).toMatch(/^next:[A-Za-z0-9_-]+$/)
    const second = ok(search('oneatlas', body, first.next))
    expect(second.offset).toBe(7)
    expect(second.features.map((f) => f.id)).not.toEqual(first.features.map((f) => f.id))
    expect(second.prev).toMatch(/^prev:/)
    expect(ok(search('oneatlas', body, second.prev)).features).toEqual(first.features)
    // The same body written in another key order is the same search.
    expect(ok(search('oneatlas', { limit: 7, bbox: body.bbox }, first.next)).offset).toBe(7)
    // Walking to the end visits every match once.
    const seen = new Set<string>()
    let cursor: string | undefined
    do {
      const page = ok(search('oneatlas', body, cursor))
      for (const f of page.features) seen.add(String(f.id))
      cursor = page.next
    } while (cursor)
    expect(seen.size).toBe(first.matched)
  })

  it.each([
    ['another body', (next: string) => [{ bbox: [2.2, 48.8, 2.45, 48.93], limit: 7 }, next]],
    ['another host', (next: string) => ['blacksky', next]],
    ['garbage', () => [undefined, 'next:%%%']],
    ['no prefix', (next: string) => [undefined, next.slice(5)]],
    ['a swapped prefix', (next: string) => [undefined, `prev:${next.slice(5)}`]],
    ['an empty value', () => [undefined, '']],
  ])('rejects a cursor from %s', (_name, make) => {
    const body = { bbox: [2.2, 48.8, 2.45, 48.92], limit: 7 }
    const next = ok(search('oneatlas', body)).next as string
    const [other, cursor] = make(next) as [unknown, string]
    const host = typeof other === 'string' ? other : 'oneatlas'
    const r = failure(search(host, typeof other === 'object' && other !== undefined ? other : body, cursor))
    expect(r.status).toBe(422)
    expect(r.message).toMatch(/next parameter/)
  })
})
