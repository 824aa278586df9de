import type { Polygon } from 'geojson'
import { booleanPointInPolygon, point } from '@turf/turf'
import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import { savedSearchLink } from '../../data/saved-searches/queries'
import { encodePolygons } from '../../lib/polyline'
import { poly, rect } from '../../testing/builders'
import {
  areaPolygons,
  buildHostSearches,
  buildSearch,
  DEFAULT_LIMIT,
  DEFAULT_VIEW,
  EMPTY_FILTERS,
  filterErrors,
  hostOf,
  loosen,
  loosenSuggestions,
  readCatalogView,
  readSince,
  sameFilters,
  searchableByHost,
  searchFrame,
  searchKey,
  searchKeys,
  viewBbox,
  writeCatalogView,
  type Bbox,
  type CatalogView,
  type FilterField,
  type SearchArea,
  type SearchFilters,
} from './url-state'

type Collection = components['schemas']['Collection']
type ProductType = NonNullable<NonNullable<Collection['metadata']>['productType']>

const url = (search: string) => new URLSearchParams(search)
const read = (search: string) => readCatalogView(url(search))
const filters = (over: Partial<SearchFilters> = {}): SearchFilters => ({ ...EMPTY_FILTERS, ...over })

function collection(
  name: string,
  title: string,
  host: string | null,
  productType: ProductType | null,
  over: Partial<Collection> = {},
): Collection {
  return {
    name,
    title,
    description: `${title} archive`,
    type: 'ARCHIVE',
    integrations: ['SEARCH_AVAILABLE', 'QUICKLOOK_AVAILABLE'],
    providers: [
      { name: 'producer-co', title: 'Producer Co', description: 'Builds satellites', roles: ['PRODUCER'] },
      ...(host
        ? [{ name: host, title: host.toUpperCase(), description: 'Hosts scenes', roles: ['HOST' as const] }]
        : []),
    ],
    dataProducts: [],
    metadata: { productType },
    ...over,
  }
}

const phr = collection('phr', 'Pléiades', 'oneatlas', 'OPTICAL')
const spot = collection('spot', 'SPOT', 'oneatlas', 'OPTICAL')
const neo = collection('pneo', 'Pléiades Neo', 'oneatlas', 'OPTICAL')
const oneatlasSar = collection('tsx', 'TerraSAR-X', 'oneatlas', 'SAR')
const gec = collection('capella-gec', 'Capella GEC', 'capellaspace', 'SAR')
const slc = collection('capella-slc', 'Capella SLC', 'capellaspace', 'SAR')

