import { queryOptions } from '@tanstack/react-query'
import type { MultiPolygon, Polygon } from 'geojson'
import { ok, type ApiClient } from '../../api/client'
import { storageKeys } from './keys'
import type { StorageSearch } from './query'
import type { StacItem } from './queries'

/** Items per page of the search, and the most pages read: the newest 500 items of a place at most. */
export const AREA_PAGE = 100
export const AREA_PAGES = 5

export interface AreaItems {
  items: StacItem[]
  /** Whether the service had more than the pages read (the oldest ones were not read). */
  more: boolean
}

/** The area as the search's `intersects`: one polygon, or the polygons as one MultiPolygon. */
export function areaGeometry(polygons: readonly Polygon[]): Polygon | MultiPolygon {
  return polygons.length === 1
    ? polygons[0]
    : { type: 'MultiPolygon', coordinates: polygons.map((p) => p.coordinates) }
}

/** When the newest pages already hold what the reader needs: a test, and a key naming it for the cache. */
export interface Enough {
  key: string
  test: (items: readonly StacItem[]) => boolean
}

/**
 * Every stored item whose footprint meets an area, newest first: a storage search over the area read page by
 * page (the contract's zero-based `page` in the body) up to AREA_PAGES pages, or until `enough` says the pages
 * read suffice (a place with a thousand deliveries is not read whole for its newest dozen). One key per area
 * (and stopping rule), under the storage searches, so invalidating storage reaches it.
 */
export function areaItemsOptions(client: ApiClient, polygons: readonly Polygon[], enough?: Enough) {
  const body: StorageSearch = {
    intersects: areaGeometry(polygons),
    limit: AREA_PAGE,
    sortby: [{ field: 'datetime', direction: 'desc' }],
  }
  return queryOptions({
    queryKey: [...storageKeys.search(body), 'all-pages', enough?.key ?? null] as const,
    queryFn: async ({ signal }): Promise<AreaItems> => {
      const items: StacItem[] = []
      for (let page = 0; page < AREA_PAGES; page++) {
        const answer = await ok(client.POST('/v2/assets/stac/search', { body: { ...body, page }, signal }))
        items.push(...answer.features)
        const next = answer.links?.some((l) => l.rel === 'next') ?? false
        if (!next) return { items, more: false }
        if (enough?.test(items)) return { items, more: true }
      }
      return { items, more: true }
    },
    staleTime: 60_000,
    throwOnError: false,
  })
}
