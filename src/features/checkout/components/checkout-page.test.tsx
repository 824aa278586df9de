// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { beforeEach, describe, expect, it } from 'vitest'
import { checkoutRoutes } from '../../../app/routes/checkout-routes'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { basketKey, useBasketStore, type BasketScene } from '../../../components/basket/basket-store'
import { renderWithConsole } from '../../../testing/render'
import { resetStores } from '../../../testing/stores'
import {
  acceptEveryLicence,
  createSimBackend,
  signedInConsole,
  type TestConsole,
} from '../../../testing/sim-backend'
import { useCheckoutStore } from '../checkout-store'
import type { CreateOrderRequest } from '../../../data/orders/placement'

/** Seeded scenes of a collection, as the catalog puts them in the basket. */
function scenesOf(c: TestConsole, collection: string, count: number): BasketScene[] {
  return c.backend.sim.runtime.world.scenes
    .filter((s) => s.feature.properties.collection === collection)
    .slice(0, count)
    .map((s) => ({
      id: s.feature.properties.id,
      host: s.host,
      collection,
      constellation: s.feature.properties.constellation,
      datetime: new Date(s.time).toISOString(),
      cloudCoverage: s.feature.properties.cloudCoverage ?? null,
      resolution: s.feature.properties.resolution ?? null,
      footprint: s.feature.geometry as Polygon,
    }))
}

const orderPosts = (c: TestConsole) =>
  c.backend.log.filter((e) => e.method === 'POST' && e.path === '/v2/orders')

const ordersNamed = (c: TestConsole, name: string) =>
  [...c.backend.sim.runtime.world.orders.values()].filter((r) => r.order.displayName === name)

async function open(c: TestConsole, at = '/checkout') {
  const r = await renderWithConsole((ctx) => checkoutRoutes(ctx), { at, console: c })
  await screen.findByRole('heading', { name: 'Checkout', level: 1 })
  return r
}

/** Accepts the Airbus licence inline, as the analyst does. */
async function acceptAirbus(user: ReturnType<typeof userEvent.setup>) {
  const gate = await screen.findByRole('article', { name: 'Airbus optical imagery license' })
  await user.click(within(gate).getByRole('checkbox', { name: /I have read/ }))
  await user.click(within(gate).getByRole('button', { name: 'Accept license' }))
  await waitFor(() =>
    expect(screen.queryByRole('article', { name: 'Airbus optical imagery license' })).toBeNull(),
  )
}

async function waitForTotal() {
  await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(/Total: [\d,]+ credits/))
}

async function reviewAndPlace(user: ReturnType<typeof userEvent.setup>, count: number) {
  await goToReview(user, `Review ${count} ${count === 1 ? 'order' : 'orders'}`)
  return screen.getByRole('button', { name: `Place ${count} ${count === 1 ? 'order' : 'orders'}` })
}

/** Review opens once every estimate has settled (an estimate being updated blocks it). */
async function goToReview(user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(async () => {
    const review = screen.queryByRole('button', { name })
    if (review) await user.click(review)
    expect(screen.getByRole('checkbox', { name: /I confirm placing/ })).toBeInTheDocument()
  })
  await user.click(screen.getByRole('checkbox', { name: /I confirm placing/ }))
}

beforeEach(() => {
  resetStores(useBasketStore, useCheckoutStore, useAoiStore)
})

