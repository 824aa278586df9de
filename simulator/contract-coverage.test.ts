import { describe, expect, it } from 'vitest'
import { openapi } from './http/contract'

/**
 * The gate behind "every row of the contract's endpoint tables is tested": reads the route tests as text
 * and checks that each operation of contract/openapi.yaml (method + path template) is called by at least
 * one of them. Static on purpose: it proves the tests exist without running them, and fails with the list
 * of operations nobody tests yet.
 */

const SOURCES = import.meta.glob<string>(['./routes/*.test.ts', './auth.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const METHOD_ALT = METHODS.join('|')

interface Op {
  method: string
  template: string
  re: RegExp
  params: number
  /** Served by the token server: tests reach it through the harness's `sim.token(...)`. */
  tokenServer: boolean
}

function contractOperations(): Op[] {
  const ops: Op[] = []
  for (const [template, item] of Object.entries(openapi.paths)) {
    const pathItem = item as Record<string, unknown>
    for (const method of METHODS) {
      if (!pathItem[method.toLowerCase()]) continue
      let params = 0
      const body = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, () => {
        params++
        // A segment of the test's literal: plain text or a `${...}` interpolation (neither holds a slash).
        return '(?:\\$\\{[^}]*\\}|[^/?#\\s])+'
      })
      ops.push({
        method,
        template,
        re: new RegExp(`^${body}$`),
        params,
        tokenServer: Array.isArray(pathItem.servers),
      })
    }
  }
  // Literal segments win over parameters, as in routing: `/v2/budgets/settings` is not `/v2/budgets/{id}`.
  return ops.sort((a, b) => a.params - b.params)
}

const STRING_LITERAL = /'([^'\n]*)'|"([^"\n]*)"|`((?:[^`\\]|\\.)*)`/g

/** The text of a string or template literal, or undefined for any other expression. */
function literalText(expr: string): string | undefined {
  const m = /^\s*(?:'([^'\n]*)'|"([^"\n]*)"|`((?:[^`\\]|\\.)*)`)\s*$/.exec(expr)
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

