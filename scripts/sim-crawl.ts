import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createSimulator, type Simulator } from '../simulator/app'
import { DEMO_PASSWORD } from '../simulator/domain/world/ids'
import type { SeedSize } from '../simulator/domain/world/world'
import { TOKEN_PATH } from '../simulator/routes/token'

/**
 * A crawl of the simulator that hashes every answer, to show a refactoring left its behaviour byte for byte
 * the same (decision 54, issue 43 part 2): every list and detail for the three demo users, list queries and
 * their error cases, estimates, searches, catalog previews, storage downloads, the writes of each area, and
 * the lists again three simulated days later. In-process on a manual clock, so two runs answer alike; the
 * only unseeded part, a signed link's token, is masked before hashing.
 *
 *   node scripts/run-ts.mjs scripts/sim-crawl.ts [--out lines.txt] [--seed large]
 *
 * prints the number of requests and one SHA-256 over all of them; `--out` writes one line per request
 * (method, path, status, the answer's hash) to compare two runs with `diff`; `--show TEXT` prints the
 * answers of the requests whose method and path contain TEXT.
 */

const USERS = ['analyst@swath.test', 'viewer@swath.test', 'starter@swath.test']
const DAY_SECONDS = 86_400
const BASE = 'http://sim.test'

interface Answer {
  status: number
  headers: Headers
  text: string
  json: unknown
}

type Json = Record<string, unknown>

class Crawl {
  readonly lines: string[] = []
  private readonly total = createHash('sha256')
  private token = ''

  constructor(
    readonly sim: Simulator,
    private readonly show?: string,
  ) {}