describe('checkout', () => {
  it('shows a collection’s only data product as text, and offers a choice where there are several', async () => {
    const c = await signedInConsole()
    useBasketStore.getState().add([...scenesOf(c, 'spot', 1), ...scenesOf(c, 'phr', 1)])
    await open(c)
    const only = await screen.findByRole('group', { name: 'Data product' })
    expect(only).toHaveAccessibleDescription('The only orderable product of this collection')
    expect(within(only).getByTestId('only-choice-value')).toHaveTextContent('SPOT Display')
    // The line's header names the scene's day the console's way (the order name keeps its own default).
    expect(
      screen.getByRole('heading', { name: /^1\. SPOT · \d{1,2} [A-Z][a-z]{2} \d{4}$/ }),
    ).toBeInTheDocument()
    // Pléiades has two: a select, enabled.
    const choice = screen.getByLabelText('Data product', { selector: 'input' })
    expect(choice).toBeEnabled()
  })

  it('shows the license sanitised, accepts it inline, estimates each line and places one order per scene', async () => {
    const c = await signedInConsole()
    const scenes = scenesOf(c, 'phr', 2)
    useBasketStore.getState().add(scenes)
    const user = userEvent.setup()
    await open(c)

    // The Airbus licence has a new version the account has not accepted: its text is shown without its scripts.
    const gate = await screen.findByRole('article', { name: 'Airbus optical imagery license' })
    const doc = await within(gate).findByRole('document')
    expect(doc).toHaveTextContent('No resale of original imagery')
    expect(doc.querySelector('script')).toBeNull()
    expect(doc.innerHTML).not.toContain('onclick')
    await acceptAirbus(user)
    const accepted = c.backend.log.filter((e) => e.method === 'PATCH' && e.path.startsWith('/v2/eulas/'))
    expect(accepted.map((e) => [e.status, e.body])).toEqual([[200, { isAccepted: true }]])

    // Each line has its estimate, and the total is their sum.
    await waitForTotal()
    const lineCredits = screen
      .getAllByTestId('line-credits')
      .map((e) => Number(/^([\d,]+)/.exec(e.textContent ?? '')?.[1].replace(/,/g, '')))
    expect(lineCredits).toHaveLength(2)
    const total = lineCredits[0] + lineCredits[1]
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(
      `Total: ${total.toLocaleString('en-US')} credits`,
    )

    const place = await reviewAndPlace(user, 2)
    expect(screen.getByTestId('review-total')).toHaveTextContent(total.toLocaleString('en-US'))
    await user.click(place)
    // Each line leaves the checkout as soon as it is placed; the notice counts them.
    await screen.findByText('2 orders placed')
    const notice = screen.getByRole('status')
    expect(orderPosts(c).map((e) => e.status)).toEqual([202, 202])
    // What was sent: the scene id prefilled in params, the footprint as the one feature.
    const body = orderPosts(c)[0].body as {
      params: { id: string }
      featureCollection: { features: unknown[] }
    }
    expect(body.params.id).toBe(scenes[0].id)
    expect(body.featureCollection.features).toHaveLength(1)
    // Placed lines leave the basket; the links lead to the new orders.
    expect(useBasketStore.getState().scenes).toEqual([])
    const links = within(notice).getAllByRole('link')
    for (const link of links.slice(0, 2)) {
      const id = link.getAttribute('href')?.split('/').pop() ?? ''
      expect(c.backend.sim.runtime.world.orders.get(id)?.order.status).toBe('CREATED')
    }
  })

  it('links to a license document that is not text (a PDF) instead of showing it', async () => {
    const c = await signedInConsole()
    const served: string[] = []
    c.fetchLink = (url) => {
      served.push(url)
      return Promise.resolve(new Response('%PDF-1.7 …', { headers: { 'content-type': 'application/pdf' } }))
    }
    useBasketStore.getState().add(scenesOf(c, 'phr', 1))
    await open(c)
    const link = await screen.findByRole('link', { name: /Open “Airbus optical imagery license”/ })
    expect(link).toHaveAttribute('href', served[0])
    expect(link).toHaveAttribute('target', '_blank')
    expect(screen.queryByRole('document')).toBeNull()
  })

  it('sends one order per click: a double click on Place creates no duplicate', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 2))
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    const place = await reviewAndPlace(user, 2)
    await user.dblClick(place)
    await user.click(place)
    await screen.findByText('2 orders placed')
    expect(orderPosts(c)).toHaveLength(2)
  })

  it('never places a line twice when the page is left and opened again in the middle of a run', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 2))
    // Each creation takes a while, so the analyst leaves the page while the first one is out.
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', latencyMs: 400 }]
    const user = userEvent.setup()
    const first = await open(c)
    await waitForTotal()
    const place = await reviewAndPlace(user, 2)
    await user.click(place)
    await waitFor(() =>
      expect(c.backend.log.some((e) => e.method === 'POST' && e.path === '/v2/orders')).toBe(true),
    )
    first.unmount()
    await open(c)
    // The run goes on behind; the new page neither checks its lines as lost nor lets them be placed again.
    await screen.findByText('2 orders placed')
    expect(useBasketStore.getState().scenes).toEqual([])
    expect(orderPosts(c).map((e) => e.status)).toEqual([202, 202])
    expect(screen.queryByText(/no order was created/)).toBeNull()
  })

  it('finds the order a lost answer created instead of placing it twice', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const [scene] = scenesOf(c, 'spot', 1)
    useBasketStore.getState().add([scene])
    c.backend.sim.control.faults = [
      { path: '/v2/orders', method: 'POST', status: 503, after: true, times: 1 },
    ]
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Order name/ }).value
    await goToReview(user, 'Review 1 order')
    await user.click(screen.getByRole('button', { name: 'Place 1 order' }))
    await screen.findByText('1 order placed')
    // One POST, answered 503 although it took effect, then a look at the orders list: one order exists.
    expect(orderPosts(c).map((e) => e.status)).toEqual([503])
    expect(c.backend.log.some((e) => e.method === 'GET' && e.path === '/v2/orders')).toBe(true)
    expect(ordersNamed(c, name)).toHaveLength(1)
  })

  it('keeps a line sent before a reload "not known yet" until its late order shows, and never places it again', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const [scene] = scenesOf(c, 'spot', 1)
    useBasketStore.getState().add([scene])
    const first = await open(c)
    await waitForTotal()
    const estimate = c.backend.log.findLast((e) => e.method === 'POST' && e.path === '/v2/orders/estimate')
    const request = estimate?.body as CreateOrderRequest
    const workspaceId = c.session.currentWorkspace()?.id ?? ''
    first.unmount()

    // What a reload 1.5 s into a slow creation leaves: the attempt kept with its line, its request still at
    // work in the service, and this page never to get its answer.
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', latencyMs: 2500 }]
    const sent = c.client.POST('/v2/orders', { params: { query: { workspaceId } }, body: request })
    useCheckoutStore.getState().setPlacement(basketKey(scene), {
      kind: 'placing',
      attempt: {
        displayName: request.displayName,
        dataProductId: request.dataProduct,
        sceneId: scene.id,
        workspaceId,
        startedAt: new Date().toISOString(),
        before: [],
      },
    })
    await open(c)

    // The first look finds nothing, yet the line stays "not known yet", with the time since it was sent,
    // and cannot be changed or placed again meanwhile.
    expect(await screen.findByText('Not known yet — checking')).toBeInTheDocument()
    expect(screen.getByTestId('outcome-elapsed')).toHaveTextContent(/Sent \d+ s ago/)
    expect(screen.getByRole('textbox', { name: /Order name/ })).toBeDisabled()
    await screen.findByText('1 order placed')
    await sent
    expect(orderPosts(c)).toHaveLength(1)
    expect(ordersNamed(c, request.displayName)).toHaveLength(1)
    expect(screen.queryByText(/no order was created/)).toBeNull()
  })

  it('keeps a line that failed, filled, and says why', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    // A 500 before the route: nothing was created, but the console cannot know that without looking.
    c.backend.sim.control.faults = [{ path: '/v2/orders', method: 'POST', status: 500, times: 1 }]
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    const input = screen.getByRole('textbox', { name: /Order name/ })
    await user.clear(input)
    await user.type(input, 'Harbour survey')
    await waitForTotal()
    await goToReview(user, 'Review 1 order')
    await user.click(screen.getByRole('button', { name: 'Place 1 order' }))
    // A 500 may hide a created order: the console looked, found none, and says so.
    expect(await screen.findByText(/1 not placed/)).toBeInTheDocument()
    expect(ordersNamed(c, 'Harbour survey')).toHaveLength(0)
    await user.click(screen.getAllByRole('button', { name: 'Back to details' })[0])
    expect(screen.getByRole('textbox', { name: /Order name/ })).toHaveValue('Harbour survey')
    expect(screen.getByText('The service did not answer, and no order was created.')).toBeInTheDocument()
  })

  it('requires a budget while enforcement is on, and explains the refusal when enforcement changed meanwhile', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    // Enforcement goes on after the page read the settings: the service refuses, the console explains.
    for (const a of c.backend.sim.runtime.world.accounts.values())
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = true
    await goToReview(user, 'Review 1 order')
    await user.click(screen.getByRole('button', { name: 'Place 1 order' }))
    const alert = await screen.findByText('This account requires a budget on every order.')
    expect(alert).toBeInTheDocument()
    expect(orderPosts(c).map((e) => e.status)).toEqual([400])
    await user.click(screen.getByRole('button', { name: 'Change the budget' }))

    // The budget picker lists the active budgets with what they have left, and placing goes through.
    const picker = await screen.findByLabelText(/^Budget/, { selector: 'input' })
    await user.click(picker)
    const option = await screen.findByRole('option', {
      name: /Forest monitoring 2026 — [\d,]+ of 60,000 credits left/,
      // jsdom runs no transitions: the dropdown stays "hidden" to the accessibility tree while it opens.
      hidden: true,
    })
    await user.click(option)
    await goToReview(user, 'Review 1 order')
    await user.click(screen.getByRole('button', { name: 'Place 1 order' }))
    await screen.findByText('1 order placed')
    const last = orderPosts(c).at(-1)
    expect(last?.status).toBe(202)
    expect((last?.body as { budgetId?: string }).budgetId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('tells a user whose role cannot choose budgets to ask an administrator when the service requires one', async () => {
    // An administrator of the Enterprise account without the budget scope: may place, cannot see budgets.
    const backend = createSimBackend()
    const analyst = backend.sim.runtime.world.users.find((u) => u.email === 'analyst@swath.test')
    if (analyst) analyst.scopes = analyst.scopes.filter((s) => s !== 'budget.r')
    const c = await signedInConsole('analyst@swath.test', backend)
    acceptEveryLicence(c)
    for (const a of c.backend.sim.runtime.world.accounts.values())
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = true
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    await goToReview(user, 'Review 1 order')
    await user.click(screen.getByRole('button', { name: 'Place 1 order' }))
    expect(
      await screen.findByText(
        'Budget enforcement is on, and your role cannot choose budgets. Ask an account administrator to place these orders.',
      ),
    ).toBeInTheDocument()
    expect(orderPosts(c).map((e) => e.status)).toEqual([400])
    expect(screen.queryByLabelText(/^Budget/, { selector: 'input' })).toBeNull()
  })

  it('blocks the review until a budget is chosen when the settings say enforcement is on', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    for (const a of c.backend.sim.runtime.world.accounts.values())
      if (a.plan === 'ENTERPRISE') a.budgetSettings.enforcementEnabled = true
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    const user = userEvent.setup()
    await open(c)
    await screen.findByText(/Budget enforcement is on/)
    await waitForTotal()
    await user.click(screen.getByRole('button', { name: 'Review 1 order' }))
    expect(
      await screen.findByText('This account requires a budget on every order: choose one.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /I confirm placing/ })).toBeNull()
    expect(orderPosts(c)).toHaveLength(0)
  })

  it('tells the Viewer why the license stops the order, and shows no budget controls', async () => {
    const c = await signedInConsole('viewer@swath.test')
    useBasketStore.getState().add(scenesOf(c, 'phr', 1))
    const user = userEvent.setup()
    await open(c)
    expect(await screen.findByText('Your role cannot accept licenses')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept license' })).toBeNull()
    expect(screen.getByText(/Budgets: Your role \(Viewer\) cannot see budgets/)).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Budget/, { selector: 'input' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Review 1 order' }))
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').find((a) => a.textContent?.startsWith('Before reviewing:')),
      ).toHaveTextContent(/Accept the license “Airbus optical imagery license” first/),
    )
    expect(orderPosts(c)).toHaveLength(0)
  })

  it('says on the line why it needs attention, and stops saying so once the reason is gone', async () => {
    const c = await signedInConsole()
    useBasketStore.getState().add(scenesOf(c, 'phr', 1))
    const user = userEvent.setup()
    await open(c)
    const line = screen.getByRole('region', { name: /^1\. / })
    const badge = await within(line).findByText('Needs attention')
    await waitFor(() =>
      expect(badge.closest('[aria-describedby]')).toHaveAccessibleDescription(
        /Accept the license “Airbus optical imagery license” first\./,
      ),
    )
    expect(line).toHaveTextContent(
      /Needs attention: .*Accept the license “Airbus optical imagery license” first\./,
    )
    await acceptAirbus(user)
    expect(await within(line).findByText('Ready')).toBeInTheDocument()
    expect(line).not.toHaveTextContent('Needs attention')
  })

  it('shows accounts without the Enterprise plan no budget controls at all', async () => {
    const c = await signedInConsole('starter@swath.test')
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    await open(c)
    await waitForTotal()
    expect(screen.queryByRole('heading', { name: 'Budget' })).toBeNull()
    expect(screen.queryByText(/Budgets:/)).toBeNull()
  })

  it('shows the estimate’s per-feature error on its line with what to change', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const [scene] = scenesOf(c, 'spot', 1)
    useBasketStore.getState().add([scene])
    // An AOI far from the scene, chosen explicitly as the line's area.
    const away: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [150, -30],
          [150.1, -30],
          [150.1, -29.9],
          [150, -29.9],
          [150, -30],
        ],
      ],
    }
    useAoiStore.getState().setPolygons([away])
    const user = userEvent.setup()
    await open(c)
    await user.click(await screen.findByRole('radio', { name: /AOI \(/ }))
    const outside = await screen.findByText('AOI outside the scene')
    expect(outside.closest('[role="alert"]')).toHaveTextContent(
      /Choose “Whole scene”, or draw the AOI over this scene’s footprint/,
    )
    await user.click(screen.getByRole('radio', { name: 'Whole scene' }))
    await waitForTotal()
    expect(screen.queryByText('AOI outside the scene')).toBeNull()
  })

  it('keeps the AOI a line took when the AOI is redrawn elsewhere, and offers the new one', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const [scene] = scenesOf(c, 'spot', 1)
    useBasketStore.getState().add([scene])
    const taken = scene.footprint as Polygon
    useAoiStore.getState().setPolygons([taken])
    const user = userEvent.setup()
    await open(c)
    await waitForTotal()
    expect(screen.getByRole('radio', { name: /AOI \(/ })).toBeChecked()
    // The analyst redraws the AOI in another tab of the console: the prepared order keeps its area.
    const [w, s, e, n] = [0, 0, 0.05, 0.05]
    const redrawn: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    }
    act(() => useAoiStore.getState().setPolygons([redrawn]))
    const offer = await screen.findByRole('button', { name: /Use the AOI drawn since/ })
    expect(Object.values(useCheckoutStore.getState().drafts)[0]?.aoi).toEqual([taken])
    await user.click(offer)
    expect(Object.values(useCheckoutStore.getState().drafts)[0]?.aoi).toEqual([redrawn])
    expect(screen.queryByRole('button', { name: /Use the AOI drawn since/ })).toBeNull()
  })

  it('keeps the whole checkout across a reload', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    const user = userEvent.setup()
    const first = await open(c)
    const input = await screen.findByRole('textbox', { name: /Order name/ })
    await user.clear(input)
    await user.type(input, 'Kept across reloads')
    await user.type(screen.getByLabelText(/^Tags/, { selector: 'input' }), 'coast{Enter}')
    first.unmount()
    // What a reload reads back: the drafts in sessionStorage.
    const saved = JSON.parse(sessionStorage.getItem('swath.checkout') ?? '{}') as {
      state: { drafts: Record<string, { displayName?: string; tags?: string[] }> }
    }
    expect(Object.values(saved.state.drafts)).toEqual([
      expect.objectContaining({ displayName: 'Kept across reloads', tags: ['coast'] }),
    ])
    // A new page starts from nothing but what sessionStorage holds.
    const raw = sessionStorage.getItem('swath.checkout') ?? ''
    useCheckoutStore.setState({
      drafts: {},
      productLines: [],
      budgetId: null,
      step: 'edit',
      placed: [],
    })
    sessionStorage.setItem('swath.checkout', raw)
    await useCheckoutStore.persist.rehydrate()
    await open(c)
    expect(await screen.findByRole('textbox', { name: /Order name/ })).toHaveValue('Kept across reloads')
    expect(screen.getByText('coast')).toBeInTheDocument()
  })

  it('refuses a tag with characters tags cannot hold, and keeps the good ones', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    const user = userEvent.setup()
    await open(c)
    const tags = await screen.findByLabelText(/^Tags/, { selector: 'input' })
    await user.type(tags, 'ok-tag{Enter}')
    await user.type(tags, 'bad#tag{Enter}')
    expect(await screen.findByText(/“bad#tag” has characters a tag cannot hold/)).toBeInTheDocument()
    expect(Object.values(useCheckoutStore.getState().drafts)[0]?.tags).toEqual(['ok-tag'])
  })

  it('orders a scene by its id from a data product’s link, over the AOI', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const world = c.backend.sim.runtime.world
    const spot = world.collections.find((col) => col.name === 'spot')
    const productId = spot?.dataProducts.find((p) => p.id)?.id ?? ''
    const [scene] = scenesOf(c, 'spot', 1)
    useAoiStore.getState().setPolygons([scene.footprint as Polygon])
    const user = userEvent.setup()
    const r = await renderWithConsole((ctx) => checkoutRoutes(ctx), {
      at: `/checkout?product=${productId}`,
      console: c,
    })
    await screen.findByRole('heading', { name: /SPOT · a scene by its id/ })
    // The link is consumed: a reload does not add the line again.
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    expect(screen.getByRole('radio', { name: 'Whole scene' })).toBeDisabled()
    const id = await screen.findByRole('textbox', { name: /Image ID/ })
    await user.type(id, scene.id)
    await waitForTotal()
    await goToReview(user, 'Review 1 order')
    await user.click(screen.getByRole('button', { name: 'Place 1 order' }))
    await screen.findByText('1 order placed')
    const body = orderPosts(c)[0].body as { params: { id: string } }
    expect(body.params.id).toBe(scene.id)
    expect(useCheckoutStore.getState().productLines).toEqual([])
  })

  it('fills a line from a failed order (“Order again”): its scene, product, area, name and tags', async () => {
    const c = await signedInConsole()
    acceptEveryLicence(c)
    const record = [...c.backend.sim.runtime.world.orders.values()].find(
      (r) => r.order.status === 'PLACEMENT_FAILED' && r.order.type === 'ARCHIVE',
    )
    if (!record) throw new Error('the seed has no failed placement')
    const order = record.order
    const r = await renderWithConsole((ctx) => checkoutRoutes(ctx), {
      at: `/checkout?again=${order.id}`,
      console: c,
    })
    const notice = await screen.findByTestId('again-notice')
    expect(within(notice).getByRole('link', { name: order.displayName })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    )
    // The link is consumed: a reload does not add the line again.
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    expect(await screen.findByRole('textbox', { name: 'Order name' })).toHaveValue(order.displayName)
    const imageId = (order.orderDetails as { imageId: string }).imageId
    expect(await screen.findByRole('textbox', { name: /Image ID/ })).toHaveValue(imageId)
    expect(useCheckoutStore.getState().productLines).toHaveLength(1)
    const draft = Object.values(useCheckoutStore.getState().drafts)[0]
    expect(draft).toMatchObject({ dataProductId: order.dataProductId, tags: order.tags, area: 'aoi' })
    expect(draft.aoi?.[0]).toEqual((order.orderDetails as { aoi: Polygon }).aoi)
    await waitForTotal()
  })

  it('says what to do when the basket is empty', async () => {
    const c = await signedInConsole()
    await open(c)
    expect(screen.getByRole('heading', { name: 'Your basket is empty' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Search the catalog' })).toHaveAttribute('href', '/catalog')
  })

  it('tells the Viewer up front that the orders can be shared, not placed, and offers no Place button', async () => {
    const c = await signedInConsole('viewer@swath.test')
    acceptEveryLicence(c)
    useBasketStore.getState().add(scenesOf(c, 'spot', 1))
    const user = userEvent.setup()
    await open(c)
    // On the first render, before any detail is filled in: a calm note, not an error.
    const notice = screen.getByRole('note')
    expect(notice).toHaveTextContent('You can prepare these orders, not place them')
    expect(notice).toHaveTextContent(
      'Your role (Viewer) can look at orders but cannot place them: ask an account administrator or member.',
    )
    expect(
      within(notice).getByRole<HTMLInputElement>('textbox', { name: 'Link to this checkout' }).value,
    ).toMatch(/\/checkout\?shared=[\w-]+$/)
    await waitForTotal()
    await waitFor(async () => {
      const review = screen.queryByRole('button', { name: 'Review 1 order' })
      if (review) await user.click(review)
      expect(screen.getByRole('heading', { name: 'Review and place' })).toBeInTheDocument()
    })
    expect(screen.queryByRole('checkbox', { name: /I confirm placing/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Place/ })).toBeNull()
    expect(screen.getByText(/share the link at the top of the page/)).toBeInTheDocument()
    expect(orderPosts(c)).toHaveLength(0)
  })

  it('fills in the checkout a Viewer shared when an administrator opens the link', async () => {
    const viewer = await signedInConsole('viewer@swath.test')
    const shared = scenesOf(viewer, 'spot', 2)
    useBasketStore.getState().add(shared)
    const first = await open(viewer)
    const user = userEvent.setup()
    const line = screen.getByRole('region', { name: /^1\. / })
    const name = await within(line).findByRole('textbox', { name: /Order name/ })
    await user.clear(name)
    await user.type(name, 'Shared by Victor')
    const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Link to this checkout' })
    await waitFor(() =>
      expect(useCheckoutStore.getState().drafts[basketKey(shared[0])]?.displayName).toBe('Shared by Victor'),
    )
    const link = new URL(field().value)
    first.unmount()

    // Another tab: the administrator, with a scene of their own in the basket.
    resetStores(useBasketStore, useCheckoutStore, useAoiStore)
    const admin = await signedInConsole()
    acceptEveryLicence(admin)
    const own = scenesOf(admin, 'phr', 1)
    useBasketStore.getState().add(own)
    const r = await open(admin, link.pathname + link.search)
    expect(await screen.findByRole('status', { name: 'Filled in from a shared link' })).toBeInTheDocument()
    expect(useBasketStore.getState().scenes.map(basketKey)).toEqual([...own, ...shared].map(basketKey))
    const first2 = screen.getByRole('region', { name: /^2\. / })
    expect(await within(first2).findByRole('textbox', { name: /Order name/ })).toHaveValue('Shared by Victor')
    expect(screen.queryByRole('note')).toBeNull()
    await waitFor(() => expect(r.router.state.location.search).toBe(''))
    await waitForTotal()
    await goToReview(user, 'Review 3 orders')
    expect(screen.getByRole('button', { name: 'Place 3 orders' })).toBeInTheDocument()
  })

  it('shares a coverage plan’s scene with its part of the AOI: the reader estimates the same part', async () => {
    const viewer = await signedInConsole('viewer@swath.test')
    const [scene] = scenesOf(viewer, 'spot', 1)
    // The part a plan left this scene: a small box inside its footprint, at the link's six decimals.
    const ring = (scene.footprint as Polygon).coordinates[0]
    const x = Number(
      ((Math.min(...ring.map((p) => p[0])) + Math.max(...ring.map((p) => p[0]))) / 2).toFixed(4),
    )
    const y = Number(
      ((Math.min(...ring.map((p) => p[1])) + Math.max(...ring.map((p) => p[1]))) / 2).toFixed(4),
    )
    const part: Polygon[] = [
      {
        type: 'Polygon',
        coordinates: [
          [
            [x, y],
            [x + 0.01, y],
            [x + 0.01, y + 0.01],
            [x, y + 0.01],
            [x, y],
          ],
        ],
      },
    ]
    useBasketStore.getState().add([{ ...scene, part }])
    const first = await open(viewer)
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Link to this checkout' })
    const link = new URL(field.value)
    first.unmount()

    resetStores(useBasketStore, useCheckoutStore, useAoiStore)
    const admin = await signedInConsole()
    acceptEveryLicence(admin)
    await open(admin, link.pathname + link.search)
    expect(await screen.findByRole('status', { name: 'Filled in from a shared link' })).toBeInTheDocument()
    expect(useBasketStore.getState().scenes[0].part).toEqual(part)
    await waitForTotal()
    // The line is priced over the plan's part, not over the whole AOI or the scene.
    const estimates = admin.backend.log.filter((e) => e.path === '/v2/orders/estimate')
    expect(estimates.length).toBeGreaterThan(0)
    expect(JSON.stringify(estimates.at(-1)?.body)).toContain(JSON.stringify(part[0].coordinates[0][1]))
  })

  it("keeps the reader's own checkout when the link cannot be read, and says so", async () => {
    const c = await signedInConsole()
    const own = scenesOf(c, 'spot', 1)
    useBasketStore.getState().add(own)
    await open(c, '/checkout?shared=eyJraW5kIjoiY2hlY2tvdXQiLCJ2IjoxLCJz')
    const alert = await screen.findByRole('alert', { name: 'The shared link was not used' })
    expect(alert).toHaveTextContent(/could not be read: it may have been cut short/)
    expect(alert).toHaveTextContent(/Nothing was changed: your own checkout is as you left it/)
    expect(useBasketStore.getState().scenes.map(basketKey)).toEqual(own.map(basketKey))
    expect(screen.getByRole('region', { name: /^1\. / })).toBeInTheDocument()
  })
})
