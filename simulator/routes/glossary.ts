import type { Context } from 'hono'
import type { S } from '../domain/world/types'
import { basicError, json } from '../http/errors'
import { parsePageQuery, springPage, type PageRequest } from '../http/paging'
import { sortBy } from '../domain/world/sort'
import { queryList, type Api, type SimRuntime } from '../http/runtime'

/**
 * The public glossary: collections, data products and providers. The list endpoints have no error status
 * in the contract, so bad paging values fall back to defaults and unknown filter values match nothing.
 */

const COLLECTION_SORT = ['name', 'title', 'description', 'type'] as const
const DATA_PRODUCT_SORT = ['name', 'title', 'description', 'collectionName', 'id'] as const
const PROVIDER_SORT = ['name', 'title', 'description'] as const
const MAX_INT32 = 2_147_483_647

/** Spring page of `items`, sorted by the request's sort or, when it has none (or a bad one), `fallback`. */
function page<T>(
  c: Context,
  items: T[],
  sortable: readonly string[],
  fallback: NonNullable<PageRequest['sort']>,
) {
  const parsed = parsePageQuery((name) => c.req.query(name), { sortable, strict: false })
  // Non-strict parsing never fails; the type still says it could.
  const req: PageRequest = parsed.ok ? parsed.value : { page: 0, size: 20 }
  // The page number is an int32 in the contract's envelope: a larger one is a bad value like any other.
  if (req.page > MAX_INT32) req.page = 0
  req.sort ??= fallback
  const sorted = sortBy(items, req.sort, (item, field) => (item as Record<string, string | undefined>)[field])
  return json(200, springPage(sorted, req))
}

export function registerGlossary(api: Api, sim: SimRuntime): void {
  api.get('/v2/collections', (c) => {
    // Repeated (`integrations=A&integrations=B`) or comma-joined values. A collection matches when it offers
    // every listed integration (AND), so each added value narrows the list, e.g. SEARCH_AVAILABLE together
    // with THUMBNAIL_AVAILABLE; an unknown value is offered by no collection and matches nothing.
    const integrations = queryList(c, 'integrations', true)
    const type = c.req.query('type')
    const items = sim.world.collections.filter(
      (col) =>
        integrations.every((i) => (col.integrations as string[]).includes(i)) &&
        (type === undefined || type === '' || col.type === type),
    )
    return page(c, items, COLLECTION_SORT, { field: 'name', direction: 'asc' })
  })

  api.get('/v2/collections/:name', (c) => {
    const name = c.req.param('name')
    const collection = sim.world.collections.find((col) => col.name === name)
    return collection ? json(200, collection) : basicError(404, `Collection with name ${name} not found`)
  })

  api.get('/v2/data-products', (c) => {
    const ids = queryList(c, 'id', true)
    const all: S['DataProduct'][] = sim.world.collections.flatMap((col) =>
      col.dataProducts.map((p) => ({ ...p, collectionName: p.collectionName ?? col.name })),
    )
    // A product without an id (not orderable) never matches an id filter.
    const items = ids.length === 0 ? all : all.filter((p) => p.id !== undefined && ids.includes(p.id))
    return page(c, items, DATA_PRODUCT_SORT, { field: 'name', direction: 'asc' })
  })

  api.get('/v2/data-products/:name', (c) => {
    const name = c.req.param('name')
    for (const col of sim.world.collections) {
      const product = col.dataProducts.find((p) => p.name === name)
      if (product) return json(200, { ...product, collectionName: product.collectionName ?? col.name })
    }
    return basicError(404, `Data product with name ${name} not found`)
  })

  api.get('/v2/providers', (c) => {
    const role = c.req.query('role')
    const items = sim.world.providers.filter(
      (p) => role === undefined || role === '' || (p.roles as string[]).includes(role),
    )
    return page(c, items, PROVIDER_SORT, { field: 'name', direction: 'asc' })
  })

  api.get('/v2/providers/:name', (c) => {
    const name = c.req.param('name')
    const provider = sim.world.providers.find((p) => p.name === name)
    return provider ? json(200, provider) : basicError(404, `Provider with name ${name} not found`)
  })
}
