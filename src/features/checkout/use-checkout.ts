import { useDebouncedValue } from '@mantine/hooks'
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import type { MultiPolygon, Polygon } from 'geojson'
import { useMemo } from 'react'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { useAoiStore } from '../../components/aoi/aoi-store'
import type { BasketScene } from '../../components/basket/basket-store'
import { basketKey } from '../../components/basket/basket-store'
import { cleanParams, defaultsOf, validateParams } from '../../lib/order-params/form-model'
import { nameProblem, tagProblem } from '../../lib/order-fields'
import { placementOf, useCheckoutStore, type LineDraft, type ProductLine } from './checkout-store'
import {
  adviceFor,
  areaOf,
  orderRequest,
  type CreateOrderRequest,
  type EstimateResponse,
  type FeatureError,
  type Placement,
} from '../../data/orders/placement'
import { eulaOptions, type Eula } from '../../data/licences/queries'
import { estimateOptions, orderFormOptions, type OrderForm } from '../../data/orders/ordering-queries'
import {
  defaultName,
  orderableProducts,
  sceneArea,
  withSceneId,
  type Collection,
  type DataProduct,
} from '../../data/orders/scene-line'

/** Everything the checkout shows and checks about one line, derived at render from the drafts and the cache. */
export interface LineModel {
  key: string
  /** The basket scene; null for a line started from a data product (the scene id is typed in the form). */
  scene: BasketScene | null
  collectionName: string
  /** The scene ordered: the basket scene's, or the one typed in the form. */
  sceneId: string | null
  collection: Collection | undefined
  products: DataProduct[]
  product: DataProduct | undefined
  draft: LineDraft
  displayName: string
  tags: string[]
  area: 'aoi' | 'scene'
  /** Whether the toolkit holds an AOI that overlaps this scene. */
  aoiOverlaps: boolean
  geometry: Polygon | MultiPolygon | null
  schema: OrderForm | undefined
  schemaLoading: boolean
  schemaError: unknown
  params: Record<string, unknown>
  formProblems: { name: string; reason: string }[]
  request: CreateOrderRequest | null
  estimate: EstimateResponse | undefined
  estimating: boolean
  estimateError: unknown
  credits: number | null
  featureError: FeatureError | null
  eula: Eula | undefined
  placement: Placement
  /** What stops this line from being placed, in plain words; empty when it can go. */
  blockers: string[]
}

export function useCheckout(scenes: BasketScene[], collections: Collection[] | undefined) {
  const client = useApiClient()
  const workspaceId = useWorkspaceId()
  const drafts = useCheckoutStore((s) => s.drafts)
  const aoi = useAoiStore((s) => s.polygons)

  const productLines = useCheckoutStore((s) => s.productLines)

  const base = useMemo(
    () => lineBases(scenes, productLines, drafts, collections, aoi),
    [scenes, productLines, drafts, collections, aoi],
  )

  const productIds = [...new Set(base.flatMap((l) => (l.product?.id ? [l.product.id] : [])))]
  const forms = useQueries({ queries: productIds.map((id) => orderFormOptions(client, id)) })
  const formOf = new Map(productIds.map((id, i) => [id, forms[i]]))

  const eulaIds = [...new Set(base.flatMap((l) => (l.product?.eulaId ? [l.product.eulaId] : [])))]
  const eulaQueries = useQueries({ queries: eulaIds.map((id) => eulaOptions(client, id)) })
  const eulaOf = new Map(eulaIds.map((id, i) => [id, eulaQueries[i]]))

  const prepared = base.map((l) => prepareLine(l, l.product?.id ? formOf.get(l.product.id) : undefined))

  // Estimates follow the form after a short pause, not on every keystroke.
  const requestsJson = JSON.stringify(Object.fromEntries(prepared.map((l) => [l.key, l.request])))
  const [settledJson] = useDebouncedValue(requestsJson, 350)
  const settled = useMemo(
    () => JSON.parse(settledJson) as Record<string, CreateOrderRequest | null>,
    [settledJson],
  )
  const settledOf = (l: (typeof prepared)[number]) => (l.key in settled ? settled[l.key] : l.request)
  const estimateQueries = useQueries({
    queries: prepared.map((l) => {
      const req = settledOf(l)
      return estimateOptions(client, workspaceId, l.request === null ? null : req, l.key)
    }),
  })

  const lines: LineModel[] = prepared.map((l, i) => {
    const est = estimateQueries[i]
    const estimate = l.request ? est.data : undefined
    const featureError = estimate?.errors.find((e) => e.index === 0) ?? null
    const credits = estimate?.results.find((r) => r.index === 0)?.credits ?? null
    const eula = l.product?.eulaId ? eulaOf.get(l.product.eulaId)?.data : undefined
    const blockers = lineBlockers(l, { est, estimate, featureError, eula, settled: settledOf(l) })
    return {
      key: l.key,
      scene: l.scene,
      collectionName: l.collectionName,
      sceneId: l.scene?.id ?? (typeof l.params.id === 'string' && l.params.id !== '' ? l.params.id : null),
      collection: l.collection,
      products: l.products,
      product: l.product,
      draft: l.draft,
      displayName: l.displayName,
      tags: l.tags,
      area: l.area,
      aoiOverlaps: l.aoiOverlaps,
      geometry: l.geometry,
      schema: l.schema,
      schemaLoading: l.form?.isLoading ?? false,
      schemaError: l.form?.error ?? null,
      params: l.params,
      formProblems: l.formProblems,
      request: l.request,
      estimate,
      estimating:
        l.request !== null && (est.isFetching || JSON.stringify(settledOf(l)) !== JSON.stringify(l.request)),
      estimateError: l.request ? est.error : null,
      credits,
      featureError,
      eula,
      placement: placementOf(l.draft),
      blockers,
    }
  })

  const eulas = eulaIds.map((id) => ({ id, query: eulaOf.get(id) }))
  const retryEstimate = (key: string) => {
    const i = prepared.findIndex((l) => l.key === key)
    if (i >= 0) void estimateQueries[i].refetch()
  }
  return { lines, eulas, workspaceId, retryEstimate }
}

