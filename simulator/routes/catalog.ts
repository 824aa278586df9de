import { findHost } from '../domain/catalog/archive'
import { previewFor, previewImage, type PreviewKind } from '../domain/catalog/previews'
import type { S } from '../domain/world/types'
import { readBody, unreadableBody } from '../http/body'
import { json, problem, wrappedError } from '../http/errors'
import { publicBase, type Api, type ApiContext, type SimRuntime } from '../http/runtime'
import { answerSearch } from './catalog-request'

/**
 * Catalog search of a data host's archive, and scene previews. Errors use the catalog's wrapped envelope
 * (`{data, error}`), except a body that is not JSON at all, which is a 400 problem like everywhere else.
 * Host errors (542) come only from faults injected through the control plane.
 */

export function registerCatalog(api: Api, sim: SimRuntime): void {
  api.post('/catalog/hosts/:host/stac/search', async (c) => {
    const host = c.req.param('host')
    if (!findHost(sim.world, host))
      return wrappedError(404, `Host ${host} not found: no data host has this name`, { host })

    const read = await readBody<unknown>(c.req.raw)
    if (!read.ok) return unreadableBody(read, c.req.path)
    if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) {
      return problem({
        status: 400,
        slug: 'bad-request',
        title: 'Request not valid',
        detail:
          'The search request must be a JSON object, e.g. {"bbox": [2.2, 48.8, 2.4, 48.9], "limit": 50}.',
        instance: c.req.path,
        errors: [{ name: 'body', reason: 'must be a JSON object' }],
      })
    }

    const cursor = c.req.query('next')
    const result = answerSearch(sim.world, host, read.value, cursor)
    if (!result.ok) return wrappedError(result.status, result.message, result.details)

    // The client POSTs the same body to a link's href to move between pages.
    const endpoint = `${publicBase(c.req.raw, sim)}/catalog/hosts/${encodeURIComponent(host)}/stac/search`
    const link = (rel: string, next: string | undefined): S['Link'] => ({
      rel,
      href: next === undefined ? endpoint : `${endpoint}?next=${next}`,
      type: 'application/json',
      method: 'POST',
    })
    const links = [link('self', cursor)]
    if (result.next) links.push(link('next', result.next))
    if (result.prev) links.push(link('prev', result.prev))
    const body: S['CatalogSearchResponse'] = { type: 'FeatureCollection', features: result.features, links }
    return json(200, body)
  })

  api.get('/catalog/:host/image/:id/thumbnail', (c) => preview(c, sim, 'thumbnail'))
  api.get('/catalog/:host/image/:id/quicklook', (c) => preview(c, sim, 'quicklook'))
}

async function preview(c: ApiContext, sim: SimRuntime, kind: PreviewKind): Promise<Response> {
  const found = previewFor(sim.world, c.req.param('host') ?? '', c.req.param('id') ?? '', kind)
  if (!found.ok) return wrappedError(404, found.message, { kind })
  const bytes = await previewImage(found)
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': found.format === 'png' ? 'image/png' : 'image/jpeg',
      'content-length': String(bytes.byteLength),
      // Previews of a scene never change; they are private because fetching one needs a token.
      'cache-control': 'private, max-age=3600',
    },
  })
}
