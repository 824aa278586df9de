import { jsonLimitProblem, type JsonLimits } from './json-limits'
import { MAX_NEXT_LENGTH } from './safe-next'

/**
 * A draft carried in one URL search parameter, so a role that may prepare a request but not place it (the
 * Viewer) can hand it to someone who may: the text is JSON in base64url (no `%` escapes, nothing a mail client
 * breaks on), tagged with the kind of draft and a version so a link from another page or an older console is
 * refused rather than misread. Reading is strict and never throws: the page that reads it shows what went
 * wrong and changes nothing.
 */

/** The search parameter every shared draft travels in. */
export const SHARE_PARAM = 'shared'

/** The shared draft a page's URL carries, still encoded (`decodeShared` reads it); null when none. */
export const readSharedText = (params: URLSearchParams): string | null => params.get(SHARE_PARAM)

/** Longer than any draft the console shares; a value this long was not made by it. */
const MAX_SHARED_LENGTH = 200_000

/**
 * What any draft's body may be, whatever its kind: the deepest the console shares is a checkout line's
 * geometry param (about ten levels). Each kind then holds its forms to the typed forms' own limits.
 */
const BODY_LIMITS: JsonLimits = { depth: 16, values: 200_000, stringLength: MAX_SHARED_LENGTH }

/** Over this a signed-out reader loses the link at sign-in (`safeNext` drops long `next` values). */
export const SIGNED_IN_ONLY_LENGTH = MAX_NEXT_LENGTH

export type SharedRead<T> = { ok: true; value: T } | { ok: false; reason: string }

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const fromBase64Url = (text: string): Uint8Array | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/** The parameter's text for a draft of `kind`. */
export function encodeShared(kind: string, body: Record<string, unknown>): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify({ kind, v: 1, ...body })))
}

/**
 * The body of a draft of `kind`, checked by `read` (which returns null for anything it does not accept), or
 * why it could not be read, in words for the page. `read` sees only a body within `BODY_LIMITS`, and holds
 * any form it carries to the typed forms' limits (`asFormValue`).
 */
export function decodeShared<T>(
  kind: string,
  text: string,
  read: (body: Record<string, unknown>) => T | null,
): SharedRead<T> {
  const cut = 'The link could not be read: it may have been cut short or changed when it was copied.'
  if (text.length === 0 || text.length > MAX_SHARED_LENGTH) return { ok: false, reason: cut }
  const bytes = fromBase64Url(text)
  if (!bytes) return { ok: false, reason: cut }
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return { ok: false, reason: cut }
  }
  // Measured before anything reads it: a body nested thousands of levels deep breaks every recursive reader.
  const over = jsonLimitProblem(body, BODY_LIMITS)
  if (over)
    return {
      ok: false,
      reason: `The link could not be used: ${over.reason}, more than any form of the console holds.`,
    }
  if (!isRecord(body) || typeof body.kind !== 'string') return { ok: false, reason: cut }
  if (body.kind !== kind)
    return { ok: false, reason: 'The link was made for another page of the console, not this one.' }
  if (body.v !== 1)
    return {
      ok: false,
      reason: 'The link was made by another version of the console and cannot be read here.',
    }
  const value = read(body)
  return value === null ? { ok: false, reason: cut } : { ok: true, value }
}

/** The full address of `path` with the shared draft, for copying. */
export function shareUrl(path: string, text: string, origin = globalThis.location?.origin ?? ''): string {
  return `${origin}${path}?${SHARE_PARAM}=${text}`
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const optionalString = (v: unknown): v is string | undefined =>
  v === undefined || typeof v === 'string'

export const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string')