describe('catalog view in the URL', () => {
  it('reads an empty URL as the default view, and writes the default view as an empty URL', () => {
    expect(read('')).toEqual(DEFAULT_VIEW)
    expect(writeCatalogView(DEFAULT_VIEW).toString()).toBe('')
  })

  it('reads a URL without a host as a search of every host, and only a first visit as no search', () => {
    expect(read('cloud=10')).toMatchObject({ searched: true, filters: { host: null, maxCloud: 10 } })
    expect(read('bbox=1,2,3,4').searched).toBe(true)
    // Sorting alone states no search.
    expect(read('sort=cloud-asc').searched).toBe(false)
    // Every host with nothing else: the link says so, and reads back as that search.
    const anywhere: CatalogView = { ...DEFAULT_VIEW, searched: true }
    expect(writeCatalogView(anywhere).toString()).toBe('hosts=all')
    expect(read('hosts=all')).toEqual(anywhere)
    expect(writeCatalogView({ ...anywhere, filters: filters({ maxCloud: 5 }) }).toString()).toBe('cloud=5')
    expect(searchKey(anywhere)).not.toBe(searchKey(DEFAULT_VIEW))
  })

  it('round-trips a full view', () => {
    const view: CatalogView = {
      searched: true,
      filters: {
        host: 'oneatlas',
        collections: ['phr', 'spot'],
        from: '2025-01-01',
        to: '2025-03-31',
        maxCloud: 20,
        minResolution: 0.3,
        maxResolution: 1.5,
        area: { kind: 'aoi', polygons: [poly(rect(12.4, 41.8, 12.6, 42))] },
        limit: 250,
      },
      page: 'next:YzEubmV4dC4xMDAuYWJj',
      sort: 'cloud-asc',
    }
    const params = writeCatalogView(view)
    expect(readCatalogView(url(params.toString()))).toEqual(view)
  })

  it('round-trips a bbox area, and a view with only some filters', () => {
    const view: CatalogView = {
      searched: true,
      filters: filters({ host: 'capellaspace', area: { kind: 'bbox', bbox: [170.5, -10.25, -170.125, 10] } }),
      page: 'prev:abc',
      sort: 'coverage-desc',
    }
    expect(readCatalogView(url(writeCatalogView(view).toString()))).toEqual(view)
  })

  it('leaves defaults out of the URL', () => {
    const params = writeCatalogView({
      searched: true,
      filters: filters({ host: 'oneatlas', maxCloud: 0, limit: DEFAULT_LIMIT }),
      page: null,
      sort: 'date-desc',
    })
    // A cloud limit of 0 is a filter, not a default.
    expect([...params.keys()].sort()).toEqual(['cloud', 'host'])
    expect(params.get('cloud')).toBe('0')
  })

  it('reads each parameter by its name', () => {
    const view = read(
      'host=oneatlas&collections=spot,phr&from=2024-02-29&to=2024-03-01&cloud=15.5&resMin=0.5&resMax=2&limit=7&page=next:tok&sort=resolution-asc',
    )
    expect(view).toEqual({
      searched: true,
      filters: {
        host: 'oneatlas',
        collections: ['phr', 'spot'],
        from: '2024-02-29',
        to: '2024-03-01',
        maxCloud: 15.5,
        minResolution: 0.5,
        maxResolution: 2,
        area: null,
        limit: 7,
      },
      page: 'next:tok',
      sort: 'resolution-asc',
    })
  })

  it('deduplicates and sorts collections, dropping names that are not names', () => {
    expect(read('collections=spot,phr,,spot, pneo ,bad name!,-x,phr').filters.collections).toEqual([
      'phr',
      'pneo',
      'spot',
    ])
    expect(read('collections=').filters.collections).toEqual([])
  })

  it('trims the host and drops one that is not a name', () => {
    expect(read('host=%20oneatlas%20').filters.host).toBe('oneatlas')
    expect(read('host=one%20atlas').filters.host).toBeNull()
    expect(read('host=').filters.host).toBeNull()
  })

  it('falls back to the default sort for an unknown one', () => {
    expect(read('sort=price-asc').sort).toBe('date-desc')
    expect(read('sort=').sort).toBe('date-desc')
    expect(read('sort=date-asc').sort).toBe('date-asc')
  })

  it('falls back to the default limit outside 1–500 or when not a whole number', () => {
    for (const bad of ['0', '501', '1000', 'abc', '1.5', '-5', '', '1e2', '0100'])
      expect(read(`limit=${bad}`).filters.limit, bad).toBe(DEFAULT_LIMIT)
    expect(read('limit=1').filters.limit).toBe(1)
    expect(read('limit=500').filters.limit).toBe(500)
  })

  it('drops a cloud limit outside 0–100', () => {
    expect(read('cloud=150').filters.maxCloud).toBeNull()
    expect(read('cloud=-1').filters.maxCloud).toBeNull()
    expect(read('cloud=lots').filters.maxCloud).toBeNull()
    expect(read('cloud=').filters.maxCloud).toBeNull()
    expect(read('cloud=100').filters.maxCloud).toBe(100)
    expect(read('cloud=0').filters.maxCloud).toBe(0)
  })

  it('drops dates that are not days of the calendar', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2023-02-29', '2025-1-5', '20250105', '2025-01-05T00:00'])
      expect(read(`from=${bad}&to=${bad}`).filters, bad).toMatchObject({ from: null, to: null })
    expect(read('from=2024-02-29').filters.from).toBe('2024-02-29')
  })

  it('swaps dates given the wrong way round', () => {
    expect(read('from=2025-03-01&to=2025-01-15').filters).toMatchObject({
      from: '2025-01-15',
      to: '2025-03-01',
    })
  })

  it('reads resolution bounds, swapping them when given the wrong way round', () => {
    expect(read('resMin=5&resMax=0.5').filters).toMatchObject({ minResolution: 0.5, maxResolution: 5 })
    expect(read('resMin=-1&resMax=abc').filters).toMatchObject({ minResolution: null, maxResolution: null })
    expect(read('resMax=3').filters).toMatchObject({ minResolution: null, maxResolution: 3 })
  })

  it('reads a bbox of four numbers with south below north', () => {
    expect(read('bbox=1,2,3,4').filters.area).toEqual({ kind: 'bbox', bbox: [1, 2, 3, 4] })
    // Across the antimeridian: west > east is allowed.
    expect(read('bbox=170,-5,-170,5').filters.area).toEqual({ kind: 'bbox', bbox: [170, -5, -170, 5] })
    for (const bad of [
      '1,2,3',
      '1,2,3,4,5',
      '1,4,3,4',
      '1,5,3,4',
      '1,2,1,4',
      '181,2,3,4',
      '1,-91,3,4',
      '1,2,3,x',
      '',
    ])
      expect(read(`bbox=${bad}`).filters.area, bad).toBeNull()
  })

  it('reads an AOI as its polygons, decoded from its text, and ignores malformed text', () => {
    const polygons = [poly(rect(1, 2, 3, 4)), poly(rect(5, 6, 7, 8))]
    const encoded = encodePolygons(polygons)
    expect(read(`aoi=${encodeURIComponent(encoded)}`).filters.area).toEqual({ kind: 'aoi', polygons })
    expect(read('aoi=abc').filters.area).toBeNull()
    // Cut short.
    expect(read(`aoi=${encodeURIComponent(encoded.slice(0, -2))}`).filters.area).toBeNull()
    // A malformed AOI falls back to the bbox beside it; a good one wins over it.
    expect(read('aoi=abc&bbox=1,2,3,4').filters.area).toEqual({ kind: 'bbox', bbox: [1, 2, 3, 4] })
    expect(read(`aoi=${encodeURIComponent(encoded)}&bbox=1,2,3,4`).filters.area).toEqual({
      kind: 'aoi',
      polygons,
    })
  })

  it('keeps opaque page cursors and drops what cannot be one', () => {
    expect(read('page=next:abc_DEF-123').page).toBe('next:abc_DEF-123')
    expect(read('page=prev:x').page).toBe('prev:x')
    // Opaque base64 cursors of the real service keep their + / = characters.
    expect(read(`page=${encodeURIComponent('next:a/b+c==')}`).page).toBe('next:a/b+c==')
    // A bare opaque token (no next:/prev: prefix) is a cursor too.
    expect(read('page=bmV4dDo0MA%3D%3D').page).toBe('bmV4dDo0MA==')
    for (const bad of ['next:', 'later:abc', 'next:a b', 'next:a"b', `next:${'a'.repeat(1001)}`])
      expect(read(`page=${encodeURIComponent(bad)}`).page, bad).toBeNull()
  })

  it('reads what it writes for any view read from a URL', () => {
    const messy =
      'host=oneatlas&collections=spot,phr,spot&from=2025-05-01&to=2025-04-01&cloud=33&resMin=4&resMax=1&limit=42&bbox=-10,-20,30,40&sort=cloud-desc&page=next:q'
    const once = read(messy)
    const twice = readCatalogView(url(writeCatalogView(once).toString()))
    expect(twice).toEqual(once)
    expect(writeCatalogView(twice).toString()).toBe(writeCatalogView(once).toString())
  })

  it('compares filters by what they search', () => {
    expect(sameFilters(filters({ host: 'a' }), filters({ host: 'a' }))).toBe(true)
    expect(sameFilters(filters({ host: 'a' }), filters({ host: 'a', maxCloud: 10 }))).toBe(false)
  })

  it('compares areas as their links write them: an AOI drawn finer than the link is the one read back', () => {
    const drawn = [poly(rect(12.40000004, 41.8, 12.6, 42.00000003))]
    const applied = read(`host=a&aoi=${encodeURIComponent(encodePolygons(drawn))}`).filters
    const aoi = (polygons: Polygon[]) => filters({ host: 'a', area: { kind: 'aoi', polygons } })
    expect(sameFilters(aoi(drawn), applied)).toBe(true)
    expect(sameFilters(aoi([poly(rect(12.40001, 41.8, 12.6, 42))]), applied)).toBe(false)
    expect(
      sameFilters(filters({ host: 'a', area: { kind: 'bbox', bbox: [12.4, 41.8, 12.6, 42] } }), applied),
    ).toBe(false)
    const box = (bbox: Bbox) => filters({ area: { kind: 'bbox', bbox } })
    expect(sameFilters(box([1, 2, 3, 4.000001]), box([1, 2, 3, 4]))).toBe(true)
    expect(sameFilters(box([1, 2, 3, 4.0001]), box([1, 2, 3, 4]))).toBe(false)
  })

  it('keys a search and its area by their link: other filters leave the area key as it is', () => {
    const area: SearchArea = { kind: 'aoi', polygons: [poly(rect(1, 2, 3, 4))] }
    const keys = searchKeys({ searched: true, filters: filters({ host: 'a', area }) })
    const cloudier = searchKeys({ searched: true, filters: filters({ host: 'a', area, maxCloud: 5 }) })
    expect(cloudier.search).not.toBe(keys.search)
    expect(cloudier.area).toBe(keys.area)
    expect(new URLSearchParams(keys.area).get('aoi')).toBe(encodePolygons(area.polygons))
    const elsewhere = searchKeys({ searched: true, filters: filters({ host: 'a', area: null }) })
    expect(elsewhere.area).toBe('')
    expect(searchKey({ searched: true, filters: filters({ host: 'a', area }) })).toBe(keys.search)
  })
})

