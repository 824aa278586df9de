import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient } from '../../../api/console-context'
import { searchOptions, type StacItem } from '../../../data/storage/queries'
import { imageryAssetOf } from '../../../data/storage/imagery/use-imagery'

/** How many items of the same place are offered to compare with: the first page of a storage search. */
export const COMPARE_LIMIT = 20

/**
 * What an item's imagery can be compared with: the other stored items whose footprints meet its own and that
 * carry a GeoTIFF, found by a storage search over its geometry (asked once the page offers the comparison).
 */
export function useCompareCandidates(item: StacItem) {
  const client = useApiClient()
  const geometry = item.geometry
  const q = useQuery({
    ...searchOptions(client, {
      intersects: geometry as NonNullable<typeof geometry>,
      limit: COMPARE_LIMIT,
    }),
    enabled: geometry !== null && geometry !== undefined,
  })
  const candidates = useMemo(
    () => (q.data?.features ?? []).filter((f) => f.id !== item.id && imageryAssetOf(f) !== null),
    [q.data, item.id],
  )
  return { candidates, loading: q.isLoading, error: q.error, retry: () => void q.refetch() }
}
