import { beforeAll, describe, expect, it } from 'vitest'
import type { S } from '../domain/world/types'
import { TestSim } from '../testing/harness'

type Page<T> = S['PageMeta'] & { content: T[] }

let sim: TestSim
let token: string
beforeAll(async () => {
  sim = new TestSim()
  token = await sim.login()
})

const list = async <T>(path: string) => {
  const r = await sim.call<Page<T>>('GET', path)
  expect(r.status, path).toBe(200)
  return r.body
}
const names = (page: Page<{ name: string }>) => page.content.map((c) => c.name)

describe('GET /v2/collections', () => {
  it('is public and lists every collection by name, 20 per page', async () => {
    const page = await list<S['Collection']>('/v2/collections')
    expect(page.totalElements).toBe(sim.world.collections.length)
    expect(page).toMatchObject({ number: 0, size: 20, first: true, sort: { sorted: true } })
    expect(names(page)).toEqual(sim.world.collections.map((c) => c.name).sort())
  })

  it('pages and sorts by name, title, description or type', async () => {
    const p1 = await list<S['Collection']>('/v2/collections?size=3&page=1&sort=title,desc')
    const titles = sim.world.collections
      .map((c) => c.title)
      .sort()
      .reverse()
    expect(p1.content.map((c) => c.title)).toEqual(titles.slice(3, 6))
    expect(p1).toMatchObject({
      number: 1,
      size: 3,
      numberOfElements: 3,
      first: false,
      totalPages: Math.ceil(titles.length / 3),
    })
    const byType = await list<S['Collection']>('/v2/collections?sort=type')
    expect(byType.content.map((c) => c.type)).toEqual([...byType.content.map((c) => c.type)].sort())
  })

  it('falls back to defaults for bad paging values (the contract has no error status here)', async () => {
    for (const q of ['page=-1', 'page=x', 'size=0', 'size=abc', 'sort=nonsense,asc', 'sort=name,sideways']) {
      const page = await list<S['Collection']>(`/v2/collections?${q}`)
      expect(page.number, q).toBe(0)
      expect(page.size, q).toBe(20)
      expect(names(page), q).toEqual(sim.world.collections.map((c) => c.name).sort())
    }
    expect((await list('/v2/collections?size=5000')).size).toBe(1000)
    // A page number beyond int32 is clamped to the last representable page (empty), not echoed back.
    const huge = await list<S['Collection']>('/v2/collections?page=99999999999999999999')
    expect(huge.number).toBe(2147483647)
    expect(huge.content).toEqual([])
    expect((await list('/v2/providers?page=99999999999999999999')).number).toBe(2147483647)
    expect((await list('/v2/data-products?page=2147483647')).empty).toBe(true)
  })

  it('filters by type; an unknown type matches nothing', async () => {
    const tasking = await list<S['Collection']>('/v2/collections?type=TASKING')
    expect(tasking.totalElements).toBeGreaterThan(0)
    expect(tasking.content.every((c) => c.type === 'TASKING')).toBe(true)
    expect((await list('/v2/collections?type=ARCHIVE')).totalElements + tasking.totalElements).toBe(
      sim.world.collections.length,
    )
    expect((await list('/v2/collections?type=ELEVATION')).totalElements).toBe(0)
  })

  it('keeps collections offering every listed integration, repeated or comma-joined', async () => {
    const search = await list<S['Collection']>('/v2/collections?integrations=SEARCH_AVAILABLE')
    const both = await list<S['Collection']>(
      '/v2/collections?integrations=SEARCH_AVAILABLE&integrations=THUMBNAIL_AVAILABLE',
    )
    const joined = await list<S['Collection']>(
      '/v2/collections?integrations=SEARCH_AVAILABLE,THUMBNAIL_AVAILABLE',
    )
    expect(names(both)).toEqual(names(joined))
    expect(both.totalElements).toBeLessThan(search.totalElements)
    for (const c of both.content)
      expect(c.integrations).toEqual(expect.arrayContaining(['SEARCH_AVAILABLE', 'THUMBNAIL_AVAILABLE']))
    expect(names(both)).not.toContain('capella-gec')
    expect((await list('/v2/collections?integrations=NOT_A_THING')).totalElements).toBe(0)
    expect((await list('/v2/collections?integrations=SEARCH_AVAILABLE&type=TASKING')).totalElements).toBe(0)
  })
})