  async login(email: string): Promise<void> {
    const res = await this.sim.auth.request(`http://auth.sim.test${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: email,
        password: DEMO_PASSWORD,
        client_id: 'service-api',
      }).toString(),
    })
    this.token = ((await res.json()) as { access_token: string }).access_token
  }

  advanceDays(days: number): void {
    this.sim.runtime.clock.advance(days * DAY_SECONDS)
    this.sim.runtime.world.settle()
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const init: RequestInit = { method, headers: { authorization: `Bearer ${this.token}`, ...headers } }
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
    }
    const res = await this.sim.api.request(`${BASE}${path}`, init)
    const bytes = new Uint8Array(await res.arrayBuffer())
    const type = res.headers.get('content-type') ?? ''
    const binary = !/json|text|xml/.test(type) && bytes.byteLength > 0
    // Signed links carry 256 random bits from the platform (never seeded): masked, the rest is hashed.
    const mask = (s: string) => s.replace(/\/__storage\/[0-9a-f]{64}\//g, '/__storage/TOKEN/')
    const text = binary ? '' : mask(new TextDecoder().decode(bytes))
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    const hash = createHash('sha256')
    hash.update(`${method} ${path} ${res.status}\n`)
    for (const name of ['content-type', 'location', 'content-disposition', 'content-range', 'content-length'])
      hash.update(`${name}: ${mask(res.headers.get(name) ?? '')}\n`)
    if (binary) hash.update(bytes)
    else hash.update(text)
    const digest = hash.digest('hex')
    this.total.update(digest)
    this.lines.push(`${method} ${path.slice(0, 300)} ${res.status} ${digest.slice(0, 16)}`)
    if (this.show && `${method} ${path}`.includes(this.show))
      console.log(method, path, res.status, text.slice(0, 600))
    return { status: res.status, headers: res.headers, text, json }
  }

  digest(): string {
    return this.total.copy().digest('hex')
  }
}

/** A value of an answer as text for a path or query: strings and numbers as they are, anything else empty. */
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? `${v}` : '')

const asList = (v: unknown, key: string): Json[] => {
  const list = (v as Json | undefined)?.[key]
  return Array.isArray(list) ? (list as Json[]) : []
}

async function orders(crawl: Crawl): Promise<Json[]> {
  const first = await crawl.call('GET', '/v2/orders?size=1000')
  const all = asList(first.json, 'content')
  const queries = [
    '',
    'size=5&page=1',
    'sort=createdAt,asc&size=50',
    'sort=updatedAt,desc&size=50',
    'sort=type,asc&size=50',
    'sort=status,desc&size=50',
    'sort=displayName,asc&size=50',
    'sort=displayName,desc&size=50',
    'type=ARCHIVE',
    'type=TASKING&size=50',
    'status=FULFILLED',
    'status=CREATED&status=BEING_FULFILLED',
    'status=FAILED,FAILED_PERMANENTLY',
    'subStatus=QUOTATION_ACCEPTED',
    'subStatus=FEASIBILITY_WAITING_UPLOAD&subStatus=QUOTATION_WAITING_UPLOAD',
    'displayName=berlin',
    'displayName=PORT',
    'tags=urban',
    'tags=port&tags=sar',
    `workspaceId=${str(all[0]?.workspaceId ?? '')}`,
    `dataProductIds=${str(all[0]?.dataProductId ?? '')}`,
    `orderIds=${all
      .slice(0, 3)
      .map((o) => str(o.id))
      .join(',')}`,
    `budgetIds=${str(all.find((o) => o.budgetId)?.budgetId ?? '00000000-0000-4000-8000-000000000000')}`,
    'type=ARCHIVE&status=FULFILLED&sort=displayName,asc',
    // Error cases.
    'workspaceId=nope',
    'type=OTHER',
    'status=DOWNLOADED',
    'status=NOPE',
    'subStatus=NOPE',
    'orderIds=nope',
    'dataProductIds=x,y',
    'budgetIds=1',
    'tags=%3Cb%3E',
    'page=-1',
    'size=5000',
    'sort=nope,asc',
    'page=3000000000',
    `orderIds=${Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${str(i).padStart(12, '0')}`).join(',')}`,
  ]
  for (const q of queries) await crawl.call('GET', `/v2/orders?${q}`)
  for (const o of all.slice(0, 150)) await crawl.call('GET', `/v2/orders/${str(o.id)}`)
  await crawl.call('GET', '/v2/orders/nope')
  await crawl.call('GET', '/v2/orders/00000000-0000-4000-8000-000000000000')
  return all
}

async function glossary(crawl: Crawl): Promise<Json[]> {
  const collections = asList((await crawl.call('GET', '/v2/collections?size=100')).json, 'content')
  await crawl.call('GET', '/v2/data-products?size=100')
  await crawl.call('GET', '/v2/providers')
  const products: Json[] = []
  for (const col of collections) {
    for (const p of asList(col, 'dataProducts')) products.push({ ...p, collection: col })
  }
  return products
}

async function orderForms(crawl: Crawl, products: Json[]): Promise<void> {
  for (const p of products) await crawl.call('GET', `/orders/schema/${str(p.id)}`)
  await crawl.call('GET', '/orders/schema/nope')
  await crawl.call('GET', '/orders/schema/00000000-0000-4000-8000-000000000000')
}

const square = (w: number, s: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [w + size, s],
      [w + size, s + size],
      [w, s + size],
      [w, s],
    ],
  ],
})

const featureCollection = (...geometries: unknown[]) => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
})

async function catalog(crawl: Crawl): Promise<{ host: string; scene: Json }[]> {
  const found: { host: string; scene: Json }[] = []
  for (const host of ['oneatlas', 'blacksky', 'capellaspace', 'nearspace', 'nope']) {
    const r = await crawl.call('POST', `/catalog/hosts/${host}/stac/search`, {
      bbox: [-10, 35, 30, 60],
      limit: 20,
    })
    for (const f of asList(r.json, 'features').slice(0, 4)) found.push({ host, scene: f })
    const next = asList(r.json, 'links').find((l) => l.rel === 'next')
    if (next) await crawl.call('POST', str(next.href).replace(/^http:\/\/sim\.test/, ''), { limit: 20 })
  }
  await crawl.call('POST', '/catalog/hosts/oneatlas/stac/search', '[1]')
  await crawl.call('POST', '/catalog/hosts/oneatlas/stac/search', '{')
  await crawl.call('POST', '/catalog/hosts/oneatlas/stac/search', { limit: 'x' })
  for (const { host, scene } of found) {
    await crawl.call('GET', `/catalog/${host}/image/${str(scene.id)}/thumbnail`)
    await crawl.call('GET', `/catalog/${host}/image/${str(scene.id)}/quicklook`)
  }
  await crawl.call('GET', '/catalog/oneatlas/image/nope/quicklook')
  return found
}

