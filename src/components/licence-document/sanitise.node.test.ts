// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sanitiseLicence } from './sanitise'

// Here there is no DOM at all: the sanitiser reads hostile markup without one, so a browser never parses the
// provider's markup under the page's Content Security Policy (Chromium reports an inline handler met by its
// own parser as a violation even in an inert document, once per handler and view).
const dir = join(import.meta.dirname, 'testdata', 'hostile')
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .map((name) => ({ name, html: readFileSync(join(dir, name), 'utf8') }))

describe('the license sanitiser needs no DOM', () => {
  it('has no window to use', () => {
    expect(typeof globalThis.document).toBe('undefined')
    expect(typeof globalThis.DOMParser).toBe('undefined')
  })

  it.each(corpus)('$name sanitises without a browser, with no handler or script left', ({ html }) => {
    const out = sanitiseLicence(html)
    expect(out).not.toMatch(/\son[a-z]+\s*=/i)
    expect(out).not.toMatch(/<\s*(script|style|svg|math|iframe|object|template|link|meta|base)\b/i)
  })

  it('escapes text so that it cannot become markup again', () => {
    expect(sanitiseLicence('<p>&lt;img src=x onerror=alert(1)&gt; &amp; "q"</p>')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; "q"</p>',
    )
    expect(sanitiseLicence('<p title="&quot;><img src=x>">x</p>')).toBe(
      '<p title="&quot;&gt;&lt;img src=x&gt;">x</p>',
    )
  })
})
