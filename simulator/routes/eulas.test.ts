import { describe, expect, it } from 'vitest'
import { eulaId, ids } from '../domain/world/ids'
import { uuidFrom } from '../domain/world/random'
import type { S } from '../domain/world/types'
import { TestSim } from '../testing/harness'

type Page<T> = S['PageMeta'] & { content: T[] }
type Problem = S['Problem']

const docId = (key: string, version: number) => uuidFrom(`eula-document:${key}:${version}`)
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

async function setup(email = 'analyst@swath.test') {
  const sim = new TestSim()
  const token = await sim.login(email)
  return { sim, token }
}

describe('GET /v2/eulas', () => {
  it("lists every EULA with the account's acceptance of its current document", async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas', { token })
    expect(r.status).toBe(200)
    expect(r.body.totalElements).toBe(6)
    const byId = new Map(r.body.content.map((e) => [e.id, e]))
    expect(byId.get(eulaId('capella'))?.isAccepted).toBe(true)
    expect(byId.get(eulaId('nearspace'))?.isAccepted).toBe(true)
    // Version 1 was accepted, version 2 is current: a new current document resets acceptance.
    expect(byId.get(eulaId('airbus'))).toMatchObject({
      isAccepted: false,
      acceptedAt: null,
      acceptedById: null,
      currentDocumentId: docId('airbus', 2),
      currentDocumentFilename: '2.html',
    })
    expect(byId.get(eulaId('blacksky'))?.isAccepted).toBe(false)
    expect(byId.get(eulaId('processing'))?.isAccepted).toBe(false)
    expect(byId.get(eulaId('orbital-insight'))?.isAccepted).toBe(false)
    const titles = r.body.content.map((e) => e.title)
    expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
  })

  it('searches titles and descriptions, case-insensitively and in part', async () => {
    const { sim, token } = await setup()
    const title = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas?term=CAPELLA', { token })
    expect(title.body.content.map((e) => e.id)).toEqual([eulaId('capella')])
    const description = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas?term=aerial%20mos', { token })
    expect(description.body.content.map((e) => e.id)).toEqual([eulaId('nearspace')])
    const none = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas?term=zzz', { token })
    expect(none.body).toMatchObject({ totalElements: 0, empty: true })
  })

  it('sorts and pages; bad paging values fall back to the defaults', async () => {
    const { sim, token } = await setup()
    const desc = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas?sort=title,desc&size=2', { token })
    expect(desc.body).toMatchObject({ size: 2, totalPages: 3, numberOfElements: 2 })
    expect(desc.body.content[0].title).toBe('Orbital Insight analytics license')
    const byCreated = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas?sort=createdAt,asc', { token })
    // Airbus has two versions, so its first document is the oldest of all.
    expect(byCreated.body.content[0].id).toBe(eulaId('airbus'))
    const fallback = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas?page=x&size=0&sort=,', { token })
    expect(fallback.status).toBe(200)
    expect(fallback.body).toMatchObject({ number: 0, size: 20 })
  })

  it('shows the starter account nothing accepted', async () => {
    const { sim, token } = await setup('starter@swath.test')
    const r = await sim.call<Page<S['Eula']>>('GET', '/v2/eulas', { token })
    expect(r.body.content.every((e) => !e.isAccepted)).toBe(true)
  })

  it('needs a token with the account scope (401 without one)', async () => {
    const sim = new TestSim()
    for (const path of [
      '/v2/eulas',
      `/v2/eulas/${eulaId('airbus')}`,
      `/v2/eulas/${eulaId('airbus')}/documents`,
      `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 2)}`,
    ]) {
      expect((await sim.call('GET', path)).status, path).toBe(401)
    }
    expect(
      (
        await sim.call('PATCH', `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 2)}`, {
          body: { isAccepted: true },
        })
      ).status,
    ).toBe(401)
  })
})

