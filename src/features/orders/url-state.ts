import type { OrderListQuery } from '../../data/orders/keys'
import { tagsProblem } from '../../lib/order-fields'
import {
  ORDER_STATUSES,
  ORDER_SUB_STATUSES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderSubStatus,
  type OrderType,
} from '../../data/orders/status'

/**
 * The orders list keeps its whole view in the URL (filters, sort, page, size), so a view is a link and back
 * and forward move between views. Whatever a URL holds, reading it gives a view: enum values that are not
 * in the contract are dropped, paging falls back to its defaults. Two filters are checked before anything is
 * sent, because the service would refuse them anyway and the analyst can fix them at once: the pasted order
 * IDs (UUIDs, at most 100) and the tags (their allowed characters). Ids the console cannot know (data
 * products, budgets, workspace) go as given; the service's 400 is then shown at their filter.
 * Pages are counted from 1 in the URL and from 0 by the API.
 */

export const PAGE_SIZES = [10, 20, 50, 100, 500, 1000] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20
// The API's page index is an int32, so the URL's last usable page is one more than its largest value.
const MAX_PAGE = 2_147_483_648

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'type', 'status', 'displayName'] as const
export type SortField = (typeof SORT_FIELDS)[number]
export type SortDirection = 'asc' | 'desc'
export interface OrderSort {
  field: SortField
  direction: SortDirection
}
export const DEFAULT_SORT: OrderSort = { field: 'createdAt', direction: 'desc' }

export const MAX_ORDER_IDS = 100

export interface OrdersView {
  status: OrderStatus[]
  subStatus: OrderSubStatus[]
  type: OrderType | null
  /** Substring of the display name; '' for any. */
  displayName: string
  tags: string[]
  dataProducts: string[]
  budgets: string[]
  /** null: every workspace of the account. */
  workspace: string | null
  /** As pasted (normalised to lower case, duplicates dropped); checked by `orderIdsProblem`. */
  orderIds: string[]
  sort: OrderSort
  /** 1-based. */
  page: number
  size: PageSize
}

export const DEFAULT_VIEW: OrdersView = {
  status: [],
  subStatus: [],
  type: null,
  displayName: '',
  tags: [],
  dataProducts: [],
  budgets: [],
  workspace: null,
  orderIds: [],
  sort: DEFAULT_SORT,
  page: 1,
  size: DEFAULT_PAGE_SIZE,
}

/** The view with every filter cleared; sort and page size stay as chosen. */
export const clearedFilters = (view: OrdersView): OrdersView => ({
  ...DEFAULT_VIEW,
  sort: view.sort,
  size: view.size,
})

export const hasFilters = (view: OrdersView): boolean =>
  view.status.length > 0 ||
  view.subStatus.length > 0 ||
  view.type !== null ||
  view.displayName !== '' ||
  view.tags.length > 0 ||
  view.dataProducts.length > 0 ||
  view.budgets.length > 0 ||
  view.workspace !== null ||
  view.orderIds.length > 0

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (s: string): boolean => UUID.test(s)

/** Splits a pasted list on any run of commas, semicolons and white space (spaces, tabs, new lines). */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** The IDs of a pasted list, lower-cased, each once, in the order pasted. */
export function parseOrderIds(text: string): string[] {
  return [...new Set(splitList(text).map((s) => s.toLowerCase()))]
}

/** What is wrong with a list of order IDs, in a plain sentence; null when it can be sent. */
export function orderIdsProblem(ids: readonly string[]): string | null {
  const bad = ids.filter((id) => !isUuid(id))
  if (bad.length > 0) {
    const shown = bad
      .slice(0, 3)
      .map((b) => `“${b.length > 40 ? `${b.slice(0, 40)}…` : b}”`)
      .join(', ')
    const more = bad.length > 3 ? ` and ${bad.length - 3} more` : ''
    return bad.length === 1
      ? `${shown} is not an order ID (an order ID looks like 3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f).`
      : `${shown}${more} are not order IDs (an order ID looks like 3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f).`
  }
  if (ids.length > MAX_ORDER_IDS)
    return `${ids.length} order IDs were given; the service takes at most ${MAX_ORDER_IDS} at a time. Remove ${ids.length - MAX_ORDER_IDS}.`
  return null
}

/** Problems found before sending, per filter; the page shows each at its field and sends nothing. */
export function viewProblems(view: OrdersView): Partial<Record<'orderIds' | 'tags', string>> {
  const out: Partial<Record<'orderIds' | 'tags', string>> = {}
  const ids = orderIdsProblem(view.orderIds)
  if (ids) out.orderIds = ids
  const tags = tagsProblem(view.tags)
  if (tags) out.tags = tags
  return out
}

// ------------------------------------------------------------------------------------------- URL → view

function readEnums<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const asked = new Set(
    params
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toUpperCase()),
  )
  // In the contract's order, so equal views share one URL and one cache entry.
  return allowed.filter((a) => asked.has(a))
}

/** Repeated or comma-joined values, trimmed, each once. */
function readList(params: URLSearchParams, name: string): string[] {
  return [...new Set(params.getAll(name).flatMap(splitList))]
}

