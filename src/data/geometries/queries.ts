import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { ok, type ApiClient } from '../../api/client'
import type { components, paths } from '../../api/schema'
import { featureCollectionOf } from '../../lib/geojson'

export type SavedGeometry = components['schemas']['SavedGeometry']
export type GeometryListQuery = NonNullable<paths['/v2/spatial/geometries']['get']['parameters']['query']>

export const geometryKeys = {
  all: ['geometries'] as const,
  lists: () => [...geometryKeys.all, 'list'] as const,
  list: (q: GeometryListQuery) => [...geometryKeys.lists(), q] as const,
  detail: (id: string) => [...geometryKeys.all, 'detail', id] as const,
}

export function geometryListOptions(client: ApiClient, query: GeometryListQuery) {
  return queryOptions({
    queryKey: geometryKeys.list(query),
    queryFn: ({ signal }) => ok(client.GET('/v2/spatial/geometries', { params: { query }, signal })),
  })
}

const invalidate = (qc: QueryClient) => qc.invalidateQueries({ queryKey: geometryKeys.all })

export function createGeometryMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (v: { workspaceId: string; displayName: string; polygons: Polygon[] }) =>
      ok(
        client.POST('/v2/spatial/geometries', {
          params: { query: { workspaceId: v.workspaceId } },
          body: { displayName: v.displayName, featureCollection: featureCollectionOf(v.polygons) },
        }),
      ),
    onSuccess: () => invalidate(qc),
  })
}

/** Merge-patch: a new name, a new shape, or both. */
export function patchGeometryMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: (v: { id: string; displayName?: string; polygons?: Polygon[] }) =>
      ok(
        client.PATCH('/v2/spatial/geometries/{geometry-id}', {
          params: { path: { 'geometry-id': v.id } },
          body: {
            ...(v.displayName !== undefined ? { displayName: v.displayName } : {}),
            ...(v.polygons ? { featureCollection: featureCollectionOf(v.polygons) } : {}),
          },
          headers: { 'content-type': 'application/merge-patch+json' },
        }),
      ),
    onSuccess: () => invalidate(qc),
  })
}

export function deleteGeometryMutation(client: ApiClient, qc: QueryClient) {
  return mutationOptions({
    mutationFn: async (id: string) => {
      await client.DELETE('/v2/spatial/geometries/{geometry-id}', { params: { path: { 'geometry-id': id } } })
    },
    onSuccess: () => invalidate(qc),
  })
}
