import { ok } from '../api/client'
import type { TestConsole } from './sim-backend'

/**
 * The seeded tasking scenarios of the analyst's account, read through the API as a page would: the order by
 * its display name, then its study or quotation. Tests only.
 */
export async function orderNamed(c: TestConsole, name: string) {
  const page = await ok(c.client.GET('/v2/orders', { params: { query: { displayName: name, size: 5 } } }))
  const order = page.content.find((o) => o.displayName === name)
  if (!order) throw new Error(`no seeded order “${name}”`)
  return order
}

/**
 * The oldest study that waits with three options, and its order. (The seed names its scenarios, but a
 * scenario already met by the generated orders, like "Port of Rotterdam", is not added again.)
 */
export async function waitingStudy(c: TestConsole) {
  const page = await ok(
    c.client.GET('/v2/tasking/feasibility-studies', {
      params: { query: { decision: ['NOT_DECIDED'], sort: 'createdAt,asc', size: 100 } },
    }),
  )
  const study = page.content.find((s) => s.options?.length === 3)
  if (!study) throw new Error('the seed has no study waiting with three options')
  const order = await ok(
    c.client.GET('/v2/orders/{order-id}', { params: { path: { 'order-id': study.orderId } } }),
  )
  return { order, study }
}

export async function quotationOf(c: TestConsole, orderName: string) {
  const order = await orderNamed(c, orderName)
  const page = await ok(c.client.GET('/v2/tasking/quotation', { params: { query: { orderId: order.id } } }))
  const quotation = page.content[0]
  if (!quotation) throw new Error(`no quotation for “${orderName}”`)
  return { order, quotation }
}

export const patches = (c: TestConsole, prefix: string) =>
  c.backend.log.filter((r) => r.method === 'PATCH' && r.path.startsWith(prefix))

export const CAMARGUE = 'Camargue wetlands – Pléiades tasking'
export const NILE = 'Nile delta survey – Neo tasking'

/**
 * Moves the service's clock by `seconds` while the console stays signed in, as an open console does: it
 * renews its tokens well within the refresh token's 30 minutes (a single jump of an hour would outlive it).
 */
export async function advanceSignedIn(c: TestConsole, seconds: number): Promise<void> {
  for (let left = seconds; left > 0; left -= 900) {
    c.backend.advance(Math.min(900, left))
    await c.session.renew(await c.session.accessToken())
  }
}
