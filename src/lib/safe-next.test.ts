import { describe, expect, it } from 'vitest'
import { safeNext } from './safe-next'

/** What a browser would make of `target` on the console's page: where would it land? */
const landsOn = (target: string) => new URL(target, 'https://console.example/sign-in')

describe('safeNext', () => {
  // Each of these leaves the console, or looks like it might once some part of the chain reads it again.
  const hostile = [
    // Dot segments: the check saw a path, normalisation makes it protocol-relative (issue 26 §4).
    '/.//evil.example',
    '/..//evil.example',
    '/orders/../../..//evil.example',
    '/orders/./..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/.%2e/.%2e//evil.example',
    '/orders/%2e%2e/%2e%2e//evil.example/path?x=1#y',
    // Protocol-relative and backslashes, which browsers read as slashes.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/..\\evil.example',
    // Encoded slashes and backslashes that some later decoding would turn into the same.
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/.%2F%2Fevil.example',
    // Tabs, newlines, spaces and other control characters, which browsers drop from URLs.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example',
    '/\u0000/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    // Other schemes and other origins.
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'javascript://%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example',
    'https://evil.example/orders',
    'http:evil.example',
    'https:/evil.example',
    // Userinfo that makes the console's name look like the host.
    '//console.example@evil.example',
    'https://console.example@evil.example/',
    // Unicode look-alikes of the slash, dot and backslash.
    '/\uff0f/evil.example',
    '/\u2215evil.example',
    '/\u2044evil.example',
    '/\uff3cevil.example',
    '/\u3002\u3002//evil.example',
    '\uff0f\uff0fevil.example',
    // Broken percent-encoding, and values longer than any link the console makes.
    '/orders/%E0%A4%A',
    `/orders?${'a'.repeat(5000)}`,
    // The sign-in page itself, however spelt.
    '/sign-in?next=/orders',
    '/orders/../sign-in',
    '/SIGN-IN',
    '/%73ign-in',
    // Nothing, or not a path.
    'evil.example',
    'orders',
    '?next=//evil.example',
    '#//evil.example',
    '',
    null,
  ]

  /** A readable test title, even for the very long value. */
  const label = (raw: string | null) => {
    const text = JSON.stringify(raw)
    return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text
  }

  it.each(hostile.map((raw) => ({ raw, name: label(raw) })))('sends $name to the start page', ({ raw }) => {
    expect(safeNext(raw, '/')).toBe('/')
  })

  it('holds at least 30 hostile variants, and none of them is let through', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30)
  })

  // Paths of the console, as the shell builds them (`paths.signIn(location.pathname + location.search)`).
  const legitimate = [
    '/orders?status=RUNNING#x',
    '/orders?status=CREATED#top',
    '/catalog?bbox=-5,42,8,51',
    '/catalog?host=oneatlas&limit=25&bbox=-5,42,8,51&datetime=2026-01-01T00%3A00%3A00Z%2F..',
    '/collections?type=TASKING&size=10',
    '/orders/3f2b8c1e-0000-4000-8000-000000000001',
    '/storage/collections/a%2Fb/items/c',
    '/processing/upsampling-ns?item=https%3A%2F%2Fexample.com%2Fitem',
    '/jobs?status=running&page=2',
    '/',
  ]

  it.each(legitimate)('keeps the console path %j exactly', (raw) => {
    expect(safeNext(raw, '/')).toBe(raw)
  })

  it('hands the router the normalised path, never the dot segments it was given', () => {
    expect(safeNext('/orders/../catalog?bbox=1,2,3,4', '/')).toBe('/catalog?bbox=1,2,3,4')
    expect(safeNext('/./orders/./x', '/')).toBe('/orders/x')
    expect(safeNext('/a/b/../../orders', '/')).toBe('/orders')
  })

  it('whatever it returns stays on the console and reads the same when resolved again', () => {
    for (const raw of [...hostile, ...legitimate]) {
      const target = safeNext(raw, '/')
      expect(target, String(raw)).toMatch(/^\/(?![/\\])/)
      const url = landsOn(target)
      expect(url.origin, String(raw)).toBe('https://console.example')
      expect(url.pathname + url.search + url.hash, String(raw)).toBe(target)
    }
  })
})
