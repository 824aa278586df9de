import { afterEach, describe, expect, it } from 'vitest'
import { createApiClient, ok } from './client'
import { ApiError, parseErrorBody, whatToDo } from './errors'
import { createSimBackend, signedInConsole, testConfig, type TestConsole } from '../testing/sim-backend'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(ApiError)
  return e as ApiError
}

describe('the API client against the simulator', () => {
  let c: TestConsole
  afterEach(() => c?.session.dispose())

  it('sends the bearer token and returns typed data', async () => {
    c = await signedInConsole()
    const col = await ok(
      c.client.GET('/v2/collections/{collection-name}', { params: { path: { 'collection-name': 'phr' } } }),
    )
    expect(col.name).toBe('phr')
    expect(c.backend.log.at(-1)?.auth).toMatch(/^Bearer ey/)
  })

  describe('turns every error body of the contract into one ApiError', () => {
    it('basic error (glossary 404)', async () => {
      c = await signedInConsole()
      const e = await failure(
        c.client.GET('/v2/collections/{collection-name}', {
          params: { path: { 'collection-name': 'nope' } },
        }),
      )
      expect(e).toMatchObject({
        kind: 'not-found',
        status: 404,
        title: 'Collection with name nope not found',
      })
    })

    it('problem+json with field errors (order request without features)', async () => {
      c = await signedInConsole()
      const ws = c.session.currentWorkspace()?.id ?? ''
      const e = await failure(
        c.client.POST('/v2/orders', {
          params: { query: { workspaceId: ws } },
          body: {
            dataProduct: UNKNOWN,
            displayName: 'x',
            params: {},
            featureCollection: { type: 'FeatureCollection', features: [] },
          },
        }),
      )
      expect(e.kind).toBe('invalid')
      expect(e.code).toBe('bad-order-request')
      expect(e.fieldErrors.map((f) => f.name)).toContain('featureCollection')
    })

    it('wrapped error (catalog search on an unknown host)', async () => {
      c = await signedInConsole()
      const e = await failure(
        c.client.POST('/catalog/hosts/{host-name}/stac/search', {
          params: { path: { 'host-name': 'nowhere' } },
          body: { limit: 1 },
        }),
      )
      expect(e).toMatchObject({ kind: 'not-found', status: 404 })
      expect(e.title).toContain('Host nowhere not found')
    })

    it('processing error (unknown job)', async () => {
      c = await signedInConsole()
      const e = await failure(
        c.client.GET('/v2/processing/jobs/{job-id}', { params: { path: { 'job-id': UNKNOWN } } }),
      )
      expect(e).toMatchObject({ kind: 'not-found', title: 'Not found' })
      expect(e.detail).toContain('No job')
    })

    it('processing validation error (422 with named errors)', async () => {
      c = await signedInConsole()
      const e = await failure(
        c.client.POST('/v2/processing/processes/{process-id}/validation', {
          params: { path: { 'process-id': 'pansharpening' } },
          body: { inputs: { title: '', item: 'not-a-url' } },
        }),
      )
      expect(e.status === 422 || e.status === 400).toBe(true)
      expect(e.kind).toBe('invalid')
      expect(e.fieldErrors.length + (e.detail ? 1 : 0)).toBeGreaterThan(0)
    })

    it('403 for a Viewer on budgets says to ask an administrator', async () => {
      c = await signedInConsole('viewer@swath.test')
      const e = await failure(c.client.GET('/v2/budgets', {}))
      expect(e.kind).toBe('forbidden')
      expect(whatToDo(e)).toMatch(/administrator/)
    })

    it('token-server error, every shape in the pure parser', () => {
      expect(
        parseErrorBody(401, { error: 'invalid_grant', error_description: 'Invalid user credentials' }),
      ).toMatchObject({ kind: 'unauthenticated', code: 'invalid_grant', title: 'Invalid user credentials' })
      expect(parseErrorBody(503, 'Service Unavailable')).toMatchObject({
        kind: 'unavailable',
        detail: 'Service Unavailable',
      })
      expect(parseErrorBody(542, undefined)).toMatchObject({
        kind: 'host',
        title: 'The data host failed to answer',
      })
      expect(
        parseErrorBody(400, { title: 'Bad Request', status: 400, 'schema-error': 'inputs.title missing' }),
      ).toMatchObject({ kind: 'invalid', detail: 'inputs.title missing' })
      expect(
        parseErrorBody(404, { data: null, error: { code: 404, message: 'No schema', details: { id: 1 } } }),
      ).toMatchObject({ title: 'No schema', detail: '{"id":1}' })
      expect(
        parseErrorBody(402, { type: 'https://d/problems/insufficient-credits', status: 402, title: 'T' }),
      ).toMatchObject({ kind: 'payment-required', code: 'insufficient-credits' })
    })
  })

  describe('retries', () => {
    /** A backend whose first `n` answers to `path` are `status` (or a dropped connection for 0). */
    function flaky(n: number, status: number, path = '/v2/collections', baseDelayMs = 1) {
      const backend = createSimBackend()
      let left = n
      const calls: string[] = []
      const inner = backend.fetch
      const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = new Request(input, init)
        calls.push(`${req.method} ${new URL(req.url).pathname}`)
        if (new URL(req.url).pathname === `/api${path}` && left > 0) {
          left--
          if (status === 0) throw new TypeError('fetch failed')
          return new Response('{"code":1,"message":"down"}', {
            status,
            headers: { 'content-type': 'application/json' },
          })
        }
        return inner(req)
      }) as typeof fetch
      const client = createApiClient({
        baseUrl: testConfig.apiUrl,
        fetch: wrapped,
        retry: { retries: 3, baseDelayMs },
      })
      return { client, calls }
    }

    it.each([503, 542, 500, 0])('an idempotent read retries after %i and succeeds', async (status) => {
      const { client, calls } = flaky(2, status)
      const page = await ok(client.GET('/v2/collections', {}))
      expect(page.content.length).toBeGreaterThan(0)
      expect(calls.filter((x) => x === 'GET /api/v2/collections')).toHaveLength(3)
    })

    it('gives up after the retries with the last error', async () => {
      const { client, calls } = flaky(10, 503)
      const e = await failure(client.GET('/v2/collections', {}))
      expect(e.kind).toBe('unavailable')
      expect(calls).toHaveLength(4)
      const net = flaky(10, 0)
      expect((await failure(net.client.GET('/v2/collections', {}))).kind).toBe('network')
    })

    it('never retries a write by itself', async () => {
      const { client, calls } = flaky(1, 503, '/v2/orders/estimate')
      const e = await failure(
        client.POST('/v2/orders/estimate', {
          body: {
            dataProduct: UNKNOWN,
            displayName: 'x',
            params: {},
            featureCollection: { type: 'FeatureCollection', features: [] },
          },
        }),
      )
      expect(e.kind).toBe('unavailable')
      expect(calls).toEqual(['POST /api/v2/orders/estimate'])
    })

    it('stops waiting to retry when the view goes away (abort)', async () => {
      const { client, calls } = flaky(10, 503, '/v2/collections', 10_000)
      const ctrl = new AbortController()
      const started = client.GET('/v2/collections', { signal: ctrl.signal })
      setTimeout(() => ctrl.abort(), 20)
      const t0 = Date.now()
      const e = await started.then(
        () => null,
        (err: unknown) => err,
      )
      expect((e as Error).name).toBe('AbortError')
      expect(Date.now() - t0).toBeLessThan(5_000)
      expect(calls).toHaveLength(1)
    })
  })
})

describe('reason phrases', () => {
  it('heads an error in words, not with HTTP’s reason phrase', () => {
    const e = parseErrorBody(500, { title: 'Internal Server Error', status: 500, detail: 'Boom.' })
    expect(e.title).toBe('The service failed')
    expect(e.detail).toBe('Boom.')
    expect(parseErrorBody(404, { title: 'Not Found', status: 404 }).title).toBe('Not found')
    expect(parseErrorBody(409, { title: 'Order already canceled', status: 409 }).title).toBe(
      'Order already canceled',
    )
  })
})
