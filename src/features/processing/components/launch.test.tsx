// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { processingRoutes } from '../../../app/routes/processing-routes'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import { acceptEveryLicence, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { useLaunchStore } from '../launch-store'

/**
 * Launching a job against the in-process simulator (issue 16): items picked from storage, validation and price
 * as the form changes, the licence and budget gates, the review, and one job per click whatever happens to
 * the answer.
 */

type User = ReturnType<typeof userEvent.setup>

const PROCESS = 'detection-ships-airbus'

async function launchConsole(email?: string): Promise<TestConsole> {
  return signedInConsole(email)
}

async function open(c: TestConsole, at = `/processing/${PROCESS}`) {
  const r = await renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], {
    at,
    console: c,
  })
  await screen.findByRole('heading', { name: 'Run this process', level: 2 })
  // The form, once its draft has started.
  await screen.findByRole('textbox', { name: /^Title/ })
  return r
}

const executions = (c: TestConsole) =>
  c.backend.log.filter((e) => e.method === 'POST' && e.path.endsWith('/execution'))
const validations = (c: TestConsole) =>
  c.backend.log.filter((e) => e.method === 'POST' && e.path.endsWith('/validation'))
const jobsOf = (c: TestConsole) => [...c.backend.sim.runtime.world.jobs.values()].map((r) => r.job)

/** Picks the first item of the first collection through the picker, as an analyst would. */
async function pickItem(user: User, button = /^Choose item$/) {
  await user.click(await screen.findByRole('button', { name: button }))
  const dialog = await screen.findByRole('dialog')
  const collections = await within(dialog).findByRole('list', { name: 'Collections in your storage' })
  await user.click(within(collections).getAllByRole('button')[0])
  const items = await within(dialog).findByRole('list', { name: 'Items of the collection' })
  // Each item shows its footprint and date.
  expect(within(items).getAllByRole('img', { name: /^Footprint near/ }).length).toBeGreaterThan(0)
  await user.click(within(items).getAllByRole('button', { name: /^Choose / })[0])
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}

async function fillTitle(user: User, title: string) {
  const box = screen.getByRole('textbox', { name: /^Title/ })
  await user.clear(box)
  await user.type(box, title)
}

const price = () => screen.findByText(/^\d[\d,]* credits?$/, {}, { timeout: 10_000 })

/** An item picked, a title typed and the price read: what every run starts from. */
async function readyToRun(user: User, title: string) {
  await pickItem(user)
  await fillTitle(user, title)
  await price()
}

async function review(user: User) {
  await user.click(screen.getByRole('button', { name: 'Review and run…' }))
  return screen.findByRole('dialog', { name: /^Run / })
}

