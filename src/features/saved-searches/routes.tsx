import { SavedSearchesPage } from './components/saved-searches-page'

/** The saved searches' route module: kept in the browser, so there is nothing to prefetch. */
export function savedSearchesRoute() {
  return { Component: SavedSearchesPage }
}
