import { bodyOrProblem } from '../http/body'
import { HttpError, problem } from '../http/errors'
import { parsePageQuery, springPage, type PageRequest } from '../http/paging'
import { queryList, type Api, type ApiContext, type SimRuntime } from '../http/runtime'
import { coverageOf } from '../domain/geometries/coverage'
import { chargeCredits } from '../domain/budgets/credits'
import { budgetProblem } from '../http/gates'
import { priceFeature } from '../domain/orders/pricing'
import {
  DECISION_DEFAULT_SORT,
  listQuotations,
  listStudies,
  QUOTATION_SORTABLE,
  STUDY_SORTABLE,
  type DecisionQuery,
} from '../domain/tasking/decision-list'
import { acceptOption, applyQuotationDecision, deliveredFootprints } from '../domain/tasking/flow'
import {
  difficultyOf,
  isWindow,
  parseWindow,
  studyRequired,
  type AcquisitionWindow,
} from '../domain/tasking/rules'
import {
  MAX_OPPORTUNITY_WINDOW_DAYS,
  opportunitiesFor,
  opportunitiesSupported,
} from '../domain/tasking/opportunities'
import type { S } from '../domain/world/types'
import type { World } from '../domain/world/world'

/**
 * The tasking area: feasibility requirement and opportunities for a prospective order, the quotation and
 * feasibility-study lists and decisions, and the coverage of a tasking order's deliveries. The flow that
 * creates studies, quotations and deliveries on the clock lives in domain/tasking/flow.ts.
 */

type CreateOrderRequest = S['CreateOrderRequest']
const badOrder = { slug: 'bad-order-request', title: 'Order request not valid' }

function badOrderRequest(instance: string, detail: string, errors: S['ProblemFieldError'][]): HttpError {
  return new HttpError(problem({ status: 400, ...badOrder, detail, instance, errors }))
}

/** The tasking collection of the requested data product; anything else is not a valid tasking request. */
function taskingCollection(world: World, body: CreateOrderRequest, instance: string): S['Collection'] {
  const found = world.dataProductById(body.dataProduct)
  if (!found)
    throw badOrderRequest(instance, `No data product ${body.dataProduct} exists.`, [
      { name: 'dataProduct', reason: 'is not a known data product' },
    ])
  if (found.collection.type !== 'TASKING') {
    throw badOrderRequest(
      instance,
      `Data product ${found.product.name} is an archive product; this endpoint is for tasking.`,
      [{ name: 'dataProduct', reason: 'is not a tasking data product' }],
    )
  }
  return found.collection
}

function windowOrThrow(body: CreateOrderRequest, instance: string): AcquisitionWindow {
  const w = parseWindow(body.params)
  if (!isWindow(w))
    throw badOrderRequest(instance, `The acquisition window is not valid: ${w.name} ${w.reason}.`, [w])
  return w
}

/** The orders area's per-feature rules (shape, self-intersection, tasking area limits): what is checked here can be ordered. */
function checkFeature(collection: S['Collection'], body: CreateOrderRequest, index: number) {
  return priceFeature(
    { type: 'TASKING', collectionName: collection.name, params: body.params },
    index,
    body.featureCollection.features[index].geometry,
  )
}

/** POST /v2/tasking/orders/feasibility: per feature, whether a study is needed, or its difficulty. */
async function postFeasibility(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const instance = c.req.path
  const body = await bodyOrProblem<CreateOrderRequest>(c.req.raw, 'CreateOrderRequest', badOrder)
  const collection = taskingCollection(world, body, instance)
  const window = windowOrThrow(body, instance)
  const span = window.end - window.start
  const out: S['FeasibilityRequirementResponse'] = { results: [], errors: [] }
  body.featureCollection.features.forEach((_, index) => {
    const check = checkFeature(collection, body, index)
    if (!check.ok) {
      out.errors.push(check.error)
      return
    }
    const sqKm = check.value.areaKm2
    const required = studyRequired(collection, sqKm, span)
    out.results.push(
      required
        ? { index, feasibilityStudyRequired: true }
        : { index, feasibilityStudyRequired: false, difficulty: difficultyOf(sqKm, span) },
    )
  })
  return c.json(out, 207)
}