describe('launching a job', () => {
  it('picks an item, checks and prices the inputs, and starts one job after the review', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    const r = await open(c)
    await pickItem(user)
    // The chosen item is shown by its title and links to storage.
    await waitFor(() =>
      expect(
        screen.getAllByRole('link').some((l) => l.getAttribute('href')?.startsWith('/storage/collections/')),
      ).toBe(true),
    )
    expect(screen.queryByText('No item chosen yet.')).toBeNull()
    // And by the title of its collection, not the collection's id.
    expect(await screen.findByText(/ · in “[^”]+”$/)).toBeInTheDocument()
    expect(screen.queryByText(/collection [0-9a-f]{8}$/)).toBeNull()
    await fillTitle(user, 'Ships in the harbour')
    expect((await price()).textContent).toBe('30 credits')
    expect(screen.getByText(/a fixed price per job/)).toBeInTheDocument()
    // The validation asked about exactly what will be sent.
    const asked = validations(c).at(-1)?.body as { inputs: Record<string, unknown> }
    expect(asked.inputs).toMatchObject({ title: 'Ships in the harbour', sensitivity: 5 })
    expect(String(asked.inputs.item)).toMatch(/\/v2\/assets\/stac\/collections\/[^/]+\/items\/[^/]+$/)

    const dialog = await review(user)
    expect(dialog).toHaveTextContent('“Ships in the harbour” runs on 1 item from your storage')
    expect(dialog).toHaveTextContent('It costs 30 credits')
    // A link inside a sentence is underlined: it must not rest on its colour alone (axe, dark theme).
    const jobsLink = within(dialog).getByRole('link', { name: 'Jobs page' })
    expect(jobsLink).toHaveAttribute('href', '/jobs')
    expect(jobsLink).toHaveAttribute('data-underline', 'always')
    const before = jobsOf(c).length
    await user.click(within(dialog).getByRole('button', { name: 'Run job for 30 credits' }))
    await waitFor(() => expect(r.router.state.location.pathname).toMatch(/^\/jobs\/[0-9a-f-]{36}$/))
    expect(executions(c)).toHaveLength(1)
    expect(jobsOf(c)).toHaveLength(before + 1)
    const job = jobsOf(c).find((j) => r.router.state.location.pathname.endsWith(j.jobID))
    expect(job?.definition.inputs).toEqual(asked.inputs)
    // The draft is spent: the next visit starts a fresh form (the schema's defaults only).
    expect(useLaunchStore.getState().drafts[PROCESS]?.inputs ?? {}).toEqual({ sensitivity: 5 })
  })

  it('asks nothing about an empty form on opening, and checks the inputs once they are filled', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    await open(c)
    expect(await screen.findByText('Priced once the inputs are complete.')).toBeInTheDocument()
    expect(validations(c)).toHaveLength(0)
    await readyToRun(user, 'Filled')
    expect(validations(c).length).toBeGreaterThan(0)
    expect(validations(c).every((v) => v.status < 400)).toBe(true)
  })

  it('checks an unfinished form once “Review and run…” is pressed, and marks what is missing', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    await open(c)
    await fillTitle(user, 'No item yet')
    await screen.findByText('Priced once the inputs are complete.')
    expect(validations(c)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Review and run…' }))
    await waitFor(() => expect(validations(c)).toHaveLength(1))
    expect(await screen.findAllByText(/is required/)).not.toHaveLength(0)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows a 422 named error and a 400 schema error on their fields, and nothing runs meanwhile', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    await open(c)
    await pickItem(user)
    await fillTitle(user, 'x'.repeat(251))
    // 422 InvalidTitle, on the title.
    const title = screen.getByRole('textbox', { name: /^Title/ })
    await waitFor(
      () => expect(title).toHaveAccessibleDescription(/is too long: 251 characters, at most 250/),
      {
        timeout: 10_000,
      },
    )
    expect(validations(c).at(-1)?.status).toBe(422)
    await fillTitle(user, 'Ships')
    // 400 schema error, on the sensitivity.
    const sensitivity = screen.getByRole('textbox', { name: /^Sensitivity/ })
    await user.clear(sensitivity)
    await user.type(sensitivity, '11')
    await waitFor(() => expect(sensitivity).toHaveAccessibleDescription(/Sensitivity must be at most 10/), {
      timeout: 10_000,
    })
    expect(validations(c).at(-1)?.status).toBe(400)
    expect(screen.getByText('Priced once the inputs are accepted.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review and run…' }))
    expect(await screen.findByText('Change the inputs marked above.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(executions(c)).toHaveLength(0)
  })

  it('takes an item handed over from storage, and says when it is not in the account’s storage', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    const foreign = 'http://swath.test/api/v2/assets/stac/collections/nope/items/nothing'
    await open(c, `/processing/${PROCESS}?item=${encodeURIComponent(foreign)}`)
    await fillTitle(user, 'Ships')
    const button = screen.getByRole('button', { name: /^Change item$/ })
    await waitFor(
      () => expect(button).toHaveAccessibleDescription(/is not an item in your storage: choose one/),
      { timeout: 10_000 },
    )
    expect(validations(c).at(-1)?.status).toBe(422)
  })

  it('refuses an item handed over by a link that is not on the service’s own storage, saying so', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    const collectionId = 'c1'
    for (const elsewhere of [
      `https://evil.example/api/v2/assets/stac/collections/${collectionId}/items/i1`,
      `http://swath.test/elsewhere/v2/assets/stac/collections/${collectionId}/items/i1`,
      `http://user@swath.test/api/v2/assets/stac/collections/${collectionId}/items/i1`,
    ]) {
      resetStores(useLaunchStore)
      const page = await open(c, `/processing/${PROCESS}?item=${encodeURIComponent(elsewhere)}`)
      const alert = await screen.findByRole('alert', { name: 'The item in the link was not used' })
      expect(alert).toHaveTextContent(elsewhere.slice(0, 60))
      await fillTitle(user, 'Ships')
      // The form's item is still to choose, and nothing naming the other host went to the service.
      expect(screen.getByRole('button', { name: /^Choose item$/ })).toBeInTheDocument()
      expect(useLaunchStore.getState().drafts[PROCESS]?.inputs.item ?? null).toBeNull()
      expect(JSON.stringify(c.backend.log)).not.toContain('evil.example')
      page.unmount()
    }
  })

  it('keeps the filled form when the page is opened again without a hand-over', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    const item = 'http://swath.test/api/v2/assets/stac/collections/c1/items/i1'
    const first = await open(c, `/processing/${PROCESS}?item=${encodeURIComponent(item)}`)
    await fillTitle(user, 'Kept')
    first.unmount()
    // Back through the catalogue or the navigation: the same draft, not a fresh form.
    await open(c)
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Kept')
    expect(useLaunchStore.getState().drafts[PROCESS]?.inputs.item).toBe(item)
  })

  it('runs again with a job’s inputs', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const job = jobsOf(c).find((j) => j.processID === PROCESS)
    if (!job) throw new Error('the seed has a ships job')
    await open(c, `/processing/${PROCESS}?from=${job.jobID}`)
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue(
        String(job.definition.inputs.title),
      ),
    )
    expect(await price()).toBeInTheDocument()
  })

  it('blocks the run until the process license is accepted, and accepts it on the page', async () => {
    const c = await launchConsole()
    const user = userEvent.setup()
    await open(c)
    await readyToRun(user, 'Ships')
    await user.click(screen.getByRole('button', { name: 'Review and run…' }))
    expect(await screen.findByText(/Accept the process license above/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    // The shared licence gate accepts it here.
    const gate = screen.getByRole('region', { name: 'Licenses' })
    await user.click(within(gate).getByRole('checkbox'))
    await user.click(within(gate).getByRole('button', { name: /^Accept/ }))
    await waitFor(() => expect(screen.queryByText(/Accept the process license above/)).toBeNull())
    const dialog = await review(user)
    expect(dialog).toBeInTheDocument()
  })

  it('tells the Viewer up front that the job can be shared, not run, and offers no Run button', async () => {
    const c = await launchConsole('viewer@swath.test')
    acceptEveryLicence(c)
    const user = userEvent.setup()
    await open(c)
    // Before any input is filled in: a calm note at the top, not an error after the click.
    const notice = screen.getByRole('note')
    expect(notice).toHaveTextContent('You can prepare this job, not run it')
    expect(notice).toHaveTextContent(
      'Your role (Viewer) can look at processing jobs but cannot run them: ask an account administrator or member.',
    )
    expect(screen.queryByRole('button', { name: 'Review and run…' })).toBeNull()
    await readyToRun(user, 'Ships')
    // The price is still shown: the Viewer can say what the job would cost.
    expect(await price()).toBeInTheDocument()
    expect(screen.getByText(/Your role does not run jobs: share the link/)).toBeInTheDocument()
    expect(executions(c)).toHaveLength(0)
  })

  it('fills in the inputs a Viewer shared when an administrator opens the link', async () => {
    const viewer = await launchConsole('viewer@swath.test')
    const user = userEvent.setup()
    const first = await open(viewer)
    await readyToRun(user, 'Shared ships')
    const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Link to this job' })
    await waitFor(() => expect(useLaunchStore.getState().drafts[PROCESS]?.inputs.title).toBe('Shared ships'))
    const link = new URL(field().value)
    first.unmount()

    resetStores(useLaunchStore)
    const admin = await launchConsole()
    acceptEveryLicence(admin)
    const r = await open(admin, link.pathname + link.search)
    expect(await screen.findByRole('status', { name: 'Filled in from a shared link' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Shared ships')
    expect(screen.queryByRole('note')).toBeNull()
    await price()
    expect(await review(user)).toBeInTheDocument()
    expect(r.router.state.location.pathname).toBe(`/processing/${PROCESS}`)
  })

  it("keeps the reader's own inputs when the link cannot be read, and says so", async () => {
    const c = await launchConsole()
    await open(c, `/processing/${PROCESS}?shared=eyJraW5kIjoicHJvY2Vzcy`)
    const alert = await screen.findByRole('alert', { name: 'The shared link was not used' })
    expect(alert).toHaveTextContent(/could not be read: it may have been cut short/)
    expect(alert).toHaveTextContent(/Nothing was changed: your own inputs are as you left them/)
  })

  it('starts one job for a double click', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    c.backend.sim.control.faults = [
      { path: '/v2/processing/processes/*/execution', method: 'POST', latencyMs: 300 },
    ]
    const user = userEvent.setup()
    const r = await open(c)
    await readyToRun(user, 'Twice')
    const dialog = await review(user)
    const run = within(dialog).getByRole('button', { name: /^Run job for/ })
    await user.dblClick(run)
    await waitFor(() => expect(r.router.state.location.pathname).toMatch(/^\/jobs\//))
    expect(executions(c)).toHaveLength(1)
    expect(jobsOf(c).filter((j) => j.definition.inputs.title === 'Twice')).toHaveLength(1)
  })

  it('finds the job a lost answer started instead of starting another', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    c.backend.sim.control.faults = [
      { path: '/v2/processing/processes/*/execution', method: 'POST', status: 503, after: true, times: 1 },
    ]
    const user = userEvent.setup()
    const r = await open(c)
    await readyToRun(user, 'Lost answer')
    const dialog = await review(user)
    await user.click(within(dialog).getByRole('button', { name: /^Run job for/ }))
    await waitFor(() => expect(r.router.state.location.pathname).toMatch(/^\/jobs\//))
    const mine = jobsOf(c).filter((j) => j.definition.inputs.title === 'Lost answer')
    expect(mine).toHaveLength(1)
    expect(r.router.state.location.pathname).toBe(`/jobs/${mine[0].jobID}`)
    expect(executions(c).map((e) => e.status)).toEqual([503])
    expect(c.backend.log.some((e) => e.method === 'GET' && e.path === '/v2/processing/jobs')).toBe(true)
  })

  it('says no job started when the service failed before creating one, and lets the analyst run again', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    c.backend.sim.control.faults = [
      { path: '/v2/processing/processes/*/execution', method: 'POST', status: 500, times: 1 },
    ]
    const user = userEvent.setup()
    await open(c)
    await readyToRun(user, 'Failed once')
    const dialog = await review(user)
    await user.click(within(dialog).getByRole('button', { name: /^Run job for/ }))
    expect(await screen.findByText('No job was started')).toBeInTheDocument()
    expect(jobsOf(c).filter((j) => j.definition.inputs.title === 'Failed once')).toHaveLength(0)
    // The form kept everything.
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Failed once')
  })

  it('explains a budget refusal at the budget gate and an item gone since the check on its field', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const user = userEvent.setup()
    await open(c)
    await readyToRun(user, 'Refused')
    // Enforcement switched on after the page read the settings: the execution is refused with the budget problem.
    const account = [...c.backend.sim.runtime.world.accounts.values()].find((a) => a.plan === 'ENTERPRISE')
    if (!account) throw new Error('enterprise account')
    account.budgetSettings.enforcementEnabled = true
    let dialog = await review(user)
    await user.click(within(dialog).getByRole('button', { name: /^Run job for/ }))
    const gate = await screen.findByRole('region', { name: 'Budget' })
    expect(
      await within(gate).findByText('This account requires a budget on every order and job.'),
    ).toBeInTheDocument()
    account.budgetSettings.enforcementEnabled = false

    // The item's collection is deleted between the check and the run: the refusal lands on the item.
    const item = (validations(c).at(-1)?.body as { inputs: { item: string } }).inputs.item
    const collectionId = /collections\/([^/]+)\/items/.exec(item)?.[1] ?? ''
    c.backend.sim.runtime.world.stacCollections.delete(collectionId)
    dialog = await review(user)
    await user.click(within(dialog).getByRole('button', { name: /^Run job for/ }))
    expect(await screen.findByText('The service refused these inputs.')).toBeInTheDocument()
    const button = screen.getByRole('button', { name: /^Change item$/ })
    expect(button).toHaveAccessibleDescription(/is not an item in your storage/)
    expect(jobsOf(c).filter((j) => j.definition.inputs.title === 'Refused')).toHaveLength(0)
  })
})

describe('the price', () => {
  it('says when it could not be read and reads it again on Retry, and nothing runs without it', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    c.backend.sim.control.faults = [{ path: '/v2/processing/processes/*/cost', method: 'POST', status: 542 }]
    const user = userEvent.setup()
    await open(c)
    await pickItem(user)
    await fillTitle(user, 'Priced later')
    expect(
      await screen.findByText('The price could not be read', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Review and run…' }))
    expect(await screen.findByText('The price could not be read.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    c.backend.sim.control.faults = []
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await price()).textContent).toBe('30 credits')
  })
})

describe('a run a reload cut short', () => {
  it('is settled from the kept attempt when the page opens again, without sending it again', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const workspaceId = c.session.getSnapshot().user?.workspaces[0]?.id ?? ''
    const seeded = jobsOf(c).find((j) => j.processID === PROCESS)
    const item = String(seeded?.definition.inputs.item)
    const inputs = { title: 'Before the reload', item, sensitivity: 5 }
    const startedAt = new Date().toISOString()
    // The request went out just before the reload; its answer was lost with the page.
    const sent = await c.client.POST('/v2/processing/processes/{process-id}/execution', {
      params: { path: { 'process-id': PROCESS }, query: { workspaceId } },
      body: { inputs },
    })
    const jobId = sent.data?.jobID ?? ''
    useLaunchStore.getState().start(PROCESS, {
      inputs,
      budgetId: null,
      seed: 'from=&item=',
      run: { kind: 'placing', attempt: { processId: PROCESS, workspaceId, inputs, startedAt, before: [] } },
    })
    const postsBefore = executions(c).length
    const r = await renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], {
      at: `/processing/${PROCESS}`,
      console: c,
    })
    await waitFor(() => expect(r.router.state.location.pathname).toBe(`/jobs/${jobId}`))
    expect(executions(c)).toHaveLength(postsBefore)
    expect(jobsOf(c).filter((j) => j.definition.inputs.title === 'Before the reload')).toHaveLength(1)
  })
})

describe('hand-overs into the launch', () => {
  it('carries an item from storage through the catalog to the process chosen', async () => {
    const c = await launchConsole()
    acceptEveryLicence(c)
    const url = 'http://swath.test/api/v2/assets/stac/collections/c1/items/i1'
    await renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], {
      at: `/processing?item=${encodeURIComponent(url)}`,
      console: c,
    })
    expect(await screen.findByText(/its form starts with that item/)).toBeInTheDocument()
    const link = await screen.findByRole('link', { name: 'Ship detection (Airbus)' })
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('item')).toBe(url)
  })

  it('offers to run a job again, and shows what is known of its way', async () => {
    const c = await launchConsole()
    const job = jobsOf(c).find((j) => j.status === 'captured')
    if (!job) throw new Error('the seed has a finished job')
    await renderWithConsole((ctx) => [{ path: '/', children: processingRoutes(ctx) }], {
      at: `/jobs/${job.jobID}`,
      console: c,
    })
    const again = await screen.findByRole('link', { name: 'Run again with these inputs' })
    expect(again.getAttribute('href')).toBe(`/processing/${job.processID}?from=${job.jobID}`)
    const timeline = screen.getByRole('list', { name: 'Job timeline' })
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(steps[0]).toMatch(/^Created/)
    expect(steps.at(-1)).toMatch(/^Credits charged/)
  })
})
