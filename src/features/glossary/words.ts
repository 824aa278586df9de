import type { components } from '../../api/schema'
import type { SortValue } from './sorts'

type S = components['schemas']
export type Integration = S['Integration']
export type CollectionType = S['CollectionType']
export type ProviderRole = S['ProviderRole']
type Metadata = S['CollectionMetadata']

/** What each integration means for an analyst, in a few plain words (badges, filter options). */
export const INTEGRATION_LABELS: Record<Integration, string> = {
  ACCESS_APPROVAL_REQUIRED: 'Access must be approved before ordering',
  SAMPLE_DATA_AVAILABLE: 'Sample data available',
  MANUAL_REQUEST_REQUIRED: 'Ordered by manual request',
  FEASIBILITY_STUDY_REQUIRED: 'A feasibility study is required',
  FEASIBILITY_STUDY_MAY_BE_REQUIRED: 'A feasibility study may be required',
  QUOTATION_REQUIRED: 'Priced by quotation',
  PRICE_ESTIMATION_AVAILABLE: 'Instant price estimate',
  SEARCH_AVAILABLE: 'Searchable archive',
  THUMBNAIL_AVAILABLE: 'Thumbnails',
  QUICKLOOK_AVAILABLE: 'Quicklooks',
}

/** Every integration the contract knows, in the order the console lists them. */
export const INTEGRATIONS = Object.keys(INTEGRATION_LABELS) as Integration[]

/** One sentence per integration: what it means for the way an analyst orders from the collection. */
export const INTEGRATION_EXPLANATIONS: Record<Integration, string> = {
  ACCESS_APPROVAL_REQUIRED:
    'Access must be approved first: request access, and the provider reviews it (this can take up to three working days) before you can order.',
  SAMPLE_DATA_AVAILABLE: 'Sample data is available, so you can judge the imagery before you buy it.',
  MANUAL_REQUEST_REQUIRED:
    'Orders are placed by manual request: the provider handles each one by hand, so it takes longer than an automatic order.',
  FEASIBILITY_STUDY_REQUIRED:
    'A feasibility study is required: before the quotation, the provider studies your request and proposes options for you to choose from.',
  FEASIBILITY_STUDY_MAY_BE_REQUIRED:
    'A feasibility study may be required: before the quotation, the provider may propose options for you to choose from.',
  QUOTATION_REQUIRED:
    'Priced by quotation: the provider sends you a price in credits, and nothing goes ahead until you accept it.',
  PRICE_ESTIMATION_AVAILABLE: 'The price in credits is estimated instantly, before you place the order.',
  SEARCH_AVAILABLE: 'The archive is searchable: you can find existing scenes over your area and order them.',
  THUMBNAIL_AVAILABLE: 'Search results show a small thumbnail of each scene.',
  QUICKLOOK_AVAILABLE: 'You can look at a larger preview (quicklook) of each scene before ordering.',
}

export const COLLECTION_TYPE_LABELS: Record<CollectionType, string> = {
  ARCHIVE: 'Archive',
  TASKING: 'Tasking',
}

/** What a collection of each type gives you. */
export const COLLECTION_TYPE_EXPLANATIONS: Record<CollectionType, string> = {
  ARCHIVE: 'Existing imagery, searched and ordered from the archive.',
  TASKING: 'New imagery, acquired over your area on request.',
}

export const PROVIDER_ROLE_LABELS: Record<ProviderRole, string> = {
  HOST: 'Host',
  PRODUCER: 'Producer',
}

/** Completes "This provider …". */
export const PROVIDER_ROLE_EXPLANATIONS: Record<ProviderRole, string> = {
  HOST: 'hosts the searchable archive',
  PRODUCER: 'produces the imagery',
}

export const PRODUCT_TYPE_LABELS: Record<NonNullable<Metadata['productType']>, string> = {
  OPTICAL: 'Optical',
  SAR: 'Radar (SAR)',
  ELEVATION: 'Elevation',
}

