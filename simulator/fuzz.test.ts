import { beforeAll, describe, expect, it } from 'vitest'
import { createRng, type Rng } from './domain/world/random'
import { ids } from './domain/world/ids'
import type { World } from './domain/world/world'
import { openapi, type OperationObject } from './http/contract'
import { contractProblems } from './testing/contract-check'
import { TestSim } from './testing/harness'

/**
 * Hostile input against every operation of the contract. A 500, a status the operation does not declare,
 * or a body that breaks the contract is a bug; all offenders are collected and reported together.
 * Deterministic: one seeded PRNG drives every choice, so a failure reproduces exactly.
 */

const REQUESTS_PER_OPERATION = 30
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

interface Param {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: { type?: string | string[]; format?: string; items?: unknown }
}

interface Operation {
  method: string
  template: string
  op: OperationObject
  params: Param[]
  bodyTypes: string[]
  /** Served by the token server (the path item names another server), not by the service API. */
  tokenServer: boolean
}

interface Offender {
  method: string
  template: string
  path: string
  what: string
  status: number
  problems: string[]
  body: string
}

const resolveParam = (p: unknown): Param => {
  const ref = (p as { $ref?: string }).$ref
  if (!ref) return p as Param
  const name = ref.split('/').pop() ?? ''
  const params = (openapi.components as { parameters?: Record<string, Param> }).parameters ?? {}
  return params[name]
}

function operations(): Operation[] {
  const out: Operation[] = []
  for (const [template, item] of Object.entries(openapi.paths)) {
    const pathItem = item as Record<string, unknown>
    const shared = ((pathItem.parameters as unknown[] | undefined) ?? []).map(resolveParam)
    for (const method of METHODS) {
      const op = pathItem[method] as OperationObject | undefined
      if (!op) continue
      const own = (op.parameters ?? []).map(resolveParam)
      out.push({
        method: method.toUpperCase(),
        template,
        op,
        params: [...shared.filter((s) => !own.some((o) => o.name === s.name)), ...own],
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        tokenServer: Array.isArray(pathItem.servers),
      })
    }
  }
  return out
}

/** Seeded values for path parameters, so that some requests reach the handler's body and state checks. */
function knownPathValue(world: World, name: string): string | undefined {
  const first = <T>(m: Map<string, T>) => m.keys().next().value
  const eula = world.eulas.values().next().value
  const stac = world.stacCollections.values().next().value
  const scene = world.scenes[0]
  const known: Record<string, string | undefined> = {
    'collection-name': world.collections[0]?.name,
    'data-product-name': world.collections[0]?.dataProducts[0]?.name,
    'data-product-id': world.collections[0]?.dataProducts[0]?.id,
    'provider-name': world.providers[0]?.name,
    'host-name': scene?.host ?? 'oneatlas',
    'image-id': scene?.feature.properties.id,
    'order-id': first(world.orders),
    'quotation-id': first(world.quotations),
    'feasibility-study-id': first(world.studies),
    'geometry-id': first(world.geometries),
    'process-id': world.processes[0]?.id,
    'job-id': first(world.jobs),
    'asset-id': first(world.assets),
    'collection-id': first(world.stacCollections),
    'item-id': stac?.itemIds[0],
    'eula-id': eula?.id,
    'eula-document-id': eula?.documents[0]?.id,
    'budget-id': ids.budgetForest,
  }
  return known[name]
}

const KNOWN_QUERY: Record<string, string> = {
  workspaceId: ids.mainWorkspace,
  workspace_id: ids.mainWorkspace,
  budgetId: ids.budgetForest,
}

function hostilePathValue(rng: Rng): string {
  const choices = [
    () => rng.uuid(),
    () => randomString(rng, rng.int(1, 40)),
    () => 'x'.repeat(rng.pick([300, 5000, 20_000])),
    () => '%00',
    () => '..',
    () => '%2e%2e',
    () => 'a%2Fb',
    () => '%E0%A4%A',
    () => '%25',
    () => encodeURIComponent('ümlaut ✓ 雪'),
    () => '-1',
    () => '0',
    () => '99999999999999999999999',
    () => 'null',
    () => encodeURIComponent('<script>alert(1)</script>'),
    () => encodeURIComponent("' OR 1=1 --"),
    () => '%20',
    () => 'settings',
    () => rng.uuid().toUpperCase(),
    () => rng.uuid().replace(/-/g, ''),
  ]
  return rng.pick(choices)()
}

