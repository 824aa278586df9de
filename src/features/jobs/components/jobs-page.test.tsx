// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useQuery } from '@tanstack/react-query'
import { Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useApiClient } from '../../../api/console-context'
import { processingRoutes } from '../../../app/routes/processing-routes'
import { ACTIVE_JOB_STATUSES, activeJobsOptions } from '../../../data/processing/active-count'
import { processingKeys } from '../../../data/processing/keys'
import { renderWithConsole } from '../../../testing/render'
import type { TestConsole } from '../../../testing/sim-backend'

const open = (at: string, email?: string) =>
  renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], { at, email })

/** The last page of jobs the list asked for (not the one-job requests that find the total). */
const lastJobsQuery = (c: TestConsole) =>
  c.backend.log
    .filter((r) => r.method === 'GET' && r.path === '/v2/processing/jobs')
    .map((r) => new URLSearchParams(r.query))
    .filter((q) => q.get('limit') !== '1')
    .at(-1) ?? new URLSearchParams()

const table = () => screen.findByRole('table', { name: 'Jobs' })
const bodyRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)

/** What the navigation shows beside "Jobs": the same query as the shell's badge. */
function RunningCount() {
  const { data } = useQuery(activeJobsOptions(useApiClient()))
  return <output aria-label="Jobs running">{data ? String(data.count) : ''}</output>
}

const openWithCount = (at: string) =>
  renderWithConsole(
    (ctx) => [
      {
        path: '/',
        element: (
          <>
            <RunningCount />
            <Outlet />
          </>
        ),
        children: processingRoutes(ctx),
      },
    ],
    { at },
  )