describe('GET /v2/eulas/{eula-id}', () => {
  it('gives the current document and the acceptance of an accepted EULA', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId('capella')}`, { token })
    expect(r.status).toBe(200)
    const doc = sim.world.eulas.get(eulaId('capella'))?.documents[0]
    expect(r.body).toMatchObject({
      id: eulaId('capella'),
      title: 'Capella Space SAR license',
      isAccepted: true,
      acceptedById: ids.analyst,
      currentDocumentId: docId('capella', 1),
      currentDocumentUrl: `http://sim.test/__eula-documents/${docId('capella', 1)}/1.html`,
      currentDocumentFilename: '1.html',
      currentDocumentCreatedAt: new Date(doc?.createdAt ?? 0).toISOString(),
      currentDocumentValidFrom: new Date(doc?.validFrom ?? 0).toISOString(),
    })
    expect(typeof r.body.acceptedAt).toBe('string')
  })

  it('builds document URLs from the public base the caller sees through a configured proxy', async () => {
    const sim = new TestSim({ proxyHosts: ['console.example'] })
    const token = await sim.login()
    const r = await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId('capella')}`, {
      token,
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'console.example',
        'x-forwarded-prefix': '/api',
      },
    })
    expect(r.body.currentDocumentUrl).toBe(
      `https://console.example/api/__eula-documents/${docId('capella', 1)}/1.html`,
    )
  })

  it.each([
    ['unknown', UNKNOWN],
    ['malformed', 'nope'],
  ])('answers 404 for an %s id', async (_n, id) => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>('GET', `/v2/eulas/${id}`, { token })
    expect(r.status).toBe(404)
    expect(r.body.type).toMatch(/eula-not-found$/)
    expect((await sim.call('GET', `/v2/eulas/${id}/documents`, { token })).status).toBe(404)
  })
})

describe('EULA documents', () => {
  it('lists the documents, newest version first, with current and accepted flags', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Page<S['EulaDocument']>>('GET', `/v2/eulas/${eulaId('airbus')}/documents`, {
      token,
    })
    expect(r.status).toBe(200)
    expect(r.body.content.map((d) => [d.version, d.isCurrent, d.isAccepted])).toEqual([
      [2, true, false],
      [1, false, true],
    ])
    expect(r.body.content[1]).toMatchObject({
      id: docId('airbus', 1),
      filename: '1.html',
      acceptedById: ids.analyst,
    })
    expect(r.body.content[0].size).toBeGreaterThan(0)
    const asc = await sim.call<Page<S['EulaDocument']>>(
      'GET',
      `/v2/eulas/${eulaId('airbus')}/documents?sort=version,asc&size=1`,
      { token },
    )
    expect(asc.body.content.map((d) => d.version)).toEqual([1])
    expect(asc.body).toMatchObject({ totalPages: 2, totalElements: 2 })
  })

  it('reads one document; a document of another EULA or an unknown one is a 404', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<S['EulaDocument']>(
      'GET',
      `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 1)}`,
      { token },
    )
    expect(r.body).toMatchObject({ version: 1, isCurrent: false, isAccepted: true })
    for (const path of [
      `/v2/eulas/${eulaId('capella')}/documents/${docId('airbus', 1)}`,
      `/v2/eulas/${eulaId('airbus')}/documents/${UNKNOWN}`,
      `/v2/eulas/${UNKNOWN}/documents/${docId('airbus', 1)}`,
    ]) {
      const miss = await sim.call<Problem>('GET', path, { token })
      expect(miss.status, path).toBe(404)
      expect(miss.body.type).toMatch(/not-found$/)
    }
  })

  it('serves the document text without a token at its URL', async () => {
    const { sim, token } = await setup()
    const doc = (
      await sim.call<S['EulaDocument']>(
        'GET',
        `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 2)}`,
        { token },
      )
    ).body
    const path = new URL(doc.url).pathname
    const r = await sim.call<string>('GET', path, { unchecked: true })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^text\/html/)
    expect(r.headers.get('content-security-policy')).toMatch(/sandbox/)
    expect(r.body).toContain('Airbus optical imagery license, version 2')
    expect(r.body.length).toBe(doc.size)
    expect(
      (await sim.call('GET', `/__eula-documents/${docId('airbus', 2)}/1.html`, { unchecked: true })).status,
    ).toBe(404)
    expect((await sim.call('GET', `/__eula-documents/${UNKNOWN}/1.html`, { unchecked: true })).status).toBe(
      404,
    )
  })
})

