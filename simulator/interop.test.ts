import { describe, expect, it } from 'vitest'
import { dataProductId, DEMO_PASSWORD, ids } from './domain/world/ids'
import type { S } from './domain/world/types'
import { TestSim } from './testing/harness'

/**
 * Clients of the real service, unchanged: the requests a standard OIDC client (the service's SDK among them)
 * sends to the token server, and the walk a STAC client makes from the storage landing page.
 */

const claimsOf = (jwt: string) =>
  JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>

/** What a client sees of an absolute link: the harness addresses the API by path. */
const pathOf = (href: string) => {
  const u = new URL(href)
  expect(u.origin).toBe('http://sim.test')
  return u.pathname + u.search
}

describe('a standard OIDC client', () => {
  it('gets a token with the SDK password grant, reads userinfo, refreshes, and orders into the sub workspace', async () => {
    const sim = new TestSim()
    // Byte for byte what the SDK sends (form-encoded by its HTTP library: the @ is escaped).
    const grant = await sim.token(
      `grant_type=password&username=analyst%40swath.test&password=${DEMO_PASSWORD}&client_id=up42-sdk&scope=openid`,
    )
    expect(grant.status).toBe(200)
    const tokens = grant.body as S['TokenResponse']
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300 })
    expect(tokens.scope.split(' ')).toContain('openid')
    expect(claimsOf(tokens.id_token ?? '')).toMatchObject({ aud: 'up42-sdk', sub: ids.analyst })

    const info = await sim.userinfo<S['UserInfo']>(tokens.access_token)
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({ sub: ids.analyst, email: 'analyst@swath.test' })
    const workspaceId = info.body.sub

    // The SDK's workspace: the userinfo sub. An order placed there lands there.
    for (const eula of sim.world.eulas.values())
      for (const doc of eula.documents)
        sim.world.acceptances.set(`${ids.enterpriseAccount}:${doc.id}`, {
          acceptedAt: sim.world.now(),
          acceptedById: ids.analyst,
        })
    const scene = sim.world.scenes.find((s) => s.feature.properties.collection === 'phr')
    if (!scene) throw new Error('no phr scene')
    const placed = await sim.call<S['CreateOrderResponse']>('POST', `/v2/orders?workspaceId=${workspaceId}`, {
      token: tokens.access_token,
      body: {
        dataProduct: dataProductId('phr', 'phr-display'),
        displayName: 'Ordered by the SDK',
        params: { id: scene.feature.properties.id },
        featureCollection: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: scene.feature.geometry, properties: {} }],
        },
      },
    })
    expect(placed.status).toBe(202)
    const orderId = placed.body.results[0]?.id ?? ''
    const order = await sim.call<S['Order']>('GET', `/v2/orders/${orderId}`, { token: tokens.access_token })
    expect(order.body.workspaceId).toBe(workspaceId)
    const listed = await sim.call<S['OrderPage']>('GET', `/v2/orders?workspaceId=${workspaceId}&size=1000`, {
      token: tokens.access_token,
    })
    expect(listed.body.content.map((o) => o.id)).toContain(orderId)

    // The standard refresh grant, same client, a while later (tokens issued in the same second are alike).
    sim.advance(240)
    const refreshed = await sim.token(
      `grant_type=refresh_token&refresh_token=${encodeURIComponent(tokens.refresh_token)}&client_id=up42-sdk`,
    )
    expect(refreshed.status).toBe(200)
    const next = refreshed.body as S['TokenResponse']
    expect(next.access_token).not.toBe(tokens.access_token)
    expect((await sim.userinfo<S['UserInfo']>(next.access_token)).body.sub).toBe(ids.analyst)
    expect((await sim.call('GET', '/v2/orders', { token: next.access_token })).status).toBe(200)
  })
})

