import createClient, { type Client } from 'openapi-fetch'
import type { paths } from './schema'

/** The one typed client of the service API. Components never call fetch; they use queries built on this. */
export type ApiClient = Client<paths>

export function createApiClient(baseUrl: string, fetchImpl?: typeof fetch): ApiClient {
  return createClient<paths>({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) })
}
