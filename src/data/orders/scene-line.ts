import type { MultiPolygon, Polygon } from 'geojson'
import type { components } from '../../api/schema'
import type { BasketScene } from '../../lib/basket-scene'
import { cleanParams, defaultsOf, validateParams } from '../../lib/order-params/form-model'
import { intersectionAreaRatio } from '../../lib/geo/combine'
import { nameProblem } from '../../lib/order-fields'
import type { OrderForm } from './ordering-queries'
import { areaOf, orderRequest, type CreateOrderRequest } from './placement'

/**
 * How a basket scene becomes an order line before the analyst changes anything: its product, its area and
 * its name. The checkout starts every line from these, and the basket prices a scene with exactly the request
 * the checkout will first send, so the two agree and share the estimate.
 */

export type Collection = components['schemas']['Collection']
export type DataProduct = components['schemas']['DataProduct']

export const orderableProducts = (c: Collection | undefined): DataProduct[] =>
  (c?.dataProducts ?? []).filter((p) => p.id)

const dateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : 'undated')

/** A name an analyst would recognise in the orders table. */
export function defaultName(scene: BasketScene, product: DataProduct | undefined): string {
  return `${product?.title ?? scene.collection} ${dateOf(scene.datetime)} ${scene.id.slice(-8)}`.slice(0, 200)
}

/**
 * The area a scene is ordered over: the AOI where it overlaps the scene (the part a coverage plan gave the
 * scene, when it has one), otherwise the whole scene.
 */
export function sceneArea(
  scene: BasketScene,
  aoi: readonly Polygon[],
  choice?: { area?: 'aoi' | 'scene'; aoi?: readonly Polygon[] },
): { area: 'aoi' | 'scene'; aoiOverlaps: boolean; geometry: Polygon | MultiPolygon | null } {
  const part = scene.part && scene.part.length > 0 ? scene.part : null
  const aoiOverlaps =
    part !== null || (aoi.length > 0 && intersectionAreaRatio([...aoi], scene.footprint) > 0)
  const area = choice?.area ?? (aoiOverlaps ? 'aoi' : 'scene')
  return {
    area,
    aoiOverlaps,
    geometry: area === 'aoi' ? areaOf(choice?.aoi ?? part ?? aoi) : scene.footprint,
  }
}

/** The scene id is the line's own and never typed: it is written into `id` whatever the draft holds. */
export function withSceneId(schema: OrderForm, params: Record<string, unknown>, sceneId: string) {
  const props = (schema.properties ?? {}) as Record<string, unknown>
  return 'id' in props ? { ...params, id: sceneId } : params
}

/**
 * The request the checkout first sends for a scene: its collection's first orderable product with the
 * order form's defaults, over `sceneArea`. Null when the form's defaults alone do not make a valid order
 * (the analyst has choices to make in the checkout first).
 */
export function defaultSceneRequest(
  scene: BasketScene,
  product: DataProduct,
  schema: OrderForm,
  aoi: readonly Polygon[],
): CreateOrderRequest | null {
  const { geometry } = sceneArea(scene, aoi)
  const params = cleanParams(schema, withSceneId(schema, defaultsOf(schema, {}), scene.id))
  const displayName = defaultName(scene, product)
  if (!product.id || !geometry || nameProblem(displayName)) return null
  if (validateParams(schema, params).length > 0) return null
  return orderRequest({
    dataProductId: product.id,
    displayName,
    tags: [],
    params,
    areas: [geometry],
    budgetId: null,
  })
}
