import { UUID } from '../domain/world/random'
import { workspaceProblem } from '../http/gates'
import { aoiFeatureCollectionIssues, describeIssues } from '../domain/geometries/rules'
import type { Account, S } from '../domain/world/types'
import { readBody, unreadableBody } from '../http/body'
import { fieldErrors } from '../domain/world/field-errors'
import { schemaValidator } from '../http/contract'
import { HttpError, json, problem } from '../http/errors'
import { parsePageQuery, springPage } from '../http/paging'
import { sortBy } from '../domain/world/sort'
import type { Api, ApiContext, SimRuntime } from '../http/runtime'

/** The geometry library: AOIs saved per workspace (contract "Geometries", notes §6). */

const SORTABLE = ['createdAt', 'updatedAt', 'displayName'] as const

export function registerGeometries(api: Api, sim: SimRuntime): void {
  api.get('/v2/spatial/geometries', (c) => {
    const world = sim.world
    const account = c.get('account')
    const workspaceId = c.req.query('workspaceId')
    if (workspaceId !== undefined) requireWorkspace(sim, c, account, workspaceId)
    const name = (c.req.query('displayName') ?? '').toLowerCase()
    // The contract declares no 400 here: bad paging values fall back to the defaults.
    const paging = parsePageQuery((n) => c.req.query(n), {
      sortable: SORTABLE,
      defaultSort: 'createdAt,desc',
      strict: false,
    })
    const page = paging.ok ? withinInt32(paging.value) : { page: 0, size: 20 }
    const items = [...world.geometries.values()].filter(
      (g) =>
        g.accountId === account.id &&
        (workspaceId === undefined || g.workspaceId === workspaceId) &&
        (name === '' || g.displayName.toLowerCase().includes(name)),
    )
    const sorted = sortBy(items, page.sort, (g, field) =>
      field === 'displayName'
        ? g.displayName.toLowerCase()
        : field === 'updatedAt'
          ? g.updatedAt
          : g.createdAt,
    )
    return c.json(springPage(sorted, page))
  })

  api.post('/v2/spatial/geometries', async (c) => {
    const world = sim.world
    const account = c.get('account')
    const user = c.get('user')
    const workspaceId = c.req.query('workspaceId')
    if (workspaceId === undefined || workspaceId === '') {
      return problem({
        status: 400,
        slug: 'bad-request',
        title: 'Request not valid',
        detail: 'Say which workspace the geometry belongs to: add ?workspaceId=<workspace id>.',
        instance: c.req.path,
        errors: [{ name: 'workspaceId', reason: 'is required' }],
      })
    }
    requireWorkspace(sim, c, account, workspaceId)
    const body = await geometryBody<S['SavedGeometryCreate']>(c, 'SavedGeometryCreate')
    const displayName = checkedName(c, body.displayName)
    const now = new Date(world.now()).toISOString()
    const by: S['Actor'] = { id: user.id, type: 'USER' }
    const saved: S['SavedGeometry'] = {
      id: world.rng.uuid(),
      displayName,
      featureCollection: structuredClone(body.featureCollection),
      workspaceId,
      accountId: account.id,
      createdAt: now,
      updatedAt: now,
      createdBy: by,
      updatedBy: by,
    }
    world.geometries.set(saved.id, saved)
    return json(201, saved)
  })

  api.get('/v2/spatial/geometries/:id', (c) => c.json(findGeometry(sim, c)))

  api.patch('/v2/spatial/geometries/:id', async (c) => {
    const world = sim.world
    const saved = findGeometry(sim, c)
    const patch = await geometryBody<S['SavedGeometryPatch']>(c, 'SavedGeometryPatch')
    // Validate everything before changing anything: a rejected patch leaves the geometry as it was.
    const displayName = patch.displayName !== undefined ? checkedName(c, patch.displayName) : undefined
    if (displayName !== undefined) saved.displayName = displayName
    if (patch.featureCollection !== undefined)
      saved.featureCollection = structuredClone(patch.featureCollection)
    saved.updatedAt = new Date(world.now()).toISOString()
    saved.updatedBy = { id: c.get('user').id, type: 'USER' }
    return c.json(saved)
  })

  api.delete('/v2/spatial/geometries/:id', (c) => {
    const saved = findGeometry(sim, c)
    sim.world.geometries.delete(saved.id)
    return c.body(null, 204)
  })
}

/** Unknown, malformed and other accounts' workspaces all answer the same 404: existence is not leaked. */
function requireWorkspace(sim: SimRuntime, c: ApiContext, account: Account, workspaceId: string): void {
  const noWorkspace = workspaceProblem(sim.world, account, workspaceId, c.req.path)
  if (noWorkspace) throw new HttpError(noWorkspace)
}

function findGeometry(sim: SimRuntime, c: ApiContext): S['SavedGeometry'] {
  const id = c.req.param('id') ?? ''
  const saved = UUID.test(id) ? sim.world.geometries.get(id) : undefined
  if (!saved || saved.accountId !== c.get('account').id) {
    throw new HttpError(
      problem({
        status: 404,
        slug: 'geometry-not-found',
        title: 'Geometry not found',
        detail: `No geometry ${id} exists in this account.`,
        instance: c.req.path,
      }),
    )
  }
  return saved
}

/** The schema bounds the length; a name of blanks only would still be invisible in a list. */
function checkedName(c: ApiContext, name: string): string {
  const trimmed = name.trim()
  if (trimmed === '') {
    throw new HttpError(
      problem({
        status: 400,
        slug: 'bad-request',
        title: 'Request not valid',
        detail: 'displayName must not be blank.',
        instance: c.req.path,
        errors: [{ name: 'displayName', reason: 'must not be blank' }],
      }),
    )
  }
  return trimmed
}

/**
 * Reads a create or patch body. The AOI rules run before the schema check: for a broken shape they say what
 * is wrong in words ("ring is not closed") where the schema alone would only say "must match oneOf".
 */
async function geometryBody<T>(c: ApiContext, schemaName: string): Promise<T> {
  const r = await readBody<unknown>(c.req.raw)
  if (!r.ok) throw new HttpError(unreadableBody(r, c.req.path))
  const value = r.value
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'featureCollection' in value) {
    const issues = aoiFeatureCollectionIssues(value.featureCollection)
    if (issues.length > 0) {
      throw new HttpError(
        problem({
          status: 400,
          slug: 'invalid-geometry',
          title: 'Geometry not valid',
          detail: describeIssues(issues),
          instance: c.req.path,
          errors: issues,
        }),
      )
    }
  }
  const validate = schemaValidator(schemaName)
  if (!validate(value)) {
    const errors = fieldErrors(validate.errors)
    throw new HttpError(
      problem({
        status: 400,
        slug: 'bad-request',
        title: 'Request not valid',
        detail: errors.map((e) => `${e.name} ${e.reason}`).join('; '),
        instance: c.req.path,
        errors,
      }),
    )
  }
  return value as T
}

/** The page number is an int32 in the contract's envelope; a larger one is clamped (an empty page follows). */
function withinInt32<T extends { page: number }>(req: T): T {
  return { ...req, page: Math.min(req.page, 2_147_483_647) }
}
