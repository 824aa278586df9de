import type { Api } from '../http/runtime'
import { problem } from '../http/errors'

/** Endpoints the contract lists as decommissioned: they answer 404 and say so. */
export const DECOMMISSIONED: [method: string, path: string][] = [
  ['GET', '/v1/orders'],
  ['GET', '/v1/orders/:id'],
  ['GET', '/v1/assets'],
  ['GET', '/v1/jobs'],
  ['GET', '/v1/credits'],
  ['GET', '/v1/workflows'],
  ['GET', '/v1/blocks'],
  ['GET', '/v1/product-configurations'],
  ['GET', '/v1/analytics'],
  ['GET', '/v2/assets'],
  ['GET', '/v2/assets/:id'],
  ['GET', '/v2/assets/:id/metadata'],
  ['POST', '/v2/assets/:id/metadata'],
  ['GET', '/v2/payments/balances'],
  ['GET', '/v2/credit-packs'],
  ['GET', '/v2/tasking/feasibility'],
  ['PATCH', '/v2/tasking/feasibility/:id'],
  ['GET', '/v2/workspaces/:ws/webhooks'],
  ['POST', '/v2/workspaces/:ws/webhooks'],
  ['GET', '/v2/workspaces/:ws/webhooks/events'],
]

export function registerDecommissioned(api: Api): void {
  for (const [method, path] of DECOMMISSIONED) {
    api.on(method, path, (c) =>
      problem({
        status: 404,
        slug: 'decommissioned',
        title: 'Not Found',
        detail: `${method} ${c.req.path} was decommissioned and no longer exists.`,
        instance: c.req.path,
      }),
    )
  }
}
