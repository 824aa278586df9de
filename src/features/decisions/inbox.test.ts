import { describe, expect, it } from 'vitest'
import { isUuid, mergeInbox, orderIdsOf, type InboxRow } from './inbox'
import { DECIDED_STEP, inboxRequests, inboxSearch, readInboxView } from './url-state'
import type { FeasibilityStudy, Quotation } from '../../data/decisions/queries'

const ORDER_A = '11111111-1111-4111-8111-111111111111'
const ORDER_B = '22222222-2222-4222-8222-222222222222'

function study(id: string, over: Partial<FeasibilityStudy> = {}): FeasibilityStudy {
  return {
    id,
    createdAt: '2026-11-01T09:00:00Z',
    updatedAt: '2026-11-01T09:00:00Z',
    accountId: 'acc',
    workspaceId: 'ws',
    orderId: ORDER_A,
    options: [],
    decision: 'NOT_DECIDED',
    decisionAt: null,
    difficulty: 'MEDIUM',
    paramType: 'ORIGINAL',
    ...over,
  }
}

function quotation(id: string, over: Partial<Quotation> = {}): Quotation {
  return {
    id,
    createdAt: '2026-11-01T09:00:00Z',
    updatedAt: '2026-11-01T09:00:00Z',
    decision: 'NOT_DECIDED',
    decisionAt: null,
    accountId: 'acc',
    workspaceId: 'ws',
    orderId: ORDER_B,
    creditsPrice: 12300,
    ...over,
  }
}

const ids = (rows: InboxRow[]) => rows.map((r) => r.id)

describe('inbox view', () => {
  it('reads the order filter and the decided count from the URL, with defaults left out of links', () => {
    expect(readInboxView(new URLSearchParams())).toEqual({ orderId: null, decided: DECIDED_STEP })
    const view = readInboxView(new URLSearchParams(`order=${ORDER_A}&decided=40`))
    expect(view).toEqual({ orderId: ORDER_A, decided: 40 })
    expect(inboxSearch(view)).toBe(`order=${ORDER_A}&decided=40`)
    expect(inboxSearch({ orderId: null, decided: DECIDED_STEP })).toBe('')
  })

  it('rounds odd counts up to a step and caps them, and ignores junk', () => {
    expect(readInboxView(new URLSearchParams('decided=25')).decided).toBe(40)
    expect(readInboxView(new URLSearchParams('decided=99999')).decided).toBe(500)
    expect(readInboxView(new URLSearchParams('decided=-3')).decided).toBe(DECIDED_STEP)
    expect(readInboxView(new URLSearchParams('decided=abc&order=')).orderId).toBeNull()
  })

  it('asks for waiting items oldest first and decided ones newest decision first, filtered by order', () => {
    expect(inboxRequests({ orderId: null, decided: 20 })).toEqual({
      pending: { decision: ['NOT_DECIDED'], size: 100, sort: 'createdAt,asc' },
      decided: { decision: ['ACCEPTED', 'REJECTED'], size: 20, sort: 'decisionAt,desc' },
    })
    const filtered = inboxRequests({ orderId: ORDER_A, decided: 40 })
    expect(filtered.pending.orderId).toBe(ORDER_A)
    expect(filtered.decided).toMatchObject({ orderId: ORDER_A, size: 40 })
  })
})

describe('mergeInbox', () => {
  it('puts every waiting item first, the longest waiting on top, across both kinds', () => {
    const merged = mergeInbox(
      {
        pendingStudies: [study('s-new', { createdAt: '2026-11-05T00:00:00Z' })],
        pendingQuotations: [
          quotation('q-old', { createdAt: '2026-11-01T00:00:00Z' }),
          quotation('q-mid', { createdAt: '2026-11-03T00:00:00Z' }),
        ],
        decidedStudies: [],
        decidedQuotations: [],
      },
      20,
    )
    expect(ids(merged.pending)).toEqual(['q-old', 'q-mid', 's-new'])
    expect(merged.pending[2]).toMatchObject({ kind: 'study', asked: '0 options', decidedAt: null })
    expect(merged.pending[0]).toMatchObject({ kind: 'quotation', asked: '12,300 credits' })
  })

  it('lists decided items newest decision first, at most the limit', () => {
    const decidedAt = (d: number) => `2026-11-${String(d).padStart(2, '0')}T10:00:00Z`
    const merged = mergeInbox(
      {
        pendingStudies: [],
        pendingQuotations: [],
        decidedStudies: [study('s-2', { decision: 'ACCEPTED', decisionAt: decidedAt(2) })],
        decidedQuotations: [
          quotation('q-9', { decision: 'REJECTED', decisionAt: decidedAt(9) }),
          quotation('q-5', { decision: 'ACCEPTED', decisionAt: decidedAt(5) }),
        ],
      },
      2,
    )
    expect(ids(merged.decided)).toEqual(['q-9', 'q-5'])
    expect(merged.decided[0]?.decidedAt).toBe(decidedAt(9))
  })

  it('shows an item that was decided between two requests once, as decided', () => {
    const merged = mergeInbox(
      {
        pendingStudies: [],
        pendingQuotations: [quotation('q-1')],
        decidedStudies: [],
        decidedQuotations: [quotation('q-1', { decision: 'ACCEPTED', decisionAt: '2026-11-02T00:00:00Z' })],
      },
      20,
    )
    expect(merged.pending).toEqual([])
    expect(ids(merged.decided)).toEqual(['q-1'])
  })

  it('counts a study’s options', () => {
    const option = {
      id: 'o',
      createdAt: '2026-11-01T09:00:00Z',
      updatedAt: '2026-11-01T09:00:00Z',
      studyId: 's',
      description: 'Option 1',
    }
    const merged = mergeInbox(
      {
        pendingStudies: [study('s', { options: [option, { ...option, id: 'p' }, { ...option, id: 'q' }] })],
        pendingQuotations: [],
        decidedStudies: [],
        decidedQuotations: [],
      },
      20,
    )
    expect(merged.pending[0]?.asked).toBe('3 options')
  })
})

describe('orderIdsOf', () => {
  it('gives each order once, sorted, with the filtered order when it is a UUID', () => {
    const rows = mergeInbox(
      {
        pendingStudies: [study('s')],
        pendingQuotations: [quotation('q'), quotation('r')],
        decidedStudies: [],
        decidedQuotations: [],
      },
      20,
    ).pending
    expect(orderIdsOf(rows)).toEqual([ORDER_A, ORDER_B])
    expect(orderIdsOf([], ORDER_B)).toEqual([ORDER_B])
    expect(orderIdsOf([], 'not-an-id')).toEqual([])
    expect(isUuid(ORDER_A)).toBe(true)
  })
})
