import { sameProduct, useOwnedScenes, type OwnedOrder } from '../../data/orders/owned-scenes'
import type { LineModel } from './use-checkout'

export interface RepeatOrder {
  line: LineModel
  /** The newest order of the account for the same scene with the same data product. */
  before: OwnedOrder
}

/** The lines that would order a scene again with a product the account already ordered it with. */
export function useRepeatOrders(lines: readonly LineModel[]): RepeatOrder[] {
  // A line typed from a data product has no date: then every order is read, as it must be.
  const owned = useOwnedScenes(lines.filter((l) => l.sceneId).map((l) => l.scene?.datetime ?? null))
  return lines.flatMap((line) => {
    if (!line.sceneId) return []
    const before = sameProduct(owned.of(line.sceneId), line.product?.id)[0]
    return before ? [{ line, before }] : []
  })
}
