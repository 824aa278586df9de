// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ok } from '../../../api/client'
import { ordersRoutes } from '../../../app/routes/orders-routes'
import { mapView as map } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { DEMO_PASSWORD, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { formatCoveragePart } from '../words'
import { orderKeys } from '../../../data/orders/keys'
import type { Order } from '../../../data/orders/queries'

// WebGL does not exist in jsdom: the map is the shared double, which keeps the props the page gives it.

const open = (at: string, c?: TestConsole) =>
  renderWithConsole((ctx) => [{ path: '/', children: ordersRoutes(ctx) }], { at, console: c })

type SubStatus = NonNullable<Extract<Order['orderDetails'], { subStatus?: unknown }>['subStatus']>

const subOf = (o: Order) =>
  o.orderDetails && 'subStatus' in o.orderDetails ? o.orderDetails.subStatus : undefined

/**
 * A seeded tasking order of the analyst's account at `status` and `subStatus`, read through the API (the
 * seed's names vary with its size; the situations do not). `coverage`: only one whose coverage answers.
 */
async function seededTasking(
  c: TestConsole,
  status: Order['status'] | null,
  subStatus: SubStatus,
  coverage = false,
): Promise<Order> {
  const page = await ok(
    c.client.GET('/v2/orders', {
      params: {
        query: {
          type: 'TASKING',
          ...(status ? { status: [status] } : {}),
          subStatus: [subStatus],
          size: 100,
        },
      },
    }),
  )
  for (const order of page.content) {
    if (subOf(order) !== subStatus) continue
    if (!coverage) return order
    // The client throws an ApiError for the 404 of an order with nothing delivered.
    const answered = await ok(
      c.client.GET('/v2/coverage/orders/{order-id}', { params: { path: { 'order-id': order.id } } }),
    ).then(
      () => true,
      () => false,
    )
    if (answered) return order
  }
  throw new Error(
    `no seeded tasking order ${status ?? 'any'}/${subStatus}${coverage ? ' with coverage' : ''}`,
  )
}

/**
 * Accepts, through the API, the first waiting quotation the account can afford (the seed also has one that
 * costs more than the balance): its order turns BEING_FULFILLED, its first delivery due 6 h later.
 */
async function acceptQuotation(c: TestConsole): Promise<Order> {
  const page = await ok(
    c.client.GET('/v2/orders', {
      params: { query: { type: 'TASKING', subStatus: ['QUOTATION_WAITING_RESPONSE'], size: 100 } },
    }),
  )
  for (const order of page.content) {
    const quotations = await ok(
      c.client.GET('/v2/tasking/quotation', { params: { query: { orderId: order.id } } }),
    )
    const quotation = quotations.content.find((q) => q.decision === 'NOT_DECIDED')
    if (!quotation) continue
    // A refusal (402: more than the balance) is thrown by the client: try the next one.
    const accepted = await ok(
      c.client.PATCH('/v2/tasking/quotation/{quotation-id}', {
        params: { path: { 'quotation-id': quotation.id } },
        body: { decision: 'ACCEPTED' },
        headers: { 'content-type': 'application/merge-patch+json' },
      }),
    ).then(
      () => true,
      () => false,
    )
    if (accepted) return order
  }
  throw new Error('no waiting quotation could be accepted')
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name })
const stepsList = () => screen.getByRole('list', { name: 'Tasking steps' })
/** Each step's text, `*` after the one marked as current. */
const steps = () =>
  within(stepsList())
    .getAllByRole('listitem')
    .map((li) => `${li.textContent ?? ''}${li.getAttribute('aria-current') === 'step' ? '*' : ''}`)
const coverageSection = () => screen.getByRole('region', { name: 'Coverage' })

