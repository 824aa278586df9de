import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useApiClient } from '../../api/console-context'
import { coverageOptions, type Coverage, type Order } from '../../data/orders/queries'
import { showsCoverage } from './tasking-steps'

export type CoverageQuery = UseQueryResult<Coverage | null>

/** The order's coverage, asked for only when the order can have deliveries (see `showsCoverage`). */
export function useOrderCoverage(order: Order): CoverageQuery {
  const client = useApiClient()
  return useQuery({ ...coverageOptions(client, order), enabled: showsCoverage(order) })
}
