import { serializeOrderListQuery } from '../../data/orders/queries'
import { describe, expect, it } from 'vitest'
import {
  clearedFilters,
  DEFAULT_VIEW,
  filterOfApiField,
  hasFilters,
  orderIdsProblem,
  ordersQuery,
  ordersSearch,
  parseOrderIds,
  readOrdersView,
  readSort,
  viewProblems,
} from './url-state'

const A = '3f0c2a9e-1b4d-4c8a-9e2f-5a6b7c8d9e0f'
const B = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e'
const idN = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const read = (search: string) => readOrdersView(new URLSearchParams(search))

describe('reading the URL', () => {
  it('an empty URL is the default view', () => {
    expect(read('')).toEqual(DEFAULT_VIEW)
    expect(DEFAULT_VIEW.sort).toEqual({ field: 'createdAt', direction: 'desc' })
    expect(DEFAULT_VIEW.size).toBe(20)
  })

  it('reads every filter; enums in any case, repeated or comma-joined, in the contract’s order', () => {
    const v = read(
      `status=placed,created&status=bogus&subStatus=QUOTATION_ACCEPTED&type=tasking&displayName=%20Lyon%20` +
        `&tags=forest&tags=client:acme&dataProducts=${A.toUpperCase()}&budgets=${B}&workspace=${A}` +
        `&orderIds=${A},${B}&sort=status,asc&page=3&size=100`,
    )
    expect(v).toEqual({
      status: ['CREATED', 'PLACED'],
      subStatus: ['QUOTATION_ACCEPTED'],
      type: 'TASKING',
      displayName: 'Lyon',
      tags: ['forest', 'client:acme'],
      dataProducts: [A],
      budgets: [B],
      workspace: A,
      orderIds: [A, B],
      sort: { field: 'status', direction: 'asc' },
      page: 3,
      size: 100,
    })
  })

  it('unusable paging and sorts fall back to the defaults', () => {
    expect(read('page=0').page).toBe(1)
    expect(read('page=-2').page).toBe(1)
    expect(read('page=abc').page).toBe(1)
    expect(read('page=99999999999').page).toBe(1)
    expect(read('size=7').size).toBe(20)
    expect(read('size=1000').size).toBe(1000)
    expect(readSort('price,asc')).toEqual({ field: 'createdAt', direction: 'desc' })
    expect(readSort('status,sideways')).toEqual({ field: 'createdAt', direction: 'desc' })
    expect(readSort('updatedAt')).toEqual({ field: 'updatedAt', direction: 'asc' })
    expect(readSort('displayName,DESC')).toEqual({ field: 'displayName', direction: 'desc' })
  })
})

describe('writing the URL', () => {
  it('the default view has a bare URL; defaults are left out', () => {
    expect(ordersSearch(DEFAULT_VIEW).toString()).toBe('')
  })

  it('round-trips every filter', () => {
    const v = read(
      `status=CREATED&status=PLACED&subStatus=QUOTATION_ACCEPTED&type=ARCHIVE&displayName=Lyon&tags=a%20b&tags=c` +
        `&dataProducts=${A}&budgets=${B}&workspace=${A}&orderIds=${A}&sort=updatedAt,asc&page=2&size=50`,
    )
    expect(read(ordersSearch(v).toString())).toEqual(v)
  })
})

describe('pasted order IDs', () => {
  it('splits on commas, spaces, tabs, semicolons and new lines; lower-cases; drops repeats', () => {
    expect(parseOrderIds(` ${A},\n${B.toUpperCase()}\t ${A};;\r\n`)).toEqual([A, B])
    expect(parseOrderIds('')).toEqual([])
  })

  it('says which entries are not order IDs', () => {
    expect(orderIdsProblem([A, 'nope'])).toMatch(/^“nope” is not an order ID/)
    expect(orderIdsProblem(['x', 'y', 'z', 'w', 'v'])).toMatch(/^“x”, “y”, “z” and 2 more are not order IDs/)
    expect(orderIdsProblem([A, B])).toBeNull()
  })

  it('refuses more than 100, saying how many to remove', () => {
    const ids = Array.from({ length: 103 }, (_, i) => idN(i))
    expect(orderIdsProblem(ids.slice(0, 100))).toBeNull()
    expect(orderIdsProblem(ids)).toBe(
      '103 order IDs were given; the service takes at most 100 at a time. Remove 3.',
    )
  })

  it('a URL with a bad list is read, and marked as a problem at its filter', () => {
    const v = read(`orderIds=${A},oops`)
    expect(v.orderIds).toEqual([A, 'oops'])
    expect(viewProblems(v)).toEqual({ orderIds: expect.stringContaining('“oops”') as string })
  })
})

describe('tags', () => {
  it('marks a tag the service refuses at its filter', () => {
    expect(viewProblems(read('tags=ok&tags=no%3Fpe'))).toEqual({
      tags: expect.stringContaining('no?pe') as string,
    })
  })
})

describe('the list request', () => {
  it('leaves out empty filters and counts pages from 0', () => {
    expect(ordersQuery(DEFAULT_VIEW)).toEqual({ page: 0, size: 20, sort: 'createdAt,desc' })
  })

  it('maps every filter to its API parameter', () => {
    const v = read(
      `status=CREATED&subStatus=QUOTATION_ACCEPTED&type=TASKING&displayName=x&tags=t&dataProducts=${A}` +
        `&budgets=${B}&workspace=${A}&orderIds=${B}&page=2&size=50&sort=type,desc`,
    )
    expect(ordersQuery(v)).toEqual({
      workspaceId: A,
      type: 'TASKING',
      status: ['CREATED'],
      subStatus: ['QUOTATION_ACCEPTED'],
      displayName: 'x',
      dataProductIds: [A],
      orderIds: [B],
      budgetIds: [B],
      tags: ['t'],
      page: 1,
      size: 50,
      sort: 'type,desc',
    })
  })

  it('sends enum and tag filters repeated, and the id lists comma-joined', () => {
    const q = serializeOrderListQuery({
      status: ['CREATED', 'PLACED'],
      tags: ['a b', 'c'],
      orderIds: [A, B],
      dataProductIds: [A],
      budgetIds: [A, B],
      page: 0,
      size: 20,
      sort: 'createdAt,desc',
    })
    const p = new URLSearchParams(q)
    expect(p.getAll('status')).toEqual(['CREATED', 'PLACED'])
    expect(p.getAll('tags')).toEqual(['a b', 'c'])
    expect(p.getAll('orderIds')).toEqual([`${A},${B}`])
    expect(p.getAll('budgetIds')).toEqual([`${A},${B}`])
    expect(p.get('sort')).toBe('createdAt,desc')
  })
})

describe('filters', () => {
  it('clearing keeps sort and size, and knows when anything is filtered', () => {
    const v = read('status=CREATED&sort=status,asc&size=50&page=4')
    expect(hasFilters(v)).toBe(true)
    const cleared = clearedFilters(v)
    expect(hasFilters(cleared)).toBe(false)
    expect(cleared).toMatchObject({ sort: { field: 'status', direction: 'asc' }, size: 50, page: 1 })
  })

  it('maps the service’s field names to the filter that holds them', () => {
    expect(filterOfApiField('dataProductIds')).toBe('dataProducts')
    expect(filterOfApiField('workspaceId')).toBe('workspace')
    expect(filterOfApiField('page')).toBe('paging')
    expect(filterOfApiField('nonsense')).toBeNull()
  })
})
