import { useQueries, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/console-context'
import { dataProductListOptions } from '../glossary/queries'
import { orderListOptions } from '../orders/queries'
import { eulaDocumentsOptions, eulaListOptions, type Eula } from './queries'

/** How far back an order counts as the account relying on a licence. */
export const RELIED_ON_DAYS = 90

/**
 * The licences the account relied on lately (an order of the last 90 days was for one of their data products)
 * whose newer document it has not accepted yet (an older one was accepted): what the shell's banner names.
 * Reads the same keys as the licence pages, the checkout and the orders pages, so an acceptance or a new
 * order shows here at once. Cheap on purpose: versions are read only for unaccepted licences, and orders
 * (one newest order each) only for those with a new version.
 */
export function useReliedOnLicences(enabled: boolean, now: number): Eula[] {
  const client = useApiClient()
  const list = useQuery({
    ...eulaListOptions(client, { size: 100, sort: 'title,asc' }),
    enabled,
    // Providers publish rarely; a banner a few minutes late is fine, one that never comes is not.
    refetchInterval: 5 * 60_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  })
  const unaccepted = list.data?.content.filter((e) => !e.isAccepted) ?? []
  const versions = useQueries({
    queries: unaccepted.map((e) => ({ ...eulaDocumentsOptions(client, e.id), enabled })),
  })
  const newVersion = unaccepted.filter((_, i) =>
    versions[i]?.data?.content.some((d) => !d.isCurrent && d.isAccepted),
  )
  const products = useQuery({
    ...dataProductListOptions(client, { size: 1000 }),
    enabled: enabled && newVersion.length > 0,
    throwOnError: false,
  })
  const productIds = newVersion.map((e) =>
    (products.data?.content ?? []).flatMap((p) => (p.eulaId === e.id && p.id ? [p.id] : [])),
  )
  const latest = useQueries({
    queries: newVersion.map((_, i) => ({
      ...orderListOptions(client, { dataProductIds: productIds[i], size: 1, sort: 'createdAt,desc' }),
      enabled: enabled && productIds[i].length > 0,
      // The newest order changes only when one is placed, which refreshes the orders' keys anyway.
      refetchInterval: false as const,
    })),
  })
  const since = now - RELIED_ON_DAYS * 86_400_000
  return newVersion.filter((_, i) => {
    const newest = latest[i]?.data?.content[0]
    return newest !== undefined && Date.parse(newest.createdAt) >= since
  })
}
