import { describe, expect, it } from 'vitest'
import { sceneFeature } from '../../testing/builders'
import type { Scene } from '../../data/catalog/queries'
import { collectScenes, mergeRows, sceneRows, withMore, type HostPages } from './merge-hosts'
import { sortRows, type SceneRow } from './words'
import { SCENE_SORTS } from './url-state'

const day = (d: number) => `2026-01-${String(d).padStart(2, '0')}T10:00:00Z`
const s = (id: string, d: number, cloud?: number): Scene =>
  sceneFeature(id, { datetime: day(d), ...(cloud === undefined ? {} : { cloudCoverage: cloud }) })

const rowsOf = (hosts: HostPages[]): SceneRow[] => collectScenes(hosts).map((x) => ({ ...x, coverage: null }))
const ids = (rows: readonly SceneRow[]) => rows.map((r) => `${r.host}/${r.scene.properties.id}`)

describe('collectScenes', () => {
  it('lists first pages in host order, then later pages, so more pages only append', () => {
    const first: HostPages[] = [
      { host: 'a', pages: [[s('a1', 9), s('a2', 8)]] },
      { host: 'b', pages: [[s('b1', 7)]] },
    ]
    const more: HostPages[] = [
      { host: 'a', pages: [[s('a1', 9), s('a2', 8)], [s('a3', 6)]] },
      { host: 'b', pages: [[s('b1', 7)], [s('b2', 5)]] },
    ]
    const before = collectScenes(first)
    const after = collectScenes(more)
    expect(before.map((x) => [x.host, x.scene.properties.id, x.index])).toEqual([
      ['a', 'a1', 0],
      ['a', 'a2', 1],
      ['b', 'b1', 2],
    ])
    // The scenes shown before keep their index (their feature id on the map).
    expect(after.slice(0, 3).map((x) => [x.scene.properties.id, x.index])).toEqual(
      before.map((x) => [x.scene.properties.id, x.index]),
    )
    expect(after.slice(3).map((x) => x.scene.properties.id)).toEqual(['a3', 'b2'])
  })

  it('lists hosts in the order they answered, so a host listed first and answering later only appends', () => {
    const a: HostPages = { host: 'a', pages: [[s('a1', 9), s('a2', 8)]] }
    const b: HostPages = { host: 'b', pages: [[s('b1', 7)]] }
    // b answered first, a after it: the pages are numbered as they arrived.
    const arrived = new Map<object, number>([
      [b.pages[0], 0],
      [a.pages[0], 1],
    ])
    const arrival = (page: object) => arrived.get(page) ?? Infinity
    const before = collectScenes([{ host: 'a', pages: [] }, b], arrival)
    const after = collectScenes([a, b], arrival)
    expect(before.map((x) => [x.host, x.scene.properties.id, x.index])).toEqual([['b', 'b1', 0]])
    // b's scene keeps its index (its feature id on the map); a's are added after it.
    expect(after.map((x) => [x.host, x.scene.properties.id, x.index])).toEqual([
      ['b', 'b1', 0],
      ['a', 'a1', 1],
      ['a', 'a2', 2],
    ])
  })

  it('keeps a scene a host lists twice once, where it came first; the same id from two hosts stays twice', () => {
    const out = collectScenes([
      {
        host: 'a',
        pages: [
          [s('x', 9), s('y', 8)],
          [s('y', 8), s('z', 7)],
        ],
      },
      { host: 'b', pages: [[s('x', 9)]] },
    ])
    expect(out.map((x) => `${x.host}/${x.scene.properties.id}`)).toEqual(['a/x', 'a/y', 'b/x', 'a/z'])
    expect(out.map((x) => x.index)).toEqual([0, 1, 2, 3])
  })

  it('gives nothing for no hosts or hosts with no page yet', () => {
    expect(collectScenes([])).toEqual([])
    expect(collectScenes([{ host: 'a', pages: [] }])).toEqual([])
  })
})