/** A line before its order form and estimate: what the basket or a product's link and the draft say. */
function lineBases(
  scenes: BasketScene[],
  productLines: readonly ProductLine[],
  drafts: Record<string, LineDraft>,
  collections: Collection[] | undefined,
  aoi: Polygon[],
) {
  const fromBasket = scenes.map((scene) => {
    const key = basketKey(scene)
    const draft = drafts[key] ?? {}
    const collection = collections?.find((c) => c.name === scene.collection)
    const products = orderableProducts(collection)
    const product = products.find((p) => p.id === draft.dataProductId) ?? products[0]
    const { area, aoiOverlaps, geometry } = sceneArea(scene, aoi, draft)
    return {
      key,
      scene,
      collectionName: scene.collection,
      draft,
      collection,
      products,
      product,
      area,
      aoiOverlaps,
      geometry,
    }
  })
  // Lines from a data product's page: no footprint is known, so the area is the AOI.
  const fromProducts = productLines.map((line) => {
    const draft = drafts[line.key] ?? {}
    const collection = collections?.find((c) => c.name === line.collection)
    const products = orderableProducts(collection)
    const product = products.find((p) => p.id === (draft.dataProductId ?? line.dataProductId)) ?? products[0]
    const area: 'aoi' | 'scene' = 'aoi'
    return {
      key: line.key,
      scene: null,
      collectionName: line.collection,
      draft,
      collection,
      products,
      product,
      area,
      aoiOverlaps: aoi.length > 0,
      geometry: areaOf(draft.aoi ?? aoi),
    }
  })
  return [...fromBasket, ...fromProducts]
}

/** A line with its order form read and its request built (or not, while something is missing). */
function prepareLine(l: LineBase, form: UseQueryResult<OrderForm> | undefined) {
  const schema = form?.data
  const params = schema
    ? l.scene
      ? withSceneId(schema, l.draft.params ?? defaultsOf(schema, {}), l.scene.id)
      : (l.draft.params ?? defaultsOf(schema, {}))
    : (l.draft.params ?? {})
  const formProblems = schema ? validateParams(schema, cleanParams(schema, params)) : []
  const displayName =
    l.draft.displayName ??
    (l.scene ? defaultName(l.scene, l.product) : `${l.product?.title ?? l.collectionName} order`)
  const tags = l.draft.tags ?? []
  const request =
    schema && l.product?.id && l.geometry && formProblems.length === 0 && !nameProblem(displayName)
      ? orderRequest({
          dataProductId: l.product.id,
          displayName,
          tags,
          params: cleanParams(schema, params),
          areas: [l.geometry],
          budgetId: null,
        })
      : null
  return { ...l, form, schema, params, formProblems, displayName, tags, request }
}

type LineBase = ReturnType<typeof lineBases>[number]
type PreparedLine = ReturnType<typeof prepareLine>

/** What stops a line from being placed, in plain words, in the order the analyst fixes them. */
function lineBlockers(
  l: PreparedLine,
  at: {
    est: { error: unknown; isFetching: boolean }
    estimate: EstimateResponse | undefined
    featureError: FeatureError | null
    eula: Eula | undefined
    /** The request the estimate was last asked for, after the pause. */
    settled: CreateOrderRequest | null | undefined
  },
): string[] {
  const { est, estimate, featureError, eula } = at
  const blockers: string[] = []
  if (!l.collection) blockers.push(`The collection ${l.collectionName} is not in the glossary.`)
  else if (!l.product) blockers.push(`${l.collection.title} has no orderable data product.`)
  else if (l.form?.error) blockers.push('Its order form could not be loaded.')
  else if (!l.schema) blockers.push('Its order form is loading.')
  const nameIssue = nameProblem(l.displayName)
  if (nameIssue) blockers.push(nameIssue)
  for (const t of l.tags) {
    const issue = tagProblem(t)
    if (issue) blockers.push(issue)
  }
  if (!l.geometry)
    blockers.push(
      l.scene ? 'Draw an AOI, or choose “Whole scene”.' : 'Draw an AOI: a scene ordered by its id needs one.',
    )
  if (l.formProblems.length > 0)
    blockers.push(`Fix the form: ${l.formProblems.map((p) => `${p.name} ${p.reason}`).join('; ')}.`)
  if (featureError)
    blockers.push(
      [featureError.message, featureError.details, adviceFor(featureError)].filter(Boolean).join(': '),
    )
  if (l.request && est.error) blockers.push('The estimate failed; retry it.')
  else if (
    l.request &&
    estimate &&
    (est.isFetching || JSON.stringify(at.settled) !== JSON.stringify(l.request))
  )
    blockers.push('The estimate is being updated.')
  if (l.request && !estimate && !est.error) blockers.push('The estimate is on its way.')
  if (eula && !eula.isAccepted) blockers.push(`Accept the license “${eula.title}” first.`)
  return blockers
}
