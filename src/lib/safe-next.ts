/** A made-up origin to resolve paths against: whatever resolves elsewhere was not a path of the console. */
const HERE = 'https://console.invalid'

/**
 * Where to go after signing in: only a path of the console itself. Browsers drop tabs and newlines from URLs
 * and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` would leave the site: any whitespace,
 * control character or backslash is refused, as is anything that resolves to another origin or to the
 * sign-in page itself.
 */
export function safeNext(raw: string | null, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s\u0000-\u001f\u007f]/.test(raw))
    return fallback
  let url: URL
  try {
    url = new URL(raw, HERE)
  } catch {
    return fallback
  }
  if (url.origin !== HERE || url.pathname.startsWith('/sign-in')) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