describe('filterErrors', () => {
  const valid = filters({ host: 'oneatlas' })

  it('finds nothing wrong with valid filters', () => {
    expect(filterErrors(valid)).toEqual({})
    expect(
      filterErrors(
        filters({
          host: 'oneatlas',
          from: '2025-01-01',
          to: '2025-01-01',
          maxCloud: 0,
          minResolution: 0,
          maxResolution: 0,
          limit: 500,
          area: { kind: 'bbox', bbox: [1, 2, 3, 4] },
        }),
      ),
    ).toEqual({})
  })

  const cases: [string, Partial<SearchFilters>, FilterField][] = [
    ['a start date that is not a day', { from: '2025-02-30' }, 'dates'],
    ['an end date that is not a day', { to: '01/02/2025' }, 'dates'],
    ['a start after the end', { from: '2025-03-01', to: '2025-02-01' }, 'dates'],
    ['cloud above 100', { maxCloud: 101 }, 'maxCloud'],
    ['cloud below 0', { maxCloud: -1 }, 'maxCloud'],
    ['cloud not a number', { maxCloud: NaN }, 'maxCloud'],
    ['a negative resolution', { minResolution: -1 }, 'resolution'],
    ['a resolution not a number', { maxResolution: NaN }, 'resolution'],
    ['finest resolution above coarsest', { minResolution: 5, maxResolution: 1 }, 'resolution'],
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 501', { limit: 501 }, 'limit'],
    ['limit not whole', { limit: 2.5 }, 'limit'],
    ['an empty AOI', { area: { kind: 'aoi', polygons: [] } }, 'area'],
  ]

  it.each(cases)('reports %s on its field only', (_name, over, field) => {
    const errors = filterErrors({ ...valid, ...over })
    expect(Object.keys(errors)).toEqual([field])
    expect(errors[field]).toMatch(/\S/)
  })

  it('tells a badly written date from dates in the wrong order', () => {
    expect(filterErrors({ ...valid, from: 'x' }).dates).not.toBe(
      filterErrors({ ...valid, from: '2025-03-01', to: '2025-02-01' }).dates,
    )
  })

  it('reports every field at once', () => {
    const errors = filterErrors(
      filters({
        from: 'x',
        maxCloud: 200,
        minResolution: -3,
        limit: 0,
        area: { kind: 'aoi', polygons: [] },
      }),
    )
    expect(Object.keys(errors).sort()).toEqual(['area', 'dates', 'limit', 'maxCloud', 'resolution'])
  })
})

