/**
 * Limits on a JSON value that came from outside the typed forms (a shared link, a stored draft): how deep it
 * nests, how many values it holds and how long its strings are. Checked without recursion, so a value nested
 * 100,000 levels deep is measured, not followed until the stack runs out — which is what rendering,
 * `JSON.stringify` and every recursive helper of the forms would do with it.
 */
export interface JsonLimits {
  /** Objects and arrays inside one another: the value itself is level 1. */
  depth: number
  /** Values of any kind (containers, keys' values, array members). */
  values: number
  /** Characters in one string (keys included). */
  stringLength: number
}

/** Something no typed form produces; the reason says which limit, in words. */
export type JsonLimitProblem = { limit: keyof JsonLimits; reason: string }

/** What is wrong with `value` under `limits`, or null when it fits. Only JSON's own kinds are accepted. */
export function jsonLimitProblem(value: unknown, limits: JsonLimits): JsonLimitProblem | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 1 }]
  let count = 0
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!
    if (++count > limits.values)
      return { limit: 'values', reason: `it holds more than ${limits.values.toLocaleString('en')} values` }
    if (v === null || typeof v === 'boolean') continue
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { limit: 'values', reason: 'it holds a number that is not finite' }
      continue
    }
    if (typeof v === 'string') {
      if (v.length > limits.stringLength) return tooLong(limits)
      continue
    }
    if (typeof v !== 'object') return { limit: 'values', reason: 'it holds a value JSON cannot carry' }
    if (depth > limits.depth) return { limit: 'depth', reason: `it nests deeper than ${limits.depth} levels` }
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 })
      continue
    }
    for (const [key, item] of Object.entries(v)) {
      if (key.length > limits.stringLength) return tooLong(limits)
      stack.push({ v: item, depth: depth + 1 })
    }
  }
  return null
}

const tooLong = (limits: JsonLimits): JsonLimitProblem => ({
  limit: 'stringLength',
  reason: `it holds a text longer than ${limits.stringLength.toLocaleString('en')} characters`,
})