async function estimates(crawl: Crawl, products: Json[], scenes: { scene: Json }[]): Promise<void> {
  for (const p of products.slice(0, 30)) {
    const col = p.collection as Json
    const scene = scenes.find((s) => (s.scene.properties as Json).collection === col.name)?.scene
    const params: Json =
      col.type === 'ARCHIVE'
        ? { id: scene ? str(scene.id) : 'nope' }
        : { acquisitionStart: '2026-11-10T00:00:00Z', acquisitionEnd: '2026-11-30T00:00:00Z' }
    const geometry = scene ? scene.geometry : square(13.3, 52.45, 0.05)
    await crawl.call('POST', '/v2/orders/estimate', {
      displayName: 'Estimate',
      dataProduct: str(p.id),
      params,
      featureCollection: featureCollection(geometry, square(13.3, 52.45, 0.05)),
    })
  }
  await crawl.call('POST', '/v2/orders/estimate', '{')
  await crawl.call('POST', '/v2/orders/estimate', { dataProduct: 'x' })
  await crawl.call('POST', '/v2/orders/estimate', {
    dataProduct: str(products[0]?.id),
    params: {},
    featureCollection: featureCollection(),
  })
}

async function tasking(crawl: Crawl, products: Json[], orderList: Json[]): Promise<void> {
  const taskingProducts = products.filter((p) => (p.collection as Json).type === 'TASKING')
  for (const p of taskingProducts) {
    for (const path of ['/v2/tasking/orders/feasibility', '/v2/tasking/orders/opportunities']) {
      await crawl.call('POST', path, {
        displayName: 'Feasibility',
        dataProduct: str(p.id),
        params: { acquisitionStart: '2026-11-10T00:00:00Z', acquisitionEnd: '2026-11-20T00:00:00Z' },
        featureCollection: featureCollection(square(13.3, 52.45, 0.1), square(2.2, 48.8, 2)),
      })
    }
  }
  await crawl.call('POST', '/v2/tasking/orders/feasibility', { dataProduct: str(products[0]?.id) })
  await crawl.call('POST', '/v2/tasking/orders/opportunities', {
    displayName: 'Too long',
    dataProduct: str(taskingProducts[0]?.id),
    params: { acquisitionStart: '2026-11-10T00:00:00Z', acquisitionEnd: '2027-03-20T00:00:00Z' },
    featureCollection: featureCollection(square(13.3, 52.45, 0.1)),
  })
  for (const list of ['/v2/tasking/quotation', '/v2/tasking/feasibility-studies']) {
    for (const q of [
      '',
      'size=2&page=1',
      'sort=updatedAt,asc',
      'sort=decisionAt,desc',
      'sort=creditsPrice,asc',
      'decision=NOT_DECIDED',
      'decision=accepted,REJECTED',
      'decision=NOPE',
      'page=-3&size=abc',
      'sort=nope',
      `orderId=${str(orderList.find((o) => o.type === 'TASKING')?.id ?? '')}`,
    ])
      await crawl.call('GET', `${list}?${q}`)
  }
  for (const o of orderList.filter((o) => o.type === 'TASKING'))
    await crawl.call('GET', `/v2/coverage/orders/${str(o.id)}`)
  await crawl.call('GET', `/v2/coverage/orders/${str(orderList.find((o) => o.type === 'ARCHIVE')?.id)}`)
  await crawl.call('GET', '/v2/coverage/orders/nope')
}