describe('searchableByHost', () => {
  it('groups searchable archive collections by their HOST provider, in title order', () => {
    const tasking = collection('phr-tasking', 'Pléiades Tasking', 'oneatlas', 'OPTICAL', { type: 'TASKING' })
    const noSearch = collection('basemap', 'Basemap', 'oneatlas', 'OPTICAL', {
      integrations: ['QUICKLOOK_AVAILABLE'],
    })
    const noHost = collection('orphan', 'Orphan', null, 'OPTICAL')
    const grouped = searchableByHost([spot, slc, tasking, phr, noSearch, gec, neo, noHost])
    expect([...grouped.keys()]).toEqual(['capellaspace', 'oneatlas'])
    expect(grouped.get('oneatlas')?.map((c) => c.name)).toEqual(['phr', 'pneo', 'spot'])
    expect(grouped.get('capellaspace')?.map((c) => c.name)).toEqual(['capella-gec', 'capella-slc'])
  })

  it('takes the host from the provider with the HOST role, not the first provider', () => {
    expect(hostOf(phr)).toBe('oneatlas')
    expect(phr.providers[0].name).toBe('producer-co')
    expect(searchableByHost([phr]).has('producer-co')).toBe(false)
  })

  it('gives an empty map when nothing is searchable', () => {
    expect(searchableByHost([]).size).toBe(0)
  })
})

