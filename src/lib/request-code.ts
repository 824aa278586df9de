import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch'
import type { ApiCall } from './api-call'
import { literal } from './code-literals'

/**
 * "As code": the requests a page would send, written out as a curl script, a Python script on `requests`, a
 * TypeScript module on `fetch` and, where the service's Python SDK (up42-py) has the call, its usage form.
 * Pure: the pages hand over the `ApiCall`s their own queries and mutations send (built by the same functions),
 * and where to send them; no secret is ever written — the token comes from the token server at run time, with
 * the password read from the environment (`SWATH_PASSWORD`).
 */

/** Where the requests go, and who asks: the console's configured service, token server and client id. */
export interface CodeTarget {
  /** The service's absolute base URL, no trailing slash. */
  apiUrl: string
  /** The region's token endpoint, absolute. */
  tokenUrl: string
  clientId: string
  /** The signed-in user's e-mail (the password grant's username; not a secret). */
  username: string
  /** The user's own workspace (the SDK's default workspace); other workspaces are named in the SDK form. */
  userWorkspaceId?: string
}

/** Where the items of a paged answer are. */
export type PagedItems = 'features' | 'collections'

export interface CodeStep {
  /** What the request does, written as a comment above it. */
  title: string
  call: ApiCall
  /** The answer is paged through `next` links: the scripts follow them and gather these items. */
  pages?: PagedItems
  /** Said above the request, e.g. that it spends credits. */
  warning?: string
  /** Whose answer this is (a data host), where the set merges the answers of its steps. */
  label?: string
}

/**
 * The paged answers of the steps are one list, as the console shows every host's search: every page of each
 * step gathered, a scene a step lists twice kept once, then sorted by one property of the scenes (missing
 * values last in both directions), ties in the order of the steps and then in each step's own order.
 */
export interface MergeRule {
  /** The property sorted on; null keeps the steps' order (the console's sort cannot be written out). */
  by: 'date' | 'cloud' | 'resolution' | null
  descending: boolean
  /** How the console orders them, said in the scripts. */
  note: string
}

type Json = Record<string, unknown>

/** The service's Python SDK call for the same thing, where it has one. */
export type SdkForm =
  | { kind: 'catalog-search'; host: string; body: Json }
  | { kind: 'order'; request: Json; workspaceId: string | null; place: boolean }
  | { kind: 'job'; processId: string; inputs: Json; workspaceId: string | null; budgetId: string | null }
  | { kind: 'stac-search'; body: Json }

export interface CodeRequestSet {
  /** What the requests are, e.g. "Catalog search": the scripts' first comment. */
  title: string
  steps: CodeStep[]
  sdk?: SdkForm
  /** The steps' paged answers are merged into one list (an every-host search). */
  merge?: MergeRule
}

export type CodeLanguage = 'curl' | 'python' | 'typescript' | 'sdk'

// ------------------------------------------------------------------------------------------------- URLs

const querySerializer = createQuerySerializer()

/** The request's absolute URL, written by openapi-fetch's own URL builder, as the console's client does. */
export function urlOf(call: ApiCall, apiUrl: string): string {
  return createFinalURL(call.path, {
    baseUrl: apiUrl.replace(/\/+$/, ''),
    params: { path: call.params.path, query: call.params.query },
    querySerializer: call.queryString !== undefined ? () => call.queryString ?? '' : querySerializer,
    pathSerializer: defaultPathSerializer,
  })
}

// ----------------------------------------------------------------------------------------------- literals

/** A string as one POSIX shell word, whatever it holds. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** JSON as the body is sent, indented for reading (the service reads the same value). */
const pretty = (v: unknown) => literal(v, 'json')

/** A JSON value as a Python literal: `True`, `False` and `None`, strings and numbers as JSON spells them. */
export const pyLiteral = (value: unknown, indent = 0): string => literal(value, 'python', indent)

/** A JSON value as a TypeScript expression (JSON is one), indented to sit at `indent`. */
const tsLiteral = (value: unknown, indent = 0) => literal(value, 'json', indent)

/** A string as a single-quoted TypeScript string. */
const tsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** Where a URL starts with the service's base, it is written on the constant `API` of the scripts. */
function onApi(url: string, apiUrl: string): { rest: string } | null {
  return url.startsWith(apiUrl) ? { rest: url.slice(apiUrl.length) } : null
}