async function processing(crawl: Crawl): Promise<Json[]> {
  const processes = asList((await crawl.call('GET', '/v2/processing/processes')).json, 'processes')
  for (const p of processes) await crawl.call('GET', `/v2/processing/processes/${str(p.id)}`)
  await crawl.call('GET', '/v2/processing/processes/nope')
  const jobs = asList((await crawl.call('GET', '/v2/processing/jobs?limit=100')).json, 'jobs')
  const queries = [
    '',
    'page=1&limit=3',
    'sort=processID,asc',
    'sort=status,desc&limit=50',
    'sort=created,asc&limit=50',
    'sort=creditConsumption.credits,desc&limit=50',
    'status=captured',
    'status=running,accepted&status=created',
    'processId=pansharpening',
    'processId=upsampling-ns,detection-ships-airbus',
    'minDuration=300',
    'maxDuration=700&minDuration=10',
    `workspaceId=${str(jobs[0]?.workspaceID ?? '')}`,
    `ids=${jobs
      .slice(0, 2)
      .map((j) => str(j.jobID))
      .join(',')}`,
    'page=99',
    // Error cases.
    'page=-1',
    'limit=0',
    'minDuration=x',
    'minDuration=9&maxDuration=3',
    'sort=nope',
    'sort=created,up',
    'workspaceId=x',
    'status=NOPE',
    'ids=x',
  ]
  for (const q of queries) await crawl.call('GET', `/v2/processing/jobs?${q}`)
  for (const j of jobs) await crawl.call('GET', `/v2/processing/jobs/${str(j.jobID)}`)
  await crawl.call('GET', '/v2/processing/jobs/nope')
  // Validation and cost of each seeded job's own inputs, and of broken ones.
  for (const j of jobs.slice(0, 12)) {
    const body = { inputs: (j.definition as Json).inputs }
    for (const step of ['validation', 'cost'])
      await crawl.call('POST', `/v2/processing/processes/${str(j.processID)}/${step}`, body)
  }
  for (const p of processes.slice(0, 3)) {
    await crawl.call('POST', `/v2/processing/processes/${str(p.id)}/validation`, { inputs: {} })
    await crawl.call('POST', `/v2/processing/processes/${str(p.id)}/cost`, '{')
    await crawl.call('POST', `/v2/processing/processes/${str(p.id)}/cost`, {
      inputs: { title: 'x', item: 'https://elsewhere.test/v2/assets/stac/collections/a/items/b' },
    })
  }
  return jobs
}

