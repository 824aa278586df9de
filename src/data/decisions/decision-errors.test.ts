import { describe, expect, it } from 'vitest'
import { ApiError, networkError, parseErrorBody } from '../../api/errors'
import {
  explainDecidedFirst,
  explainNotDecided,
  explainQuotationError,
  explainStudyError,
} from './decision-errors'

const problem = (status: number, slug: string, detail = 'detail') =>
  new ApiError(
    parseErrorBody(status, {
      type: `https://docs.swath.test/problems/${slug}`,
      status,
      title: slug,
      detail,
    }),
  )

describe('explainQuotationError', () => {
  it('says the account lacks credits, with what the service said, and that a budget does not help', () => {
    const e = explainQuotationError(
      problem(
        402,
        'insufficient-credits',
        'Accepting this quotation costs 900000 credits; the account has 40000 available.',
      ),
    )
    expect(e.kind).toBe('credits')
    expect(e.title).toBe('Not enough credits')
    expect(e.details).toMatch(/the account has 40000 available/)
    expect(e.details).toMatch(/Add credits to the account, or ask an account administrator/)
  })

  it('tells a 503 apart: nothing was decided, try again later', () => {
    const e = explainQuotationError(
      new ApiError(parseErrorBody(503, { title: 'Service Unavailable', status: 503 })),
    )
    expect(e).toEqual({
      kind: 'unavailable',
      title: 'The service cannot take decisions right now',
      details: 'Nothing was decided; try again in a few minutes.',
    })
  })

  it('explains each budget problem in plain words', () => {
    expect(explainQuotationError(problem(400, 'budget-id-required'))).toMatchObject({
      kind: 'budget',
      title: 'This account requires a budget on every order.',
    })
    expect(explainQuotationError(problem(400, 'budget-not-active')).title).toBe(
      'The chosen budget is not active.',
    )
    expect(explainQuotationError(problem(404, 'budget-not-found')).kind).toBe('budget')
    expect(explainQuotationError(problem(404, 'account-not-enterprise')).kind).toBe('budget')
    // Worded as for placing, but with what to do on this page.
    expect(explainQuotationError(problem(400, 'budget-id-required')).details).toBe(
      'Budget enforcement is on: choose an active budget, then accept again.',
    )
    expect(explainQuotationError(problem(404, 'account-not-enterprise')).details).toBe(
      'Accept without a budget.',
    )
  })

  it('knows an earlier decision and a missing quotation', () => {
    expect(explainQuotationError(problem(400, 'quotation-already-decided')).kind).toBe('decided')
    expect(explainQuotationError(problem(404, 'order-not-found')).kind).toBe('not-found')
    expect(explainQuotationError(new Error('boom')).kind).toBe('other')
  })
})

describe('a decision checked after a failure that was no refusal', () => {
  it('says nothing was decided, in the words of what failed, and that it may be sent again', () => {
    expect(explainNotDecided(problem(503, 'unavailable'))).toEqual({
      kind: 'unavailable',
      title: 'The service cannot take decisions right now',
      details: 'Nothing was decided; try again in a few minutes.',
    })
    for (const status of [500, 502, 504, 542])
      expect(explainNotDecided(problem(status, 'oops'))).toMatchObject({
        kind: 'unavailable',
        title: 'The service ran into an error',
        details: 'Checked since: nothing was decided. Try again in a moment.',
      })
    expect(explainNotDecided(networkError(new TypeError('offline')))).toMatchObject({
      kind: 'unavailable',
      title: 'The service did not answer',
    })
    // Its answer was lost with an earlier page (a reload): checked since.
    expect(explainNotDecided()).toMatchObject({
      kind: 'unavailable',
      title: 'The decision was not recorded',
    })
  })

  it('never calls this user "someone" when the item shows their own earlier decision', () => {
    expect(explainDecidedFirst('quotation', false).details).toMatch(/^Someone decided it before you/)
    expect(explainDecidedFirst('quotation', true).details).toMatch(/^You decided it yourself before/)
    expect(explainDecidedFirst('study', false).details).toMatch(/^Someone chose an option before you/)
    expect(explainDecidedFirst('study', true).details).toMatch(/^You chose an option yourself before/)
    for (const byMe of [true, false])
      for (const item of ['quotation', 'study'] as const)
        expect(explainDecidedFirst(item, byMe).kind).toBe('decided')
  })
})

describe('explainStudyError', () => {
  it('knows an earlier choice, a withdrawn option and a missing study', () => {
    expect(explainStudyError(problem(400, 'feasibility-study-already-decided')).kind).toBe('decided')
    expect(explainStudyError(problem(400, 'feasibility-option-not-found')).kind).toBe('option')
    expect(explainStudyError(problem(404, 'feasibility-study-not-found'))).toMatchObject({
      kind: 'not-found',
      title: 'No such feasibility study',
    })
    expect(explainStudyError(problem(409, 'oops', 'it broke')).details).toMatch(/it broke/)
  })
})