describe('PATCH /v2/eulas/{eula-id}/documents/{eula-document-id}', () => {
  it('accepts the current document: the EULA becomes accepted', async () => {
    const { sim, token } = await setup()
    sim.advance(120)
    const path = `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 2)}`
    const r = await sim.call<S['EulaDocument']>('PATCH', path, {
      token,
      body: { isAccepted: true },
      contentType: 'application/merge-patch+json',
    })
    expect(r.status).toBe(200)
    const now = new Date(sim.world.now()).toISOString()
    expect(r.body).toMatchObject({
      id: docId('airbus', 2),
      isCurrent: true,
      isAccepted: true,
      acceptedAt: now,
      acceptedById: ids.analyst,
    })
    expect(sim.world.acceptances.get(`${ids.enterpriseAccount}:${docId('airbus', 2)}`)).toEqual({
      acceptedAt: sim.world.now(),
      acceptedById: ids.analyst,
    })
    const eula = await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId('airbus')}`, { token })
    expect(eula.body).toMatchObject({ isAccepted: true, acceptedAt: now, acceptedById: ids.analyst })
    // Accepting again keeps the first acceptance.
    sim.advance(60)
    const again = await sim.call<S['EulaDocument']>('PATCH', path, { token, body: { isAccepted: true } })
    expect(again.body.acceptedAt).toBe(now)
  })

  it('accepts an old document without making the EULA accepted', async () => {
    const { sim, token } = await setup('starter@swath.test')
    const r = await sim.call<S['EulaDocument']>(
      'PATCH',
      `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 1)}`,
      { token, body: { isAccepted: true } },
    )
    expect(r.body).toMatchObject({ isAccepted: true, isCurrent: false })
    expect(
      (await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId('airbus')}`, { token })).body.isAccepted,
    ).toBe(false)
  })

  it('keeps acceptance per account', async () => {
    const { sim, token } = await setup('starter@swath.test')
    await sim.call('PATCH', `/v2/eulas/${eulaId('blacksky')}/documents/${docId('blacksky', 1)}`, {
      token,
      body: { isAccepted: true },
    })
    const analyst = await sim.login()
    expect(
      (await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId('blacksky')}`, { token: analyst })).body
        .isAccepted,
    ).toBe(false)
    expect(
      (await sim.call<S['Eula']>('GET', `/v2/eulas/${eulaId('blacksky')}`, { token })).body.isAccepted,
    ).toBe(true)
  })

  it.each([
    ['isAccepted false', { isAccepted: false }],
    ['an empty object', {}],
    ['an unknown member', { isAccepted: true, note: 'x' }],
    ['a string', 'yes'],
    ['null', null],
  ])('answers 400 for %s and accepts nothing', async (_n, body) => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>(
      'PATCH',
      `/v2/eulas/${eulaId('blacksky')}/documents/${docId('blacksky', 1)}`,
      { token, rawBody: JSON.stringify(body), contentType: 'application/json' },
    )
    expect(r.status).toBe(400)
    expect(sim.world.isAccepted(ids.enterpriseAccount, docId('blacksky', 1))).toBe(false)
  })

  it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
    const { sim, token } = await setup()
    const path = `/v2/eulas/${eulaId('blacksky')}/documents/${docId('blacksky', 1)}`
    expect(
      (await sim.call('PATCH', path, { token, rawBody: '{', contentType: 'application/json' })).status,
    ).toBe(400)
    expect(
      (
        await sim.call('PATCH', path, {
          token,
          rawBody: ' '.repeat(1_100_000),
          contentType: 'application/json',
        })
      ).status,
    ).toBe(413)
  })

  it('answers 404 for an unknown document or EULA', async () => {
    const { sim, token } = await setup()
    const r = await sim.call<Problem>(
      'PATCH',
      `/v2/eulas/${eulaId('blacksky')}/documents/${docId('airbus', 2)}`,
      { token, body: { isAccepted: true } },
    )
    expect(r.status).toBe(404)
    expect(
      (
        await sim.call('PATCH', `/v2/eulas/${UNKNOWN}/documents/${docId('airbus', 2)}`, {
          token,
          body: { isAccepted: true },
        })
      ).status,
    ).toBe(404)
    expect(sim.world.isAccepted(ids.enterpriseAccount, docId('airbus', 2))).toBe(false)
  })

  it('lets the Viewer read (account scope) but not accept (no eula.w: 403)', async () => {
    const { sim, token } = await setup('viewer@swath.test')
    expect((await sim.call('GET', '/v2/eulas', { token })).status).toBe(200)
    expect(
      (await sim.call('GET', `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 2)}`, { token }))
        .status,
    ).toBe(200)
    const r = await sim.call<Problem>(
      'PATCH',
      `/v2/eulas/${eulaId('airbus')}/documents/${docId('airbus', 2)}`,
      { token, body: { isAccepted: true } },
    )
    expect(r.status).toBe(403)
    expect(r.body.detail).toMatch(/eula\.w/)
    expect(sim.world.isAccepted(ids.enterpriseAccount, docId('airbus', 2))).toBe(false)
  })
})
