import { ORDER_STATUSES, ORDER_SUB_STATUSES } from '../../contract/statuses'
import { UUID } from '../domain/world/random'
import { budgetProblem, workspaceProblem } from '../http/gates'
import { tooLarge413 } from '../http/body'
import { fieldErrors, type FieldError } from '../domain/world/field-errors'
import { schemaValidator } from '../http/contract'
import { HttpError, json, problem, problemType, wrappedError } from '../http/errors'
import { readBody, bodyOrProblem } from '../http/body'
import { parsePageQuery, springPage, type PageRequest } from '../http/paging'
import { queryList, type Api, type ApiContext, type SimRuntime } from '../http/runtime'
import { holdCredits } from '../domain/budgets/credits'
import { orderFormOf, validateParams } from '../domain/orders/forms'
import { buildOrder, currentEulaDocument, userActor } from '../domain/orders/create'
import { cancelOrder, startLifecycle } from '../domain/orders/lifecycle'
import { MAX_FEATURES, priceFeature, type PricedFeature } from '../domain/orders/pricing'
import { listOrders, ORDER_SORTABLE, type OrderQuery } from '../domain/orders/order-list'
import { touch } from '../domain/orders/state'
import { taskingOrderParamErrors } from '../domain/tasking/rules'
import type { OrderRecord, S, Scene } from '../domain/world/types'
import type { World } from '../domain/world/world'
import { findScene } from '../domain/catalog/publishing'

/** Orders: list, create, estimate, read, merge-patch, cancel, and the order-form schema of a data product. */

const TAG = /^[A-Za-z0-9 ._\-/:]+$/
const REMOVED_STATUSES = ['DELIVERY_INITIALIZATION_FAILED', 'DOWNLOAD_FAILED', 'DOWNLOADED']
const MAX_ORDER_IDS = 100

const BAD_REQUEST = { slug: 'bad-order-request', title: 'Order request not valid' }

const badOrderRequest = (instance: string, detail: string, errors: FieldError[]) =>
  new HttpError(problem({ status: 400, ...BAD_REQUEST, detail, instance, errors }))

const badQuery = (instance: string, name: string, reason: string) =>
  new HttpError(
    problem({
      status: 400,
      slug: 'invalid-order-query',
      title: 'Invalid order list query',
      detail: `${name} ${reason}.`,
      instance,
      errors: [{ name, reason }],
    }),
  )

const orderNotFound = (instance: string, id: string) =>
  new HttpError(
    problem({
      status: 404,
      slug: 'order-not-found',
      title: 'Order not found',
      detail: `No order ${id} exists in this account.`,
      instance,
    }),
  )

/** The caller's order, or a 404 for unknown ids and other accounts' orders alike. */
function ownOrder(c: ApiContext, world: World): OrderRecord {
  const id = c.req.param('orderId') ?? ''
  const record = UUID.test(id) ? world.orders.get(id.toLowerCase()) : undefined
  if (!record || record.order.accountId !== c.get('account').id) throw orderNotFound(c.req.path, id)
  return record
}

interface ParsedRequest {
  body: S['CreateOrderRequest']
  collection: S['Collection']
  product: S['DataProduct']
  params: Record<string, unknown>
  scene?: Scene
}

