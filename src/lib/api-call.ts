/**
 * One request of the service as data: the method, the contract's path template with its parameters, the query
 * and the JSON body. The data layer builds each request the pages send as an `ApiCall` and hands its parts to
 * the typed client, so the "Code" view (lib/request-code.ts) writes out the very request the page sends.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined

export interface ApiCall {
  method: HttpMethod
  /** The contract's path template, e.g. `/v2/processing/processes/{process-id}/cost`. */
  path: string
  params: {
    path?: Readonly<Record<string, string>>
    query?: Readonly<Record<string, QueryValue>>
  }
  /**
   * The query string as the client sends it, for requests whose query the client writes with a serializer of
   * its own (storage's lists are comma-joined); it replaces `params.query`.
   */
  queryString?: string
  body?: unknown
  /** The body's media type where it is not `application/json` (a JSON merge patch). */
  contentType?: string
}