export function readSort(raw: string | null): OrderSort {
  const [field, direction = 'asc', ...rest] = (raw ?? '').split(',').map((p) => p.trim())
  const f = SORT_FIELDS.find((s) => s === field)
  const d = direction.toLowerCase()
  if (!f || rest.length > 0 || (d !== 'asc' && d !== 'desc')) return DEFAULT_SORT
  return { field: f, direction: d }
}

export const sortParam = (sort: OrderSort): string => `${sort.field},${sort.direction}`

function readPage(raw: string | null): number {
  const s = raw?.trim() ?? ''
  if (!/^\d{1,10}$/.test(s)) return 1
  const page = Number(s)
  return page >= 1 && page <= MAX_PAGE ? page : 1
}

function readSize(raw: string | null): PageSize {
  return PAGE_SIZES.find((s) => String(s) === raw?.trim()) ?? DEFAULT_PAGE_SIZE
}

export function readOrdersView(params: URLSearchParams): OrdersView {
  const type = params.get('type')?.trim().toUpperCase()
  const workspace = params.get('workspace')?.trim()
  // Tags keep their case and inner spaces; only a comma-free repeated form is read for them.
  const tags = [...new Set(params.getAll('tags').filter((t) => t.trim() !== ''))]
  return {
    status: readEnums(params, 'status', ORDER_STATUSES),
    subStatus: readEnums(params, 'subStatus', ORDER_SUB_STATUSES),
    type: ORDER_TYPES.find((t) => t === type) ?? null,
    displayName: params.get('displayName')?.trim() ?? '',
    tags,
    dataProducts: readList(params, 'dataProducts').map((s) => s.toLowerCase()),
    budgets: readList(params, 'budgets').map((s) => s.toLowerCase()),
    workspace: workspace ? workspace.toLowerCase() : null,
    orderIds: parseOrderIds(params.getAll('orderIds').join(',')),
    sort: readSort(params.get('sort')),
    page: readPage(params.get('page')),
    size: readSize(params.get('size')),
  }
}

// ------------------------------------------------------------------------------------------- view → URL

/** The view's URL search, leaving out defaults so that plain views have plain URLs. */
export function ordersSearch(view: OrdersView): URLSearchParams {
  const out = new URLSearchParams()
  for (const s of view.status) out.append('status', s)
  for (const s of view.subStatus) out.append('subStatus', s)
  if (view.type) out.set('type', view.type)
  if (view.displayName.trim()) out.set('displayName', view.displayName.trim())
  for (const t of view.tags) out.append('tags', t)
  if (view.dataProducts.length > 0) out.set('dataProducts', view.dataProducts.join(','))
  if (view.budgets.length > 0) out.set('budgets', view.budgets.join(','))
  if (view.workspace) out.set('workspace', view.workspace)
  if (view.orderIds.length > 0) out.set('orderIds', view.orderIds.join(','))
  if (sortParam(view.sort) !== sortParam(DEFAULT_SORT)) out.set('sort', sortParam(view.sort))
  if (view.page !== 1) out.set('page', String(view.page))
  if (view.size !== DEFAULT_PAGE_SIZE) out.set('size', String(view.size))
  return out
}

// ------------------------------------------------------------------------------------------ view → API

/** The list request of a view. Empty filters are left out; the order of members is fixed (cache keys). */
export function ordersQuery(view: OrdersView): OrderListQuery {
  return {
    ...(view.workspace ? { workspaceId: view.workspace } : {}),
    ...(view.type ? { type: view.type } : {}),
    ...(view.status.length > 0 ? { status: view.status } : {}),
    ...(view.subStatus.length > 0 ? { subStatus: view.subStatus } : {}),
    ...(view.displayName.trim() ? { displayName: view.displayName.trim() } : {}),
    ...(view.dataProducts.length > 0 ? { dataProductIds: view.dataProducts } : {}),
    ...(view.orderIds.length > 0 ? { orderIds: view.orderIds } : {}),
    ...(view.budgets.length > 0 ? { budgetIds: view.budgets } : {}),
    ...(view.tags.length > 0 ? { tags: view.tags } : {}),
    page: view.page - 1,
    size: view.size,
    sort: sortParam(view.sort),
  }
}

/** Where a field named by the service's 400 sits among the filters. */
export type FilterField =
  | 'status'
  | 'subStatus'
  | 'type'
  | 'displayName'
  | 'tags'
  | 'dataProducts'
  | 'budgets'
  | 'workspace'
  | 'orderIds'
  | 'paging'

const API_FIELDS: Record<string, FilterField> = {
  status: 'status',
  subStatus: 'subStatus',
  type: 'type',
  displayName: 'displayName',
  tags: 'tags',
  dataProductIds: 'dataProducts',
  budgetIds: 'budgets',
  workspaceId: 'workspace',
  orderIds: 'orderIds',
  page: 'paging',
  size: 'paging',
  sort: 'paging',
}

/** The filter a field error of the service names; null when it names none of them. */
export const filterOfApiField = (name: string): FilterField | null => API_FIELDS[name] ?? null
