import './mantine-styles'
import { Alert, Box, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApiClient, useSession } from '../../../api/console-context'
import { isApiError, whatToDo } from '../../../api/errors'
import { Pager } from '../../../components/pager'
import { jobCountOptions, jobCountQuery } from '../../../data/processing/job-count'
import { hasNextPage, jobListOptions, processListOptions } from '../../../data/processing/queries'
import { JOB_PAGE_SIZES, hasJobFilters, clearedJobFilters, jobsQuery, jobsViewProblems } from '../url-state'
import { useJobsView } from '../use-jobs-view'
import { jobsStatusLine } from '../words'
import { JobFilters } from './job-filters'
import { JobsTable } from './jobs-table'

/** The job monitor: every job of the account, filtered, sorted and paged by the service; the view is the URL. */
export function JobsPage() {
  const client = useApiClient()
  const user = useSession().user
  const [view, update] = useJobsView()
  const problems = useMemo(() => jobsViewProblems(view), [view])
  const blocked = Object.keys(problems).length > 0
  const list = useQuery({
    ...jobListOptions(client, jobsQuery(view)),
    placeholderData: keepPreviousData,
    enabled: !blocked,
  })
  const processes = useQuery(processListOptions(client))
  const processOptions = useMemo(
    () => processes.data?.map((p) => ({ value: p.id, label: p.title })),
    [processes.data],
  )
  const processTitles = useMemo(() => new Map(processes.data?.map((p) => [p.id, p.title])), [processes.data])
  const workspaces = useMemo(
    () => user?.workspaces.map((w) => ({ value: w.id, label: w.name })) ?? [],
    [user],
  )
  // The list has no total: past one page, it is found with one-job pages (a few requests of one job each),
  // never by reading every page.
  const more = hasNextPage(list.data)
  const total = useQuery({
    ...jobCountOptions(client, jobCountQuery(jobsQuery(view))),
    enabled: !blocked && more && !list.isPlaceholderData,
  })
  const refused = isApiError(list.error) && list.error.status === 400 ? list.error : null
  const data = blocked ? undefined : list.data

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Jobs</Title>
        <Text c="dimmed">
          Processing jobs of the account. Jobs under way refresh on their own while this page is open.
        </Text>
      </div>
      <JobFilters
        view={view}
        onChange={update}
        errors={problems}
        processes={processOptions}
        workspaces={workspaces}
      />
      {blocked ? (
        <Alert color="yellow" title="Nothing was sent">
          <Text size="sm">Fix the filter marked above; the list is asked for once it can be answered.</Text>
        </Alert>
      ) : refused ? (
        <Alert color="red" title="The service refused these filters" role="alert">
          <Text size="sm">{refused.detail ?? refused.title}</Text>
          <Text size="sm">Change or clear the filters above.</Text>
        </Alert>
      ) : list.error && !data ? (
        <Alert
          color="red"
          title={isApiError(list.error) ? list.error.title : 'The jobs failed to load'}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{whatToDo(list.error)}</Text>
            <Button size="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !data ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading jobs">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : data.jobs.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>
              {view.page > 1
                ? `Page ${view.page} is past the last page of jobs.`
                : hasJobFilters(view)
                  ? 'No job matches these filters.'
                  : 'No jobs yet.'}
            </Text>
            {view.page > 1 ? (
              <Button size="xs" variant="default" onClick={() => update({ page: 1 })}>
                Go to the first page
              </Button>
            ) : hasJobFilters(view) ? (
              <Button size="xs" variant="default" onClick={() => update(clearedJobFilters(view))}>
                Clear filters
              </Button>
            ) : (
              <Text size="sm">Jobs started from a process or from an item in storage show here.</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Text role="status" size="sm">
              {jobsStatusLine(view.page, view.size, data.jobs.length, hasNextPage(data), total.data)}
            </Text>
            <Select
              label="Jobs per page"
              w={140}
              data={JOB_PAGE_SIZES.map(String)}
              value={String(view.size)}
              onChange={(v) => v && update({ size: Number(v) as (typeof JOB_PAGE_SIZES)[number] })}
              allowDeselect={false}
            />
          </Group>
          {list.error && (
            <Alert color="yellow" title="The list could not be refreshed">
              <Text size="sm">It shows the last answer. {whatToDo(list.error)}</Text>
            </Alert>
          )}
          <Box aria-busy={list.isPlaceholderData} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <JobsTable
              jobs={data.jobs}
              sort={view.sort}
              onSort={(sort) => update({ sort })}
              processTitles={processTitles}
            />
          </Box>
          <Pager
            things="jobs"
            page={view.page}
            hasNext={hasNextPage(data)}
            onPage={(page) => update({ page })}
          />
        </Stack>
      )}
    </Stack>
  )
}
