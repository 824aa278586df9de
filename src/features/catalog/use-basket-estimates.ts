import { useQueries } from '@tanstack/react-query'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { useAoiStore } from '../../components/aoi/aoi-store'
import { basketKey, type BasketScene } from '../../components/basket/basket-store'
import { estimateOptions, orderFormOptions } from '../../data/orders/ordering-queries'
import { adviceFor, type CreateOrderRequest } from '../../data/orders/placement'
import {
  defaultSceneRequest,
  orderableProducts,
  sceneArea,
  type Collection,
} from '../../data/orders/scene-line'

/** A basket asks for at most this many estimates at once; the rest are priced in the checkout. */
export const BASKET_ESTIMATE_LIMIT = 25

/** What the basket can say about a scene's price before the checkout. */
export type SceneEstimate =
  | { kind: 'loading' }
  | {
      kind: 'credits'
      credits: number
      product: string
      area: 'aoi' | 'scene'
      /** What the credits are for: km² billed, or one scene sold whole. */
      size?: number
      unit?: 'SQ_KM' | 'SCENE'
    }
  /** The service will not price this area: its words, and what to do. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; retry: () => void }
  /** Nothing to estimate before the checkout: no product, a form with choices to make, or past the limit. */
  | { kind: 'checkout'; why: string }

/**
 * Prices each basket scene with the request the checkout will first send for it (`defaultSceneRequest`):
 * the same query key, so the checkout opens with these estimates already known.
 */
export function useBasketEstimates(
  scenes: readonly BasketScene[],
  collections: readonly Collection[] | undefined,
): { of: (scene: BasketScene) => SceneEstimate; total: number | null } {
  const client = useApiClient()
  const workspaceId = useWorkspaceId()
  const aoi = useAoiStore((s) => s.polygons)

  const priced = scenes.slice(0, BASKET_ESTIMATE_LIMIT)
  const productOf = (scene: BasketScene) =>
    orderableProducts(collections?.find((c) => c.name === scene.collection))[0]
  const productIds = [...new Set(priced.flatMap((s) => productOf(s)?.id ?? []))]
  const forms = useQueries({ queries: productIds.map((id) => orderFormOptions(client, id)) })
  const formOf = new Map(productIds.map((id, i) => [id, forms[i]]))

  const requests: (CreateOrderRequest | null)[] = priced.map((scene) => {
    const product = productOf(scene)
    const schema = product?.id ? formOf.get(product.id)?.data : undefined
    return product && schema ? defaultSceneRequest(scene, product, schema, aoi) : null
  })
  const estimates = useQueries({
    queries: priced.map((scene, i) => estimateOptions(client, workspaceId, requests[i], basketKey(scene))),
  })

  const byKey = new Map<string, SceneEstimate>()
  priced.forEach((scene, i) => {
    const product = productOf(scene)
    const form = product?.id ? formOf.get(product.id) : undefined
    const est = estimates[i]
    const estimate: SceneEstimate = (() => {
      if (!collections) return { kind: 'loading' }
      if (!product) return { kind: 'checkout', why: 'No orderable product' }
      if (form?.error) return { kind: 'checkout', why: 'Priced in the checkout' }
      if (!form?.data) return { kind: 'loading' }
      if (!requests[i]) return { kind: 'checkout', why: 'Choices to make in the checkout' }
      if (est.error) return { kind: 'failed', retry: () => void est.refetch() }
      if (!est.data || est.isPlaceholderData) return { kind: 'loading' }
      const refusal = est.data.errors.find((e) => e.index === 0)
      if (refusal)
        return {
          kind: 'refused',
          message: [refusal.message, adviceFor(refusal)].filter(Boolean).join(': '),
        }
      const result = est.data.results.find((r) => r.index === 0)
      if (result?.credits === undefined) return { kind: 'checkout', why: 'Priced in the checkout' }
      return {
        kind: 'credits',
        credits: result.credits,
        product: product.title,
        area: sceneArea(scene, aoi).area,
        size: result.size,
        unit: result.unit,
      }
    })()
    byKey.set(basketKey(scene), estimate)
  })

  const all = scenes.map((s) => byKey.get(basketKey(s)))
  const total = all.every((e) => e?.kind === 'credits')
    ? all.reduce((sum, e) => sum + (e?.kind === 'credits' ? e.credits : 0), 0)
    : null
  return {
    of: (scene) =>
      byKey.get(basketKey(scene)) ?? {
        kind: 'checkout',
        why: `Priced in the checkout (the basket prices its first ${BASKET_ESTIMATE_LIMIT})`,
      },
    total,
  }
}
