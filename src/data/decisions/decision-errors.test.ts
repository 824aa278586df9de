import { describe, expect, it } from 'vitest'
import { ApiError, networkError, parseErrorBody } from '../../api/errors'
import { explainQuotationError, explainStudyError, mayHaveBeenDecided } from './decision-errors'

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

  it('knows an earlier decision, a missing quotation and a lost answer', () => {
    expect(explainQuotationError(problem(400, 'quotation-already-decided')).kind).toBe('decided')
    expect(explainQuotationError(problem(404, 'order-not-found')).kind).toBe('not-found')
    expect(explainQuotationError(networkError(new TypeError('offline'))).kind).toBe('unknown')
    expect(explainQuotationError(new Error('boom')).kind).toBe('other')
  })
})

describe('an unknown outcome', () => {
  const UNKNOWN = /^We could not tell whether the decision was recorded; here is what the service says now\./

  it('treats no answer and server errors other than 503 (and 501) as "maybe decided"', () => {
    for (const explain of [explainQuotationError, explainStudyError]) {
      const lost = explain(networkError(new TypeError('offline')))
      expect(lost).toMatchObject({ kind: 'unknown', title: 'The service did not answer' })
      expect(lost.details).toMatch(UNKNOWN)
      for (const status of [500, 502, 504, 542]) {
        const e = explain(problem(status, 'oops', 'it broke'))
        expect(e).toMatchObject({ kind: 'unknown', title: 'The service ran into an error' })
        expect(e.details).toMatch(UNKNOWN)
      }
      // 503 keeps its own meaning: the service took nothing.
      expect(explain(problem(503, 'unavailable')).kind).toBe('unavailable')
      expect(explain(problem(501, 'not-implemented')).kind).toBe('other')
    }
  })

  it('asks for the refresh of a success only when the item may have been decided', () => {
    expect(mayHaveBeenDecided('unknown')).toBe(true)
    expect(mayHaveBeenDecided('decided')).toBe(true)
    for (const kind of ['credits', 'unavailable', 'budget', 'option', 'not-found', 'other'] as const)
      expect(mayHaveBeenDecided(kind)).toBe(false)
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
