import { hashString } from '../world/random'

/**
 * Page cursors of the catalog search: `next` query values, bound to the host and body of their search, that
 * keep the instant the first page was asked at: the archive grows (publishing.ts), and the pages of one
 * search must not shift under a client that follows its links later.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** JSON with object keys sorted, so that the same search written in another key order has the same hash. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`
  if (isRecord(v)) {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

const searchHash = (host: string, body: unknown) => hashString(`${host}\n${canonicalJson(body)}`).toString(36)

const base64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** The `next` query value of a page: opaque to clients, bound to the search body it came from. */
export function makeCursor(
  direction: 'next' | 'prev',
  offset: number,
  host: string,
  body: unknown,
  asOf: number,
): string {
  return `${direction}:${base64url(`c2.${direction}.${offset}.${asOf}.${searchHash(host, body)}`)}`
}

/** Where a cursor points: matches skipped, and the instant whose catalog its search lists (ms). */
export interface CursorPlace {
  offset: number
  asOf: number
}

/** What a `next` query value stands for, or why it is no cursor of this host and body. */
export function readCursor(cursor: string, host: string, body: unknown): CursorPlace | string {
  const m = /^(next|prev):([A-Za-z0-9_-]+)$/.exec(cursor)
  if (!m) return 'expected next:<token> or prev:<token>'
  let text: string
  try {
    text = atob(m[2].replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return 'unreadable token'
  }
  const parts = text.split('.')
  if (
    parts.length !== 5 ||
    parts[0] !== 'c2' ||
    parts[1] !== m[1] ||
    !/^\d{1,9}$/.test(parts[2]) ||
    !/^\d{1,15}$/.test(parts[3])
  )
    return 'unreadable token'
  if (parts[4] !== searchHash(host, body)) return 'it belongs to a different search body'
  return { offset: Number(parts[2]), asOf: Number(parts[3]) }
}
