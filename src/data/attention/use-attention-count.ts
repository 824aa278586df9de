import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/console-context'
import { failedJobsCountOptions, failedOrdersCountOptions, type AttentionCounts } from './attention'
import { useDismissed } from './dismissed'

/** Failed orders and jobs not dismissed, together; null until both counts are known. */
export function useAttentionCount(): AttentionCounts | null {
  const client = useApiClient()
  const dismissedOrders = useDismissed((s) => s.orders)
  const dismissedJobs = useDismissed((s) => s.jobs)
  const orders = useQuery(failedOrdersCountOptions(client, dismissedOrders))
  const jobs = useQuery(failedJobsCountOptions(client, dismissedJobs))
  if (!orders.data || !jobs.data) return null
  return {
    count: orders.data.count + jobs.data.count,
    orders: orders.data.count,
    jobs: jobs.data.count,
  }
}
