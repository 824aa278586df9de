import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, ids } from './domain/seed-constants'
import { dataProductId } from './domain/seed-glossary'
import type { S } from './domain/types'
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