describe('tasking order page: study and quotation steps', () => {
  beforeEach(() => {
    map.props = null
  })

  it('waiting for the provider’s study: the first step is current, and the page says what comes next', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, null, 'FEASIBILITY_WAITING_UPLOAD')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(screen.getByRole('heading', { level: 2, name: 'Study and quotation' })).toBeInTheDocument()
    expect(steps()).toEqual([
      'Feasibility study — now*',
      'Choose an option — to come',
      'Quotation — to come',
      'Decide the quotation — to come',
      'Accepted — to come',
    ])
    expect(screen.getByText(/the provider studies whether the area can be acquired/)).toHaveTextContent(
      'this page refreshes by itself',
    )
    expect(screen.queryByRole('link', { name: 'Choose an option' })).not.toBeInTheDocument()
    // Not delivered: no coverage asked for.
    expect(screen.queryByRole('region', { name: 'Coverage' })).not.toBeInTheDocument()
    expect(c.backend.log.some((r) => r.path.startsWith('/v2/coverage/'))).toBe(false)
  })

  it('waiting for the analyst’s choice: a link to the decisions of this order', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, 'PLACED', 'FEASIBILITY_WAITING_RESPONSE')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(steps()).toEqual([
      'Feasibility study — done',
      'Choose an option — now*',
      'Quotation — to come',
      'Decide the quotation — to come',
      'Accepted — to come',
    ])
    expect(screen.getByRole('link', { name: 'Choose an option' })).toHaveAttribute(
      'href',
      `/decisions?order=${order.id}`,
    )
  })

  it('waiting for the quotation: until the order’s studies are read, the study steps read “done or not needed”', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, 'PLACED', 'QUOTATION_WAITING_UPLOAD')
    // The studies' answer held back: the page cannot know yet whether there was one.
    c.backend.sim.control.faults = [{ path: '/v2/tasking/feasibility-studies', method: 'GET', status: 500 }]
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(steps()).toEqual([
      'Feasibility study — done or not needed',
      'Choose an option — done or not needed',
      'Quotation — now*',
      'Decide the quotation — to come',
      'Accepted — to come',
    ])
    expect(screen.getByText(/the provider sends a quotation/)).toHaveTextContent(
      'this page refreshes by itself',
    )
    expect(
      screen.queryByRole('link', { name: /Decide the quotation|Choose an option/ }),
    ).not.toBeInTheDocument()
    expect(
      await screen.findByRole('alert', { name: /feasibility study could not be loaded/ }),
    ).toBeInTheDocument()
  })

  it('after a study: shows the chosen option (window, price, parameters, who and when) and links the study', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, 'PLACED', 'FEASIBILITY_WAITING_RESPONSE')
    const studies = await ok(
      c.client.GET('/v2/tasking/feasibility-studies', { params: { query: { orderId: order.id } } }),
    )
    const study = studies.content[0]
    const option = study?.options?.[1]
    if (!study || !option) throw new Error('no seeded study with two options')
    await ok(
      c.client.PATCH('/v2/tasking/feasibility-studies/{feasibility-study-id}', {
        params: { path: { 'feasibility-study-id': study.id } },
        body: { acceptedOptionId: option.id },
        headers: { 'content-type': 'application/merge-patch+json' },
      }),
    )
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    const facts = await screen.findByLabelText('The feasibility study')
    const text = facts.textContent ?? ''
    // The option is named once, however its description starts.
    expect(text).toContain(`Option 2: ${option.description.replace(/^Option 2:\s*/, '')}`)
    expect(text).not.toMatch(/Option 2: Option 2/)
    expect(text).toMatch(/Window\d+ \w{3} \d{4} \d\d:\d\d UTC – .* UTC \(\d+(\.\d)? days?\)/)
    if (option.estimatedCredits !== undefined)
      expect(text).toContain(`Estimated price${option.estimatedCredits.toLocaleString('en-US')} credits`)
    expect(text).toMatch(/Parameters.*parameters/)
    expect(text).toMatch(/Chosenby you on \d+ \w{3} \d{4}/)
    expect(screen.getByRole('link', { name: 'Open the feasibility study' })).toHaveAttribute(
      'href',
      `/decisions/studies/${study.id}`,
    )
    // The study happened: its steps are done, not "done or not needed".
    await waitFor(() =>
      expect(steps().slice(0, 2)).toEqual(['Feasibility study — done', 'Choose an option — done']),
    )
  })

  it('waiting for the analyst’s decision: a link to decide the quotation, its price, and a link to it', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, 'PLACED', 'QUOTATION_WAITING_RESPONSE')
    const quotations = await ok(
      c.client.GET('/v2/tasking/quotation', { params: { query: { orderId: order.id } } }),
    )
    const quotation = quotations.content[0]
    if (!quotation) throw new Error('no seeded quotation')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(steps().filter((s) => s.endsWith('*'))).toEqual(['Decide the quotation — now*'])
    expect(steps()[2]).toBe('Quotation — done')
    expect(screen.getByRole('link', { name: 'Decide the quotation' })).toHaveAttribute(
      'href',
      `/decisions?order=${order.id}`,
    )
    const facts = await screen.findByLabelText('The quotation')
    expect(facts).toHaveTextContent(`Price${quotation.creditsPrice.toLocaleString('en-US')} credits`)
    expect(facts).toHaveTextContent('DecisionNot decided yet')
    expect(screen.getByRole('link', { name: 'Open the quotation' })).toHaveAttribute(
      'href',
      `/decisions/quotations/${quotation.id}`,
    )
  })

  it('a rejected quotation ends the steps on a failed “Rejected”, and no coverage is asked for', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, 'FAILED_PERMANENTLY', 'QUOTATION_REJECTED')
    const studies = await ok(
      c.client.GET('/v2/tasking/feasibility-studies', { params: { query: { orderId: order.id } } }),
    )
    const studied = studies.content.length > 0 ? 'done' : 'not needed'
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    // Once the order's studies are read, the page says whether it had one.
    await waitFor(() => expect(steps()[0]).toBe(`Feasibility study — ${studied}`))
    expect(steps()).toEqual([
      `Feasibility study — ${studied}`,
      `Choose an option — ${studied}`,
      'Quotation — done',
      'Decide the quotation — done',
      'Rejected — failed*',
    ])
    expect(screen.getByText(/The quotation was rejected/)).toBeInTheDocument()
    expect(await screen.findByLabelText('The quotation')).toHaveTextContent(/DecisionRejected by you on/)
    expect(screen.getByRole('link', { name: 'New tasking request' })).toHaveAttribute('href', '/tasking')
    expect(screen.queryByRole('region', { name: 'Coverage' })).not.toBeInTheDocument()
    expect(c.backend.log.some((r) => r.path.startsWith('/v2/coverage/'))).toBe(false)
  })

  it('fixed-price tasking (BlackSky) shows only the lifecycle, though the service gives it a sub-status', async () => {
    const c = await signedInConsole()
    const collection = await ok(
      c.client.GET('/v2/collections/{collection-name}', {
        params: { path: { 'collection-name': 'blacksky-tasking' } },
      }),
    )
    const productIds = collection.dataProducts.flatMap((p) => (p.id ? [p.id] : []))
    const page = await ok(
      c.client.GET('/v2/orders', {
        params: { query: { type: 'TASKING', status: ['FULFILLED'], dataProductIds: productIds, size: 1 } },
      }),
    )
    const order = page.content[0]
    if (!order) throw new Error('no seeded fulfilled BlackSky order')
    expect(order.orderDetails && 'subStatus' in order.orderDetails && order.orderDetails.subStatus).toBe(
      'QUOTATION_ACCEPTED',
    )
    const { queryClient } = await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(screen.getByRole('list', { name: 'Order lifecycle' })).toBeInTheDocument()
    // The steps wait for the glossary's word on the product; once it is in, they never show.
    await waitFor(() =>
      expect(c.backend.log.some((r) => r.path === '/v2/collections' && r.query.includes('TASKING'))).toBe(
        true,
      ),
    )
    // Until every query has its answer and the page has drawn it, not for a fixed time: a busy machine
    // takes longer than any sleep.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    await act(async () => {})
    expect(screen.queryByRole('list', { name: 'Tasking steps' })).not.toBeInTheDocument()
  })

  it('an archive order shows neither steps nor coverage', async () => {
    const c = await signedInConsole()
    const page = await ok(
      c.client.GET('/v2/orders', { params: { query: { type: 'ARCHIVE', status: ['FULFILLED'], size: 1 } } }),
    )
    const order = page.content[0]
    if (!order) throw new Error('no seeded fulfilled archive order')
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(screen.queryByRole('list', { name: 'Tasking steps' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Coverage' })).not.toBeInTheDocument()
    expect(c.backend.log.some((r) => r.path.startsWith('/v2/coverage/'))).toBe(false)
  })
})

describe('tasking order page: coverage', () => {
  beforeEach(() => {
    map.props = null
  })

  it('shows the figures of the service’s answer, a bar, and covered and remainder on the map', async () => {
    const c = await signedInConsole()
    const order = await seededTasking(c, 'BEING_FULFILLED', 'QUOTATION_ACCEPTED', true)
    const answer = await ok(
      c.client.GET('/v2/coverage/orders/{order-id}', { params: { path: { 'order-id': order.id } } }),
    )
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(steps().filter((s) => s.endsWith('*'))).toEqual(['Accepted — now*'])

    const section = coverageSection()
    const covered = formatCoveragePart(answer.covered)
    const remaining = formatCoveragePart(answer.remainder)
    expect(await within(section).findByText(covered)).toBeInTheDocument()
    expect(covered).toMatch(/^\d+(\.\d)? km² \(\d+(\.\d)? %\)$/)
    expect(within(section).getByText(remaining)).toBeInTheDocument()
    expect(
      within(section).getByRole('img', { name: /^Covered \d.* %, remaining \d.* %$/ }),
    ).toBeInTheDocument()
    expect(within(section).getByText(/More deliveries are to come/)).toBeInTheDocument()

    await waitFor(() =>
      expect(map.props?.overlays?.map((o) => o.id)).toEqual([
        'order-aoi',
        'order-covered',
        'order-remainder',
      ]),
    )
    const [, cov, rem] = map.props?.overlays ?? []
    expect(cov?.data.features.map((f) => f.geometry)).toEqual(
      answer.covered.geometry.features.map((f) => f.geometry),
    )
    expect(rem?.data.features.map((f) => f.geometry)).toEqual(
      answer.remainder.geometry.features.map((f) => f.geometry),
    )
    expect(cov?.data.features.length).toBeGreaterThan(0)
    expect(rem?.data.features.length).toBeGreaterThan(0)
    const legend = screen.getByRole('list', { name: 'Map legend' })
    expect(legend).toHaveTextContent('Covered by deliveries (green)')
    expect(legend).toHaveTextContent('Remaining (orange, dashed)')
  })

  it('says nothing is delivered before the first delivery, then shows it once one arrives', async () => {
    const c = await signedInConsole()
    const order = await acceptQuotation(c)
    const r = await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    expect(steps().filter((s) => s.endsWith('*'))).toEqual(['Accepted — now*'])
    expect(
      await within(coverageSection()).findByText(
        'No acquisition delivered yet — the first delivery arrives after the acquisition.',
      ),
    ).toBeInTheDocument()
    expect(map.props?.overlays?.map((o) => o.id)).toEqual(['order-aoi'])
    expect(screen.queryByRole('list', { name: 'Map legend' })).not.toBeInTheDocument()
    // Storage says nothing is delivered: coverage is not asked for, so no 404 in the browser's console.
    expect(c.backend.log.filter((e) => e.path.startsWith('/v2/coverage/'))).toEqual([])
    expect(
      c.backend.log.some((e) => e.path === '/v2/assets/stac/collections' && e.query.includes(order.id)),
    ).toBe(true)

    // The first delivery comes 6 h of simulated time after the acceptance; then the page asks again.
    c.backend.advance(6 * 3600 + 60)
    // Six hours outlive the session's refresh token (30 min): the analyst signs in again, as after a break.
    await c.session.signIn({ regionId: 'eu', email: 'analyst@swath.test', password: DEMO_PASSWORD })
    await r.queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) })
    const answer = await ok(
      c.client.GET('/v2/coverage/orders/{order-id}', { params: { path: { 'order-id': order.id } } }),
    )
    expect(answer.covered.percentage).toBeGreaterThan(0)
    expect(await within(coverageSection()).findByText(formatCoveragePart(answer.covered))).toBeInTheDocument()
    await waitFor(() =>
      expect(map.props?.overlays?.map((o) => o.id)).toEqual([
        'order-aoi',
        'order-covered',
        'order-remainder',
      ]),
    )
  })

  it('a failed coverage read shows an error with Retry, and Retry loads it', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const order = await seededTasking(c, 'FULFILLED', 'QUOTATION_ACCEPTED', true)
    c.backend.sim.control.faults = [{ path: '/v2/coverage/orders/*', method: 'GET', status: 500 }]
    await open(`/orders/${order.id}`, c)
    await heading(order.displayName)
    const section = coverageSection()
    const alert = await within(section).findByRole('alert')
    expect(alert).toHaveTextContent('The coverage could not be loaded')
    // The rest of the page is still there.
    expect(screen.getByRole('list', { name: 'Order lifecycle' })).toBeInTheDocument()

    c.backend.sim.control.faults = []
    await user.click(within(section).getByRole('button', { name: 'Retry' }))
    expect(await within(section).findByText(/The order is fulfilled/)).toBeInTheDocument()
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument()
    const answer = await ok(
      c.client.GET('/v2/coverage/orders/{order-id}', { params: { path: { 'order-id': order.id } } }),
    )
    expect(within(section).getByText(formatCoveragePart(answer.covered))).toBeInTheDocument()
    expect(within(section).getByText(formatCoveragePart(answer.remainder))).toBeInTheDocument()
  })
})
