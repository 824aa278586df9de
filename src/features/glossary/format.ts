import type { components } from '../../api/schema'
import {
  COLLECTION_TYPE_EXPLANATIONS,
  COLLECTION_TYPE_LABELS,
  INTEGRATION_LABELS,
  PRODUCT_TYPE_LABELS,
  RESOLUTION_CLASS_LABELS,
  PROVIDER_ROLE_EXPLANATIONS,
  PROVIDER_ROLE_LABELS,
  type Integration,
  type ProviderRole,
} from './labels'
import type { CollectionView, ProviderView } from './url-state'

type S = components['schemas']

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
export function collectionsEmptyHint(view: Pick<CollectionView, 'type' | 'integrations'>): string | null {
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
export function providersEmptyHint(view: Pick<ProviderView, 'role'>): string | null {
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
