/**
 * What each OAuth scope of a token lets the signed-in user do, in words (the account menu): the contract
 * names three (service notes §8); any other is shown by name as one this console does not use. Pure.
 */
const SCOPE_WORDS: Record<string, string> = {
  account: 'read the account’s licenses and budgets',
  'eula.w': 'accept licenses',
  'budget.r': 'see budgets and their spending',
}

export interface ScopeWords {
  scope: string
  /** What it allows, or null for a scope this console does not know. */
  allows: string | null
}

/** The token's scopes with what each allows, known ones first in the contract's order. */
export function scopeWords(scopes: readonly string[]): ScopeWords[] {
  const known = Object.keys(SCOPE_WORDS)
  return [...new Set(scopes)]
    .sort((a, b) => rank(known, a) - rank(known, b))
    .map((scope) => ({ scope, allows: SCOPE_WORDS[scope] ?? null }))
}

const rank = (known: string[], s: string) => {
  const i = known.indexOf(s)
  return i < 0 ? known.length : i
}