describe('a STAC client', () => {
  it('walks from the landing page: conformance, service-desc, data, then search paged through next', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    const landing = await sim.call<S['StacLandingPage']>('GET', '/v2/assets/stac', { token })
    expect(landing.status).toBe(200)
    const link = (rel: string) => {
      const l = landing.body.links.find((x) => x.rel === rel)
      if (!l) throw new Error(`landing page has no ${rel} link`)
      return l
    }
    expect(pathOf(link('self').href)).toBe('/v2/assets/stac')
    expect(pathOf(link('root').href)).toBe('/v2/assets/stac')

    const conformance = await sim.call<S['StacConformance']>('GET', pathOf(link('conformance').href), {
      token,
    })
    expect(conformance.body.conformsTo).toEqual(landing.body.conformsTo)
    expect(conformance.body.conformsTo).toContain('https://api.stacspec.org/v1.0.0/core')

    const desc = await sim.call<S['OpenApiDocument']>('GET', pathOf(link('service-desc').href), { token })
    expect(desc.headers.get('content-type')).toBe(link('service-desc').type)
    expect(Object.keys(desc.body.paths)).toContain('/v2/assets/stac/search')

    // data: every collection, following next links.
    const collections: string[] = []
    let page: string | undefined = `${pathOf(link('data').href)}?limit=3`
    while (page) {
      const r: { body: S['StacCollectionList'] } = await sim.call<S['StacCollectionList']>('GET', page, {
        token,
      })
      expect(r.body.links.find((l) => l.rel === 'self')?.href).toBe(`http://sim.test${page}`)
      collections.push(...r.body.collections.map((c) => c.id))
      const nextLink = r.body.links.find((l) => l.rel === 'next')
      page = nextLink ? pathOf(nextLink.href) : undefined
    }
    const own = [...sim.world.stacCollections.values()].filter(
      (r) => r.accountId === ids.enterpriseAccount && r.transformed,
    )
    expect(new Set(collections).size).toBe(own.length)
    expect(collections).toHaveLength(own.length)

    // search: the landing page's POST link, then each next link as it says (method, href, body).
    const search = link('search')
    expect(search).toMatchObject({ method: 'POST', type: 'application/geo+json' })
    const seen: string[] = []
    let request: { path: string; body: unknown } | undefined = {
      path: pathOf(search.href),
      body: { limit: 4 },
    }
    let matched = -1
    let pages = 0
    while (request) {
      const r: { headers: Headers; body: S['StacItemCollection'] } = await sim.call<S['StacItemCollection']>(
        'POST',
        request.path,
        { token, body: request.body },
      )
      expect(r.headers.get('content-type')).toBe('application/geo+json')
      matched = r.body.context?.matched ?? -1
      seen.push(...r.body.features.map((f) => f.id))
      pages++
      const nextLink = r.body.links.find((l) => l.rel === 'next')
      request = nextLink ? { path: pathOf(nextLink.href), body: nextLink.body } : undefined
    }
    expect(pages).toBeGreaterThan(2)
    expect(seen).toHaveLength(matched)
    expect(new Set(seen).size).toBe(matched)
  })
})