/** Everything estimate and create share: body shape, data product, params per its form, the archive scene. */
async function parseOrderRequest(c: ApiContext, world: World): Promise<ParsedRequest> {
  const instance = c.req.path
  const read = await readBody<unknown>(c.req.raw)
  if (!read.ok) {
    if (read.kind === 'too-large') {
      throw tooLarge413(read, instance)
    }
    throw badOrderRequest(instance, read.message, read.errors)
  }
  const raw = read.value
  // An empty feature list is named after the collection itself, as the service does.
  const fc = isObject(raw) && isObject(raw.featureCollection) ? raw.featureCollection : undefined
  if (fc && Array.isArray(fc.features) && fc.features.length === 0) {
    throw badOrderRequest(instance, 'The feature collection must contain at least one feature.', [
      { name: 'featureCollection', reason: 'must not be empty' },
    ])
  }
  const validate = schemaValidator('CreateOrderRequest')
  if (!validate(raw)) {
    const errors = fieldErrors(validate.errors)
    throw badOrderRequest(instance, errors.map((e) => `${e.name} ${e.reason}`).join('; '), errors)
  }
  const body = raw as S['CreateOrderRequest']
  if (body.featureCollection.features.length > MAX_FEATURES) {
    throw badOrderRequest(instance, `At most ${MAX_FEATURES} features (one order each) per request.`, [
      { name: 'featureCollection', reason: `must not have more than ${MAX_FEATURES} features` },
    ])
  }
  const found = world.dataProductById(body.dataProduct.toLowerCase())
  if (!found || !orderFormOf(found.collection, found.product)) {
    throw badOrderRequest(instance, `Data product ${body.dataProduct} does not exist or cannot be ordered.`, [
      { name: 'dataProduct', reason: 'is not a known orderable data product' },
    ])
  }
  const { collection, product } = found
  const params = body.params
  const paramErrors = validateParams(collection, product, params)
  if (paramErrors.length > 0) {
    throw badOrderRequest(
      instance,
      `The params do not match the order form of ${product.name}: ${paramErrors.map((e) => `${e.name} ${e.reason}`).join('; ')}`,
      paramErrors,
    )
  }
  let scene: Scene | undefined
  if (collection.type === 'ARCHIVE') {
    const id = String(params.id)
    scene = findScene(world, id)
    if (!scene || scene.feature.properties.collection !== collection.name) {
      throw badOrderRequest(instance, `No scene ${id} exists in collection ${collection.name}.`, [
        { name: 'params.id', reason: `is not a scene of collection ${collection.name}` },
      ])
    }
  } else {
    const errors = taskingOrderParamErrors(params, world.now())
    if (errors.length > 0)
      throw badOrderRequest(instance, errors.map((e) => `${e.name} ${e.reason}`).join('; '), errors)
  }
  return { body, collection, product, params, scene }
}

