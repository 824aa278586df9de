// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ok } from '../../../api/client'
import { decisionsRoutes } from '../../../app/routes/decisions-routes'
import { paths } from '../../../config/paths'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { decisionKeys } from '../../../data/decisions/keys'
import { formatUtc } from '../../../lib/format'
import { AOI_SOURCE, FOOTPRINTS_SOURCE } from '../map-layers'
import { advanceSignedIn, patches, waitingStudy } from '../../../testing/decisions'

// WebGL does not exist in jsdom: the map is the shared double, which keeps the props the page gives it.

/**
 * Opens the page with the browser's clock reading the simulator's (the seeded windows are placed on its
 * clock), or reading `now` when given.
 */
const open = (at: string, c?: TestConsole, now?: number) => {
  if (c) vi.useFakeTimers({ toFake: ['Date'], now: now ?? c.backend.sim.runtime.world.now() })
  return renderWithConsole((ctx) => [{ path: '/', children: decisionsRoutes(ctx) }], { at, console: c })
}

/** The study's option chosen through the API, as another tab would. */
const chooseAs = (c: TestConsole, id: string, optionId: string) =>
  ok(
    c.client.PATCH('/v2/tasking/feasibility-studies/{feasibility-study-id}', {
      params: { path: { 'feasibility-study-id': id } },
      body: { acceptedOptionId: optionId },
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  )

const footprints = () => map.props?.overlays?.find((o) => o.id === FOOTPRINTS_SOURCE)

describe('feasibility study page', () => {
  beforeEach(() => {
    map.props = null
  })

  it('compares the options side by side: a column each, the map and the time axis in step', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { study, order } = await waitingStudy(c)
    await open(paths.study(study.id), c)
    expect(await screen.findByRole('heading', { level: 1, name: 'Feasibility study' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: order.displayName })).toHaveAttribute(
      'href',
      paths.order(order.id),
    )
    expect(screen.getByText(/Medium: the acquisition is possible/)).toBeInTheDocument()
    expect(screen.getByText(/The options keep your parameters/)).toBeInTheDocument()
    expect(screen.getByText(/\d+ \w{3} 2026 \d\d:\d\d UTC – .* \(\d+ days\)/)).toBeInTheDocument()

    const table = screen.getByRole('table', { name: 'Options side by side' })
    const columns = within(table).getAllByRole('columnheader')
    expect(columns.map((h) => h.textContent)).toEqual(['Option 1', 'Option 2', 'Option 3'])
    const rowNames = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent)
    expect(rowNames).toEqual([
      'Description',
      'Window start',
      'Window end',
      'Window length',
      'Estimated credits',
      'Choose',
    ])
    const options = study.options ?? []
    for (const o of options) expect(within(table).getByText(o.description)).toBeInTheDocument()
    expect(within(table).getAllByRole('button', { name: /^Choose option \d$/ })).toHaveLength(3)

    // The time axis: the requested window as a reference lane, then one bar per option.
    const axis = screen.getByRole('group', { name: /Acquisition windows of the options/ })
    const bars = within(axis).getAllByRole('button')
    expect(bars).toHaveLength(4)
    expect(bars[0]).toHaveAccessibleName(/^Requested window: /)
    expect(within(axis).getByRole('button', { name: /^Option 2: .* credits$/ })).toBeInTheDocument()

    // The map: the order's area and the options' footprints, hover marked through feature-state.
    await waitFor(() => expect(footprints()?.data.features).toHaveLength(3))
    expect(map.props?.overlays?.[0]?.id).toBe(AOI_SOURCE)
    expect(map.props?.fit?.bbox).toHaveLength(4)
    await user.hover(within(table).getByText(options[1].description))
    await waitFor(() =>
      expect(footprints()?.states).toEqual([{ id: 1, state: { hover: true, selected: false } }]),
    )
    expect(columns[1]).toHaveAttribute('data-hovered')
    expect(within(axis).getByTestId('time-bar-option-1')).toHaveAttribute('data-hovered')
    // Hovering a footprint on the map lights its column up.
    act(() => map.props?.onOverlayHover?.(FOOTPRINTS_SOURCE, 2))
    await waitFor(() => expect(columns[2]).toHaveAttribute('data-hovered'))
    expect(columns[1]).not.toHaveAttribute('data-hovered')
    // And a bar of the time axis too.
    await user.hover(within(axis).getByTestId('time-bar-option-0'))
    await waitFor(() => expect(columns[0]).toHaveAttribute('data-hovered'))
  })

  it('chooses an option after a confirmation, once, and then shows the choice read-only; a quotation follows', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { study, order } = await waitingStudy(c)
    const option = study.options![1]
    await open(paths.study(study.id), c)
    await user.click(await screen.findByRole('button', { name: 'Choose option 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose option 2?' })
    expect(dialog).toHaveTextContent(
      'Choosing is final: the provider will quote this option; the other options are dropped.',
    )
    expect(dialog).toHaveTextContent(option.description)
    expect(patches(c, '/v2/tasking/feasibility-studies/')).toHaveLength(0)
    await user.dblClick(within(dialog).getByRole('button', { name: 'Choose option 2' }))

    const notice = await screen.findByRole('status', {
      name: /^You chose an option of this study on \d+ \w{3} \d{4} \d\d:\d\d UTC$/,
    })
    expect(notice).toHaveTextContent(option.description.replace(/^Option 2:\s*/, ''))
    // The option is named once, though the provider's description starts with its name too.
    expect(notice).toHaveTextContent(/^You chose an option of this study on .*UTCOption 2: [^O]/)
    expect(notice.textContent).not.toMatch(/Option 2: Option 2/)
    const sent = patches(c, '/v2/tasking/feasibility-studies/')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      path: `/v2/tasking/feasibility-studies/${study.id}`,
      status: 200,
      body: { acceptedOptionId: option.id },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByRole('button', { name: /^Choose option/ })).toBeNull()
    const table = screen.getByRole('table', { name: 'Options side by side' })
    expect(within(table).getAllByRole('columnheader')[1]).toHaveTextContent('Option 2Chosen')
    await waitFor(() => expect(notice).toHaveFocus())
    await waitFor(() =>
      expect(footprints()?.states).toContainEqual({ id: 1, state: { hover: false, selected: true } }),
    )

    // The provider quotes the chosen option an hour later on the service's clock.
    await advanceSignedIn(c, 3700)
    await user.click(within(notice).getByRole('link', { name: 'this order’s decisions' }))
    const inbox = await screen.findByRole('table', { name: 'Decisions' })
    const quotationLink = () => within(inbox).getByRole('link', { name: /^Quotation for / })
    await waitFor(() => expect(quotationLink()).toBeInTheDocument())
    const quotationRow = quotationLink().closest('tr')!
    expect(quotationRow).toHaveTextContent('Not decided')
    expect(quotationRow).toHaveTextContent(`${option.estimatedCredits?.toLocaleString('en-US')} credits`)
    await waitFor(() => expect(quotationRow).toHaveTextContent(order.displayName))
  })

  it('says so when someone chose first, shows their choice and refreshes as after a success', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { study } = await waitingStudy(c)
    const { queryClient } = await open(paths.study(study.id), c)
    // The navigation's count, and the orders' and budgets' resources, by their keys.
    const keys = [decisionKeys.pendingCount(), ['orders', 'probe'], ['budgets', 'probe']]
    for (const key of keys) queryClient.setQueryData(key, 1)
    await user.click(await screen.findByRole('button', { name: 'Choose option 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose option 1?' })
    // The same user chooses option 3 in another tab meanwhile: the page says it was theirs.
    await chooseAs(c, study.id, study.options![2].id)
    await user.click(within(dialog).getByRole('button', { name: 'Choose option 1' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This study was already decided')
    expect(alert).toHaveTextContent('You chose an option yourself before, in this tab or another')
    expect(alert).not.toHaveTextContent('Someone')
    expect(
      await screen.findByRole('status', { name: /^You chose an option of this study on/ }),
    ).toHaveTextContent(study.options![2].description)
    expect(screen.queryByRole('button', { name: /^Choose option/ })).toBeNull()
    expect(patches(c, '/v2/tasking/feasibility-studies/').map((r) => r.status)).toEqual([200, 400])
    await waitFor(() =>
      expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]),
    )
  })

  it('after a 503 that came although the choice was recorded: not known yet — checking, then yours, sent once', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { study } = await waitingStudy(c)
    await open(paths.study(study.id), c)
    const choose = await screen.findByRole('button', { name: 'Choose option 2' })
    c.backend.sim.control.faults = [
      { path: '/v2/tasking/feasibility-studies/*', method: 'PATCH', status: 503, after: true, times: 1 },
      // The read after is slow enough to be seen.
      { path: '/v2/tasking/feasibility-studies', method: 'GET', latencyMs: 800, times: 1 },
    ]
    await user.click(choose)
    const dialog = await screen.findByRole('dialog', { name: 'Choose option 2?' })
    await user.click(within(dialog).getByRole('button', { name: 'Choose option 2' }))
    const checking = await screen.findByRole('status', { name: 'Not known yet — checking' })
    expect(checking).toHaveTextContent(
      /Sent \d+ s ago; the service has not said whether the decision was recorded\./,
    )
    expect(checking).toHaveTextContent('Reading the feasibility study again every few seconds')
    expect(screen.queryByRole('button', { name: /^Choose option/ })).toBeNull()

    const notice = await screen.findByRole('status', { name: /^You chose an option of this study on / })
    expect(notice).toHaveTextContent(study.options![1].description.replace(/^Option 2:\s*/, ''))
    await waitFor(() => expect(notice).toHaveFocus())
    expect(screen.queryByRole('status', { name: 'Not known yet — checking' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/Someone chose an option before you/)).toBeNull()
    expect(screen.queryByRole('button', { name: /^Choose option/ })).toBeNull()
    expect(patches(c, '/v2/tasking/feasibility-studies/').map((r) => r.status)).toEqual([503])
    expect(c.backend.sim.runtime.world.studies.get(study.id)?.decision).toBe('ACCEPTED')
  })

  it('after a server error that decided nothing: checked, said so, and the options are offered again', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { study } = await waitingStudy(c)
    await open(paths.study(study.id), c)
    c.backend.sim.control.faults = [
      { path: '/v2/tasking/feasibility-studies/*', method: 'PATCH', status: 542, times: 1 },
    ]
    await user.click(await screen.findByRole('button', { name: 'Choose option 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose option 1?' })
    await user.click(within(dialog).getByRole('button', { name: 'Choose option 1' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The service ran into an error.')
    expect(alert).toHaveTextContent('Checked since: nothing was decided. Try again in a moment.')
    // Read again, it still waits: the options can be chosen, or the same one sent again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose option 1' })).toBeEnabled())
    expect(screen.queryByRole('status', { name: /^You chose/ })).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('status', { name: /^You chose an option of this study on / }),
    ).toHaveTextContent(study.options![0].description.replace(/^Option 1:\s*/, ''))
    expect(patches(c, '/v2/tasking/feasibility-studies/').map((r) => r.status)).toEqual([542, 200])
  })

  it('marks an option picked on the time axis in the table and on the map, by keyboard, until picked again', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const { study } = await waitingStudy(c)
    await open(paths.study(study.id), c)
    const table = await screen.findByRole('table', { name: 'Options side by side' })
    const columns = within(table).getAllByRole('columnheader')
    const axis = screen.getByRole('group', { name: /Acquisition windows of the options/ })
    const bar = within(axis).getByTestId('time-bar-option-2')
    await waitFor(() => expect(footprints()?.data.features).toHaveLength(3))

    act(() => bar.focus())
    await user.keyboard('{Enter}')
    expect(bar).toHaveAttribute('aria-pressed', 'true')
    // Focus moves on; the picked option stays marked.
    act(() => bar.blur())
    await waitFor(() => expect(columns[2]).toHaveAttribute('data-hovered'))
    expect(footprints()?.states).toEqual([{ id: 2, state: { hover: true, selected: false } }])
    // Hovering another option shows that one meanwhile, then the picked one again.
    await user.hover(within(table).getByText(study.options![0].description))
    await waitFor(() => expect(columns[0]).toHaveAttribute('data-hovered'))
    await user.unhover(table)
    await waitFor(() => expect(columns[2]).toHaveAttribute('data-hovered'))

    // Space on the picked bar unpicks it.
    act(() => bar.focus())
    await user.keyboard(' ')
    expect(bar).toHaveAttribute('aria-pressed', 'false')
    act(() => bar.blur())
    await waitFor(() => expect(columns[2]).not.toHaveAttribute('data-hovered'))
    expect(footprints()?.states).toEqual([])
  })

  it('shows a Viewer the options read-only, with why', async () => {
    const c = await signedInConsole('viewer@swath.test')
    const { study } = await waitingStudy(c)
    await open(paths.study(study.id), c)
    expect(await screen.findByRole('table', { name: 'Options side by side' })).toBeInTheDocument()
    expect(
      screen.getByText(/Your role \(Viewer\) can look at tasking decisions but cannot take them/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Choose option/ })).toBeNull()
  })

  it('lets a Member choose: the service notes keep Members from quotations only', async () => {
    const backend = createSimBackend()
    const users = backend.sim.runtime.world.users
    const viewer = users.find((u) => u.email === 'viewer@swath.test')!
    users.push({
      ...viewer,
      id: 'a1b2c3d4-0000-4000-8000-00000000beef',
      email: 'member@swath.test',
      role: 'MEMBER',
    })
    const c = await signedInConsole('member@swath.test', backend)
    const { study } = await waitingStudy(c)
    await open(paths.study(study.id), c)
    expect(await screen.findAllByRole('button', { name: /^Choose option \d$/ })).toHaveLength(3)
    expect(screen.queryByText(/Your role/)).toBeNull()
  })

  it('flags an option whose window has ended, offers no choice of it, and marks now on the time axis', async () => {
    const c = await signedInConsole()
    const { study } = await waitingStudy(c)
    const options = study.options ?? []
    const first = options[0]
    const now = Date.parse(first.acquisitionEnd!) + 3_600_000
    await open(paths.study(study.id), c, now)
    const table = await screen.findByRole('table', { name: 'Options side by side' })
    const ended = options.filter((o) => Date.parse(o.acquisitionEnd!) <= now)
    expect(
      within(table).getAllByText(
        `Its window ended on ${formatUtc(first.acquisitionEnd)}: it can no longer be acquired.`,
      ),
    ).toHaveLength(ended.length)
    expect(within(table).queryByRole('button', { name: 'Choose option 1' })).toBeNull()
    // Each option is offered exactly when its window is still open.
    options.forEach((o, i) => {
      const button = within(table).queryByRole('button', { name: `Choose option ${i + 1}` })
      if (Date.parse(o.acquisitionEnd!) > now) expect(button).toBeInTheDocument()
      else expect(button).toBeNull()
    })
    expect(within(table).getAllByText('Window ended: cannot be chosen')).toHaveLength(ended.length)
    const axis = screen.getByRole('group', { name: /Acquisition windows of the options/ })
    expect(within(axis).getByTestId('time-axis-now')).toHaveTextContent(`Now, ${formatUtc(now)}`)
  })

  it('says a study that failed to load, what to do, and shows it on Try again', async () => {
    const c = await signedInConsole()
    const { study } = await waitingStudy(c)
    c.backend.sim.control.faults = [{ path: '/v2/tasking/feasibility-studies', method: 'GET', status: 503 }]
    await open(paths.study(study.id), c)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The feasibility study failed to load' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All decisions' })).toHaveAttribute('href', paths.decisions())
    c.backend.sim.control.faults = []
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Options side by side' })).toBeInTheDocument()
  })

  it('says when there is no such study, with a way back to the inbox', async () => {
    await open(paths.study('00000000-0000-4000-8000-000000000000'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feasibility study not found' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All decisions' })).toHaveAttribute('href', paths.decisions())
  })
})
