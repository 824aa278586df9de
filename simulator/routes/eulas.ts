import { UUID } from '../domain/world/random'
import type { Account, EulaDocumentRecord, EulaRecord, S } from '../domain/world/types'
import type { World } from '../domain/world/world'
import { bodyOrProblem } from '../http/body'
import { HttpError, problem } from '../http/errors'
import { parsePageQuery, springPage, type PageRequest } from '../http/paging'
import { sortBy } from '../domain/world/sort'
import { publicBase, type Api, type ApiContext, type SimRuntime } from '../http/runtime'

/** EULAs, their documents (versions) and acceptance per account (contract "EULAs", notes §9). */

/** Outside the contract: where the simulator serves document texts, like the real service's storage links. */
export const EULA_DOCUMENTS_PATH = '/__eula-documents'

const iso = (ms: number) => new Date(ms).toISOString()

/** The current document is the highest version. */
export const currentDocument = (eula: EulaRecord): EulaDocumentRecord =>
  eula.documents.reduce((a, b) => (b.version > a.version ? b : a))

export function registerEulas(api: Api, sim: SimRuntime): void {
  api.get('/v2/eulas', (c) => {
    const world = sim.world
    const term = (c.req.query('term') ?? '').trim().toLowerCase()
    const page = pageOf(c, ['title', 'createdAt'], 'title,asc')
    const items = [...world.eulas.values()].filter(
      (e) =>
        term === '' || e.title.toLowerCase().includes(term) || e.description.toLowerCase().includes(term),
    )
    const sorted = sortBy(items, page.sort, (e, field) =>
      field === 'createdAt' ? firstCreated(e) : e.title.toLowerCase(),
    )
    const base = publicBase(c.req.raw, sim)
    return c.json(
      springPage(
        sorted.map((e) => eulaView(world, c.get('account'), e, base)),
        page,
      ),
    )
  })

  api.get('/v2/eulas/:eulaId', (c) =>
    c.json(eulaView(sim.world, c.get('account'), findEula(sim, c), publicBase(c.req.raw, sim))),
  )

  api.get('/v2/eulas/:eulaId/documents', (c) => {
    const eula = findEula(sim, c)
    // Newest version first unless asked otherwise.
    const page = pageOf(c, ['version', 'createdAt', 'validFrom'], 'version,desc')
    const sorted = sortBy(eula.documents, page.sort, (d, field) =>
      field === 'createdAt' ? d.createdAt : field === 'validFrom' ? d.validFrom : d.version,
    )
    const base = publicBase(c.req.raw, sim)
    return c.json(
      springPage(
        sorted.map((d) => documentView(sim.world, c.get('account'), eula, d, base)),
        page,
      ),
    )
  })

  api.get('/v2/eulas/:eulaId/documents/:documentId', (c) => {
    const eula = findEula(sim, c)
    return c.json(
      documentView(sim.world, c.get('account'), eula, findDocument(c, eula), publicBase(c.req.raw, sim)),
    )
  })

  api.patch('/v2/eulas/:eulaId/documents/:documentId', async (c) => {
    const world = sim.world
    const account = c.get('account')
    const eula = findEula(sim, c)
    const doc = findDocument(c, eula)
    // The schema allows only `{isAccepted: true}`: acceptance cannot be withdrawn through the API.
    await bodyOrProblem<S['EulaDocumentPatch']>(c.req.raw, 'EulaDocumentPatch')
    const key = `${account.id}:${doc.id}`
    // Accepting again keeps the first acceptance: that is when the account agreed.
    if (!world.acceptances.has(key))
      world.acceptances.set(key, { acceptedAt: world.now(), acceptedById: c.get('user').id })
    return c.json(documentView(world, account, eula, doc, publicBase(c.req.raw, sim)))
  })

  // The document text, public like the signed storage link it stands for: the console fetches it without a token.
  api.get(`${EULA_DOCUMENTS_PATH}/:documentId/:filename`, (c) => {
    const id = c.req.param('documentId')
    const doc = [...sim.world.eulas.values()].flatMap((e) => e.documents).find((d) => d.id === id)
    if (!doc || doc.filename !== c.req.param('filename')) return c.text('No such EULA document.', 404)
    return new Response(doc.text, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        // The texts carry hostile markup on purpose (the console must sanitise them). Opened directly in a
        // browser, a sandboxed opaque origin keeps their scripts away from the console's origin.
        'content-security-policy': "sandbox; default-src 'none'",
        'x-content-type-options': 'nosniff',
      },
    })
  })
}

