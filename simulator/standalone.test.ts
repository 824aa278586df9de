import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from './domain/world/ids'
import { TOKEN_PATH } from './routes/token'
import { startStandaloneSimulator, type StandaloneSimulator } from './testing/standalone'

/**
 * `npm run simulator` as its own process, downloading a file of every kind it delivers through the contract's
 * signed links. Its module loader (scripts/run-ts.mjs) once closed when the servers had started, and every
 * GeoTIFF and PNG — made on first read from land data loaded lazily — failed with a 500 (issue 38).
 */

interface StacAsset {
  href: string
  type?: string
  roles?: string[]
}
interface StacItem {
  id: string
  assets: Record<string, StacAsset>
}

let sim: StandaloneSimulator
let token: string

beforeAll(async () => {
  sim = await startStandaloneSimulator()
  const res = await fetch(`${sim.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'service-api',
      username: 'analyst@swath.test',
      password: DEMO_PASSWORD,
    }),
  })
  expect(res.status).toBe(200)
  token = ((await res.json()) as { access_token: string }).access_token
}, 200_000)

afterAll(async () => {
  await sim?.stop()
})

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${sim.apiUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  })
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The first item of the account's collections from a source (ARCHIVE, TASKING or PROCESSING). */
async function firstItemOf(source: string): Promise<StacItem> {
  const { collections } = await api<{ collections: { id: string }[] }>(
    `/v2/assets/stac/collections?sources=${source}&limit=1`,
  )
  expect(collections.length, `a ${source} collection in storage`).toBeGreaterThan(0)
  const { features } = await api<{ features: StacItem[] }>(
    `/v2/assets/stac/collections/${collections[0].id}/items?limit=1`,
  )
  expect(features.length, `an item of the ${source} collection`).toBeGreaterThan(0)
  return features[0]
}

const assetId = (a: StacAsset) => new URL(a.href, sim.apiUrl).pathname.split('/').pop() ?? ''
const byRole = (item: StacItem, role: string): StacAsset => {
  const found = Object.values(item.assets).find((a) => a.roles?.includes(role))
  if (!found) throw new Error(`item ${item.id} has no ${role} asset`)
  return found
}

const isGeoTiff = (b: Uint8Array) =>
  (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) ||
  (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a)
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const isPng = (b: Uint8Array) => PNG.every((v, i) => b[i] === v)
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04
const isJson = (b: Uint8Array) => {
  try {
    return typeof JSON.parse(new TextDecoder().decode(b)) === 'object'
  } catch {
    return false
  }
}

/** Asks for a signed link, fetches it without credentials, and returns what came back. */
async function download(asset: StacAsset) {
  const res = await fetch(`${sim.apiUrl}/v2/assets/${assetId(asset)}/download-url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(201)
  const { url } = (await res.json()) as { url: string }
  expect(res.headers.get('location')).toBe(url)
  const file = await fetch(url)
  const bytes = new Uint8Array(await file.arrayBuffer())
  return { file, bytes, text: () => new TextDecoder().decode(bytes.slice(0, 400)) }
}

describe('the standalone simulator downloads every kind of file', { timeout: 120_000 }, () => {
  const cases: [string, () => Promise<StacAsset>, RegExp, (b: Uint8Array) => boolean][] = [
    ['an archive GeoTIFF', async () => byRole(await firstItemOf('ARCHIVE'), 'data'), /\.tif"/, isGeoTiff],
    ['a tasking GeoTIFF', async () => byRole(await firstItemOf('TASKING'), 'data'), /\.tif"/, isGeoTiff],
    ['a PNG preview', async () => byRole(await firstItemOf('ARCHIVE'), 'overview'), /\.png"/, isPng],
    ['JSON metadata', async () => byRole(await firstItemOf('TASKING'), 'metadata'), /\.json"/, isJson],
    [
      "a processing job's result",
      async () => byRole(await firstItemOf('PROCESSING'), 'data'),
      /\.tif"/,
      isGeoTiff,
    ],
    [
      'an original delivery (zip)',
      async () => {
        const { collections } = await api<{ collections: { assets?: Record<string, StacAsset> }[] }>(
          '/v2/assets/stac/collections?cnam=false&limit=1',
        )
        const zip = Object.values(collections[0]?.assets ?? {})[0]
        if (!zip) throw new Error('no original delivery in storage')
        return zip
      },
      /\.zip"/,
      isZip,
    ],
  ]

  it.each(cases)('%s', async (_name, find, filename, magic) => {
    const asset = await find()
    const { file, bytes, text } = await download(asset)
    expect(file.status, `${text()}\n${sim.output().slice(-2000)}`).toBe(200)
    expect(file.headers.get('content-type')).toBe(asset.type)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="/)
    expect(file.headers.get('content-disposition')).toMatch(filename)
    expect(Number(file.headers.get('content-length'))).toBe(bytes.byteLength)
    expect(bytes.byteLength).toBeGreaterThan(8)
    expect(magic(bytes), `the file's first bytes: ${[...bytes.slice(0, 8)].join(' ')}`).toBe(true)
  })
})
