import type { CodeRequestSet } from '../../lib/request-code'
import { searchCall } from '../../data/catalog/queries'
import type { BuiltSearch } from './search-state'

/** The applied search as code: the page's own request (same host, body and page), and the SDK's search. */
export function searchCode(built: BuiltSearch, page: string | null): CodeRequestSet {
  return {
    title: `Catalog search of ${built.host}`,
    steps: [
      {
        title: page ? 'The search, from the page shown on' : 'The search',
        call: searchCall(built.host, built.body, page),
        pages: 'features',
      },
    ],
    sdk: { kind: 'catalog-search', host: built.host, body: built.body },
  }
}