describe('buildHostSearches', () => {
  const byHost = searchableByHost([phr, spot, gec, slc])

  it('builds one request for the host named, none for a host unknown', () => {
    expect(buildHostSearches(filters({ host: 'oneatlas' }), byHost).map((b) => b.host)).toEqual(['oneatlas'])
    expect(buildHostSearches(filters({ host: 'nowhere' }), byHost)).toEqual([])
  })

  it('builds one request per host, in the hosts’ order, when no host is named', () => {
    const built = buildHostSearches(filters({ maxCloud: 20 }), byHost)
    expect(built.map((b) => [b.host, b.body.collections])).toEqual([
      ['capellaspace', ['capella-gec', 'capella-slc']],
      ['oneatlas', ['phr', 'spot']],
    ])
    // What a host cannot apply is said per host: Capella is radar only.
    expect(built[0].notApplied.map((n) => n.field)).toEqual(['maxCloud'])
    expect(built[1].notApplied).toEqual([])
    expect(built[1].body.query).toEqual({ cloudCoverage: { lte: 20 } })
  })

  it('searches only the hosts that have a chosen collection', () => {
    const built = buildHostSearches(filters({ collections: ['spot'] }), byHost)
    expect(built.map((b) => [b.host, b.body.collections])).toEqual([['oneatlas', ['spot']]])
  })
})

