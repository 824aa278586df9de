import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { QueryClient } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, ok, type ApiClient } from '../api/client'
import { localLock, Session, TOKEN_PATH } from '../api/session'
import { collectionsOfTypeOptions, searchableCollectionsOptions } from '../data/glossary/queries'
import { acceptEulaMutation, eulaDocumentsOptions, eulaOptions, type Eula } from '../data/licences/queries'
import { checkoutCode, type CodeLine } from '../features/checkout/checkout-code'
import { orderCode } from '../data/orders/order-code'
import { createOrder, estimateOptions, orderFormOptions } from '../data/orders/ordering-queries'
import { withBudget, type CreateOrderRequest } from '../data/orders/placement'
import { defaultSceneRequest, orderableProducts } from '../data/orders/scene-line'
import { costOptions, executeJob, validationOptions } from '../data/processing/execution'
import { jobCode } from '../data/processing/job-code'
import { processOptions } from '../data/processing/queries'
import {
  collectionsOptions,
  searchOptions as storageSearchOptions,
  type StacItem,
} from '../data/storage/queries'
import type { StorageSearch } from '../data/storage/query'
import { selfHref } from '../data/storage/query'
import { collectionsCode, storageSearchCode } from '../data/storage/storage-code'
import { cleanParams, validateParams } from '../lib/order-params/form-model'
import { cursorOf, searchOptions, type Scene } from '../data/catalog/queries'
import { allHostsSearchCode, searchCode } from '../features/catalog/search-code'
import { collectScenes, mergeRows, sceneRows, type HostPages } from '../features/catalog/merge-hosts'
import {
  buildHostSearches,
  buildSearch,
  EMPTY_FILTERS,
  searchableByHost,
} from '../features/catalog/url-state'
import { footprintOf, sceneTime } from '../features/catalog/words'
import { orderableOf, startingParams, taskingRequest, withName } from '../data/orders/tasking-request'
import { defaultTaskingName } from '../features/tasking-request/tasking-rules'
import { snippetsOf, type CodeRequestSet, type CodeTarget } from '../lib/request-code'
import { startStandaloneSimulator, type StandaloneSimulator } from '../../simulator/testing/standalone'

/**
 * Every kind of generated snippet — curl, Python on requests, TypeScript on fetch — run against the standalone
 * simulator (`npm run simulator`, on free ports), each compared with the page's own request through the
 * console's client: the same scenes, the same estimate, the same price, the same kind of order and job.
 * Nothing is skipped: without curl or Python's requests the suite fails and says what to install.
 */

const USER = 'analyst@swath.test'
const PASSWORD = 'swath-demo'
const CLIENT_ID = 'service-api'
const PARIS: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.25, 48.8],
      [2.42, 48.8],
      [2.42, 48.9],
      [2.25, 48.9],
      [2.25, 48.8],
    ],
  ],
}

/** The Python that has requests: the one on the PATH, else Debian's (where python3-requests installs). */
function findTools(): { python: string } {
  const problems: string[] = []
  if (spawnSync('curl', ['--version']).status !== 0)
    problems.push('curl is missing: install it (apt-get install curl)')
  const python = ['python3', '/usr/bin/python3'].find(
    (p) => spawnSync(p, ['-c', 'import requests']).status === 0,
  )
  if (!python)
    problems.push(
      'Python 3 with requests is missing: install python3-requests (apt-get install python3-requests)',
    )
  if (problems.length > 0 || !python) throw new Error(`Cannot run the snippets: ${problems.join('; ')}.`)
  return { python }
}

/** Concatenated JSON documents (Python and TypeScript print one per request) as values. */
function jsonValues(text: string): unknown[] {
  const out: unknown[] = []
  let i = 0
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++
    if (i >= text.length) break
    let j = i
    if (text[i] === '{' || text[i] === '[') {
      let depth = 0
      let inString = false
      for (; j < text.length; j++) {
        const c = text[j]
        if (inString) {
          if (c === '\\') j++
          else if (c === '"') inString = false
        } else if (c === '"') inString = true
        else if (c === '{' || c === '[') depth++
        else if ((c === '}' || c === ']') && --depth === 0) {
          j++
          break
        }
      }
    } else while (j < text.length && !/\s/.test(text[j])) j++
    out.push(JSON.parse(text.slice(i, j)))
    i = j
  }
  return out
}

let python = ''
let sim: StandaloneSimulator | null = null
let dir = ''
let target: CodeTarget
let client: ApiClient
let session: Session
let qc: QueryClient
let workspaceId = ''

