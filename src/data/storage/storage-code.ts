import type { CodeRequestSet } from '../../lib/request-code'
import { collectionsCall, storageSearchCall } from './queries'
import type { CollectionsQuery, StorageSearch } from './query'

/** The storage browser's list as code: the same filters in the contract's query form, every page followed. */
export const collectionsCode = (query: CollectionsQuery): CodeRequestSet => ({
  title: 'Storage collections',
  steps: [
    {
      title: 'The collections (the page shown, then the next ones)',
      call: collectionsCall(query),
      pages: 'collections',
    },
  ],
})

/** A storage search as code: the STAC item search the page sends, and the SDK's STAC client. */
export const storageSearchCode = (body: StorageSearch): CodeRequestSet => ({
  title: 'Storage search',
  steps: [{ title: 'The search (STAC item search)', call: storageSearchCall(body), pages: 'features' }],
  sdk: { kind: 'stac-search', body },
})
