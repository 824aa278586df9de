import { describe, expect, it } from 'vitest'
import type { components } from '../../api/schema'
import {
  collectionFacts,
  collectionsEmptyHint,
  offeredIntegrations,
  providersEmptyHint,
  resolutionRange,
  rolesSentence,
} from './words'

const collection = (over: Partial<components['schemas']['Collection']> = {}) => ({
  name: 'phr',
  title: 'Pléiades',
  description: 'Optical imagery.',
  type: 'ARCHIVE' as const,
  integrations: [],
  providers: [],
  dataProducts: [],
  ...over,
})

describe('glossary wording', () => {
  it('describes a resolution range from whatever bounds are known', () => {
    expect(resolutionRange({ minimum: 0.5, maximum: 0.7 })).toBe('0.5 m to 0.7 m')
    expect(resolutionRange({ minimum: 1.5, maximum: 1.5 })).toBe('1.5 m')
    expect(resolutionRange({ minimum: 10, maximum: null })).toBe('10 m or coarser')
    expect(resolutionRange({ maximum: 2 })).toBe('up to 2 m')
    expect(resolutionRange({ minimum: null, maximum: null })).toBeNull()
    expect(resolutionRange(null)).toBeNull()
    expect(resolutionRange(undefined)).toBeNull()
  })

  it('explains provider roles in one sentence', () => {
    expect(rolesSentence(['HOST'])).toBe('Hosts the searchable archive.')
    expect(rolesSentence(['PRODUCER', 'HOST'])).toBe('Produces the imagery and hosts the searchable archive.')
    expect(rolesSentence(['PRODUCER', 'PRODUCER'])).toBe('Produces the imagery.')
    expect(rolesSentence([])).toBe('No role is listed for this provider.')
  })

  it('reads the legacy restricted flag as an access approval', () => {
    expect(offeredIntegrations({ integrations: ['SEARCH_AVAILABLE'], restricted: true })).toEqual([
      'ACCESS_APPROVAL_REQUIRED',
      'SEARCH_AVAILABLE',
    ])
    expect(offeredIntegrations({ integrations: ['ACCESS_APPROVAL_REQUIRED'], restricted: true })).toEqual([
      'ACCESS_APPROVAL_REQUIRED',
    ])
    expect(offeredIntegrations({ integrations: ['QUOTATION_REQUIRED'] })).toEqual(['QUOTATION_REQUIRED'])
  })

  it('names the collection filters to loosen', () => {
    expect(collectionsEmptyHint({ type: null, integrations: [] })).toBeNull()
    expect(collectionsEmptyHint({ type: 'TASKING', integrations: [] })).toBe(
      'Try to choose All instead of Tasking under “Type”.',
    )
    expect(collectionsEmptyHint({ type: null, integrations: ['QUOTATION_REQUIRED'] })).toBe(
      'Try to remove “Priced by quotation” from “Must offer”.',
    )
    const both = collectionsEmptyHint({
      type: 'ARCHIVE',
      integrations: ['QUOTATION_REQUIRED', 'SEARCH_AVAILABLE'],
    })
    expect(both).toContain('a collection must offer all of them')
    expect(both).toContain('All instead of Archive')
  })

  it('names the provider filter to loosen', () => {
    expect(providersEmptyHint({ role: null })).toBeNull()
    expect(providersEmptyHint({ role: 'HOST' })).toContain('No provider has the role Host')
  })

  it('lists the known facts of a collection and leaves out the unknown ones', () => {
    expect(
      collectionFacts(
        collection({
          metadata: {
            productType: 'SAR',
            resolutionClass: 'VERY_HIGH',
            resolutionValue: { minimum: 0.5, maximum: 1.2 },
          },
        }),
      ),
    ).toEqual([
      ['Type', 'Archive: Existing imagery, searched and ordered from the archive.'],
      ['Product type', 'Radar (SAR)'],
      ['Resolution class', 'Very high'],
      ['Resolution', '0.5 m to 1.2 m'],
      ['Name', 'phr'],
    ])
    expect(collectionFacts(collection({ type: 'TASKING', metadata: { productType: null } }))).toEqual([
      ['Type', 'Tasking: New imagery, acquired over your area on request.'],
      ['Name', 'phr'],
    ])
  })
})
