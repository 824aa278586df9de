import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient } from '../../api/console-context'
import { orderNamesOptions } from '../../data/orders/queries'

/**
 * The names of the orders that delivered what a storage page shows, by order id: one request for the lot.
 * Empty while they load or when they cannot be read; pages then name an order by its short id.
 */
export function useOrderNames(ids: readonly (string | null | undefined)[]): ReadonlyMap<string, string> {
  const client = useApiClient()
  const key = [...new Set(ids.filter((id): id is string => !!id))].sort().join(',')
  const sorted = useMemo(() => (key ? key.split(',') : []), [key])
  const q = useQuery({ ...orderNamesOptions(client, sorted), enabled: sorted.length > 0 })
  return useMemo(() => new Map((q.data ?? []).map((o) => [o.id, o.displayName])), [q.data])
}

/** An order in words: its name when known, else its short id. */
export const orderLabel = (id: string, name: string | undefined): string =>
  name ? `order “${name}”` : `order ${id.slice(0, 8)}`

/** A text the service wrote about an order (a collection's description) with the order's id as its name. */
export const withOrderName = (text: string, id: string, name: string | undefined): string =>
  name ? text.split(id).join(`“${name}”`) : text