function hostileQueryValues(rng: Rng): string[] {
  const one = () =>
    rng.pick([
      'abc',
      '',
      '-5',
      '-1',
      '0',
      '1.5',
      '1e308',
      '99999999999999999999',
      'NaN',
      'null',
      'true',
      '[1,2]',
      '{"a":1}',
      '%00',
      ',',
      ',,,',
      'x'.repeat(5000),
      rng.uuid(),
      'createdAt,sideways',
      'name,asc,desc',
      encodeURIComponent('<img src=x onerror=alert(1)>'),
      encodeURIComponent('ACTIVE,INACTIVE'),
      'ACTIVE',
      'CREATED',
      'next:' + rng.uuid(),
      'prev:',
      '2026-13-45T99:99:99Z',
      '../..',
      encodeURIComponent('[-180,-90,180,90]'),
      encodeURIComponent('[a,b,c,d]'),
    ])
  // Sometimes the parameter is repeated.
  return rng.chance(0.25) ? [one(), one(), one()] : [one()]
}

function randomString(rng: Rng, n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~'
  let s = ''
  for (let i = 0; i < n; i++) s += alphabet[rng.int(0, alphabet.length - 1)]
  return s
}

function randomJson(rng: Rng, depth: number): unknown {
  const kind = rng.int(0, depth > 3 ? 5 : 7)
  switch (kind) {
    case 0:
      return null
    case 1:
      return rng.chance(0.5)
    case 2:
      return rng.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 42])
    case 3:
      return rng.pick([
        '',
        'x',
        'x'.repeat(1000),
        '\u0000',
        '<script>',
        rng.uuid(),
        'FeatureCollection',
        'ACTIVE',
      ])
    case 4:
    case 5:
      return rng.pick([[], [1, 2, 3], ['a'], [null]])
    case 6:
      return Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth + 1))
    default: {
      const o: Record<string, unknown> = {}
      for (let i = rng.int(0, 5); i > 0; i--)
        o[
          rng.pick([
            'type',
            'features',
            'displayName',
            'isAccepted',
            'decision',
            'inputs',
            'title',
            'tags',
            'id',
            '__proto__',
            'constructor',
            randomString(rng, 6),
          ])
        ] = randomJson(rng, depth + 1)
      return o
    }
  }
}

/** A body shaped like the operation's schema (its required members) but with values of random types. */
function schemaShapedBody(rng: Rng, op: OperationObject): unknown {
  const content = op.requestBody?.content ?? {}
  const schema = Object.values(content)[0]?.schema as { $ref?: string } | undefined
  const name = schema?.$ref?.split('/').pop()
  const resolved = name
    ? (openapi.components.schemas[name] as { required?: string[]; properties?: Record<string, unknown> })
    : undefined
  const keys = [...(resolved?.required ?? []), ...Object.keys(resolved?.properties ?? {})]
  const o: Record<string, unknown> = {}
  for (const k of keys) if (rng.chance(0.7)) o[k] = randomJson(rng, 1)
  return o
}

function deeplyNested(depth: number, array: boolean): string {
  return array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
}

interface Body {
  what: string
  raw: string | Uint8Array
  contentType?: string
}

