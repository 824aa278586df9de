import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import type { Polygon } from 'geojson'
import { useMemo, useState } from 'react'
import { useApiClient, useWorkspaceId } from '../../api/console-context'
import { isApiError, type FieldError } from '../../api/errors'
import { useAoiStore } from '../../components/aoi/aoi-store'
import { cleanParams, fieldTitle, validateParams, type ParamProblem } from '../../lib/order-params/form-model'
import type { AoiIssue } from '../../lib/geo/aoi-rules'
import { validateAoi } from '../../lib/geo/validation'
import { nameProblem, tagsProblem } from '../../lib/order-fields'
import {
  adviceFor,
  type CreateOrderRequest,
  type EstimateResponse,
  type FeatureError,
} from '../../data/orders/placement'
import { eulaOptions, type Eula } from '../../data/licences/queries'
import { estimateOptions, orderFormOptions, type OrderForm } from '../../data/orders/ordering-queries'
import { feasibilityOptions, opportunitiesOptions } from '../../data/orders/tasking-queries'
import {
  orderableOf,
  startingParams,
  taskingRequest,
  windowOf,
  withName,
} from '../../data/orders/tasking-request'
import {
  chargeNote,
  chargeRuleOf,
  defaultTaskingName,
  explainOpportunitiesError,
  feasibilityOf,
  featuresOf,
  omittedFields,
  opportunitiesScope,
  opportunityRows,
  type Collection,
  type FeatureFeasibility,
  type TaskingFeature,
} from './tasking-rules'
import { useTaskingStore } from './tasking-store'

/** One feature as the page shows it: its area, feasibility and estimate. */
export interface FeatureModel extends TaskingFeature {
  feasibility: FeatureFeasibility
  credits: number | null
  estimateError: FeatureError | null
}

/** Debounce of the previews (feasibility, estimate, opportunities): they follow a pause in editing. */
export const PREVIEW_DEBOUNCE_MS = 500

const fieldErrorsOf = (e: unknown): FieldError[] =>
  isApiError(e) && e.status === 400 ? e.fieldErrors.filter((f) => f.name.startsWith('params')) : []

/**
 * Everything the tasking page shows and checks, derived at render from the draft (`tasking-store.ts`), the
 * toolkit's AOI and the cache: the product and its form, the features, the request, its debounced previews
 * keyed by the request, the licence, and what blocks the review in plain words.
 */