type Kind = 'curl' | 'python' | 'typescript'

/**
 * A command run to its end without blocking: the test's own client keeps its event loop, so it never picks a
 * kept-alive socket that the simulator closed while a blocking run held the loop (seen as "could not be
 * reached" on the request after a long snippet).
 */
function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('error', reject)
    child.on('close', (status) => {
      clearTimeout(timer)
      resolve({ status, stdout, stderr })
    })
  })
}

/** Runs one form of a set's code and returns one value per request (null for an answer without a body). */
async function run(set: CodeRequestSet, kind: Kind): Promise<unknown[]> {
  const code = snippetsOf(set, target)
  const env = { ...process.env, SWATH_PASSWORD: PASSWORD }
  const name = `${kind}-${Math.random().toString(36).slice(2)}`
  let r
  if (kind === 'curl') {
    const file = join(dir, `${name}.sh`)
    writeFileSync(file, code.curl)
    r = await exec('sh', [file], env)
  } else if (kind === 'python') {
    const file = join(dir, `${name}.py`)
    writeFileSync(file, code.python)
    r = await exec(python, [file], env)
  } else {
    const js = ts.transpileModule(code.typescript, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText
    const file = join(dir, `${name}.mjs`)
    writeFileSync(file, js)
    r = await exec(process.execPath, [file], env)
  }
  if (r.status !== 0) throw new Error(`${kind} snippet failed (${r.status}): ${r.stderr}\n${r.stdout}`)
  // curl prints each answer (compact JSON, or nothing) on a line of its own.
  if (kind === 'curl')
    return r.stdout
      .split('\n')
      .slice(0, set.steps.length)
      .map((l) => (l.trim() === '' ? null : (JSON.parse(l) as unknown)))
  return jsonValues(r.stdout)
}

const ids = (features: unknown) => (features as { id: string }[]).map((f) => f.id)

/** Accepts a EULA's current document through the console's own mutation, as the licence gate does. */
async function acceptCurrent(eulaId: string) {
  const docs = await qc.fetchQuery(eulaDocumentsOptions(client, eulaId))
  const current = docs.content[0]
  const mutationFn = acceptEulaMutation(client, qc).mutationFn
  if (!current || !mutationFn) throw new Error(`EULA ${eulaId} has no document`)
  await mutationFn({ eulaId, documentId: current.id }, undefined as never)
}

beforeAll(async () => {
  python = findTools().python
  sim = await startStandaloneSimulator()
  const { apiUrl, authUrl } = sim
  dir = mkdtempSync(join(tmpdir(), 'swath-code-'))
  session = new Session({
    regions: [{ id: 'eu', label: 'Europe', authUrl }],
    clientId: CLIENT_ID,
    storage: null,
    channel: null,
    lock: localLock(),
  })
  await session.signIn({ regionId: 'eu', email: USER, password: PASSWORD })
  const user = session.getSnapshot().user
  if (!user) throw new Error('not signed in')
  workspaceId = user.workspaces[0].id
  client = createApiClient({ baseUrl: apiUrl, session, retry: { retries: 0, baseDelayMs: 0 } })
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  target = {
    apiUrl,
    tokenUrl: `${authUrl}${TOKEN_PATH}`,
    clientId: CLIENT_ID,
    username: USER,
    userWorkspaceId: user.id,
  }
}, 180_000)

afterAll(async () => {
  session?.signOut()
  qc?.clear()
  await sim?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const KINDS: Kind[] = ['curl', 'python', 'typescript']

describe('generated code against the standalone simulator', { timeout: 300_000 }, () => {
  let firstScene: { scene: Scene; host: string } | null = null

  it('searches the catalog: the same scenes as the page, page by page', async () => {
    const byHost = searchableByHost((await qc.fetchQuery(searchableCollectionsOptions(client))).content)
    const hostCollections = byHost.get('oneatlas')
    expect(hostCollections).toBeDefined()
    const built = buildSearch(
      {
        ...EMPTY_FILTERS,
        host: 'oneatlas',
        area: { kind: 'bbox', bbox: [2.25, 48.8, 2.42, 48.9] },
        limit: 40,
      },
      hostCollections ?? [],
    )
    // The page's own requests: the first page, then every page through the `next` cursors.
    const pages = []
    let cursor: string | null = null
    do {
      const page = await qc.fetchQuery(searchOptions(client, built.host, built.body, cursor))
      pages.push(page)
      cursor = cursorOf(page, 'next')
    } while (cursor && pages.length < 20)
    expect(pages.length, 'the search spans several pages').toBeGreaterThan(1)
    const all = pages.flatMap((p) => p.features)
    firstScene = { scene: all[0], host: built.host }

    const set = searchCode(built, null)
    const [curlPage] = (await run(set, 'curl')) as [{ features: unknown[] }]
    expect(ids(curlPage.features)).toEqual(ids(pages[0].features))
    for (const kind of ['python', 'typescript'] as const) {
      const [features] = await run(set, kind)
      expect(ids(features), kind).toEqual(ids(all))
    }
  })

  it('searches every host: the same merged list as the page once every host’s pages are in', async () => {
    const byHost = searchableByHost((await qc.fetchQuery(searchableCollectionsOptions(client))).content)
    const built = buildHostSearches(
      { ...EMPTY_FILTERS, area: { kind: 'bbox', bbox: [2.25, 48.8, 2.42, 48.9] }, limit: 25 },
      byHost,
    )
    expect(built.length, 'several hosts are searched').toBeGreaterThan(1)
    // The page's own requests: each host's first page, then "More" until no host has a next page.
    const hosts: HostPages[] = []
    for (const b of built) {
      const pages = []
      let cursor: string | null = null
      do {
        const page = await qc.fetchQuery(searchOptions(client, b.host, b.body, cursor))
        pages.push(page.features)
        cursor = cursorOf(page, 'next')
      } while (cursor && pages.length < 20)
      hosts.push({ host: b.host, pages })
    }
    expect(
      hosts.some((h) => h.pages.length > 1),
      'a host answers in several pages',
    ).toBe(true)
    const hostOrder = built.map((b) => b.host)
    for (const sort of ['date-desc', 'cloud-asc'] as const) {
      const shown = mergeRows(sceneRows(collectScenes(hosts), null), sort, hostOrder)
      const expected = shown.map((r) => ({ id: r.scene.id, host: r.host }))
      expect(expected.length).toBeGreaterThan(25)
      const set = allHostsSearchCode(built, sort, new Map())
      const firstPages = (await run(set, 'curl')) as { features: unknown[] }[]
      expect(firstPages.map((p) => ids(p.features))).toEqual(hosts.map((h) => ids(h.pages[0])))
      for (const kind of ['python', 'typescript'] as const) {
        const [merged] = (await run(set, kind)) as [{ id: string; host: string }[]]
        expect(
          merged.map((f) => ({ id: f.id, host: f.host })),
          `${kind}, ${sort}`,
        ).toEqual(expected)
      }
    }
  })

  it('places a whole checkout: its licence accepted, its budget read, every line estimated and placed', async () => {
    if (!firstScene) throw new Error('the catalog search found no scene')
    const { host } = firstScene
    const collections = (await qc.fetchQuery(collectionsOfTypeOptions(client, 'ARCHIVE'))).content
    // Two scenes of the first search, each a line of the checkout with its product's default request.
    const found = await qc.fetchQuery(
      searchOptions(client, host, { limit: 10, bbox: [2.25, 48.8, 2.42, 48.9] }, null),
    )
    const lines: CodeLine[] = []
    let eula: Eula | null = null
    for (const scene of found.features) {
      if (lines.length === 2) break
      const collection = collections.find((c) => c.name === scene.properties.collection)
      const product = orderableProducts(collection)[0]
      if (!product?.id) continue
      const schema = await qc.fetchQuery(orderFormOptions(client, product.id))
      const request = defaultSceneRequest(basketSceneOf(scene, host), product, schema, [PARIS])
      if (!request) continue
      if (product.eulaId) eula = await qc.fetchQuery(eulaOptions(client, product.eulaId))
      lines.push({ displayName: String(request.displayName), request })
    }
    expect(lines).toHaveLength(2)
    if (!eula?.currentDocumentId) throw new Error('the product has no licence to accept')
    expect(eula.isAccepted, 'the licence waits for its acceptance').toBe(false)
    const licences = [
      { eulaId: eula.id, title: eula.title, documentId: eula.currentDocumentId, accepted: false },
    ]
    const budgets = await ok(client.GET('/v2/budgets', { params: { query: { size: 50 } } }))
    const budget = budgets.content.find((b) => b.status === 'ACTIVE')
    if (!budget) throw new Error('the account has no active budget')
    const placeTarget = { workspaceId, budgetId: budget.id, budgetName: budget.name }
    const estimates = await Promise.all(
      lines.map((l) => qc.fetchQuery(estimateOptions(client, workspaceId, l.request))),
    )

    const set = checkoutCode(lines, placeTarget, licences)
    expect(set.steps.map((s) => s.call.method)).toEqual(['PATCH', 'GET', 'POST', 'POST', 'POST', 'POST'])
    for (const kind of KINDS) {
      const out = await run(set, kind)
      expect(out, kind).toHaveLength(6)
      const [accepted, readBudget, ...rest] = out as [{ isAccepted: boolean }, { id: string }, ...unknown[]]
      expect(accepted.isAccepted, kind).toBe(true)
      expect(readBudget.id, kind).toBe(budget.id)
      expect(rest.slice(0, 2), kind).toEqual(estimates)
      for (const [i, placed] of (
        rest.slice(2) as { results: { id: string }[]; errors: unknown[] }[]
      ).entries()) {
        expect(placed.errors, kind).toEqual([])
        const order = await orderOf(placed.results[0]?.id)
        expect(pick(order), kind).toEqual({
          dataProductId: lines[i].request.dataProduct,
          displayName: lines[i].displayName,
          type: 'ARCHIVE',
          workspaceId,
        })
      }
    }
    expect(
      (await ok(client.GET('/v2/eulas/{eula-id}', { params: { path: { 'eula-id': eula.id } } }))).isAccepted,
    ).toBe(true)
  })

  it('estimates and places an order line: the same estimate, and an order of the same product and name', async () => {
    if (!firstScene) throw new Error('the catalog search found no scene')
    const { scene, host } = firstScene
    const collections = (await qc.fetchQuery(collectionsOfTypeOptions(client, 'ARCHIVE'))).content
    const collection = collections.find((c) => c.name === scene.properties.collection)
    const product = orderableProducts(collection)[0]
    if (!product?.id) throw new Error('no orderable product')
    if (product.eulaId) await acceptCurrent(product.eulaId)
    const schema = await qc.fetchQuery(orderFormOptions(client, product.id))
    const request = defaultSceneRequest(basketSceneOf(scene, host), product, schema, [PARIS])
    if (!request) throw new Error('the scene has no default order request')
    const placeTarget = { workspaceId, budgetId: null }

    const estimate = await qc.fetchQuery(estimateOptions(client, workspaceId, request))
    expect(estimate.results[0]?.credits).toBeGreaterThan(0)
    const placed = await createOrder(client, workspaceId, withBudget(request, null))
    const pageOrder = await orderOf(placed.results[0]?.id)

    const set = orderCode('Order', request, placeTarget)
    for (const kind of KINDS) {
      const [codeEstimate, codePlaced] = (await run(set, kind)) as [
        unknown,
        { results: { id: string }[]; errors: unknown[] },
      ]
      expect(codeEstimate, kind).toEqual(estimate)
      expect(codePlaced.errors, kind).toEqual([])
      const order = await orderOf(codePlaced.results[0]?.id)
      expect(order.id).not.toBe(pageOrder.id)
      expect(pick(order), kind).toEqual(pick(pageOrder))
    }
  })

  it('estimates a tasking request: the same estimate per feature and in total', async () => {
    const collections = (await qc.fetchQuery(collectionsOfTypeOptions(client, 'TASKING'))).content
    const collection = collections.find((c) => orderableOf(c).length > 0)
    const product = orderableOf(collection)[0]
    if (!product?.id) throw new Error('no tasking product')
    const schema = await qc.fetchQuery(orderFormOptions(client, product.id))
    const params = startingParams(schema, Date.now())
    const displayName = defaultTaskingName(product.title, params)
    expect(validateParams(schema, withName(schema, params, displayName))).toEqual([])
    const request: CreateOrderRequest = taskingRequest({
      dataProductId: product.id,
      displayName,
      tags: [],
      params: cleanParams(schema, withName(schema, params, displayName)),
      polygons: [PARIS],
      budgetId: null,
    })
    const estimate = await qc.fetchQuery(estimateOptions(client, workspaceId, request, 'tasking'))
    expect(estimate.summary.totalCredits).toBeGreaterThan(0)
    // The review's code holds the estimate, then placing; only the estimate is run here.
    const full = orderCode('Tasking', request, { workspaceId, budgetId: null })
    const set = { ...full, steps: full.steps.slice(0, 1) }
    for (const kind of KINDS) expect(await run(set, kind), kind).toEqual([estimate])
  })

  it('validates, prices and runs a process: the same verdict, price and job', async () => {
    const processId = 'true-color-conversion'
    const proc = await qc.fetchQuery(processOptions(client, processId))
    const eula = proc.additionalParameters?.parameters?.find((p) => p.name === 'eula-id')?.value
    const eulaId = Array.isArray(eula) && typeof eula[0] === 'string' ? eula[0] : null
    if (eulaId) await acceptCurrent(eulaId)
    const found = await qc.fetchQuery(storageSearchOptions(client, { limit: 1, page: 0 }))
    const item = found.features[0] as StacItem | undefined
    const href = item && selfHref(item)
    if (!href) throw new Error('storage holds no item')
    const inputs = { title: 'As code', item: href }

    expect(await qc.fetchQuery(validationOptions(client, processId, inputs))).toEqual({ ok: true })
    const price = await qc.fetchQuery(costOptions(client, processId, inputs))
    const started = await executeJob(client, processId, { workspaceId, budgetId: null }, inputs)

    const set = jobCode(processId, proc.title, inputs, { workspaceId, budgetId: null })
    for (const kind of KINDS) {
      const [verdict, codePrice, job] = (await run(set, kind)) as [unknown, unknown, typeof started.job]
      expect(verdict, kind).toBeNull()
      expect(codePrice, kind).toEqual(price)
      expect(job.jobID).not.toBe(started.jobId)
      expect({ process: job.processID, inputs: job.definition.inputs, status: job.status }, kind).toEqual({
        process: started.job.processID,
        inputs: started.job.definition.inputs,
        status: started.job.status,
      })
    }
  })

  it('searches storage (STAC item search): the same items, every page', async () => {
    const body: StorageSearch = { limit: 3, page: 0 }
    // The search page moves through pages with `page` in the body.
    const pages = []
    for (let page = 0; page < 50; page++) {
      const answer = await qc.fetchQuery(storageSearchOptions(client, { ...body, page }))
      pages.push(answer)
      if (answer.features.length < 3) break
    }
    const all = pages.flatMap((p) => p.features)
    expect(pages.length, 'the search spans several pages').toBeGreaterThan(1)
    const set = storageSearchCode(body)
    const [curlPage] = (await run(set, 'curl')) as [{ features: unknown[] }]
    expect(ids(curlPage.features)).toEqual(ids(pages[0].features))
    for (const kind of ['python', 'typescript'] as const) {
      const [features] = await run(set, kind)
      expect(ids(features), kind).toEqual(ids(all))
    }
  })

  it('lists storage collections with the browser’s filters: the same collections, every page', async () => {
    const query = { limit: 2, sources: ['ARCHIVE' as const, 'TASKING' as const] }
    // The browser moves through pages with the zero-based `page` of the query.
    const pages = []
    for (let page = 0; page < 50; page++) {
      const answer = await qc.fetchQuery(collectionsOptions(client, { ...query, page }))
      pages.push(answer)
      if ((page + 1) * 2 >= (answer.context.matched ?? 0)) break
    }
    const all = pages.flatMap((p) => p.collections)
    expect(pages.length, 'the list spans several pages').toBeGreaterThan(1)
    const set = collectionsCode({ ...query, page: 0 })
    const [curlPage] = (await run(set, 'curl')) as [{ collections: unknown[] }]
    expect(ids(curlPage.collections)).toEqual(ids(pages[0].collections))
    for (const kind of ['python', 'typescript'] as const) {
      const [collections] = await run(set, kind)
      expect(ids(collections), kind).toEqual(ids(all))
    }
  })
})

/** A scene as the basket holds it. */
const basketSceneOf = (scene: Scene, host: string) => ({
  id: scene.properties.id,
  host,
  collection: scene.properties.collection,
  constellation: scene.properties.constellation,
  datetime: sceneTime(scene),
  cloudCoverage: scene.properties.cloudCoverage ?? null,
  resolution: scene.properties.resolution ?? null,
  footprint: footprintOf(scene),
})

async function orderOf(id: string | undefined) {
  if (!id) throw new Error('no order was created')
  return ok(client.GET('/v2/orders/{order-id}', { params: { path: { 'order-id': id } } }))
}

const pick = (o: {
  dataProductId?: string | null
  displayName: string
  type?: string
  workspaceId: string
}) => ({
  dataProductId: o.dataProductId,
  displayName: o.displayName,
  type: o.type,
  workspaceId: o.workspaceId,
})