/** Splits the first two arguments of a call starting at `from` (just after its opening parenthesis). */
function firstTwoArgs(src: string, from: number): [string, string] | undefined {
  const args: string[] = []
  let depth = 0
  let start = from
  let quote: string | null = null
  for (let i = from; i < src.length && args.length < 2; i++) {
    const ch = src[i]
    if (quote) {
      if (ch === '\\') i++
      else if (ch === quote) quote = null
      continue
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch
    else if ('([{'.includes(ch)) depth++
    else if (')]}'.includes(ch)) {
      if (depth === 0) {
        args.push(src.slice(start, i))
        break
      }
      depth--
    } else if (ch === ',' && depth === 0) {
      args.push(src.slice(start, i))
      start = i + 1
    }
  }
  return args.length >= 2 ? [args[0], args[1]] : undefined
}

const pathOf = (text: string) => text.split(/[?#]/)[0]

/**
 * The (method, path literal) pairs a test file calls. Where a test passes a variable, the literals it could
 * hold are taken from the file: `const path = '...'` when declared so, otherwise every path literal of the
 * file (loops over lists of paths); a method variable stands for every method literal of the file.
 */
export function calledPairs(src: string): { method: string; path: string }[] {
  const pairs: { method: string; path: string }[] = []
  const allPaths = [...src.matchAll(STRING_LITERAL)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((t) => t.startsWith('/'))
  const allMethods = [...src.matchAll(new RegExp(`'(${METHOD_ALT})'`, 'g'))].map((m) => m[1])
  // Tuples such as `['GET', '/v2/orders']` in tables of requests.
  for (const m of src.matchAll(
    new RegExp(`\\[\\s*'(${METHOD_ALT})'\\s*,\\s*('[^'\\n]*'|"[^"\\n]*"|\`(?:[^\`\\\\]|\\\\.)*\`)`, 'g'),
  )) {
    const path = literalText(m[2])
    if (path?.startsWith('/')) pairs.push({ method: m[1], path })
  }
  for (const m of src.matchAll(/\.call\s*(?:<[^()]*>)?\s*\(/g)) {
    const args = firstTwoArgs(src, (m.index ?? 0) + m[0].length)
    if (!args) continue
    const methodLit = literalText(args[0])
    const methods = methodLit !== undefined ? [methodLit] : allMethods
    const pathLit = literalText(args[1])
    let paths: string[]
    if (pathLit !== undefined) paths = [pathLit]
    else {
      const ident = args[1].trim()
      const declared = /^[A-Za-z_$][\w$]*$/.test(ident)
        ? [
            ...src.matchAll(
              new RegExp(
                `(?:const|let)\\s+${ident.replace(/\$/g, '\\$')}\\s*=\\s*('[^'\\n]*'|"[^"\\n]*"|\`(?:[^\`\\\\]|\\\\.)*\`)`,
                'g',
              ),
            ),
          ].map((d) => literalText(d[1]) ?? '')
        : []
      paths = declared.length > 0 ? declared : allPaths
    }
    for (const method of methods)
      for (const path of paths) if (path.startsWith('/')) pairs.push({ method, path })
  }
  return pairs.map((p) => ({ method: p.method.toUpperCase(), path: pathOf(p.path) }))
}

/** The contract operation a (method, path literal) pair exercises, most specific template first. */
function operationOf(ops: Op[], method: string, path: string): Op | undefined {
  return ops.find((op) => op.method === method && op.re.test(path))
}

describe('contract coverage', () => {
  const ops = contractOperations()

  it('recognizes the ways tests call the API', () => {
    const sample = [
      "await sim.call('GET', '/v2/budgets/settings', { token })",
      "await sim.call<Page<S['Eula']>>('GET', `/v2/eulas/${eulaId('x')}/documents?sort=version,asc`, { token })",
      "const path = `/v2/spatial/geometries/${id}`\nawait sim.call('DELETE', path, { token })",
      "for (const [m, p] of [['POST', '/v2/orders?workspaceId=1']]) await sim.call(m, p)",
      "await sim.call('PATCH', `/v2/eulas/${f('a', 1)}/documents/${g('b', 2)}`, { token })",
    ].join('\n')
    const found = calledPairs(sample)
      .map((p) => operationOf(ops, p.method, p.path))
      .map((op) => op && `${op.method} ${op.template}`)
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /v2/budgets/settings',
        'GET /v2/eulas/{eula-id}/documents',
        'DELETE /v2/spatial/geometries/{geometry-id}',
        'POST /v2/orders',
        'PATCH /v2/eulas/{eula-id}/documents/{eula-document-id}',
      ]),
    )
    expect(found).not.toContain('GET /v2/budgets/{budget-id}')
  })

  it('finds every operation of the contract called by a route test or the auth test', () => {
    const covered = new Set<string>()
    const files = Object.entries(SOURCES)
    expect(files.length).toBeGreaterThan(0)
    for (const [, src] of files) {
      for (const { method, path } of calledPairs(src)) {
        const op = operationOf(ops, method, path)
        if (op) covered.add(`${op.method} ${op.template}`)
      }
      // The token server is a separate app; the harness reaches it through `sim.token(...)`.
      if (/\.token\s*\(/.test(src))
        for (const op of ops.filter((o) => o.tokenServer)) covered.add(`${op.method} ${op.template}`)
    }
    const missing = ops
      .filter((op) => !covered.has(`${op.method} ${op.template}`))
      .map((op) => `${op.method} ${op.template}`)
    expect(
      missing.length,
      `${missing.length} of ${ops.length} contract operations are called by no test in simulator/routes/*.test.ts or simulator/auth.test.ts:\n  ${missing.join('\n  ')}\n`,
    ).toBe(0)
  })
})