export function useTasking(collections: Collection[] | undefined) {
  const client = useApiClient()
  const workspaceId = useWorkspaceId()
  const draft = useTaskingStore((s) => s.draft)
  const placement = useTaskingStore((s) => s.placement)
  const polygons = useAoiStore((s) => s.polygons)
  // One moment per page: the default window must not move between renders.
  const [now] = useState(() => Date.now())

  const collection =
    collections?.find((c) => c.name === draft.collectionName) ??
    collections?.find((c) => orderableOf(c).length > 0) ??
    collections?.[0]
  const products = orderableOf(collection)
  const product = products.find((p) => p.id === draft.dataProductId) ?? products[0]
  const productId = product?.id ?? null

  const form = useQuery({
    ...orderFormOptions(client, productId ?? ''),
    enabled: productId !== null,
    throwOnError: false,
  })
  const schema = productId ? form.data : undefined
  const params = useMemo(
    () => draft.params ?? (schema ? startingParams(schema, now) : {}),
    [draft.params, schema, now],
  )
  const omit = useMemo(() => (schema ? omittedFields(schema) : []), [schema])
  const displayName = draft.displayName ?? (product ? defaultTaskingName(product.title, params) : '')
  const tags = useMemo(() => draft.tags ?? [], [draft.tags])
  const features = useMemo(() => featuresOf(polygons), [polygons])
  // Checked once per AOI, not on every render: a draft may hold the largest AOI a link can carry.
  const aoiIssue = useMemo(() => validateAoi(polygons).find((i) => i.severity === 'error'), [polygons])
  const formProblems: ParamProblem[] = schema
    ? validateParams(schema, withName(schema, params, displayName))
    : []

  const request = requestOf({
    schema,
    productId,
    featureCount: features.length,
    aoiIssue,
    formProblems,
    displayName,
    tags,
    params,
    polygons,
  })

  // The previews follow the request after a pause, not every keystroke or vertex drag.
  const requestJson = JSON.stringify(request)
  const [settledJson] = useDebouncedValue(requestJson, PREVIEW_DEBOUNCE_MS)
  const settled = useMemo(() => JSON.parse(settledJson) as CreateOrderRequest | null, [settledJson])
  const asked = request === null ? null : settled
  const changing = request !== null && settledJson !== requestJson

  const estimateQ = useQuery(estimateOptions(client, workspaceId, asked, 'tasking'))
  const feasibilityQ = useQuery(feasibilityOptions(client, asked))
  const opportunitiesQ = useQuery(opportunitiesOptions(client, asked))

  const estimate = request ? estimateQ.data : undefined
  const feasibility = request ? feasibilityQ.data : undefined
  const featureModels = featureModelsOf(features, feasibility, estimate)
  const estimateUpdating = request !== null && (changing || estimateQ.isFetching)
  // A previous answer shown while the next loads may count other features: no total from it.
  const total =
    estimate && estimate.errors.length === 0 && estimate.results.length === features.length
      ? estimate.summary.totalCredits
      : null

  const rule = chargeRuleOf(collection)
  const collectionTitle = collection?.title ?? ''
  const opportunitiesData = request ? opportunitiesQ.data : undefined
  const rows = useMemo(() => opportunityRows(opportunitiesData), [opportunitiesData])
  const scope = useMemo(() => opportunitiesScope(rows), [rows])
  const opportunitiesError = request && !opportunitiesQ.isFetching ? opportunitiesQ.error : null
  const opportunitiesProblem = useMemo(
    () => (opportunitiesError ? explainOpportunitiesError(opportunitiesError, collectionTitle, rule) : null),
    [opportunitiesError, collectionTitle, rule],
  )

  // The service's field problems, on their fields: the window refused by any preview, or by placing.
  const estimateError = request ? estimateQ.error : null
  const feasibilityError = request ? feasibilityQ.error : null
  const serverErrors = useMemo(
    () =>
      serverFieldErrors({
        estimateError,
        feasibilityError,
        placed: placement.kind === 'failed' ? (placement.fields ?? []) : [],
        opportunitiesProblem,
      }),
    [estimateError, feasibilityError, opportunitiesProblem, placement],
  )

  const eulaId = product?.eulaId ?? null
  const eulaQ = useQuery({ ...eulaOptions(client, eulaId ?? ''), enabled: eulaId !== null })
  const eulas = eulaId ? [{ id: eulaId, query: eulaQ }] : []
  const eula = eulaId ? eulaQ.data : undefined

  const blockers = taskingBlockers({
    collections,
    collection,
    product,
    form,
    schema,
    displayName,
    tags,
    features: featureModels,
    aoiIssue,
    formProblems,
    request,
    estimate,
    estimateError,
    estimateUpdating,
    eula,
  })

  return {
    workspaceId,
    collections,
    collection,
    products,
    product,
    form: { schema, loading: productId !== null && form.isLoading, error: form.error, retry: form.refetch },
    params,
    omit,
    formProblems,
    displayName,
    tags,
    features: featureModels,
    request,
    estimate: {
      data: estimate,
      updating: estimateUpdating,
      error: estimateError,
      retry: () => void estimateQ.refetch(),
    },
    total,
    charge: chargeNote(rule),
    rule,
    feasibility: {
      loading: request !== null && !feasibility && !feasibilityError,
      updating: request !== null && (changing || feasibilityQ.isFetching),
      error: feasibilityError && !feasibilityQ.isFetching ? feasibilityError : null,
      retry: () => void feasibilityQ.refetch(),
    },
    opportunities: {
      data: opportunitiesData,
      rows,
      /** Which answer the rows come from: hover and selection count only within it (`tasking-ui-store.ts`). */
      scope,
      window: windowOf(asked?.params ?? request?.params),
      loading: request !== null && !opportunitiesData && !opportunitiesProblem,
      updating: request !== null && (changing || opportunitiesQ.isFetching),
      problem: opportunitiesProblem,
      retry: () => void opportunitiesQ.refetch(),
    },
    serverErrors,
    eulas,
    eula,
    blockers,
  }
}

export type TaskingModel = ReturnType<typeof useTasking>

/** Each feature with its feasibility and its part of the estimate (credits, or the service's refusal). */
const featureModelsOf = (
  features: TaskingFeature[],
  feasibility: Parameters<typeof feasibilityOf>[0],
  estimate: EstimateResponse | undefined,
): FeatureModel[] =>
  features.map((f) => ({
    ...f,
    feasibility: feasibilityOf(feasibility, f.index),
    credits: estimate?.results.find((r) => r.index === f.index)?.credits ?? null,
    estimateError: estimate?.errors.find((e) => e.index === f.index) ?? null,
  }))

