import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../api/console-context'
import { jobNamesOptions, processListOptions } from '../../data/processing/queries'

/**
 * What a job is called on the storage pages (the job that made a result): its title, else its process's
 * title, as the budget records name jobs. Its short id only while those load or when they cannot be read.
 */
export function useJobName(id: string): string {
  const client = useApiClient()
  const jobs = useQuery(jobNamesOptions(client, [id]))
  const job = jobs.data?.find((j) => j.id === id)
  const processes = useQuery({
    ...processListOptions(client),
    enabled: !!job && !job.title,
    throwOnError: false,
  })
  const process = processes.data?.find((p) => p.id === job?.processId)
  return job?.title ?? process?.title ?? `job ${id.slice(0, 8)}`
}