const hasBody = (call: ApiCall) => call.body !== undefined && call.method !== 'GET'

// ------------------------------------------------------------------------------------------------ curl

/**
 * A POSIX shell script: one command gets the token (password grant, the password from `SWATH_PASSWORD`),
 * then one `curl` per request with the same method, URL and JSON body. A paged answer is asked for its first
 * page; its `next` link says how to ask for the following one.
 */
export function curlSnippet(set: CodeRequestSet, target: CodeTarget): string {
  const lines = [
    '#!/bin/sh',
    `# Swath: ${oneLine(set.title)}, as the console sends it.`,
    '# Needs curl; set SWATH_PASSWORD to your password first (it is read from the environment, never stored).',
    'set -eu',
    ': "${SWATH_PASSWORD:?Set SWATH_PASSWORD to your Swath password}"',
    '',
    '# An access token from the token server (password grant); it lasts a few minutes.',
    `TOKEN=$(curl --fail-with-body -sS -X POST ${shellQuote(target.tokenUrl)} \\`,
    `  --data-urlencode 'grant_type=password' \\`,
    `  --data-urlencode ${shellQuote(`client_id=${target.clientId}`)} \\`,
    `  --data-urlencode ${shellQuote(`username=${target.username}`)} \\`,
    '  --data-urlencode "password=$SWATH_PASSWORD" \\',
    `  | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')`,
    '[ -n "$TOKEN" ] || { echo "The token server gave no access token." >&2; exit 1; }',
  ]
  if (set.merge)
    lines.push(
      '',
      `# One request per host, each the first page of its answer. The console merges them: ${oneLine(set.merge.note)}`,
    )
  for (const step of set.steps) {
    const url = urlOf(step.call, target.apiUrl)
    lines.push('', `# ${oneLine(step.title)}`)
    if (step.warning) lines.push(`# ${oneLine(step.warning)}`)
    if (step.pages)
      lines.push(
        `# One page; the answer's "next" link (rel "next") is the following page${step.call.method === 'POST' ? ', asked with the same request body (or the link’s own "body")' : ''}.`,
      )
    const cmd = [
      `curl --fail-with-body -sS -X ${step.call.method} ${shellQuote(url)} \\`,
      `  -H "Authorization: Bearer $TOKEN"${hasBody(step.call) ? ' \\' : ''}`,
    ]
    if (hasBody(step.call))
      cmd.push(
        `  -H ${shellQuote(`Content-Type: ${step.call.contentType ?? 'application/json'}`)} \\`,
        `  --data-binary @- <<'JSON'`,
        pretty(step.call.body),
        'JSON',
      )
    lines.push(...cmd, 'echo')
  }
  return `${lines.join('\n')}\n`
}

// ---------------------------------------------------------------------------------------------- Python