describe('buildSearch', () => {
  const oneatlas = [phr, spot, neo]

  it('needs a host', () => {
    expect(() => buildSearch(filters(), oneatlas)).toThrow()
  })

  it('sends the chosen collections unique and sorted, dropping names not of the host', () => {
    const built = buildSearch(
      filters({ host: 'oneatlas', collections: ['spot', 'capella-gec', 'phr', 'spot'] }),
      oneatlas,
    )
    expect(built.host).toBe('oneatlas')
    expect(built.body.collections).toEqual(['phr', 'spot'])
  })

  it('sends every collection of the host when none is chosen', () => {
    expect(buildSearch(filters({ host: 'oneatlas' }), oneatlas).body.collections).toEqual([
      'phr',
      'pneo',
      'spot',
    ])
    // Chosen names that are all of another host count as none chosen.
    expect(
      buildSearch(filters({ host: 'oneatlas', collections: ['capella-gec'] }), oneatlas).body.collections,
    ).toEqual(['phr', 'pneo', 'spot'])
  })

  it('sends whole UTC days as the datetime interval, open at a missing end', () => {
    const dt = (from: string | null, to: string | null) =>
      buildSearch(filters({ host: 'oneatlas', from, to }), oneatlas).body.datetime
    expect(dt('2025-01-01', '2025-01-31')).toBe('2025-01-01T00:00:00Z/2025-01-31T23:59:59Z')
    expect(dt('2025-01-01', '2025-01-01')).toBe('2025-01-01T00:00:00Z/2025-01-01T23:59:59Z')
    expect(dt(null, '2025-01-31')).toBe('../2025-01-31T23:59:59Z')
    expect(dt('2025-01-01', null)).toBe('2025-01-01T00:00:00Z/..')
    expect(dt(null, null)).toBeUndefined()
    expect('datetime' in buildSearch(filters({ host: 'oneatlas' }), oneatlas).body).toBe(false)
  })

  it('passes the limit through', () => {
    expect(buildSearch(filters({ host: 'oneatlas', limit: 1 }), oneatlas).body.limit).toBe(1)
    expect(buildSearch(filters({ host: 'oneatlas', limit: 500 }), oneatlas).body.limit).toBe(500)
    expect(buildSearch(filters({ host: 'oneatlas' }), oneatlas).body.limit).toBe(DEFAULT_LIMIT)
  })

  it('sends the cloud limit as query.cloudCoverage.lte', () => {
    const built = buildSearch(filters({ host: 'oneatlas', maxCloud: 20 }), oneatlas)
    expect(built.body.query).toEqual({ cloudCoverage: { lte: 20 } })
    expect(built.notApplied).toEqual([])
    expect(buildSearch(filters({ host: 'oneatlas', maxCloud: 0 }), oneatlas).body.query).toEqual({
      cloudCoverage: { lte: 0 },
    })
  })

  it('does not send the cloud limit when every targeted collection is SAR, and says so', () => {
    const capella = [gec, slc]
    const all = buildSearch(filters({ host: 'capellaspace', maxCloud: 20 }), capella)
    expect(all.body.query).toBeUndefined()
    expect(all.notApplied).toHaveLength(1)
    expect(all.notApplied[0].field).toBe('maxCloud')
    expect(all.notApplied[0].reason).toContain('Capella GEC')
    expect(all.notApplied[0].reason).toContain('Capella SLC')

    // A SAR collection chosen from a host that also has optical ones.
    const mixed = [phr, oneatlasSar]
    const sarOnly = buildSearch(filters({ host: 'oneatlas', collections: ['tsx'], maxCloud: 20 }), mixed)
    expect(sarOnly.body.query).toBeUndefined()
    expect(sarOnly.notApplied.map((n) => n.field)).toEqual(['maxCloud'])
    expect(sarOnly.notApplied[0].reason).toContain('TerraSAR-X')
    expect(sarOnly.notApplied[0].reason).not.toContain('Pléiades')

    // Other query filters are still sent.
    const withRes = buildSearch(filters({ host: 'capellaspace', maxCloud: 20, maxResolution: 1 }), capella)
    expect(withRes.body.query).toEqual({ resolution: { lte: 1 } })
  })

  it('sends the cloud limit when at least one optical collection is targeted', () => {
    const mixed = [phr, oneatlasSar]
    for (const collections of [[], ['phr', 'tsx'], ['phr']]) {
      const built = buildSearch(filters({ host: 'oneatlas', collections, maxCloud: 30 }), mixed)
      expect(built.body.query, collections.join()).toEqual({ cloudCoverage: { lte: 30 } })
      expect(built.notApplied).toEqual([])
    }
  })

  it('sends resolution bounds with only the bounds given', () => {
    const q = (minResolution: number | null, maxResolution: number | null) =>
      buildSearch(filters({ host: 'oneatlas', minResolution, maxResolution }), oneatlas).body.query
    expect(q(0.5, 2)).toEqual({ resolution: { gte: 0.5, lte: 2 } })
    expect(q(0.5, null)).toEqual({ resolution: { gte: 0.5 } })
    expect(q(null, 2)).toEqual({ resolution: { lte: 2 } })
    expect(q(0, null)).toEqual({ resolution: { gte: 0 } })
    expect(q(null, null)).toBeUndefined()
  })

  it('sends cloud and resolution side by side in one query', () => {
    const built = buildSearch(filters({ host: 'oneatlas', maxCloud: 10, minResolution: 1 }), oneatlas)
    expect(built.body.query).toEqual({ cloudCoverage: { lte: 10 }, resolution: { gte: 1 } })
  })

  it('sends a bbox area as bbox and never intersects', () => {
    const built = buildSearch(
      filters({ host: 'oneatlas', area: { kind: 'bbox', bbox: [170, -5, -170, 5] } }),
      oneatlas,
    )
    expect(built.body.bbox).toEqual([170, -5, -170, 5])
    expect(built.body).not.toHaveProperty('intersects')
    expect(built.hull).toBe(false)
  })

  it('sends a one-polygon AOI as intersects and never bbox', () => {
    const aoi = poly(rect(12.4, 41.8, 12.6, 42), rect(12.45, 41.85, 12.5, 41.9))
    const built = buildSearch(filters({ host: 'oneatlas', area: { kind: 'aoi', polygons: [aoi] } }), oneatlas)
    expect(built.body.intersects).toEqual(aoi)
    expect(built.body).not.toHaveProperty('bbox')
    expect(built.hull).toBe(false)
  })

  it('sends an AOI split at the antimeridian as one box across it, not a hull around the globe', () => {
    const polygons = [poly(rect(179, 10, 180, 11)), poly(rect(-180, 10, -179, 11))]
    const built = buildSearch(filters({ host: 'oneatlas', area: { kind: 'aoi', polygons } }), oneatlas)
    expect(built.body).not.toHaveProperty('intersects')
    expect(built.body.bbox).toEqual([179, 10, -179, 11])
    expect(built.hull).toBe(true)
  })

  it('sends the convex hull of a several-polygon AOI as intersects', () => {
    const polygons = [
      poly(rect(0, 0, 1, 1)),
      poly([
        [3, 2],
        [4, 2.5],
        [3.5, 4],
        [3, 2],
      ]),
      poly(rect(-2, 3, -1.5, 3.5)),
    ]
    const built = buildSearch(filters({ host: 'oneatlas', area: { kind: 'aoi', polygons } }), oneatlas)
    expect(built.hull).toBe(true)
    expect(built.body).not.toHaveProperty('bbox')
    const hull = built.body.intersects
    expect(hull?.type).toBe('Polygon')
    if (!hull) return
    const hullPolygon: Polygon = { type: 'Polygon', coordinates: hull.coordinates }
    for (const p of polygons)
      for (const v of p.coordinates[0])
        expect(booleanPointInPolygon(point(v), hullPolygon), `vertex ${v.join(',')}`).toBe(true)
    // The hull is convex: every turn along its ring goes the same way.
    const ring = hull.coordinates[0]
    expect(ring[0]).toEqual(ring[ring.length - 1])
    const open = ring.slice(0, -1)
    const signs = open.map((a, i) => {
      const b = open[(i + 1) % open.length]
      const c = open[(i + 2) % open.length]
      return Math.sign((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]))
    })
    expect(new Set(signs.filter((s) => s !== 0)).size).toBe(1)
    // It is no bigger than it needs to be: its corners are corners of the AOI.
    const corners = new Set(polygons.flatMap((p) => p.coordinates[0].map((v) => v.join(','))))
    for (const v of open) expect(corners.has(v.join(','))).toBe(true)
  })

  it('sends no area when there is none', () => {
    const built = buildSearch(filters({ host: 'oneatlas' }), oneatlas)
    expect(built.body).not.toHaveProperty('bbox')
    expect(built.body).not.toHaveProperty('intersects')
    expect(built.hull).toBe(false)
  })

  it('sends only the keys the filters ask for', () => {
    expect(buildSearch(filters({ host: 'oneatlas' }), oneatlas).body).toEqual({
      limit: DEFAULT_LIMIT,
      collections: ['phr', 'pneo', 'spot'],
    })
  })
})

