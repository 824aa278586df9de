import { describe, expect, it } from 'vitest'
import { scopeWords } from './scopes'

describe('scope words', () => {
  it('says what each scope of the contract allows, in its order', () => {
    expect(scopeWords(['budget.r', 'account', 'eula.w'])).toEqual([
      { scope: 'account', allows: 'read the account’s licenses and budgets' },
      { scope: 'eula.w', allows: 'accept licenses' },
      { scope: 'budget.r', allows: 'see budgets and their spending' },
    ])
  })

  it('keeps a scope it does not know, by name, last; repeats once', () => {
    expect(scopeWords(['openid', 'account', 'account'])).toEqual([
      { scope: 'account', allows: 'read the account’s licenses and budgets' },
      { scope: 'openid', allows: null },
    ])
    expect(scopeWords([])).toEqual([])
  })
})