/** A Python 3 script on `requests`: the token, a session with the bearer header, each request, paging. */
export function pythonSnippet(set: CodeRequestSet, target: CodeTarget): string {
  const paged = set.steps.some((s) => s.pages)
  const lines = [
    `"""Swath: ${oneLine(set.title).replace(/"""/g, '')}, as the console sends it.`,
    '',
    'Needs Python 3 and requests (Debian: python3-requests). Set SWATH_PASSWORD to your password first:',
    'it is read from the environment, never stored.',
    '"""',
    '',
    'import json',
    'import os',
    ...(set.merge?.by === 'date' ? ['from datetime import datetime'] : []),
    '',
    'import requests',
    '',
    `API = ${JSON.stringify(target.apiUrl)}`,
    `TOKEN_URL = ${JSON.stringify(target.tokenUrl)}`,
    '',
    '# An access token from the token server (password grant); it lasts a few minutes.',
    'token_response = requests.post(',
    '    TOKEN_URL,',
    '    data={',
    '        "grant_type": "password",',
    `        "client_id": ${JSON.stringify(target.clientId)},`,
    `        "username": ${JSON.stringify(target.username)},`,
    '        "password": os.environ["SWATH_PASSWORD"],',
    '    },',
    '    timeout=30,',
    ')',
    'token_response.raise_for_status()',
    'session = requests.Session()',
    'session.headers["Authorization"] = "Bearer " + token_response.json()["access_token"]',
  ]
  if (paged)
    lines.push(
      '',
      '',
      'def all_pages(method, url, body, items):',
      '    """Every page of a paged answer: follows the "next" links (a POST link may carry its own body)."""',
      '    found = []',
      '    while url:',
      '        response = session.request(method, url, json=body, timeout=60)',
      '        response.raise_for_status()',
      '        page = response.json()',
      '        found += page[items]',
      '        link = next((link for link in page.get("links", []) if link.get("rel") == "next"), None)',
      '        url = link and link["href"]',
      '        body = link.get("body", body) if link else None',
      '    return found',
      '',
    )
  if (set.merge) lines.push('', "# Each host's scenes, every page: (host, scenes).", 'answers = []')
  for (const step of set.steps) {
    const url = urlOf(step.call, target.apiUrl)
    const api = onApi(url, target.apiUrl)
    const urlExpr = api ? `API + ${JSON.stringify(api.rest)}` : JSON.stringify(url)
    const body = hasBody(step.call) ? pyLiteral(step.call.body) : 'None'
    lines.push('', `# ${oneLine(step.title)}`)
    if (step.warning) lines.push(`# ${oneLine(step.warning)}`)
    const pages = `all_pages(${JSON.stringify(step.call.method)}, ${urlExpr}, ${body}, ${JSON.stringify(step.pages)})`
    if (step.pages && set.merge) {
      lines.push(`answers.append((${JSON.stringify(step.label ?? step.title)}, ${pages}))`)
      continue
    }
    if (step.pages) {
      lines.push(`result = ${pages}`)
    } else {
      const headers = step.call.contentType
        ? `, headers={"Content-Type": ${JSON.stringify(step.call.contentType)}}`
        : ''
      lines.push(
        `response = session.request(${JSON.stringify(step.call.method)}, ${urlExpr}${hasBody(step.call) ? `, json=${body}` : ''}${headers}, timeout=60)`,
        'response.raise_for_status()',
        '# Some answers have no body (a validation that passes is a bare 200).',
        'result = response.json() if response.content else None',
      )
    }
    lines.push('print(json.dumps(result, indent=2))')
  }
  if (set.merge) lines.push(...pythonMerge(set.merge))
  return `${lines.join('\n')}\n`
}

/** The property each sort reads, as the console reads it (a scene's time: datetime, else its start). */
const PY_SORT_VALUE: Record<NonNullable<MergeRule['by']>, string[]> = {
  date: [
    '    text = properties.get("datetime") or properties.get("start_datetime") or properties.get("acquisitionDate")',
    '    try:',
    '        return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()',
    '    except (AttributeError, ValueError):',
    '        return None',
  ],
  cloud: [
    '    value = properties.get("cloudCoverage")',
    '    return value if isinstance(value, (int, float)) else None',
  ],
  resolution: [
    '    value = properties.get("resolution")',
    '    return value if isinstance(value, (int, float)) else None',
  ],
}

function pythonMerge(merge: MergeRule): string[] {
  const lines = [
    '',
    '',
    `# One list of every host's scenes, as the console merges them: ${oneLine(merge.note)}`,
    'def sort_value(feature):',
    '    properties = feature.get("properties") or {}',
    ...(merge.by ? PY_SORT_VALUE[merge.by] : ['    return None']),
    '',
    '',
    'def order(entry):',
    '    rank, position, _, feature = entry',
    '    value = sort_value(feature)',
    "    # Missing values last in both directions; ties in the hosts' order, then each host's own.",
    `    return (value is None, 0 if value is None else ${merge.descending ? '-value' : 'value'}, rank, position)`,
    '',
    '',
    'merged, seen = [], set()',
    'for rank, (host, features) in enumerate(answers):',
    '    for position, feature in enumerate(features):',
    '        key = (host, (feature.get("properties") or {}).get("id", feature.get("id")))',
    '        if key not in seen:',
    '            seen.add(key)',
    '            merged.append((rank, position, host, feature))',
    'merged.sort(key=order)',
    '# Each scene with its host (a foreign member of the feature): a scene is ordered from its host.',
    'result = [dict(feature, host=host) for _, _, host, feature in merged]',
    'print(json.dumps(result, indent=2))',
  ]
  return lines
}

