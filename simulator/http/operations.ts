import { openapi, type OperationObject } from './contract'

export interface MatchedOperation {
  template: string
  method: string
  op: OperationObject
  params: Record<string, string>
}

interface Compiled {
  template: string
  re: RegExp
  names: string[]
  methods: Record<string, OperationObject>
}

const compiled: Compiled[] = Object.entries(openapi.paths).map(([template, item]) => {
  const names: string[] = []
  const re = new RegExp(
    '^' +
      template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, n: string) => {
        names.push(n)
        return '([^/]+)'
      }) +
      '$',
  )
  return { template, re, names, methods: item }
})
// Literal segments win over parameters (`/v2/budgets/settings` before `/v2/budgets/{budget-id}`).
compiled.sort((a, b) => a.names.length - b.names.length)

/**
 * Operations the simulator serves beyond the contract (simulator/README.md), each standing for the contract
 * operation whose security and responses it shares: a request to one is authorised and checked as that one.
 */
const EXTENSIONS: { method: string; path: string; as: { method: string; template: string } }[] = [
  // STAC API - Item Search has GET /search besides the contract's POST.
  {
    method: 'get',
    path: '/v2/assets/stac/search',
    as: { method: 'post', template: '/v2/assets/stac/search' },
  },
]

/**
 * Finds the contract operation a request addresses, or undefined when the contract has none. A HEAD
 * request addresses the GET operation of its path: Hono answers it by running the GET route and dropping
 * the body, so it must pass the same access control (RFC 9110: HEAD is GET without the content).
 */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()
  const extension = EXTENSIONS.find((e) => e.method === m && e.path === path)
  if (extension) {
    const { method: asMethod, template } = extension.as
    const op = (openapi.paths[template] as Record<string, OperationObject | undefined>)[asMethod]
    if (op) return { template, method: asMethod, op, params: {} }
  }
  for (const c of compiled) {
    const op = c.methods[m]
    if (!op) continue
    const hit = c.re.exec(path)
    if (!hit) continue
    const params: Record<string, string> = {}
    c.names.forEach((n, i) => {
      // A malformed escape (`%E0%A4%A`) is no reason to fail: keep the raw text, which matches nothing.
      try {
        params[n] = decodeURIComponent(hit[i + 1])
      } catch {
        params[n] = hit[i + 1]
      }
    })
    return { template: c.template, method: m, op, params }
  }
  return undefined
}

/** The security requirement of an operation: `[]` = public, otherwise the oauth2 scopes it needs. */
export function securityOf(op: OperationObject): { public: boolean; scopes: string[] } {
  const sec = op.security ?? (openapi as unknown as { security?: Record<string, string[]>[] }).security ?? []
  if (sec.length === 0) return { public: true, scopes: [] }
  const scopes = sec.flatMap((req) => req.oauth2 ?? [])
  return { public: false, scopes }
}