/** The request to place, or null while anything the analyst fills in stops it (the blockers say what). */
function requestOf(m: {
  schema: OrderForm | undefined
  productId: string | null
  featureCount: number
  aoiIssue: AoiIssue | undefined
  formProblems: ParamProblem[]
  displayName: string
  tags: string[]
  params: Record<string, unknown>
  polygons: Polygon[]
}): CreateOrderRequest | null {
  const { schema, productId, displayName, tags, params } = m
  return schema &&
    productId &&
    m.featureCount > 0 &&
    // An AOI over the service's vertex limit is refused whatever else it is: its previews are not asked for.
    m.aoiIssue?.code !== 'too-many-vertices' &&
    m.formProblems.length === 0 &&
    !nameProblem(displayName) &&
    !tagsProblem(tags)
    ? taskingRequest({
        dataProductId: productId,
        displayName,
        tags,
        params: cleanParams(schema, withName(schema, params, displayName)),
        polygons: m.polygons,
        budgetId: null,
      })
    : null
}

/**
 * The service's field problems, each on its field once: the window refused by any preview, or by placing. A
 * field every preview refuses is said once; one only the opportunities refuse says it is for them.
 */
function serverFieldErrors(opts: {
  estimateError: unknown
  feasibilityError: unknown
  /** The fields of the last attempt's refusal. */
  placed: FieldError[]
  opportunitiesProblem: ReturnType<typeof explainOpportunitiesError> | null
}): FieldError[] {
  const all = [...fieldErrorsOf(opts.estimateError), ...fieldErrorsOf(opts.feasibilityError), ...opts.placed]
  // A field every preview refuses is said once; one only opportunities refuse says it is for them.
  const named = new Set(all.map((f) => f.name))
  if (opts.opportunitiesProblem?.kind === 'window')
    for (const f of opts.opportunitiesProblem.fields)
      if (!named.has(f.name)) all.push({ ...f, reason: `${f.reason} to list opportunities` })
  const seen = new Set<string>()
  return all.filter((f) => {
    const key = `${f.name}:${f.reason}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What blocks the review of the request, in plain words, in the order the analyst fixes them. */
function taskingBlockers(m: {
  collections: Collection[] | undefined
  collection: Collection | undefined
  product: ReturnType<typeof orderableOf>[number] | undefined
  form: { error: unknown }
  schema: OrderForm | undefined
  displayName: string
  tags: string[]
  features: FeatureModel[]
  aoiIssue: AoiIssue | undefined
  formProblems: ParamProblem[]
  request: CreateOrderRequest | null
  estimate: EstimateResponse | undefined
  estimateError: unknown
  estimateUpdating: boolean
  eula: Eula | undefined
}): string[] {
  const { collections, collection, product, form, schema, displayName, tags, features } = m
  const { aoiIssue, formProblems, request, estimate, estimateError, estimateUpdating, eula } = m
  const blockers: string[] = []
  if (!collections) blockers.push('The tasking collections are loading.')
  else if (!collection) blockers.push('No tasking collection is available to this account.')
  else if (!product) blockers.push(`${collection.title} has no orderable data product.`)
  else if (form.error) blockers.push('The order form could not be loaded.')
  else if (!schema) blockers.push('The order form is loading.')
  const nameIssue = nameProblem(displayName)
  if (nameIssue) blockers.push(nameIssue)
  const tagIssue = tagsProblem(tags)
  if (tagIssue) blockers.push(tagIssue)
  if (features.length === 0)
    blockers.push('Draw or import an area of interest: each polygon becomes one tasking order.')
  else if (aoiIssue) blockers.push(`Fix the area of interest: ${aoiIssue.message}`)
  if (schema && formProblems.length > 0)
    blockers.push(
      `Fix the form: ${formProblems.map((p) => `${fieldTitle(schema, p.name.replace(/^params\.?/, ''))} ${p.reason}`).join('; ')}.`,
    )
  for (const f of features)
    if (f.estimateError)
      blockers.push(
        `${f.label}: ${[f.estimateError.message, f.estimateError.details, adviceFor(f.estimateError)].filter(Boolean).join(' — ')}`,
      )
  if (request && estimateError && !estimateUpdating) {
    const fields = isApiError(estimateError) ? estimateError.fieldErrors : []
    blockers.push(
      fields.length > 0
        ? `The service refused the request as it stands: ${fields.map((f) => `${f.name.replace(/^params\./, '')} ${f.reason}`).join('; ')}.`
        : 'The estimate failed; retry it.',
    )
  } else if (request && estimate && estimateUpdating) blockers.push('The estimate is being updated.')
  else if (request && !estimate) blockers.push('The estimate is on its way.')
  if (eula && !eula.isAccepted) blockers.push(`Accept the license “${eula.title}” first.`)
  return blockers
}
