import { describe, expect, it } from 'vitest'
import {
  collectionQuery,
  collectionSearch,
  dataProductQuery,
  dataProductSearch,
  DEFAULT_COLLECTION_VIEW,
  DEFAULT_DATA_PRODUCT_VIEW,
  DEFAULT_PROVIDER_VIEW,
  providerQuery,
  providerSearch,
  readCollectionView,
  readDataProductView,
  readProviderView,
  type CollectionView,
  type DataProductView,
  type ProviderView,
} from './url-state'

const url = (search: string) => new URLSearchParams(search)

describe('collection view in the URL', () => {
  it('reads an empty URL as the default view, and writes the default view as an empty URL', () => {
    expect(readCollectionView(url(''))).toEqual(DEFAULT_COLLECTION_VIEW)
    expect(collectionSearch(DEFAULT_COLLECTION_VIEW).toString()).toBe('')
  })

  it('reads every part of a full URL', () => {
    const view = readCollectionView(
      url(
        'type=TASKING&integrations=QUOTATION_REQUIRED&integrations=FEASIBILITY_STUDY_REQUIRED&sort=name,desc&page=3&size=50',
      ),
    )
    expect(view).toEqual({
      type: 'TASKING',
      integrations: ['FEASIBILITY_STUDY_REQUIRED', 'QUOTATION_REQUIRED'],
      sort: 'name,desc',
      page: 3,
      size: 50,
    })
  })

  it.each<CollectionView>([
    DEFAULT_COLLECTION_VIEW,
    { ...DEFAULT_COLLECTION_VIEW, type: 'ARCHIVE' },
    { ...DEFAULT_COLLECTION_VIEW, integrations: ['SEARCH_AVAILABLE', 'THUMBNAIL_AVAILABLE'] },
    { type: 'TASKING', integrations: ['QUOTATION_REQUIRED'], sort: 'type,desc', page: 7, size: 100 },
    { ...DEFAULT_COLLECTION_VIEW, sort: 'title,desc', size: 10 },
  ])('survives a round trip through the URL: %j', (view) => {
    const search = collectionSearch(view).toString()
    expect(readCollectionView(url(search))).toEqual(view)
  })

  it('writes repeated integrations in one order, whatever order they were chosen in', () => {
    const a = collectionSearch({
      ...DEFAULT_COLLECTION_VIEW,
      integrations: ['QUICKLOOK_AVAILABLE', 'SEARCH_AVAILABLE'],
    })
    const b = collectionSearch({
      ...DEFAULT_COLLECTION_VIEW,
      integrations: ['SEARCH_AVAILABLE', 'QUICKLOOK_AVAILABLE'],
    })
    expect(a.toString()).toBe('integrations=SEARCH_AVAILABLE&integrations=QUICKLOOK_AVAILABLE')
    expect(b.toString()).toBe(a.toString())
  })

  it('maps the view to the API query: pages from 0, filters only when set', () => {
    expect(collectionQuery(DEFAULT_COLLECTION_VIEW)).toEqual({ page: 0, size: 20, sort: 'title,asc' })
    expect(
      collectionQuery({
        type: 'ARCHIVE',
        integrations: ['SEARCH_AVAILABLE'],
        sort: 'name,asc',
        page: 2,
        size: 10,
      }),
    ).toEqual({ type: 'ARCHIVE', integrations: ['SEARCH_AVAILABLE'], page: 1, size: 10, sort: 'name,asc' })
  })

  it('accepts friendly spellings: lower case, comma-joined lists, a sort without direction', () => {
    expect(
      readCollectionView(url('type=tasking&integrations=search_available,QUICKLOOK_AVAILABLE&sort=name')),
    ).toEqual({
      ...DEFAULT_COLLECTION_VIEW,
      type: 'TASKING',
      integrations: ['SEARCH_AVAILABLE', 'QUICKLOOK_AVAILABLE'],
      sort: 'name,asc',
    })
  })

  it('drops unknown and repeated integrations', () => {
    expect(
      readCollectionView(
        url('integrations=TELEPORTATION&integrations=SEARCH_AVAILABLE&integrations=SEARCH_AVAILABLE'),
      ).integrations,
    ).toEqual(['SEARCH_AVAILABLE'])
  })

  it.each([
    'type=SATELLITE',
    'type=',
    'sort=createdAt,desc',
    'sort=title,sideways',
    'sort=title,asc,name',
    'sort=,asc',
    'page=0',
    'page=-2',
    'page=2.5',
    'page=two',
    'page=1e3',
    'page=99999999999',
    'page=',
    'size=7',
    'size=1000',
    'size=-10',
    'size=abc',
    'integrations=',
    'foo=bar',
    '%E0%A4%A=1&page=%',
  ])('falls back to the defaults for %s', (search) => {
    expect(readCollectionView(url(search))).toEqual(DEFAULT_COLLECTION_VIEW)
  })

  it('keeps the good parts of a URL that also holds bad ones', () => {
    expect(readCollectionView(url('type=ARCHIVE&page=-1&size=50&sort=nonsense'))).toEqual({
      ...DEFAULT_COLLECTION_VIEW,
      type: 'ARCHIVE',
      size: 50,
    })
  })

  it('keeps the largest page the API can be asked for, and no larger', () => {
    expect(readCollectionView(url('page=2147483648')).page).toBe(2_147_483_648)
    expect(collectionQuery(readCollectionView(url('page=2147483648'))).page).toBe(2_147_483_647)
    expect(readCollectionView(url('page=2147483649')).page).toBe(1)
  })
})

describe('data product view in the URL', () => {
  it.each<DataProductView>([
    DEFAULT_DATA_PRODUCT_VIEW,
    { sort: 'collectionName,desc', page: 2, size: 10 },
    { sort: 'name,asc', page: 1, size: 100 },
  ])('survives a round trip through the URL: %j', (view) => {
    expect(readDataProductView(url(dataProductSearch(view).toString()))).toEqual(view)
  })

  it('maps the view to the API query', () => {
    expect(dataProductQuery({ sort: 'collectionName,asc', page: 4, size: 50 })).toEqual({
      sort: 'collectionName,asc',
      page: 3,
      size: 50,
    })
  })

  it('does not take a sort the data product list does not offer', () => {
    expect(readDataProductView(url('sort=type,asc')).sort).toBe('title,asc')
  })
})

describe('provider view in the URL', () => {
  it.each<ProviderView>([
    DEFAULT_PROVIDER_VIEW,
    { role: 'HOST', sort: 'title,desc', page: 1, size: 20 },
    { role: 'PRODUCER', sort: 'name,asc', page: 5, size: 10 },
  ])('survives a round trip through the URL: %j', (view) => {
    expect(readProviderView(url(providerSearch(view).toString()))).toEqual(view)
  })

  it('maps the view to the API query, with the role only when one is chosen', () => {
    expect(providerQuery(DEFAULT_PROVIDER_VIEW)).toEqual({ page: 0, size: 20, sort: 'title,asc' })
    expect(providerQuery({ ...DEFAULT_PROVIDER_VIEW, role: 'HOST' })).toEqual({
      role: 'HOST',
      page: 0,
      size: 20,
      sort: 'title,asc',
    })
  })

  it.each(['role=ADMIN', 'role=', 'sort=collectionName,asc', 'page=0&size=3'])(
    'falls back to the defaults for %s',
    (search) => {
      expect(readProviderView(url(search))).toEqual(DEFAULT_PROVIDER_VIEW)
    },
  )
})