// ------------------------------------------------------------------------------------------ TypeScript

/** A TypeScript module (Node 18 or later, or any runtime with `fetch`) with top-level await. */
export function typescriptSnippet(set: CodeRequestSet, target: CodeTarget): string {
  const paged = set.steps.some((s) => s.pages)
  const lines = [
    `// Swath: ${oneLine(set.title)}, as the console sends it.`,
    '// A module for Node 18 or later (fetch, top-level await). Set SWATH_PASSWORD to your password first:',
    '// it is read from the environment, never stored.',
    '',
    `const API = ${tsString(target.apiUrl)}`,
    `const TOKEN_URL = ${tsString(target.tokenUrl)}`,
    '',
    'const password = process.env.SWATH_PASSWORD',
    "if (!password) throw new Error('Set SWATH_PASSWORD to your Swath password.')",
    '',
    '// An access token from the token server (password grant); it lasts a few minutes.',
    'const tokenResponse = await fetch(TOKEN_URL, {',
    "  method: 'POST',",
    '  body: new URLSearchParams({',
    "    grant_type: 'password',",
    `    client_id: ${tsString(target.clientId)},`,
    `    username: ${tsString(target.username)},`,
    '    password,',
    '  }),',
    '})',
    'if (!tokenResponse.ok) throw new Error(`Token server: ${tokenResponse.status} ${await tokenResponse.text()}`)',
    'const { access_token: token } = (await tokenResponse.json()) as { access_token: string }',
    '',
    "async function send(method: string, url: string, body?: unknown, type = 'application/json'): Promise<unknown> {",
    '  const response = await fetch(url, {',
    '    method,',
    "    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },",
    '    body: body === undefined ? undefined : JSON.stringify(body),',
    '  })',
    '  const text = await response.text()',
    '  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`)',
    '  // Some answers have no body (a validation that passes is a bare 200).',
    '  return text ? JSON.parse(text) : null',
    '}',
    ...(set.merge
      ? [
          '',
          '/** A scene of a search answer: the properties the merge reads. */',
          'type Feature = { id?: string; properties?: Record<string, unknown> & { id?: string } }',
        ]
      : []),
  ]
  if (paged)
    lines.push(
      '',
      '/** Every page of a paged answer: follows the "next" links (a POST link may carry its own body). */',
      'async function allPages(method: string, url: string, body: unknown, items: string): Promise<unknown[]> {',
      '  const found: unknown[] = []',
      '  let next: { href: string; body?: unknown } | undefined = { href: url, body }',
      '  while (next) {',
      '    const page = (await send(method, next.href, next.body)) as Record<string, unknown> & {',
      '      links?: { rel: string; href: string; body?: unknown }[]',
      '    }',
      '    found.push(...(page[items] as unknown[]))',
      "    const link = page.links?.find((l) => l.rel === 'next')",
      '    next = link && { href: link.href, body: link.body ?? next.body }',
      '  }',
      '  return found',
      '}',
    )
  if (set.merge)
    lines.push(
      '',
      "// Each host's scenes, every page.",
      'const answers: { host: string; features: Feature[] }[] = []',
    )
  for (const step of set.steps) {
    const url = urlOf(step.call, target.apiUrl)
    const api = onApi(url, target.apiUrl)
    const urlExpr = api ? `\`\${API}${api.rest.replace(/[`\\]|\$\{/g, (m) => `\\${m}`)}\`` : tsString(url)
    const method = tsString(step.call.method)
    const body = hasBody(step.call) ? tsLiteral(step.call.body, 2) : null
    lines.push('', `// ${oneLine(step.title)}`)
    if (step.warning) lines.push(`// ${oneLine(step.warning)}`)
    lines.push('{')
    if (body !== null) lines.push(`  const body = ${body}`)
    const pages = `await allPages(${method}, ${urlExpr}, ${body !== null ? 'body' : 'undefined'}, ${tsString(step.pages ?? '')})`
    const type = step.call.contentType ? `, ${tsString(step.call.contentType)}` : ''
    if (step.pages && set.merge)
      lines.push(
        `  answers.push({ host: ${tsString(step.label ?? step.title)}, features: (${pages}) as Feature[] })`,
        '}',
      )
    else
      lines.push(
        step.pages
          ? `  const result = ${pages}`
          : `  const result = await send(${method}, ${urlExpr}${body !== null ? ', body' : type ? ', undefined' : ''}${type})`,
        '  console.log(JSON.stringify(result, null, 2))',
        '}',
      )
  }
  if (set.merge) lines.push(...typescriptMerge(set.merge))
  lines.push('', 'export {}')
  return `${lines.join('\n')}\n`
}