describe('viewBbox', () => {
  it('keeps a view inside −180…180 as it is', () => {
    expect(viewBbox([10, 20, 30, 40])).toEqual([10, 20, 30, 40])
    expect(viewBbox([-180, -10, 180, 10])).toEqual([-180, -10, 180, 10])
  })

  it('wraps longitudes of a view on another copy of the world', () => {
    expect(viewBbox([370, 0, 380, 10])).toEqual([10, 0, 20, 10])
    expect(viewBbox([-350, 0, -340, 10])).toEqual([10, 0, 20, 10])
    expect(viewBbox([190, 0, 540, 10])).toEqual([-170, 0, 180, 10])
  })

  it('gives west > east for a view across the antimeridian', () => {
    expect(viewBbox([170, -5, 190, 5])).toEqual([170, -5, -170, 5])
    expect(viewBbox([-190, -5, -170, 5])).toEqual([170, -5, -170, 5])
  })

  it('gives the whole world for a view 360° wide or wider', () => {
    expect(viewBbox([-200, -10, 200, 10])).toEqual([-180, -10, 180, 10])
    expect(viewBbox([0, -10, 360, 10])).toEqual([-180, -10, 180, 10])
    expect(viewBbox([-500, -100, 500, 100])).toEqual([-180, -90, 180, 90])
  })

  it('clamps latitudes to ±90', () => {
    expect(viewBbox([10, -95, 20, 95])).toEqual([10, -90, 20, 90])
  })

  it('keeps the east edge at 180 rather than −180', () => {
    expect(viewBbox([170, 0, 180, 10])).toEqual([170, 0, 180, 10])
    expect(viewBbox([530, 0, 540, 10])).toEqual([170, 0, 180, 10])
  })
})

describe('areaPolygons', () => {
  it('gives one rectangle for a bbox', () => {
    expect(areaPolygons({ kind: 'bbox', bbox: [1, 2, 3, 4] })).toEqual([poly(rect(1, 2, 3, 4))])
  })

  it('gives two rectangles for a bbox across the antimeridian', () => {
    expect(areaPolygons({ kind: 'bbox', bbox: [170, -5, -170, 5] })).toEqual([
      poly(rect(170, -5, 180, 5)),
      poly(rect(-180, -5, -170, 5)),
    ])
  })

  it('gives the polygons of an AOI, and none for no area', () => {
    const polygons = [poly(rect(1, 2, 3, 4)), poly(rect(5, 6, 7, 8))]
    expect(areaPolygons({ kind: 'aoi', polygons })).toEqual(polygons)
    expect(areaPolygons(null)).toEqual([])
  })
})

