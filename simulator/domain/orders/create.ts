import type { Account, EulaDocumentRecord, OrderRecord, S, Scene } from '../world/types'
import type { World } from '../world/world'
import { type PricedFeature } from './pricing'

/**
 * A new order record, as the create endpoint and the seed build it, and the EULA document an order needs
 * accepted. Status changes go through state.ts, so every change carries the same bookkeeping.
 */

export type OrderStatus = S['OrderStatus']
export type OrderSubStatus = S['OrderSubStatus']

export const userActor = (userId: string): S['Actor'] => ({ id: userId, type: 'USER' })

/** The document in force for a EULA: the highest version. */
export function currentEulaDocument(world: World, eulaId: string): EulaDocumentRecord | undefined {
  const eula = world.eulas.get(eulaId)
  if (!eula || eula.documents.length === 0) return undefined
  return eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
}

export interface NewOrder {
  account: Account
  workspaceId: string
  actor: S['Actor']
  collection: S['Collection']
  product: S['DataProduct']
  displayName: string
  tags: string[]
  budgetId: string | null
  params: Record<string, unknown>
  priced: PricedFeature
  scene?: Scene
  at: number
  id: string
}

/** Builds an order record (not stored). Shared by the create endpoint and the seed. */
export function buildOrder(
  n: NewOrder,
  status: OrderStatus = 'CREATED',
  subStatus?: OrderSubStatus,
): OrderRecord {
  const type = n.collection.type
  const when = new Date(n.at).toISOString()
  let orderDetails: S['Order']['orderDetails']
  if (type === 'ARCHIVE') {
    orderDetails = { aoi: n.priced.geometry, imageId: String(n.params.id) }
  } else {
    const p = n.params
    orderDetails = {
      ...p,
      acquisitionStart: String(p.acquisitionStart),
      acquisitionEnd: String(p.acquisitionEnd),
      geometry: n.priced.geometry,
      subStatus: subStatus ?? initialSubStatus(n.collection),
      // The SDK reads these names; the form calls them cloudCoverage and incidenceAngle.
      ...(typeof p.cloudCoverage === 'number' ? { maxCloudCover: p.cloudCoverage } : {}),
      ...(typeof p.incidenceAngle === 'number' ? { maxIncidenceAngle: p.incidenceAngle } : {}),
    }
  }
  return {
    order: {
      id: n.id,
      displayName: n.displayName,
      status,
      type,
      workspaceId: n.workspaceId,
      accountId: n.account.id,
      dataProductId: n.product.id,
      budgetId: n.budgetId,
      tags: [...n.tags],
      createdAt: when,
      updatedAt: when,
      createdBy: { ...n.actor },
      updatedBy: { ...n.actor },
      orderDetails,
    },
    geometry: n.priced.geometry,
    credits: n.priced.credits,
    heldCredits: 0,
    params: { ...n.params },
    collectionName: n.collection.name,
  }
}

/** The sub-status a new tasking order starts in, from its collection's integrations. */
export function initialSubStatus(collection: S['Collection']): OrderSubStatus {
  const needsStudy =
    collection.integrations.includes('FEASIBILITY_STUDY_REQUIRED') ||
    collection.integrations.includes('FEASIBILITY_STUDY_MAY_BE_REQUIRED')
  if (needsStudy) return 'FEASIBILITY_WAITING_UPLOAD'
  if (collection.integrations.includes('QUOTATION_REQUIRED')) return 'QUOTATION_WAITING_UPLOAD'
  // No study and no quotation (fixed price): the order is active as soon as it is placed.
  return 'QUOTATION_ACCEPTED'
}