function hostileBody(rng: Rng, op: Operation, allowHuge: boolean): Body {
  const declared = op.bodyTypes[0] ?? 'application/json'
  const type = () =>
    rng.chance(0.8) ? declared : rng.pick(op.bodyTypes.length > 0 ? op.bodyTypes : ['application/json'])
  const choices: (() => Body)[] = [
    () => ({
      what: 'malformed JSON',
      raw: rng.pick(['{', '{"a":', '[1,', '{"a" 1}', "{'a': 1}", 'undefined', '{"a":1}}', 'NaN']),
      contentType: type(),
    }),
    () => ({ what: 'empty body', raw: '', contentType: type() }),
    () => ({ what: 'JSON array', raw: JSON.stringify([randomJson(rng, 1)]), contentType: type() }),
    () => ({ what: 'JSON string', raw: '"just a string"', contentType: type() }),
    () => ({ what: 'JSON number', raw: rng.pick(['42', '-1', '1e999']), contentType: type() }),
    () => ({ what: 'JSON null', raw: 'null', contentType: type() }),
    () => ({ what: 'random object', raw: JSON.stringify(randomJson(rng, 0) ?? {}), contentType: type() }),
    () => ({
      what: 'schema-shaped object with random values',
      raw: JSON.stringify(schemaShapedBody(rng, op.op)),
      contentType: type(),
    }),
    () => ({
      what: 'schema-shaped object with random values',
      raw: JSON.stringify(schemaShapedBody(rng, op.op)),
      contentType: type(),
    }),
    () => ({
      what: 'deeply nested object',
      raw: deeplyNested(rng.pick([100, 5000]), false),
      contentType: type(),
    }),
    () => ({
      what: 'deeply nested array',
      raw: deeplyNested(rng.pick([100, 5000]), true),
      contentType: type(),
    }),
    () => ({
      what: 'invalid UTF-8',
      raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      contentType: type(),
    }),
    () => ({
      what: 'wrong content type',
      raw: JSON.stringify(schemaShapedBody(rng, op.op)),
      contentType: rng.pick([
        'text/plain',
        'application/xml',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
        '',
      ]),
    }),
    () => ({
      what: 'form body',
      raw: 'a=1&b=2&grant_type=password',
      contentType: 'application/x-www-form-urlencoded',
    }),
  ]
  if (allowHuge)
    choices.push(() => ({
      what: '2 MiB body',
      raw: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
      contentType: type(),
    }))
  return rng.pick(choices)()
}

function buildPath(rng: Rng, world: World, op: Operation, hostile: boolean): string {
  let path = op.template
  for (const p of op.params.filter((x) => x.in === 'path')) {
    const value = hostile ? hostilePathValue(rng) : (knownPathValue(world, p.name) ?? rng.uuid())
    path = path.replace(`{${p.name}}`, hostile ? value : encodeURIComponent(value))
  }
  return path
}