/** POST /v2/tasking/orders/opportunities: per feature, the acquisitions a provider could make. */
async function postOpportunities(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const instance = c.req.path
  const body = await bodyOrProblem<CreateOrderRequest>(c.req.raw, 'CreateOrderRequest', badOrder)
  const collection = taskingCollection(world, body, instance)
  const window = windowOrThrow(body, instance)
  if (window.end - window.start > MAX_OPPORTUNITY_WINDOW_DAYS * 86_400_000) {
    throw badOrderRequest(
      instance,
      `Opportunities are listed for windows of up to ${MAX_OPPORTUNITY_WINDOW_DAYS} days.`,
      [
        {
          name: 'params.acquisitionEnd',
          reason: `must be at most ${MAX_OPPORTUNITY_WINDOW_DAYS} days after acquisitionStart`,
        },
      ],
    )
  }
  if (!opportunitiesSupported(collection.name)) {
    return problem({
      status: 501,
      slug: 'opportunities-not-implemented',
      title: 'Opportunities not implemented',
      detail: `The provider of ${collection.title} does not publish acquisition opportunities; place the order and wait for its quotation.`,
      instance,
    })
  }
  const out: S['OpportunitiesResponse'] = { results: [], errors: [] }
  body.featureCollection.features.forEach((_, index) => {
    const check = checkFeature(collection, body, index)
    if (!check.ok) out.errors.push(check.error)
    else
      out.results.push({
        index,
        opportunities: opportunitiesFor(
          collection.name,
          check.value.geometry,
          window,
          body.params,
          index,
          world.now(),
        ),
      })
  })
  return c.json(out, 207)
}

/**
 * A quotation or study list's query and page. The contract gives these lists no 400: bad paging falls back
 * to defaults and an unknown sort field to `createdAt,desc` (the filters' leniency is the area's rule).
 */
function decisionListQuery(
  c: ApiContext,
  sortable: readonly string[],
): { query: DecisionQuery; page: PageRequest } {
  const parsed = parsePageQuery((n) => c.req.query(n), {
    sortable,
    defaultSort: 'createdAt,desc',
    strict: false,
  })
  const parsedPage: PageRequest = parsed.ok ? parsed.value : { page: 0, size: 20 }
  const sort = parsedPage.sort ?? DECISION_DEFAULT_SORT
  const query: DecisionQuery = {
    accountId: c.get('account').id,
    ids: queryList(c, 'id', false),
    workspaceIds: queryList(c, 'workspaceId', false),
    orderIds: queryList(c, 'orderId', false),
    decisions: queryList(c, 'decision', false),
    sort,
  }
  // The envelope's page number is an int32: a larger page is clamped, which is simply past the end.
  return { query, page: { ...parsedPage, page: Math.min(parsedPage.page, 2 ** 31 - 1), sort } }
}

/** GET /v2/tasking/quotation */
function getQuotations(c: ApiContext, sim: SimRuntime): Response {
  const { query, page } = decisionListQuery(c, QUOTATION_SORTABLE)
  return c.json(springPage(listQuotations(sim.world, query), page))
}

/** GET /v2/tasking/feasibility-studies */
function getStudies(c: ApiContext, sim: SimRuntime): Response {
  const { query, page } = decisionListQuery(c, STUDY_SORTABLE)
  return c.json(springPage(listStudies(sim.world, query), page))
}

/** PATCH /v2/tasking/feasibility-studies/{feasibility-study-id}: the option chosen, once. */
async function patchStudy(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const instance = c.req.path
  const account = c.get('account')
  const study = world.studies.get(c.req.param('id') ?? '')
  if (!study || study.accountId !== account.id) {
    return problem({
      status: 404,
      slug: 'feasibility-study-not-found',
      title: 'Feasibility study not found',
      detail: `No feasibility study ${c.req.param('id')} exists in this account.`,
      instance,
    })
  }
  const body = await bodyOrProblem<S['FeasibilityStudyPatch']>(c.req.raw, 'FeasibilityStudyPatch')
  if (study.decision !== 'NOT_DECIDED') {
    return problem({
      status: 400,
      slug: 'feasibility-study-already-decided',
      title: 'Feasibility study already decided',
      detail: `This study was decided (${study.decision}) at ${study.decisionAt ?? 'an earlier time'}; an option can be chosen only once.`,
      instance,
      errors: [
        { name: 'decision', reason: 'an option can be chosen only while the decision is NOT_DECIDED' },
      ],
    })
  }
  const option = study.options?.find((o) => o.id === body.acceptedOptionId)
  if (!option) {
    return problem({
      status: 400,
      slug: 'feasibility-option-not-found',
      title: 'Option not proposed by this study',
      detail: `Option ${body.acceptedOptionId} is not one of the options of study ${study.id}.`,
      instance,
      errors: [{ name: 'acceptedOptionId', reason: 'is not an option of this study' }],
    })
  }
  acceptOption(world, study, option, c.get('user'))
  return c.json(study, 200)
}