/** The contract declares no 400 on these lists: bad paging values fall back to the defaults. */
function pageOf(c: ApiContext, sortable: readonly string[], defaultSort: string): PageRequest {
  const parsed = parsePageQuery((n) => c.req.query(n), { sortable, defaultSort, strict: false })
  return parsed.ok ? withinInt32(parsed.value) : { page: 0, size: 20 }
}

const firstCreated = (e: EulaRecord) => Math.min(...e.documents.map((d) => d.createdAt))

const documentUrl = (base: string, doc: EulaDocumentRecord) =>
  `${base}${EULA_DOCUMENTS_PATH}/${doc.id}/${encodeURIComponent(doc.filename)}`

function notFound(c: ApiContext, slug: string, title: string, detail: string): HttpError {
  return new HttpError(problem({ status: 404, slug, title, detail, instance: c.req.path }))
}

function findEula(sim: SimRuntime, c: ApiContext): EulaRecord {
  const id = c.req.param('eulaId') ?? ''
  const eula = UUID.test(id) ? sim.world.eulas.get(id) : undefined
  if (!eula) throw notFound(c, 'eula-not-found', 'EULA not found', `No EULA ${id} exists.`)
  return eula
}

function findDocument(c: ApiContext, eula: EulaRecord): EulaDocumentRecord {
  const id = c.req.param('documentId') ?? ''
  const doc = eula.documents.find((d) => d.id === id)
  if (!doc)
    throw notFound(
      c,
      'eula-document-not-found',
      'EULA document not found',
      `EULA "${eula.title}" has no document ${id}.`,
    )
  return doc
}

function eulaView(world: World, account: Account, eula: EulaRecord, base: string): S['Eula'] {
  const current = currentDocument(eula)
  const acceptance = world.acceptances.get(`${account.id}:${current.id}`)
  return {
    id: eula.id,
    title: eula.title,
    description: eula.description,
    isAccepted: acceptance !== undefined,
    acceptedAt: acceptance ? iso(acceptance.acceptedAt) : null,
    acceptedById: acceptance ? acceptance.acceptedById : null,
    currentDocumentId: current.id,
    currentDocumentUrl: documentUrl(base, current),
    currentDocumentCreatedAt: iso(current.createdAt),
    currentDocumentValidFrom: iso(current.validFrom),
    currentDocumentFilename: current.filename,
  }
}

function documentView(
  world: World,
  account: Account,
  eula: EulaRecord,
  doc: EulaDocumentRecord,
  base: string,
): S['EulaDocument'] {
  const acceptance = world.acceptances.get(`${account.id}:${doc.id}`)
  return {
    id: doc.id,
    url: documentUrl(base, doc),
    filename: doc.filename,
    size: doc.size,
    version: doc.version,
    isCurrent: doc.id === currentDocument(eula).id,
    validFrom: iso(doc.validFrom),
    isAccepted: acceptance !== undefined,
    acceptedAt: acceptance ? iso(acceptance.acceptedAt) : null,
    acceptedById: acceptance ? acceptance.acceptedById : null,
  }
}

/** The page number is an int32 in the contract's envelope; a larger one is clamped (an empty page follows). */
function withinInt32<T extends { page: number }>(req: T): T {
  return { ...req, page: Math.min(req.page, 2_147_483_647) }
}