describe('job monitor', () => {
  it('the navigation’s running count follows the jobs list as soon as it learns that jobs ended', async () => {
    const r = await openWithCount(`/jobs?status=${ACTIVE_JOB_STATUSES.join(',')}`)
    const count = () => screen.getByRole('status', { name: 'Jobs running' })
    await waitFor(() => expect(Number(count().textContent)).toBeGreaterThan(0))
    const running = await bodyRows()
    expect(running.length).toBe(Number(count().textContent))
    // Twenty simulated minutes pass: every job under way ends. The list learns it at its next poll (here, at once).
    r.console.backend.advance(20 * 60)
    await r.queryClient.refetchQueries({ queryKey: processingKeys.jobLists() })
    expect(await screen.findByText('No job matches these filters.')).toBeInTheDocument()
    await waitFor(() => expect(count()).toHaveTextContent(/^0$/))
  })

  it('the running count follows the unfiltered list too, where the jobs show as ended', async () => {
    const r = await openWithCount('/jobs')
    const count = () => screen.getByRole('status', { name: 'Jobs running' })
    await waitFor(() => expect(Number(count().textContent)).toBeGreaterThan(0))
    await bodyRows()
    r.console.backend.advance(20 * 60)
    await r.queryClient.refetchQueries({ queryKey: processingKeys.jobLists() })
    await waitFor(() => expect(count()).toHaveTextContent(/^0$/))
  })

  it('lists the account’s jobs newest first, with process titles, statuses and links', async () => {
    const r = await open('/jobs')
    const rows = await waitFor(async () => {
      const list = await bodyRows()
      expect(within(list[0]).getByRole('link').textContent).not.toMatch(/^[a-z-]+$/)
      return list
    })
    expect(rows.length).toBeGreaterThan(5)
    expect(lastJobsQuery(r.console).toString()).toBe('page=0&limit=20&sort=created%2Cdesc')
    const link = within(rows[0]).getByRole('link')
    expect(link.getAttribute('href')).toMatch(/^\/jobs\/[0-9a-f-]{36}$/)
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending')
  })

  it('sends every filter the way the contract says and keeps it in the URL', async () => {
    const r = await open(
      '/jobs?status=running,released&process=detection-ships-airbus&minDuration=60&sort=status,asc',
    )
    await table()
    expect(lastJobsQuery(r.console).toString()).toBe(
      'processId=detection-ships-airbus&status=running%2Creleased&minDuration=60&page=0&limit=20&sort=status%2Casc',
    )
    // The service applied it: only ships jobs in those statuses.
    for (const row of await bodyRows()) {
      expect(within(row).getByRole('link')).toHaveTextContent(/ship/i)
      expect(row).toHaveTextContent(/Running|Failed, credits released/)
    }
    // Sorting by credits from the header goes into the URL and the request.
    await userEvent.click(screen.getByRole('button', { name: /Credits/ }))
    await waitFor(() =>
      expect(r.router.state.location.search).toContain('sort=creditConsumption.credits%2Cdesc'),
    )
    await waitFor(() => expect(lastJobsQuery(r.console).get('sort')).toBe('creditConsumption.credits,desc'))
  })

  it('the duration filters are typed: no unnamed stepper buttons', async () => {
    await open('/jobs')
    const filters = await screen.findByRole('region', { name: 'Filter jobs' })
    expect(within(filters).getByLabelText('Ran at least (minutes)')).toBeInTheDocument()
    // Every button element, hidden ones included: Mantine's steppers are aria-hidden buttons with no name.
    for (const button of filters.querySelectorAll('button')) {
      expect(button).not.toHaveAttribute('aria-hidden')
      expect(button).toHaveAccessibleName()
    }
  })

  it('checks pasted IDs and the duration range before sending anything', async () => {
    const r = await open('/jobs?ids=not-a-job&minDuration=600&maxDuration=60')
    expect(await screen.findByText(/“not-a-job” is not a job ID/)).toBeInTheDocument()
    expect(screen.getByText(/shortest duration is longer than the longest/)).toBeInTheDocument()
    expect(screen.getByText('Nothing was sent')).toBeInTheDocument()
    expect(r.console.backend.log.filter((l) => l.path === '/v2/processing/jobs')).toHaveLength(0)
  })

  it('pages with previous and next only: the service says whether a next page exists, not how many', async () => {
    const user = userEvent.setup()
    const r = await open('/jobs?limit=10')
    const pages = await screen.findByRole('navigation', { name: 'Pages of jobs' })
    expect(within(pages).queryByRole('button', { name: /^Page \d/ })).toBeNull()
    expect(pages).toHaveTextContent('Page 1')
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    const next = within(pages).getByRole('button', { name: 'Next page' })
    await user.click(next)
    // The URL's page is 1-based, the request's 0-based.
    await waitFor(() => expect(lastJobsQuery(r.console).get('page')).toBe('1'))
    expect(new URLSearchParams(r.router.state.location.search).get('page')).toBe('2')
    await waitFor(() => expect(pages).toHaveTextContent('Page 2'))
    expect(next).toHaveFocus()
    await user.click(within(pages).getByRole('button', { name: 'Previous page' }))
    await waitFor(() => expect(lastJobsQuery(r.console).get('page')).toBe('0'))
  })

  it('says when nothing matches and offers to clear the filters', async () => {
    await open('/jobs?ids=00000000-0000-4000-8000-000000000000')
    expect(await screen.findByText('No job matches these filters.')).toBeInTheDocument()
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0])
    expect(await table()).toBeInTheDocument()
  })

  it('explains a failed job in plain words and links a successful one to its results', async () => {
    await open('/jobs?status=unlicensed')
    const row = (await bodyRows())[0]
    await userEvent.click(within(row).getByRole('link'))
    expect(await screen.findByText('Why the job stopped')).toBeInTheDocument()
    expect(screen.getByText(/license was not accepted.*Licenses page/)).toBeInTheDocument()
    // The reason once: not again in the service's words after it.
    expect(screen.getByRole('alert')).not.toHaveTextContent(/Accept the current document/)
  })

  it('gives the timeline no list numbers over its dots, and says once which steps have no time', async () => {
    await open('/jobs?status=captured')
    await userEvent.click(within((await bodyRows())[0]).getByRole('link'))
    const timeline = await screen.findByRole('list', { name: 'Job timeline' })
    expect(timeline).toHaveStyle({ listStyle: 'none' })
    expect(within(timeline).queryByText(/time not given/)).toBeNull()
    expect(screen.getAllByText(/time not given/)).toHaveLength(1)
    expect(screen.getByTestId('job-timeline-untimed')).toHaveTextContent(
      /^License checked, Inputs checked, Accepted.*: time not given\.$/,
    )
  })

  it('links a job that succeeded to its result collection in storage, and its inputs to their items', async () => {
    await open('/jobs?status=captured')
    await userEvent.click(within((await bodyRows())[0]).getByRole('link'))
    const results = await screen.findByRole('link', { name: 'Open the result collection' })
    expect(results.getAttribute('href')).toMatch(/^\/storage\/collections\/[0-9a-f-]{36}$/)
    const inputs = screen.getByRole('region', { name: 'Inputs' })
    // The item by its title from storage, its id beside it.
    const item = await within(inputs).findByRole('link', { name: /^(?!Item [0-9a-f]{8}$)./ })
    expect(item.getAttribute('href')).toMatch(/^\/storage\/collections\/[^/]+\/items\/[^/]+$/)
    expect(item.parentElement).toHaveTextContent(
      item.getAttribute('href')?.split('/').at(-1)?.slice(0, 8) ?? '-',
    )
    expect(screen.getByText(/^\d+ charged$/)).toBeInTheDocument()
    // The workspace by its name, as the account menu calls it.
    expect(screen.getByText('Main workspace')).toBeInTheDocument()
  })

  it('names a job by its title, its process under it, in the list and as the job page’s heading', async () => {
    await open('/jobs')
    const row = await waitFor(async () => {
      const found = (await bodyRows()).find((r) => r.textContent?.includes('Austin sharpened'))
      expect(found).toBeTruthy()
      return found as HTMLElement
    })
    // The job's name, and under it its process.
    expect(within(row).getByRole('link')).toHaveTextContent(/^Austin sharpened$/)
    expect(row).toHaveTextContent('Austin sharpenedPansharpening')
    await userEvent.click(within(row).getByRole('link', { name: 'Austin sharpened' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Austin sharpened' })).toBeInTheDocument()
    expect((await screen.findAllByText('Pansharpening')).length).toBeGreaterThan(0)
  })

  it('says a job is not found, rather than failing', async () => {
    await open('/jobs/00000000-0000-4000-8000-000000000000')
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument()
  })
})

describe('process catalog', () => {
  it('lists every process with its price rule, finds one, and describes its inputs in plain words', async () => {
    const r = await open('/processing')
    expect(await screen.findByRole('link', { name: 'Pansharpening' })).toBeInTheDocument()
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(9)
    await userEvent.type(screen.getByLabelText('Find a process'), 'ships')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pansharpening' })).toBeNull())
    expect(r.router.state.location.search).toBe('?q=ships')
    await userEvent.clear(screen.getByLabelText('Find a process'))
    await userEvent.click(await screen.findByRole('link', { name: 'Pansharpening' }))
    expect(await screen.findByRole('heading', { name: 'Pansharpening', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/one STAC item from your storage/)).toBeInTheDocument()
    expect(screen.getByText(/per km²/)).toBeInTheDocument()
    // The process's licence, through the shared gate.
    expect(await screen.findByRole('heading', { name: 'Licenses' })).toBeInTheDocument()
  })

  it('says a process does not exist, rather than failing', async () => {
    await open('/processing/no-such-process')
    expect(await screen.findByRole('heading', { name: 'Process not found' })).toBeInTheDocument()
  })

  it('tells the Viewer to ask an administrator to accept a process license', async () => {
    await open('/processing/pansharpening', 'viewer@swath.test')
    expect(await screen.findByRole('heading', { name: 'Pansharpening', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(document.body.textContent).toMatch(/administrator/i))
  })
})