export const RESOLUTION_CLASS_LABELS: Record<NonNullable<Metadata['resolutionClass']>, string> = {
  VERY_HIGH: 'Very high',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
}

/** Names of the sorts the lists offer (see url-state.ts), as the sort pickers show them. */
export const SORT_LABELS: Record<SortValue, string> = {
  'title,asc': 'Title, A to Z',
  'title,desc': 'Title, Z to A',
  'name,asc': 'Name, A to Z',
  'name,desc': 'Name, Z to A',
  'type,asc': 'Type, archive first',
  'type,desc': 'Type, tasking first',
  'collectionName,asc': 'Collection, A to Z',
  'collectionName,desc': 'Collection, Z to A',
}
const metres = (m: number) => `${m.toLocaleString('en')} m`

/** A resolution range in metres in words, or null when the service gives no bounds. */
export function resolutionRange(value: S['CollectionMetadata']['resolutionValue']): string | null {
  const min = value?.minimum ?? null
  const max = value?.maximum ?? null
  if (min !== null && max !== null) return min === max ? metres(min) : `${metres(min)} to ${metres(max)}`
  if (min !== null) return `${metres(min)} or coarser`
  if (max !== null) return `up to ${metres(max)}`
  return null
}

/** "Produces the imagery and hosts the searchable archive." */
export function rolesSentence(roles: readonly ProviderRole[]): string {
  const parts = [...new Set(roles)].map((r) => PROVIDER_ROLE_EXPLANATIONS[r])
  if (parts.length === 0) return 'No role is listed for this provider.'
  const text = parts.join(' and ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/**
 * What a collection offers. The legacy `restricted` flag means what ACCESS_APPROVAL_REQUIRED means now, so
 * an older record that only sets the flag still tells the analyst to request access.
 */
export function offeredIntegrations(collection: Pick<S['Collection'], 'integrations' | 'restricted'>) {
  const offered: Integration[] = [...new Set(collection.integrations)]
  if (collection.restricted && !offered.includes('ACCESS_APPROVAL_REQUIRED')) {
    offered.unshift('ACCESS_APPROVAL_REQUIRED')
  }
  return offered
}

/** Which filters to loosen when no collection matches; null when none is set. */
export function collectionsEmptyHint(view: {
  type: CollectionType | null
  integrations: readonly Integration[]
}): string | null {
  const steps: string[] = []
  if (view.integrations.length === 1) {
    steps.push(`remove “${INTEGRATION_LABELS[view.integrations[0]]}” from “Must offer”`)
  } else if (view.integrations.length > 1) {
    steps.push('remove some of the offers under “Must offer” (a collection must offer all of them)')
  }
  if (view.type) steps.push(`choose All instead of ${COLLECTION_TYPE_LABELS[view.type]} under “Type”`)
  if (steps.length === 0) return null
  return `Try to ${steps.join(', or ')}.`
}

/** Which filter to loosen when no provider matches; null when none is set. */
export function providersEmptyHint(view: { role: ProviderRole | null }): string | null {
  return view.role
    ? `No provider has the role ${PROVIDER_ROLE_LABELS[view.role]}: choose All under “Role”.`
    : null
}

/** The facts about a collection worth a line each, as [term, description] pairs; absent ones are left out. */
export function collectionFacts(collection: S['Collection']): [string, string][] {
  const facts: [string, string][] = [
    ['Type', `${COLLECTION_TYPE_LABELS[collection.type]}: ${COLLECTION_TYPE_EXPLANATIONS[collection.type]}`],
  ]
  const m = collection.metadata
  if (m?.productType) facts.push(['Product type', PRODUCT_TYPE_LABELS[m.productType]])
  if (m?.resolutionClass) facts.push(['Resolution class', RESOLUTION_CLASS_LABELS[m.resolutionClass]])
  const range = resolutionRange(m?.resolutionValue)
  if (range) facts.push(['Resolution', range])
  facts.push(['Name', collection.name])
  return facts
}