describe('GET /v2/collections/{name}', () => {
  it('needs a token', async () => {
    expect((await sim.call('GET', '/v2/collections/phr')).status).toBe(401)
  })

  it('answers the collection, or a 404 basic error', async () => {
    const r = await sim.call<S['Collection']>('GET', '/v2/collections/phr', { token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual(sim.world.collections.find((c) => c.name === 'phr'))
    const missing = await sim.call<S['BasicError']>('GET', '/v2/collections/nope', { token })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 404, message: 'Collection with name nope not found' })
  })
})

describe('GET /v2/data-products', () => {
  const all = () => sim.world.collections.flatMap((c) => c.dataProducts)

  it('is public and lists the data products of every collection with their collection name', async () => {
    const page = await list<S['DataProduct']>('/v2/data-products?size=100')
    expect(page.totalElements).toBe(all().length)
    expect(names(page)).toEqual(
      all()
        .map((p) => p.name)
        .sort(),
    )
    for (const p of page.content)
      expect(
        sim.world.collections.find((c) => c.name === p.collectionName)?.dataProducts.map((d) => d.name),
      ).toContain(p.name)
  })

  it('filters by id (repeated), never matching products without one', async () => {
    const [a, b] = all().filter((p) => p.id)
    const page = await list<S['DataProduct']>(
      `/v2/data-products?id=${a.id}&id=${b.id}&id=00000000-0000-4000-8000-000000000000`,
    )
    expect(page.content.map((p) => p.id).sort()).toEqual([a.id, b.id].sort())
    expect((await list('/v2/data-products?id=not-a-uuid')).totalElements).toBe(0)
  })

  it('sorts and pages', async () => {
    const page = await list<S['DataProduct']>('/v2/data-products?sort=collectionName,desc&size=4')
    expect(page.content).toHaveLength(4)
    const cols = page.content.map((p) => p.collectionName as string)
    expect(cols).toEqual([...cols].sort().reverse())
  })
})

describe('GET /v2/data-products/{name}', () => {
  it('answers the product by name with a token, else 401 or 404', async () => {
    expect((await sim.call('GET', '/v2/data-products/phr-display')).status).toBe(401)
    const r = await sim.call<S['DataProduct']>('GET', '/v2/data-products/phr-display', { token })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      name: 'phr-display',
      collectionName: 'phr',
      id: expect.any(String) as string,
    })
    const missing = await sim.call<S['BasicError']>('GET', '/v2/data-products/nope', { token })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 404, message: 'Data product with name nope not found' })
  })
})

describe('providers', () => {
  it('lists providers publicly, filtered by role; an unknown role matches nothing', async () => {
    const page = await list<S['Provider']>('/v2/providers')
    expect(names(page)).toEqual(sim.world.providers.map((p) => p.name).sort())
    const hosts = await list<S['Provider']>('/v2/providers?role=HOST')
    expect(names(hosts)).toEqual(['blacksky', 'capellaspace', 'nearspace', 'oneatlas'])
    expect(names(await list('/v2/providers?role=PRODUCER'))).toContain('airbus')
    expect((await list('/v2/providers?role=RESELLER')).totalElements).toBe(0)
    expect(names(await list('/v2/providers?sort=name,desc&size=2'))).toEqual(
      sim.world.providers
        .map((p) => p.name)
        .sort()
        .reverse()
        .slice(0, 2),
    )
  })

  it('reads one provider with a token, else 401 or 404', async () => {
    expect((await sim.call('GET', '/v2/providers/oneatlas')).status).toBe(401)
    const r = await sim.call<S['Provider']>('GET', '/v2/providers/oneatlas', { token })
    expect(r.body).toMatchObject({ name: 'oneatlas', roles: ['HOST'] })
    const missing = await sim.call<S['BasicError']>('GET', '/v2/providers/nope', { token })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ code: 404, message: 'Provider with name nope not found' })
  })
})