describe('mergeRows', () => {
  const hosts: HostPages[] = [
    { host: 'a', pages: [[s('a1', 20, 5), s('a2', 12, 40), s('a3', 3)]] },
    { host: 'b', pages: [[s('b1', 25, 10), s('b2', 12, 5), s('b3', 1, 40)]] },
    { host: 'c', pages: [[s('c1', 15, 0)]] },
  ]
  const order = ['a', 'b', 'c']

  it('merges the hosts newest first, ties to the host listed first', () => {
    expect(ids(mergeRows(rowsOf(hosts), 'date-desc', order))).toEqual([
      'b/b1',
      'a/a1',
      'c/c1',
      'a/a2',
      'b/b2',
      'a/a3',
      'b/b3',
    ])
  })

  it('puts scenes without the sorted value last in both directions', () => {
    const asc = ids(mergeRows(rowsOf(hosts), 'cloud-asc', order))
    const desc = ids(mergeRows(rowsOf(hosts), 'cloud-desc', order))
    expect(asc.slice(-1)).toEqual(['a/a3'])
    expect(desc.slice(-1)).toEqual(['a/a3'])
    expect(asc).toEqual(['c/c1', 'a/a1', 'b/b2', 'b/b1', 'a/a2', 'b/b3', 'a/a3'])
  })

  it('orders as one stable sort of all rows would, for every sort, whatever order the hosts answered in', () => {
    // Many ties (few distinct days and cloud values) and missing values, over four hosts and two pages.
    const many: HostPages[] = ['h1', 'h2', 'h3', 'h4'].map((host, k) => ({
      host,
      pages: [0, 1].map((p) =>
        Array.from({ length: 40 }, (_, i) => {
          const n = (i * 7 + k * 13 + p * 5) % 11
          return sceneFeature(`${host}-${p}-${i}`, {
            datetime: day(1 + (n % 5)),
            ...(n % 4 === 0 ? {} : { cloudCoverage: n * 3, resolution: (n % 3) + 0.5 }),
          })
        }),
      ),
    }))
    const hostOrder = many.map((h) => h.host)
    const rows = rowsOf(many).map((r, i) => ({ ...r, coverage: i % 6 === 0 ? null : (i * 17) % 100 }))
    const rank = (h: string) => hostOrder.indexOf(h)
    for (const sort of SCENE_SORTS) {
      const merged = mergeRows(rows, sort, hostOrder)
      // The reference: a stable sort of all rows, ties by host order then by arrival.
      const reference = sortRows(
        [...rows]
          .sort((a, b) => rank(a.host) - rank(b.host) || a.index - b.index)
          .map((r, i) => ({ ...r, index: i })),
        sort,
      )
      expect(ids(merged), sort).toEqual(ids(reference))
      expect(new Set(ids(merged)).size).toBe(rows.length)
    }
  })

  it('is the plain sort for one host', () => {
    const one = rowsOf([hosts[1]])
    expect(ids(mergeRows(one, 'cloud-desc', ['b']))).toEqual(ids(sortRows(one, 'cloud-desc')))
  })
})

describe('withMore', () => {
  it('adds the next page of each host that has one, once', () => {
    const start = {}
    const once = withMore(
      start,
      new Map([
        ['a', 'next:a2'],
        ['b', null],
        ['c', 'next:c2'],
      ]),
    )
    expect(once).toEqual({ a: ['next:a2'], c: ['next:c2'] })
    // A second press before the pages answered asks nothing twice.
    expect(withMore(once, new Map([['a', 'next:a2']]))).toEqual(once)
    expect(withMore(once, new Map([['a', 'next:a3']]))).toEqual({ a: ['next:a2', 'next:a3'], c: ['next:c2'] })
    expect(start).toEqual({})
  })
})

describe('sceneRows', () => {
  const a = [s('a1', 9), s('a2', 8)]
  const b = [s('b1', 7)]

  it('keeps a row the same object while its place and coverage function are, so listed rows stay equal', () => {
    const before = sceneRows(collectScenes([{ host: 'a', pages: [a] }]), null)
    const after = sceneRows(
      collectScenes([
        { host: 'a', pages: [a] },
        { host: 'b', pages: [b] },
      ]),
      null,
    )
    expect(after.slice(0, 2)).toEqual(before)
    after.slice(0, 2).forEach((row, i) => expect(row).toBe(before[i]))
    expect(after[2]).toMatchObject({ host: 'b', index: 2, coverage: null })
  })

  it('measures again with another coverage function, and gives a new row at another place', () => {
    const before = sceneRows(collectScenes([{ host: 'a', pages: [a] }]), null)
    const measured = sceneRows(collectScenes([{ host: 'a', pages: [a] }]), () => 42)
    expect(measured.map((r) => r.coverage)).toEqual([42, 42])
    expect(measured[0]).not.toBe(before[0])
    const moved = sceneRows(collectScenes([{ host: 'a', pages: [[a[1]]] }]), () => 42)
    expect(moved[0]).toMatchObject({ index: 0, coverage: 42 })
    expect(moved[0]).not.toBe(measured[1])
  })

  it('merges to the same list whether or not a host’s sorted rows were kept from an earlier merge', () => {
    const hosts: HostPages[] = [
      { host: 'a', pages: [a] },
      { host: 'b', pages: [b] },
    ]
    const rows = sceneRows(collectScenes(hosts), null)
    const fresh = mergeRows(rowsOf(hosts), 'date-asc', ['a', 'b'])
    mergeRows(rows.slice(0, 2), 'date-asc', ['a', 'b'])
    expect(ids(mergeRows(rows, 'date-asc', ['a', 'b']))).toEqual(ids(fresh))
  })
})