describe('loosenSuggestions and loosen', () => {
  const strict = filters({
    host: 'oneatlas',
    collections: ['phr'],
    from: '2025-01-01',
    to: null,
    maxCloud: 10,
    minResolution: 0.5,
    maxResolution: null,
    area: { kind: 'bbox', bbox: [1, 2, 3, 4] },
    limit: 50,
  })

  it('suggests every narrowing filter, most useful first', () => {
    const suggestions = loosenSuggestions(strict)
    expect(suggestions.map((s) => s.field)).toEqual(['maxCloud', 'dates', 'resolution', 'host', 'area'])
    expect(suggestions[0].label).toContain('10 %')
    expect(suggestions[1].label).toContain('2025-01-01 → today')
  })

  it('suggests nothing for the plainest search', () => {
    expect(loosenSuggestions(filters({ host: 'oneatlas' }))).toEqual([])
  })

  it('suggests each filter on its own', () => {
    const fields = (over: Partial<SearchFilters>) =>
      loosenSuggestions(filters({ host: 'oneatlas', ...over })).map((s) => s.field)
    expect(fields({ maxCloud: 0 })).toEqual(['maxCloud'])
    expect(fields({ to: '2025-02-01' })).toEqual(['dates'])
    expect(loosenSuggestions(filters({ to: '2025-02-01' }))[0].label).toContain('any → 2025-02-01')
    expect(fields({ maxResolution: 3 })).toEqual(['resolution'])
    expect(fields({ collections: ['phr'] })).toEqual(['host'])
    expect(fields({ area: { kind: 'aoi', polygons: [poly(rect(1, 2, 3, 4))] } })).toEqual(['area'])
  })

  it('loosens one field and keeps the others', () => {
    expect(loosen(strict, 'maxCloud')).toEqual({ ...strict, maxCloud: null })
    expect(loosen(strict, 'dates')).toEqual({ ...strict, from: null, to: null })
    expect(loosen(strict, 'resolution')).toEqual({ ...strict, minResolution: null, maxResolution: null })
    expect(loosen(strict, 'host')).toEqual({ ...strict, collections: [] })
    expect(loosen(strict, 'area')).toEqual({ ...strict, area: null })
    expect(loosen(strict, 'limit')).toEqual(strict)
  })

  it('leaves nothing to suggest for a field once loosened', () => {
    for (const { field } of loosenSuggestions(strict)) {
      const after = loosenSuggestions(loosen(strict, field)).map((s) => s.field)
      expect(after).not.toContain(field)
      expect(after).toHaveLength(4)
    }
  })

  it('does not change the filters it is given', () => {
    const copy = structuredClone(strict)
    loosen(strict, 'dates')
    loosen(strict, 'area')
    expect(strict).toEqual(copy)
  })
})

describe('searchFrame', () => {
  const aoi = { kind: 'aoi' as const, polygons: [poly(rect(2, 48, 3, 49))] }

  it('frames the AOI with the footprints of the scenes, multipolygons included', () => {
    const scenes = [
      poly(rect(1.5, 47.5, 2.5, 48.5)),
      { type: 'MultiPolygon' as const, coordinates: [rect(2.8, 48.8, 3.6, 49.4)].map((r) => [r]) },
    ]
    const frame = searchFrame(aoi, scenes)
    expect(frame?.map((x) => Math.round(x * 100) / 100)).toEqual([1.5, 47.5, 3.6, 49.4])
  })

  it('frames the AOI alone when no scene came back, and the scenes alone for a search anywhere', () => {
    expect(searchFrame(aoi, [])?.map((x) => Math.round(x))).toEqual([2, 48, 3, 49])
    expect(searchFrame(null, [poly(rect(10, 10, 11, 12))])).toEqual([10, 10, 11, 12])
    expect(searchFrame(null, [])).toBeNull()
  })

  it('leaves a search of the map view where the analyst framed it', () => {
    expect(searchFrame({ kind: 'bbox', bbox: [0, 0, 10, 10] }, [poly(rect(20, 20, 21, 21))])).toBeNull()
  })
})

describe('readSince', () => {
  const saved = {
    id: 's1',
    name: 'Ports',
    params: 'host=oneatlas&page=next:abc',
    requests: [],
    savedAt: '2026-11-01T00:00:00Z',
    lookedAt: '2026-11-02T00:00:00Z',
  }
  const paramsOf = (url: string) => new URL(url, 'https://console.test').searchParams

  it('reads the instant a saved search’s link carries, which is no part of the search itself', () => {
    const params = paramsOf(savedSearchLink({ ...saved, seenUpTo: '2026-11-05T12:00:00Z' }))
    expect(readSince(params)).toBe('2026-11-05T12:00:00Z')
    expect(writeCatalogView(readCatalogView(params)).toString()).toBe('host=oneatlas')
  })

  it('is none for a saved search that had found nothing, or a plain catalog link', () => {
    expect(readSince(paramsOf(savedSearchLink({ ...saved, seenUpTo: null })))).toBeNull()
    expect(readSince(new URLSearchParams('host=oneatlas'))).toBeNull()
  })

  it('is none for a value that is not an instant', () => {
    expect(readSince(new URLSearchParams('since='))).toBeNull()
    expect(readSince(new URLSearchParams('since=yesterday'))).toBeNull()
  })
})