/** The property each sort reads, as the console reads it (a scene's time: datetime, else its start). */
const TS_SORT_VALUE: Record<NonNullable<MergeRule['by']>, string> = {
  date: "  const text = p.datetime ?? p.start_datetime ?? p.acquisitionDate\n  const at = typeof text === 'string' ? Date.parse(text) : NaN\n  return Number.isNaN(at) ? null : at",
  cloud: "  return typeof p.cloudCoverage === 'number' ? p.cloudCoverage : null",
  resolution: "  return typeof p.resolution === 'number' ? p.resolution : null",
}

function typescriptMerge(merge: MergeRule): string[] {
  return [
    '',
    `// One list of every host's scenes, as the console merges them: ${oneLine(merge.note)}`,
    'function sortValue(feature: Feature): number | null {',
    '  const p = feature.properties ?? {}',
    merge.by ? TS_SORT_VALUE[merge.by] : '  return null',
    '}',
    'const merged: { rank: number; position: number; host: string; feature: Feature; value: number | null }[] = []',
    'const seen = new Set<string>()',
    'answers.forEach(({ host, features }, rank) =>',
    '  features.forEach((feature, position) => {',
    '    const key = JSON.stringify([host, feature.properties?.id ?? feature.id])',
    '    if (seen.has(key)) return',
    '    seen.add(key)',
    '    merged.push({ rank, position, host, feature, value: sortValue(feature) })',
    '  }),',
    ')',
    "// Missing values last in both directions; ties in the hosts' order, then each host's own.",
    'merged.sort((a, b) => {',
    '  if (a.value === null || b.value === null) {',
    '    if (a.value !== b.value) return a.value === null ? 1 : -1',
    `  } else if (a.value !== b.value) return ${merge.descending ? 'b.value - a.value' : 'a.value - b.value'}`,
    '  return a.rank - b.rank || a.position - b.position',
    '})',
    '// Each scene with its host (a foreign member of the feature): a scene is ordered from its host.',
    'const result = merged.map(({ host, feature }) => ({ ...feature, host }))',
    'console.log(JSON.stringify(result, null, 2))',
  ]
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

// ------------------------------------------------------------------------------------------------- SDK

/** The SDK form, or why there is none for this request. */
export type SdkSnippet = { code: string } | { unavailable: string }

const SDK_HEAD = () => [
  '# The service’s Python SDK (pip install up42-py). It talks to the service it is set up for (its own',
  '# API and token server, its own client id), not necessarily to the address this console uses.',
  'import os',
  '',
  'import up42',
]

const SDK_AUTH = (target: CodeTarget) => [
  `up42.authenticate(username=${JSON.stringify(target.username)}, password=os.environ["SWATH_PASSWORD"])`,
]

const DAY_START = /^(\d{4}-\d{2}-\d{2})T00:00:00Z$/
const DAY_END = /^(\d{4}-\d{2}-\d{2})T23:59:59Z$/

/** A keyword argument line, `name=value,` at four spaces. */
const kw = (name: string, value: unknown) => `    ${name}=${pyLiteral(value, 4)},`

function sdkCatalogSearch(host: string, body: Json, target: CodeTarget): SdkSnippet {
  // The SDK's host search takes whole UTC days (start_date/end_date) and sends no page size: it asks for every
  // page. Other forms of `datetime` have no SDK equivalent.
  const args: string[] = []
  if (body.bbox !== undefined) args.push(kw('bbox', body.bbox))
  if (body.intersects !== undefined) args.push(kw('intersects', body.intersects))
  if (body.query !== undefined) args.push(kw('query', body.query))
  if (body.collections !== undefined) args.push(kw('collections', body.collections))
  if (typeof body.datetime === 'string') {
    const [from, to] = body.datetime.split('/')
    const start = from === '..' ? null : DAY_START.exec(from ?? '')?.[1]
    const end = to === '..' ? null : DAY_END.exec(to ?? '')?.[1]
    if (start === undefined || end === undefined)
      return { unavailable: 'The SDK’s search takes whole UTC days only; this search’s dates are not.' }
    if (start) args.push(kw('start_date', start))
    if (end) args.push(kw('end_date', end))
  }
  const collections = Array.isArray(body.collections) ? (body.collections as string[]) : []
  return {
    code: [
      ...SDK_HEAD(),
      '',
      ...SDK_AUTH(target),
      '',
      `# The host of the collections (its provider with the HOST role), from the product glossary.`,
      'collection = next(',
      '    collection',
      '    for collection in up42.ProductGlossary.get_collections()',
      `    if collection.name == ${JSON.stringify(collections[0] ?? '')}`,
      ')',
      `host = next(provider for provider in collection.providers if provider.is_host and provider.name == ${JSON.stringify(host)})`,
      '',
      `# The SDK asks for every page (the console asks for pages of ${typeof body.limit === 'number' ? body.limit : 'the default size'}).`,
      'scenes = list(',
      '    host.search(',
      ...args.map((a) => `    ${a}`),
      '    )',
      ')',
      'for scene in scenes:',
      '    print(scene.id, scene.collection, scene.datetime, scene.cloud_coverage)',
      '',
    ].join('\n'),
  }
}

function sdkOrder(request: Json, workspaceId: string | null, place: boolean, target: CodeTarget): SdkSnippet {
  const args = [
    kw('data_product_id', request.dataProduct),
    kw('display_name', request.displayName),
    kw('features', request.featureCollection),
    kw('params', request.params),
  ]
  if (request.tags !== undefined) args.push(kw('tags', request.tags))
  if (request.budgetId !== undefined) args.push(kw('budget_id', request.budgetId))
  // The SDK places in the user's own workspace unless it is given another.
  if (workspaceId && workspaceId !== target.userWorkspaceId) args.push(kw('user_id', workspaceId))
  return {
    code: [
      ...SDK_HEAD(),
      '',
      ...SDK_AUTH(target),
      '',
      '# Creating the template asks for its estimate.',
      'template = up42.BatchOrderTemplate(',
      ...args,
      ')',
      'print("Estimate:", template.estimate.credits, "credits")',
      ...(place
        ? [
            '',
            '# Places the orders: this spends credits.',
            'for item in template.place():',
            '    print(item)',
          ]
        : []),
      '',
    ].join('\n'),
  }
}

/** The SDK's job templates (up42.processing_templates): class and argument of each input, per process. */
const JOB_TEMPLATES: Record<
  string,
  { className: string; items: Record<string, string>; extra?: Record<string, string> }
> = {
  'detection-buildings-spacept': { className: 'DetectionBuildingsSpacept', items: { item: 'item' } },
  'detection-trees-spacept': { className: 'DetectionTreesSpacept', items: { item: 'item' } },
  'detection-ships-airbus': { className: 'DetectionShipsAirbus', items: { item: 'item' } },
  'detection-storage-tanks-airbus': { className: 'DetectionStorageTanksAirbus', items: { item: 'item' } },
  'upsampling-ns': { className: 'UpsamplingNS', items: { item: 'item' } },
  'true-color-conversion': { className: 'TrueColorConversion', items: { item: 'item' } },
  pansharpening: {
    className: 'Pansharpening',
    items: { item: 'item' },
    extra: { greyWeights: 'grey_weights' },
  },
  'coregistration-simularity': {
    className: 'CoregistrationSimularity',
    items: { sourceItem: 'source_item', referenceItem: 'reference_item' },
  },
}

/** The collection and item of a stored STAC item's URL. */
function itemRef(url: unknown): { collection: string; item: string } | null {
  if (typeof url !== 'string') return null
  const m = /\/collections\/([^/?#]+)\/items\/([^/?#]+)\/?$/.exec(url)
  if (!m) return null
  try {
    return { collection: decodeURIComponent(m[1]), item: decodeURIComponent(m[2]) }
  } catch {
    return null
  }
}

function sdkJob(
  processId: string,
  inputs: Json,
  workspaceId: string | null,
  budgetId: string | null,
  target: CodeTarget,
): SdkSnippet {
  const template = JOB_TEMPLATES[processId]
  if (!template) return { unavailable: `The SDK has no job template for the process ${processId}.` }
  if (budgetId)
    return {
      unavailable: 'The SDK’s job templates cannot charge a budget; use the requests or curl form.',
    }
  const known = new Set(['title', ...Object.keys(template.items), ...Object.keys(template.extra ?? {})])
  const other = Object.keys(inputs).filter((k) => !known.has(k))
  if (other.length > 0)
    return {
      unavailable: `The SDK’s ${template.className} template takes no ${other.join(', ')}; use the requests or curl form.`,
    }
  const lookups: string[] = []
  const args = [kw('title', inputs.title)]
  for (const [input, arg] of Object.entries(template.items)) {
    const ref = itemRef(inputs[input])
    if (!ref) return { unavailable: `The ${input} input is not a stored item’s address.` }
    lookups.push(
      `${arg} = stac.get_collection(${JSON.stringify(ref.collection)}).get_item(${JSON.stringify(ref.item)})`,
    )
    args.push(`    ${arg}=${arg},`)
  }
  const weights = inputs.greyWeights
  if (Array.isArray(weights) && template.extra?.greyWeights)
    args.push(
      `    grey_weights=[${weights
        .map((w) => {
          const g = w as { band?: unknown; weight?: unknown }
          return `processing_templates.GreyWeight(band=${pyLiteral(g.band)}, weight=${pyLiteral(g.weight)})`
        })
        .join(', ')}],`,
    )
  if (workspaceId) args.push(kw('workspace_id', workspaceId))
  return {
    code: [
      ...SDK_HEAD(),
      'from up42 import processing_templates',
      '',
      ...SDK_AUTH(target),
      '',
      '# The input items, from storage (pystac items: the template sends their self links).',
      'stac = up42.stac_client()',
      ...lookups,
      '',
      '# Creating the template validates the inputs and, when they are valid, asks for the price.',
      `template = processing_templates.${template.className}(`,
      ...args,
      ')',
      'if not template.is_valid:',
      '    raise SystemExit(f"Invalid inputs: {template.errors}")',
      'print("Price:", template.cost)',
      '',
      '# Runs the process: this spends credits.',
      'job = template.execute()',
      'print(job.id, job.status)',
      '',
    ].join('\n'),
  }
}

function sdkStacSearch(body: Json, target: CodeTarget): SdkSnippet {
  const args: string[] = []
  if (body.intersects !== undefined) args.push(kw('intersects', body.intersects))
  if (body.datetime !== undefined) args.push(kw('datetime', body.datetime))
  if (body.filter !== undefined) args.push(kw('filter', body.filter))
  if (body['filter-lang'] !== undefined) args.push(kw('filter_lang', body['filter-lang']))
  if (body.limit !== undefined) args.push(kw('limit', body.limit))
  return {
    code: [
      ...SDK_HEAD(),
      '',
      ...SDK_AUTH(target),
      '',
      '# up42.stac_client() is a pystac-client Client on storage; its search follows the "next" links itself.',
      'search = up42.stac_client().search(',
      ...args,
      ')',
      'for item in search.items():',
      '    print(item.collection_id, item.id, item.datetime)',
      '',
    ].join('\n'),
  }
}

/** The SDK form of the set, or why there is none; null when the set names no SDK call. */
export function sdkSnippet(set: CodeRequestSet, target: CodeTarget): SdkSnippet | null {
  const sdk = set.sdk
  if (!sdk) return null
  switch (sdk.kind) {
    case 'catalog-search':
      return sdkCatalogSearch(sdk.host, sdk.body, target)
    case 'order':
      return sdkOrder(sdk.request, sdk.workspaceId, sdk.place, target)
    case 'job':
      return sdkJob(sdk.processId, sdk.inputs, sdk.workspaceId, sdk.budgetId, target)
    case 'stac-search':
      return sdkStacSearch(sdk.body, target)
  }
}

/** Every form of a set, keyed by language. */
export function snippetsOf(set: CodeRequestSet, target: CodeTarget) {
  return {
    curl: curlSnippet(set, target),
    python: pythonSnippet(set, target),
    typescript: typescriptSnippet(set, target),
    sdk: sdkSnippet(set, target),
  }
}
