import { describe, expect, it } from 'vitest'
import { humanizeKey, formatParamValue } from './words'
import { orderPatchOf } from './order-patch'
import { shareOrderPage, type Order, type OrderPage } from '../../data/orders/queries'

const order = { displayName: 'Lyon', tags: ['a', 'b'] } as Order

describe('order merge-patch', () => {
  it('holds only what changed', () => {
    expect(orderPatchOf(order, 'Lyon ', ['a', 'b'])).toEqual({})
    expect(orderPatchOf(order, 'Lyon 2', ['a', 'b'])).toEqual({ displayName: 'Lyon 2' })
    expect(orderPatchOf(order, 'Lyon', ['b', 'a'])).toEqual({ tags: ['b', 'a'] })
    expect(orderPatchOf(order, 'Lyon', [])).toEqual({ tags: [] })
  })
})

describe('parameter formatting', () => {
  it('names and values in plain words', () => {
    expect(humanizeKey('acquisitionStart')).toBe('Acquisition start')
    expect(humanizeKey('maxBH')).toBe('Max bh')
    expect(formatParamValue('2026-11-02T09:00:00Z')).toBe('2 Nov 2026 09:00 UTC')
    expect(formatParamValue(['a', 1])).toBe('a, 1')
    expect(formatParamValue(null)).toBe('—')
  })
})

describe('sharing an unchanged page between polls', () => {
  const o = (id: string, updatedAt: string, status: Order['status'] = 'PLACED') =>
    ({ id, updatedAt, status, displayName: id, tags: [] }) as unknown as Order
  const page = (content: Order[]) =>
    ({ content, totalElements: content.length, totalPages: 1, number: 0, size: 20 }) as OrderPage

  it('keeps the old page when nothing changed, and the old orders that did not change', () => {
    const a = o('a', '1')
    const b = o('b', '1')
    const old = page([a, b])
    expect(shareOrderPage(old, page([o('a', '1'), o('b', '1')]))).toBe(old)
    const next = shareOrderPage(old, page([o('a', '1'), o('b', '2', 'BEING_FULFILLED')]))
    expect(next).not.toBe(old)
    expect(next.content[0]).toBe(a)
    expect(next.content[1]).not.toBe(b)
    expect(next.content[1].status).toBe('BEING_FULFILLED')
    expect(shareOrderPage(undefined, old)).toBe(old)
  })
})