/** PATCH /v2/tasking/quotation/{quotation-id}: accepted (charged to a budget) or rejected, once. */
async function patchQuotation(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const instance = c.req.path
  const account = c.get('account')
  const quotation = world.quotations.get(c.req.param('id') ?? '')
  const record =
    quotation && quotation.accountId === account.id ? world.orders.get(quotation.orderId) : undefined
  if (!quotation || !record || record.order.accountId !== account.id) {
    return problem({
      status: 404,
      slug: 'order-not-found',
      title: 'Order not found',
      detail: `No quotation ${c.req.param('id')} for an order of this account exists.`,
      instance,
    })
  }
  const body = await bodyOrProblem<S['QuotationPatch']>(c.req.raw, 'QuotationPatch')
  if (quotation.decision !== 'NOT_DECIDED') {
    return problem({
      status: 400,
      slug: 'quotation-already-decided',
      title: 'Quotation already decided',
      detail: `This quotation was ${quotation.decision.toLowerCase()} at ${quotation.decisionAt ?? 'an earlier time'}; it can be decided only once.`,
      instance,
      errors: [
        { name: 'decision', reason: 'a quotation can be decided only while its decision is NOT_DECIDED' },
      ],
    })
  }
  if (body.decision === 'ACCEPTED') {
    // A budget sent with the decision wins over the one the order was placed with.
    const budgetId = body.budgetId !== undefined ? body.budgetId : (record.order.budgetId ?? null)
    const gate = budgetProblem(world, account, budgetId, instance)
    if (gate) return gate
    if (!chargeCredits(world, account, quotation.creditsPrice, budgetId, { orderId: record.order.id })) {
      return problem({
        status: 402,
        slug: 'insufficient-credits',
        title: 'Insufficient credits',
        detail: `Accepting this quotation costs ${quotation.creditsPrice} credits; the account has ${account.creditBalance} available.`,
        instance,
      })
    }
    if (budgetId) record.order.budgetId = budgetId
  }
  applyQuotationDecision(world, quotation, record, body.decision, c.get('user'))
  return c.json(quotation, 200)
}

/** GET /v2/coverage/orders/{order-id}: how much of a tasking order's AOI its deliveries cover. */
function getCoverage(c: ApiContext, sim: SimRuntime): Response {
  const world = sim.world
  const record = world.orders.get(c.req.param('orderId') ?? '')
  const account = c.get('account')
  const notFound = (detail: string) =>
    problem({
      status: 404,
      slug: 'coverage-not-found',
      title: 'Coverage not available',
      detail,
      instance: c.req.path,
    })
  if (!record || record.order.accountId !== account.id)
    return notFound(`No order ${c.req.param('orderId')} exists in this account.`)
  if (record.order.type !== 'TASKING') return notFound('Coverage is available for tasking orders only.')
  const delivered = deliveredFootprints(world, record.order.id)
  if (
    !['BEING_FULFILLED', 'FULFILLED', 'FAILED_PERMANENTLY'].includes(record.order.status) ||
    delivered.length === 0
  ) {
    return notFound(
      `Order ${record.order.id} is ${record.order.status} with ${delivered.length} deliveries; coverage needs at least one delivered acquisition.`,
    )
  }
  return c.json(coverageOf(record.geometry, delivered), 200)
}

export function registerTasking(api: Api, sim: SimRuntime): void {
  api.post('/v2/tasking/orders/feasibility', (c) => postFeasibility(c, sim))
  api.post('/v2/tasking/orders/opportunities', (c) => postOpportunities(c, sim))
  api.get('/v2/tasking/quotation', (c) => getQuotations(c, sim))
  api.get('/v2/tasking/feasibility-studies', (c) => getStudies(c, sim))
  api.patch('/v2/tasking/feasibility-studies/:id', (c) => patchStudy(c, sim))
  api.patch('/v2/tasking/quotation/:id', (c) => patchQuotation(c, sim))
  api.get('/v2/coverage/orders/:orderId', (c) => getCoverage(c, sim))
}
