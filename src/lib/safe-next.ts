/** A made-up origin to resolve paths against: whatever resolves elsewhere was not a path of the console. */
const HERE = 'https://console.invalid'

/**
 * Longer than any link the console makes of itself (a path and its search); a value this long was written
 * by hand, and going home loses nothing.
 */
export const MAX_NEXT_LENGTH = 4096

/**
 * The console builds `next` from `location.pathname + location.search`, which browsers always give as
 * percent-encoded ASCII: a raw space, tab, newline, control character, backslash or non-ASCII character
 * (a full-width slash, a one-dot leader) was typed by someone else, and browsers drop or rewrite some of
 * them (`\` reads as `/`, tabs and newlines vanish).
 */
const DOUBTFUL_CHARACTER = /[^\x21-\x5b\x5d-\x7e]/

/**
 * Where to go after signing in: the NORMALISED path of a page of the console, or `fallback`.
 *
 * The value is first resolved against an origin as a browser would (dot segments, `%2e`, backslashes, tabs),
 * and only the result is judged: a check on the raw text let `/.//evil.example` through, which resolves to
 * `//evil.example` — a jump to another site that the router refuses with an error (issue 26 §4). The result
 * must stay on the origin, carry no user name, and be a path whose first segment is not empty even once
 * decoded (`/%2F%2Fevil.example` would turn protocol-relative under one more decoding); it must not be the
 * sign-in page in any spelling the router would match. Anything doubtful goes to `fallback`.
 */
export function safeNext(raw: string | null, fallback: string): string {
  if (!raw || raw.length > MAX_NEXT_LENGTH || !raw.startsWith('/') || DOUBTFUL_CHARACTER.test(raw))
    return fallback
  let url: URL
  try {
    url = new URL(raw, HERE)
  } catch {
    return fallback
  }
  if (url.origin !== HERE || url.username !== '' || url.password !== '') return fallback
  const target = `${url.pathname}${url.search}${url.hash}`
  if (!isConsolePath(url.pathname)) return fallback
  // The router resolves the target once more: it must land exactly where it was checked.
  if (new URL(target, HERE).href !== url.href) return fallback
  return target
}

/** A normalised pathname that names a page of the console, read as it is and as once decoded. */
function isConsolePath(pathname: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false // broken percent-encoding: no page of the console is named that way
  }
  for (const p of [pathname, decoded]) {
    // An empty segment is how a path turns into a host (`//host`); the console makes none. The router reads
    // `\` as `/` too.
    if (!p.startsWith('/') || p.includes('//') || p.includes('\\')) return false
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    if (/[\u0000-\u001f\u007f]/.test(p)) return false
    // The router matches paths without regard to case.
    if (/^\/sign-in(\/|$)/i.test(p)) return false
  }
  return true
}