describe('a STAC client walking the API as pystac-client does', () => {
  // pystac-client matches each class by pattern, any v1.0.x of STAC API.
  const CLASSES = {
    core: /^https:\/\/api\.stacspec\.org\/v1\.0\..*\/core$/,
    collections: /^https:\/\/api\.stacspec\.org\/v1\.0\..*\/collections$/,
    features: /^https:\/\/api\.stacspec\.org\/v1\.0\..*\/ogcapi-features$/,
    itemSearch: /^https:\/\/api\.stacspec\.org\/v1\.0\..*\/item-search$/,
    geojson: /^http:\/\/www\.opengis\.net\/spec\/ogcapi-features-1\/1\.0\/conf\/geojson$/,
  }

  /** GET or POST as an HTTP client does, following 308s with the same method and body. */
  async function request<T>(
    sim: TestSim,
    token: string,
    method: 'GET' | 'POST',
    href: string,
    body?: unknown,
  ): Promise<{ body: T; redirects: string[] }> {
    const redirects: string[] = []
    let path = pathOf(href)
    for (;;) {
      const r = await sim.call<T>(method, path, { token, body, unchecked: path.split('?')[0].endsWith('/') })
      if (r.status !== 308) {
        expect(r.status).toBe(200)
        return { body: r.body, redirects }
      }
      const location = r.headers.get('location') ?? ''
      redirects.push(location)
      path = pathOf(location)
    }
  }

  /** Every feature of a paged item collection, following `next` links as they say (method, href, body). */
  async function allPages(
    sim: TestSim,
    token: string,
    first: { method: 'GET' | 'POST'; href: string; body?: unknown },
  ): Promise<{ ids: string[]; pages: number; matched: number[] }> {
    const out = { ids: [] as string[], pages: 0, matched: [] as number[] }
    let next: typeof first | undefined = first
    while (next) {
      const page: { body: S['StacItemCollection'] & { numberMatched?: number } } = await request<
        S['StacItemCollection'] & { numberMatched?: number }
      >(sim, token, next.method, next.href, next.body)
      out.ids.push(...page.body.features.map((f) => f.id))
      out.matched.push(page.body.numberMatched ?? -1)
      out.pages++
      const link = page.body.links.find((l) => l.rel === 'next')
      next = link
        ? { method: link.method === 'POST' ? 'POST' : 'GET', href: link.href, body: link.body }
        : undefined
    }
    return out
  }

  it('opens the old address, checks conformance, lists collections, items and searches by POST and GET', async () => {
    const sim = new TestSim()
    const token = await sim.login()
    // The SDK opens the STAC API at the address with a trailing slash: it lands on the canonical one.
    const opened = await request<S['StacLandingPage']>(sim, token, 'GET', 'http://sim.test/v2/assets/stac/')
    expect(opened.redirects).toEqual(['http://sim.test/v2/assets/stac'])
    const landing = opened.body
    const self = landing.links.find((l) => l.rel === 'self')?.href ?? ''
    expect(self).toBe('http://sim.test/v2/assets/stac')

    // Conformance: what the client checks before it lists items or searches, the same at /conformance.
    const conformsTo = landing.conformsTo ?? []
    for (const [name, pattern] of Object.entries(CLASSES))
      expect(
        conformsTo.some((uri) => pattern.test(uri)),
        name,
      ).toBe(true)
    const conformanceHref = landing.links.find((l) => l.rel === 'conformance')?.href ?? ''
    const conformance = await request<S['StacConformance']>(sim, token, 'GET', conformanceHref)
    expect(conformance.body.conformsTo).toEqual(conformsTo)

    // Collections: `<self>/collections`, every page through next links.
    const collections: S['StacCollection'][] = []
    let pageHref: string | undefined = `${self}/collections?limit=4`
    while (pageHref) {
      const page: { body: S['StacCollectionList'] } = await request<S['StacCollectionList']>(
        sim,
        token,
        'GET',
        pageHref,
      )
      collections.push(...page.body.collections)
      pageHref = page.body.links.find((l) => l.rel === 'next')?.href
    }
    const own = [...sim.world.stacCollections.values()].filter((r) => r.accountId === ids.enterpriseAccount)
    expect(collections.map((c) => c.id).sort()).toEqual(
      own
        .filter((r) => r.transformed)
        .map((r) => r.collection.id)
        .sort(),
    )

    // Items of each collection: its `items` link as a GET search (limit and the collection), paged by next.
    let itemsSeen = 0
    for (const col of collections) {
      const itemsHref = col.links.find((l) => l.rel === 'items')?.href ?? ''
      expect(itemsHref).toBe(`http://sim.test/v2/assets/stac/collections/${col.id}/items`)
      const walk = await allPages(sim, token, {
        method: 'GET',
        href: `${itemsHref}?limit=1&collections=${col.id}`,
      })
      const expected = sim.world.stacCollections.get(col.id)?.itemIds ?? []
      expect(walk.ids, col.id).toEqual(expected)
      expect(walk.pages).toBe(Math.max(1, expected.length))
      expect(new Set(walk.matched)).toEqual(new Set([expected.length]))
      itemsSeen += walk.ids.length
      // One item by its id under the items link (OGC API Features).
      if (expected.length > 0) {
        const item = await request<S['StacItem']>(sim, token, 'GET', `${itemsHref}/${expected[0]}`)
        expect(item.body).toMatchObject({ type: 'Feature', id: expected[0], collection: col.id })
      }
    }
    expect(itemsSeen).toBeGreaterThan(collections.length)

    // Search: the landing page's search links, POST and GET, paged by next until exhausted.
    const allItems = [...sim.world.stacItems.values()].filter((r) =>
      own.some((o) => o.collection.id === r.collectionId),
    )
    const searchLinks = landing.links.filter((l) => l.rel === 'search')
    expect(searchLinks.map((l) => l.method).sort()).toEqual(['GET', 'POST'])
    const searchHref = searchLinks[0].href
    const posted = await allPages(sim, token, { method: 'POST', href: searchHref, body: { limit: 7 } })
    expect(posted.pages).toBe(Math.ceil(allItems.length / 7))
    expect(posted.ids.slice().sort()).toEqual(allItems.map((r) => r.item.id).sort())
    const got = await allPages(sim, token, { method: 'GET', href: `${searchHref}?limit=7` })
    expect(got.ids).toEqual(posted.ids)

    // A filtered GET search as the client encodes it: lists comma-joined, bbox as numbers, datetime interval.
    const some = collections.slice(0, 3).map((c) => c.id)
    const narrowed = await allPages(sim, token, {
      method: 'GET',
      href: `${searchHref}?limit=2&collections=${some.join(',')}&bbox=-180,-90,180,90&datetime=2000-01-01T00:00:00Z/..`,
    })
    const expectedNarrow = some.flatMap((id) => sim.world.stacCollections.get(id)?.itemIds ?? [])
    expect(narrowed.ids.slice().sort()).toEqual(expectedNarrow.slice().sort())
    expect(narrowed.pages).toBeGreaterThan(1)

    // Old addresses below the landing page are redirected too, query kept, POST kept a POST.
    const oldList = await request<S['StacCollectionList']>(
      sim,
      token,
      'GET',
      'http://sim.test/v2/assets/stac/collections/?limit=2',
    )
    expect(oldList.redirects).toEqual(['http://sim.test/v2/assets/stac/collections?limit=2'])
    expect(oldList.body.collections).toHaveLength(2)
    const oldSearch = await request<S['StacItemCollection']>(
      sim,
      token,
      'POST',
      'http://sim.test/v2/assets/stac/search/',
      { limit: 7 },
    )
    expect(oldSearch.redirects).toEqual(['http://sim.test/v2/assets/stac/search'])
    expect(oldSearch.body.features.map((f) => f.id)).toEqual(posted.ids.slice(0, 7))
  })
})