function buildQuery(rng: Rng, op: Operation, hostile: boolean): string {
  const parts: string[] = []
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (!hostile) {
      if (p.required || rng.chance(0.3))
        parts.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(KNOWN_QUERY[p.name] ?? rng.uuid())}`)
      continue
    }
    if (!p.required && rng.chance(0.4)) continue
    for (const v of hostileQueryValues(rng)) parts.push(`${encodeURIComponent(p.name)}=${v}`)
  }
  if (hostile && rng.chance(0.2)) parts.push(`${randomString(rng, 5)}=${randomString(rng, 5)}`)
  if (hostile && rng.chance(0.1)) parts.push('&&=&')
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

const isMissingRoute = (status: number, body: unknown) =>
  status === 404 &&
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { detail?: unknown }).detail === 'string' &&
  /^No endpoint /.test((body as { detail: string }).detail)

describe('fuzz: hostile requests against every operation of the contract', () => {
  const sim = new TestSim()
  let token = ''
  const ops = operations()
  beforeAll(async () => {
    token = await sim.login()
  })

  it(`never answers 500 or outside the contract (${ops.length} operations × ${REQUESTS_PER_OPERATION} requests)`, async () => {
    const rng = createRng('fuzz:v1')
    const offenders: Offender[] = []
    const skipped: string[] = []
    let sent = 0

    const send = async (op: Operation, path: string, body: Body | undefined) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` }
      if (body?.contentType) headers['content-type'] = body.contentType
      const app = op.tokenServer ? sim.sim.auth : sim.sim.api
      const base = op.tokenServer ? 'http://auth.sim.test' : 'http://sim.test'
      const res = await app.request(`${base}${path}`, {
        method: op.method,
        headers,
        body: body?.raw as BodyInit | undefined,
      })
      const type = res.headers.get('content-type') ?? ''
      const text = type.startsWith('image/') ? '' : await res.text()
      let parsed: unknown = text === '' ? undefined : text
      if (text && type.includes('json')) {
        try {
          parsed = JSON.parse(text)
        } catch {
          parsed = text
        }
      }
      sent++
      return { status: res.status, type, body: parsed, text }
    }

    for (const op of ops) {
      // The route may not be registered yet (areas land one by one): a plausible request tells.
      const probePath = buildPath(rng, sim.world, op, false) + buildQuery(rng, op, false)
      const probeBody =
        op.bodyTypes.length > 0
          ? { what: 'probe', raw: JSON.stringify(schemaShapedBody(rng, op.op)), contentType: op.bodyTypes[0] }
          : undefined
      const probe = await send(op, probePath, probeBody)
      if (isMissingRoute(probe.status, probe.body)) {
        skipped.push(`${op.method} ${op.template}`)
        continue
      }
      const takesBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH'
      let hugeSent = false
      for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
        // With a body: a third of the requests attack path and query, the rest attack the body.
        const attackBody = takesBody && i % 3 !== 0
        const hostileUrl = !attackBody || rng.chance(0.15)
        const path = buildPath(rng, sim.world, op, hostileUrl) + buildQuery(rng, op, hostileUrl)
        const body = takesBody
          ? attackBody
            ? hostileBody(rng, op, !hugeSent)
            : {
                what: 'schema-shaped',
                raw: JSON.stringify(schemaShapedBody(rng, op.op)),
                contentType: op.bodyTypes[0] ?? 'application/json',
              }
          : undefined
        if (body?.what === '2 MiB body') hugeSent = true
        const r = await send(op, path, body)
        // `new URL` resolves `..` segments: judge the response by the path that actually arrived.
        const arrived = new URL(`http://sim.test${path}`).pathname
        let problems: string[]
        if (r.status >= 500) {
          problems = [`server error ${r.status}`]
        } else {
          try {
            problems = contractProblems(op.method, arrived, r.status, r.type, r.body)
          } catch (e) {
            problems = [`the contract check itself failed on this path: ${String(e)}`]
          }
          // A path that no longer addresses any operation (`..` resolved away) only has to avoid a 5xx.
          if (problems.length === 1 && problems[0].endsWith('is not an operation of the contract'))
            problems = []
        }
        if (problems.length > 0) {
          offenders.push({
            method: op.method,
            template: op.template,
            path: path.slice(0, 160),
            what: `${hostileUrl ? 'hostile url' : 'plausible url'}${body ? `, ${body.what}` : ''}`,
            status: r.status,
            problems,
            body: r.text.slice(0, 300),
          })
        }
      }
    }

    if (skipped.length > 0)
      console.info(
        `[fuzz] skipped ${skipped.length} operations whose routes are not registered yet:\n  ${skipped.join('\n  ')}`,
      )
    console.info(`[fuzz] sent ${sent} requests to ${ops.length - skipped.length} operations`)
    // Grouped by operation and failure, with one example request each, so the message stays readable.
    const groups = new Map<string, { count: number; example: Offender }>()
    for (const o of offenders) {
      const key = `${o.method} ${o.template} -> ${o.status}: ${o.problems[0]}`
      const g = groups.get(key)
      if (g) g.count++
      else groups.set(key, { count: 1, example: o })
    }
    const report = [...groups.entries()]
      .map(
        ([key, { count, example }]) =>
          `${key} (${count}x)\n    e.g. ${example.path} (${example.what})\n    body: ${example.body}`,
      )
      .join('\n')
    expect(
      offenders.length,
      `${offenders.length} hostile requests got answers outside the contract:\n${report}\n`,
    ).toBe(0)
  }, 60_000)
})