async function storage(crawl: Crawl, downloads: number): Promise<void> {
  for (const path of ['', '/conformance', '/queryables', '/', '/collections/']) {
    await crawl.call('GET', `/v2/assets/stac${path}`)
  }
  // The contract itself is large and fixed: hashed once, as a whole.
  await crawl.call('GET', '/v2/assets/stac/api')
  const collections = asList(
    (await crawl.call('GET', '/v2/assets/stac/collections?limit=100')).json,
    'collections',
  )
  for (const q of ['limit=2&page=1', 'limit=5&page=2', 'q=berlin', 'limit=x', 'page=-1', 'sortby=title'])
    await crawl.call('GET', `/v2/assets/stac/collections?${q}`)
  let left = downloads
  for (const col of collections.slice(0, 30)) {
    const id = str(col.id)
    await crawl.call('GET', `/v2/assets/stac/collections/${id}`)
    const items = asList(
      (await crawl.call('GET', `/v2/assets/stac/collections/${id}/items`)).json,
      'features',
    )
    await crawl.call('GET', `/v2/assets/stac/collections/${id}/items?limit=1&page=1`)
    await crawl.call(
      'GET',
      `/v2/assets/stac/collections/${id}/items?bbox=0,0,1,1&datetime=2026-01-01T00:00:00Z/..`,
    )
    for (const item of items.slice(0, 3)) {
      await crawl.call('GET', `/v2/assets/stac/collections/${id}/items/${str(item.id)}`)
      for (const asset of Object.values((item.assets ?? {}) as Record<string, Json>)) {
        if (left <= 0) break
        const assetId = /\/v2\/assets\/([^/?#]+)$/.exec(str(asset.href))?.[1]
        if (!assetId) continue
        left -= 1
        const signed = await crawl.call('POST', `/v2/assets/${assetId}/download-url`)
        const url = str((signed.json as Json | undefined)?.url ?? '')
        if (!url) continue
        const path = url.replace(/^http:\/\/sim\.test/, '')
        await crawl.call('GET', path)
        await crawl.call('GET', path, undefined, { range: 'bytes=0-99' })
        await crawl.call('GET', path, undefined, { range: 'bytes=-10' })
        await crawl.call('GET', path, undefined, { range: 'bytes=999999999-' })
      }
    }
    await crawl.call('GET', `/v2/assets/stac/collections/${id}/items/nope`)
  }
  await crawl.call('GET', '/v2/assets/stac/collections/nope')
  await crawl.call('POST', '/v2/assets/nope/download-url')
  await crawl.call('GET', '/__storage/nope/file.tif')
  const searches: unknown[] = [
    {},
    { limit: 3 },
    { limit: 3, page: 2 },
    { bbox: [-180, -90, 180, 90], limit: 50 },
    { collections: collections.slice(0, 2).map((c) => str(c.id)) },
    { sortby: [{ field: 'properties.datetime', direction: 'asc' }], limit: 20 },
    { filter: { op: '=', args: [{ property: 'constellation' }, 'PHR'] }, 'filter-lang': 'cql2-json' },
    { filter: { op: 'nope', args: [] } },
    { datetime: '2026-01-01T00:00:00Z/..' },
    { limit: 'x' },
    '{',
  ]
  for (const s of searches) await crawl.call('POST', '/v2/assets/stac/search', s)
  for (const q of [
    '',
    'limit=2&page=1',
    'bbox=0,40,20,60',
    'sortby=-properties.datetime',
    'collections=nope',
    'bbox=x',
  ])
    await crawl.call('GET', `/v2/assets/stac/search?${q}`)
}

async function others(crawl: Crawl): Promise<void> {
  for (const path of [
    '/v2/budgets',
    '/v2/budgets/settings',
    '/v2/eulas',
    '/v2/spatial/geometries',
    '/v2/spatial/geometries?displayName=a&sort=displayName,asc',
  ]) {
    const r = await crawl.call('GET', path)
    for (const x of asList(r.json, 'content').slice(0, 5)) {
      const id = str(x.id)
      if (path.startsWith('/v2/budgets')) {
        await crawl.call('GET', `/v2/budgets/${id}`)
        await crawl.call('GET', `/v2/budgets/${id}/usage`)
      } else if (path.startsWith('/v2/eulas')) await crawl.call('GET', `/v2/eulas/${id}/documents`)
      else await crawl.call('GET', `/v2/spatial/geometries/${id}`)
    }
  }
}

/** The writes of each area, by the analyst: they change what the lists say afterwards. */
async function writes(
  crawl: Crawl,
  orderList: Json[],
  products: Json[],
  scenes: { scene: Json }[],
  jobs: Json[],
) {
  const workspaceId = str(orderList[0]?.workspaceId)
  for (const o of orderList.slice(0, 6)) {
    await crawl.call('PATCH', `/v2/orders/${str(o.id)}`, {
      displayName: `Renamed ${str(o.id)}`,
      tags: ['a', 'a', 'b'],
    })
    await crawl.call('POST', `/v2/orders/${str(o.id)}/cancellation`)
  }
  await crawl.call('PATCH', `/v2/orders/${str(orderList[0]?.id)}`, { tags: 'x' })
  const eulas = asList((await crawl.call('GET', '/v2/eulas?size=100')).json, 'content')
  for (const e of eulas) {
    const docs = asList((await crawl.call('GET', `/v2/eulas/${str(e.id)}/documents`)).json, 'content')
    if (docs[0])
      await crawl.call('PATCH', `/v2/eulas/${str(e.id)}/documents/${str(docs[0].id)}`, {
        isAccepted: true,
      })
  }
  for (const p of products.slice(0, 16)) {
    const col = p.collection as Json
    const scene = scenes.find((s) => (s.scene.properties as Json).collection === col.name)?.scene
    // A tasking order asks what a seeded one of the product asked, in a window ahead of the clock.
    const seeded = orderList.find((o) => o.type === 'TASKING' && o.dataProductId === p.id)
    const details = { ...((seeded?.orderDetails ?? {}) as Json) }
    for (const key of ['geometry', 'subStatus', 'maxCloudCover', 'maxIncidenceAngle']) delete details[key]
    const params: Json =
      col.type === 'ARCHIVE'
        ? { id: scene ? str(scene.id) : 'nope' }
        : { ...details, acquisitionStart: '2026-11-20T00:00:00Z', acquisitionEnd: '2026-12-30T00:00:00Z' }
    const r = await crawl.call('POST', `/v2/orders?workspaceId=${workspaceId}`, {
      dataProduct: str(p.id),
      displayName: `Crawl ${str(p.name)}`,
      params,
      featureCollection: featureCollection(scene ? scene.geometry : square(13.3, 52.45, 0.05)),
    })
    for (const made of asList(r.json, 'results')) await crawl.call('GET', `/v2/orders/${str(made.id)}`)
  }
  await crawl.call('POST', '/v2/orders', { dataProduct: 'x' })
  await crawl.call('POST', `/v2/orders?workspaceId=${workspaceId}`, '{')
  const quotations = asList(
    (await crawl.call('GET', '/v2/tasking/quotation?decision=NOT_DECIDED')).json,
    'content',
  )
  for (const [i, q] of quotations.slice(0, 4).entries())
    await crawl.call('PATCH', `/v2/tasking/quotation/${str(q.id)}`, {
      decision: i % 2 ? 'REJECTED' : 'ACCEPTED',
    })
  const studies = asList(
    (await crawl.call('GET', '/v2/tasking/feasibility-studies?decision=NOT_DECIDED')).json,
    'content',
  )
  for (const s of studies.slice(0, 3)) {
    const option = asList(s, 'options')[0]
    await crawl.call('PATCH', `/v2/tasking/feasibility-studies/${str(s.id)}`, {
      acceptedOptionId: str(option?.id ?? 'x'),
    })
  }
  await crawl.call('PATCH', '/v2/tasking/quotation/nope', { decision: 'ACCEPTED' })
  for (const j of jobs.slice(0, 6)) {
    const r = await crawl.call(
      'POST',
      `/v2/processing/processes/${str(j.processID)}/execution?workspaceId=${str(j.workspaceID)}`,
      {
        inputs: (j.definition as Json).inputs,
      },
    )
    const id = (r.json as Json | undefined)?.jobID
    if (id) await crawl.call('GET', `/v2/processing/jobs/${str(id)}`)
  }
  await crawl.call('POST', '/v2/processing/processes/pansharpening/execution', { inputs: {} })
  const collections = asList(
    (await crawl.call('GET', '/v2/assets/stac/collections?limit=10')).json,
    'collections',
  )
  for (const col of collections.slice(0, 3)) {
    const items = asList(
      (await crawl.call('GET', `/v2/assets/stac/collections/${str(col.id)}/items`)).json,
      'features',
    )
    for (const item of items.slice(0, 2)) {
      const path = `/v2/assets/stac/collections/${str(col.id)}/items/${str(item.id)}`
      await crawl.call('PATCH', path, { title: 'Crawled', tags: ['x', 'x'] })
      await crawl.call('PATCH', path, { 'up42-user:tags': null })
      await crawl.call('PATCH', path, { tags: ['<bad>'] })
    }
  }
  if (collections[3]) await crawl.call('DELETE', `/v2/assets/stac/collections/${str(collections[3].id)}`)
}

async function lists(crawl: Crawl): Promise<void> {
  for (const path of [
    '/v2/orders?size=200',
    '/v2/orders?sort=updatedAt,desc&size=200',
    '/v2/orders?status=FULFILLED,BEING_FULFILLED&size=200',
    '/v2/processing/jobs?limit=100',
    '/v2/processing/jobs?sort=status,asc&limit=100',
    '/v2/tasking/quotation?size=100',
    '/v2/tasking/feasibility-studies?size=100',
    '/v2/assets/stac/collections?limit=100',
    '/v2/budgets',
  ])
    await crawl.call('GET', path)
}

export async function main(argv: string[]): Promise<void> {
  const out = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : undefined
  const show = argv.includes('--show') ? argv[argv.indexOf('--show') + 1] : undefined
  const seed = argv.includes('--seed') ? (argv[argv.indexOf('--seed') + 1] as SeedSize) : 'default'
  const crawl = new Crawl(createSimulator({ clock: 'manual', seed }), show)
  let everything: { orderList: Json[]; products: Json[]; scenes: { scene: Json }[]; jobs: Json[] } | undefined
  for (const email of USERS) {
    await crawl.login(email)
    const orderList = await orders(crawl)
    const products = await glossary(crawl)
    await orderForms(crawl, products)
    const scenes = await catalog(crawl)
    await estimates(crawl, products, scenes)
    await tasking(crawl, products, orderList)
    const jobs = await processing(crawl)
    await storage(crawl, email === USERS[0] ? 25 : 3)
    await others(crawl)
    if (email === USERS[0]) everything = { orderList, products, scenes, jobs }
  }
  if (everything) {
    await crawl.login(USERS[0])
    await writes(crawl, everything.orderList, everything.products, everything.scenes, everything.jobs)
  }
  crawl.advanceDays(3)
  for (const email of USERS) {
    await crawl.login(email)
    await lists(crawl)
  }
  if (out) writeFileSync(out, `${crawl.lines.join('\n')}\n`)
  console.log(`${crawl.lines.length} requests, sha256 ${crawl.digest()}`)
}