function priceAll(parsed: ParsedRequest): { priced: PricedFeature[]; errors: S['FeatureError'][] } {
  const priced: PricedFeature[] = []
  const errors: S['FeatureError'][] = []
  const ctx = {
    type: parsed.collection.type,
    collectionName: parsed.collection.name,
    params: parsed.params,
    scene: parsed.scene,
  }
  parsed.body.featureCollection.features.forEach((f, index) => {
    const check = priceFeature(ctx, index, f.geometry)
    if (check.ok) priced.push(check.value)
    else errors.push(check.error)
  })
  return { priced, errors }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The list's query: what the orders area filters and sorts by, and the page. */
function orderListQuery(c: ApiContext): { query: OrderQuery; page: PageRequest } {
  const instance = c.req.path
  const one = (name: string) => c.req.query(name)
  const workspaceId = one('workspaceId')
  if (workspaceId !== undefined && !UUID.test(workspaceId))
    throw badQuery(instance, 'workspaceId', 'must be a UUID')
  const type = one('type')
  if (type !== undefined && type !== 'ARCHIVE' && type !== 'TASKING')
    throw badQuery(instance, 'type', 'must be ARCHIVE or TASKING')
  const statuses = queryList(c, 'status', false)
  for (const s of statuses) {
    if (REMOVED_STATUSES.includes(s)) throw badQuery(instance, 'status', `${s} is no longer a valid status`)
    if (!(ORDER_STATUSES as readonly string[]).includes(s))
      throw badQuery(instance, 'status', `${s} is not one of ${ORDER_STATUSES.join(', ')}`)
  }
  const subStatuses = queryList(c, 'subStatus', false)
  for (const s of subStatuses) {
    if (!(ORDER_SUB_STATUSES as readonly string[]).includes(s))
      throw badQuery(instance, 'subStatus', `${s} is not one of ${ORDER_SUB_STATUSES.join(', ')}`)
  }
  const uuidList = (name: string) => {
    const list = queryList(c, name, true)
    for (const v of list) if (!UUID.test(v)) throw badQuery(instance, name, `${v} is not a UUID`)
    return new Set(list.map((v) => v.toLowerCase()))
  }
  const dataProductIds = uuidList('dataProductIds')
  const orderIds = uuidList('orderIds')
  if (orderIds.size > MAX_ORDER_IDS)
    throw badQuery(instance, 'orderIds', `must list at most ${MAX_ORDER_IDS} IDs`)
  const budgetIds = uuidList('budgetIds')
  const tags = queryList(c, 'tags', false)
  for (const t of tags)
    if (!TAG.test(t)) throw badQuery(instance, 'tags', `${t} has characters a tag cannot contain`)
  const paging = parsePageQuery(one, {
    defaultSize: 20,
    maxSize: 1000,
    sortable: ORDER_SORTABLE,
    defaultSort: 'createdAt,desc',
    strict: true,
  })
  if (!paging.ok) throw badQuery(instance, 'page', paging.message)
  // The page number travels back as an int32 (`pageable.pageNumber`).
  if (paging.value.page > 2_147_483_647) throw badQuery(instance, 'page', 'must be at most 2147483647')
  const query: OrderQuery = {
    accountId: c.get('account').id,
    workspaceId: workspaceId?.toLowerCase(),
    type,
    statuses: new Set(statuses),
    subStatuses: new Set(subStatuses),
    displayName: one('displayName')?.toLowerCase(),
    dataProductIds,
    orderIds,
    budgetIds,
    tags: new Set(tags),
    sort: paging.value.sort,
  }
  return { query, page: paging.value }
}

/** GET /v2/orders */
function getOrderList(c: ApiContext, sim: SimRuntime): Response {
  const { query, page } = orderListQuery(c)
  return c.json(springPage(listOrders(sim.world, query), page))
}

/** The workspace an order is placed in (the `workspaceId` query parameter), one of the account's. */
function placingWorkspace(c: ApiContext, world: World): string {
  const instance = c.req.path
  const workspaceId = c.req.query('workspaceId')
  if (!workspaceId)
    throw badOrderRequest(instance, 'The workspaceId query parameter is required.', [
      { name: 'workspaceId', reason: 'is required' },
    ])
  if (!UUID.test(workspaceId))
    throw badOrderRequest(instance, 'workspaceId must be a UUID.', [
      { name: 'workspaceId', reason: 'must be a UUID' },
    ])
  const noWorkspace = workspaceProblem(world, c.get('account'), workspaceId, instance)
  if (noWorkspace) throw new HttpError(noWorkspace)
  return workspaceId
}

/** The product's EULA must be accepted in its current version before it is ordered. */
function requireEula(c: ApiContext, world: World, product: S['DataProduct']): void {
  const account = c.get('account')
  const eulaId = product.eulaId
  const doc = eulaId ? currentEulaDocument(world, eulaId) : undefined
  if (eulaId && doc && !world.isAccepted(account.id, doc.id)) {
    const title = world.eulas.get(eulaId)?.title ?? eulaId
    throw new HttpError(
      problem({
        status: 400,
        slug: 'eula-not-accepted',
        title: 'EULA not accepted',
        detail: `Accept the current version of "${title}" before ordering ${product.title}.`,
        instance: c.req.path,
        errors: [{ name: 'dataProduct', reason: `EULA ${eulaId} must be accepted` }],
      }),
    )
  }
}

/** POST /v2/orders: one order per feature that prices and, for the archive, whose credits can be held. */
async function postOrders(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const instance = c.req.path
  const account = c.get('account')
  const user = c.get('user')
  const workspaceId = placingWorkspace(c, world)
  const parsed = await parseOrderRequest(c, world)
  const budgetId = parsed.body.budgetId ? parsed.body.budgetId.toLowerCase() : null
  const gate = budgetProblem(world, account, budgetId, instance)
  if (gate) throw new HttpError(gate)
  requireEula(c, world, parsed.product)

  const { priced, errors } = priceAll(parsed)
  const results: S['CreateOrderResponse']['results'] = []
  const now = world.now()
  for (const p of priced) {
    const isArchive = parsed.collection.type === 'ARCHIVE'
    // Archive credits are held now and captured on delivery; tasking is charged when its quotation is accepted.
    if (isArchive && !holdCredits(account, p.credits)) {
      errors.push({
        index: p.index,
        message: 'Insufficient credits',
        details: `The order needs ${p.credits} credits; ${account.creditBalance} are available.`,
      })
      continue
    }
    const record = buildOrder({
      account,
      workspaceId: workspaceId.toLowerCase(),
      actor: userActor(user.id),
      collection: parsed.collection,
      product: parsed.product,
      displayName: parsed.body.displayName,
      tags: parsed.body.tags ?? [],
      budgetId,
      params: parsed.params,
      priced: p,
      scene: parsed.scene,
      at: now,
      id: world.rng.uuid(),
    })
    if (isArchive) record.heldCredits = p.credits
    world.orders.set(record.order.id, record)
    startLifecycle(world, record.order.id, now)
    results.push({ index: p.index, id: record.order.id })
  }
  errors.sort((a, b) => a.index - b.index)
  const body: S['CreateOrderResponse'] = { results, errors }
  return c.json(body, 202)
}

/** POST /v2/orders/estimate */
async function postEstimate(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const parsed = await parseOrderRequest(c, sim.world)
  const { priced, errors } = priceAll(parsed)
  const unit: S['EstimateUnit'] =
    priced[0]?.unit ?? (parsed.collection.name === 'capella-gec' ? 'SCENE' : 'SQ_KM')
  const body: S['EstimateResponse'] = {
    summary: {
      totalCredits: priced.reduce((sum, p) => sum + p.credits, 0),
      totalSize: Math.round(priced.reduce((sum, p) => sum + p.size, 0) * 100) / 100,
      unit,
    },
    results: priced.map((p) => ({ index: p.index, credits: p.credits, size: p.size, unit: p.unit })),
    errors,
  }
  return c.json(body, 200)
}

/** GET /v2/orders/{order-id} */
const getOrder = (c: ApiContext, sim: SimRuntime): Response => c.json(ownOrder(c, sim.world).order)

/** PATCH /v2/orders/{order-id}: the name and tags; the order is touched only when one changes. */
async function patchOrder(c: ApiContext, sim: SimRuntime): Promise<Response> {
  const world = sim.world
  const record = ownOrder(c, world)
  const patch = await bodyOrProblem<S['OrderPatch']>(c.req.raw, 'OrderPatch', {
    slug: 'bad-order-patch',
    title: 'Order patch not valid',
  })
  let changed = false
  if (patch.displayName !== undefined && patch.displayName !== record.order.displayName) {
    record.order.displayName = patch.displayName
    changed = true
  }
  if (patch.tags !== undefined) {
    const tags = [...new Set(patch.tags)]
    if (tags.length !== record.order.tags.length || tags.some((t, i) => t !== record.order.tags[i])) {
      record.order.tags = tags
      changed = true
    }
  }
  if (changed) touch(record, userActor(c.get('user').id), world.now())
  return c.json(record.order)
}

/** POST /v2/orders/{order-id}/cancellation */
function postCancellation(c: ApiContext, sim: SimRuntime): Response {
  const world = sim.world
  const record = ownOrder(c, world)
  if (!cancelOrder(world, record, userActor(c.get('user').id))) {
    throw new HttpError(
      problem({
        status: 400,
        slug: 'order-cant-be-canceled',
        title: 'Order cannot be canceled',
        detail: `Order ${record.order.id} is ${record.order.status}; only CREATED or PLACEMENT_FAILED orders can be canceled.`,
        instance: c.req.path,
        errors: [{ name: 'status', reason: 'cancellation is allowed only in CREATED or PLACEMENT_FAILED' }],
      }),
    )
  }
  const body: S['CancelResponse'] = { orderId: record.order.id, status: 'CANCELED' }
  return c.json(body)
}

/** GET /orders/schema/{data-product-id}: the order form of an orderable data product. */
function getOrderForm(c: ApiContext, sim: SimRuntime): Response {
  const id = c.req.param('dataProductId') ?? ''
  const found = UUID.test(id) ? sim.world.dataProductById(id.toLowerCase()) : undefined
  const schema = found ? orderFormOf(found.collection, found.product) : undefined
  if (!schema)
    return wrappedError(
      404,
      `No order schema for data product ${id}.`,
      problemType('data-product-not-found'),
      null,
    )
  return json(200, schema, 'application/schema+json')
}

export function registerOrders(api: Api, sim: SimRuntime): void {
  api.get('/v2/orders', (c) => getOrderList(c, sim))
  api.post('/v2/orders', (c) => postOrders(c, sim))
  api.post('/v2/orders/estimate', (c) => postEstimate(c, sim))
  api.get('/v2/orders/:orderId', (c) => getOrder(c, sim))
  api.patch('/v2/orders/:orderId', (c) => patchOrder(c, sim))
  api.post('/v2/orders/:orderId/cancellation', (c) => postCancellation(c, sim))
  api.get('/orders/schema/:dataProductId', (c) => getOrderForm(c, sim))
}
