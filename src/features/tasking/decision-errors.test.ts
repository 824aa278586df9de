import { describe, expect, it } from 'vitest'
import { ApiError, networkError, parseErrorBody } from '../../api/errors'
import { explainQuotationError, explainStudyError, isBudgetProblem } from './decision-errors'

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
    expect(isBudgetProblem(problem(400, 'budget-id-required'))).toBe(true)
    expect(isBudgetProblem(problem(400, 'quotation-already-decided'))).toBe(false)
  })

  it('knows an earlier decision, a missing quotation and a lost answer', () => {
    expect(explainQuotationError(problem(400, 'quotation-already-decided')).kind).toBe('decided')
    expect(explainQuotationError(problem(404, 'order-not-found')).kind).toBe('not-found')
    expect(explainQuotationError(networkError(new TypeError('offline'))).kind).toBe('network')
    expect(explainQuotationError(new Error('boom')).kind).toBe('other')
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
    expect(explainStudyError(problem(500, 'oops', 'it broke')).details).toMatch(/it broke/)
  })
})
