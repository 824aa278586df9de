import { ConnectionPage } from './components/connection-page'

/** The Connection page's route module: it asks the servers itself, so there is nothing to prefetch. */
export function connectionRoute() {
  return { Component: ConnectionPage }
}
