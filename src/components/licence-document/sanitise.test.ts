// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_ATTRIBUTES, DOCUMENT_TAGS, sanitiseLicence } from './sanitise'

// A corpus of hostile licence documents (one trick each, see the file names), sanitised as the console shows
// them and measured: what could escape the document's box or look like the console, what could load from
// elsewhere, and what could take input.
const dir = join(import.meta.dirname, 'testdata', 'hostile')
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map((name) => ({ name, html: readFileSync(join(dir, name), 'utf8') }))

const ALLOWED = new Set([...DOCUMENT_TAGS, 'div'].map((t) => t.toUpperCase()))
/** Attributes the sanitiser itself sets on links. */
const ALLOWED_ATTRS = new Set([...DOCUMENT_ATTRIBUTES, 'target', 'rel'])

/** Shows a document as the viewer does, in a box of the page. */
function shown(html: string): HTMLElement {
  const box = document.createElement('div')
  box.innerHTML = sanitiseLicence(html)
  return box
}

/** Everything in the shown document that could leave its box, look like the console or style itself. */
function escapes(box: HTMLElement): string[] {
  const found: string[] = []
  for (const el of Array.from(box.querySelectorAll('*'))) {
    if (!ALLOWED.has(el.nodeName)) found.push(`<${el.nodeName.toLowerCase()}>`)
    for (const a of Array.from(el.attributes))
      if (!ALLOWED_ATTRS.has(a.name)) found.push(`${el.nodeName.toLowerCase()}[${a.name}]`)
    if (/^H[1-3]$/.test(el.nodeName)) found.push(`${el.nodeName} heading as large as the console's`)
  }
  return found
}

/** Everything that would make the browser fetch from elsewhere on its own (links wait for a click). */
function outsideRequests(box: HTMLElement): string[] {
  const found: string[] = []
  for (const el of Array.from(box.querySelectorAll('*')))
    for (const a of Array.from(el.attributes)) {
      const fetches = ['src', 'srcset', 'poster', 'data', 'background', 'action', 'formaction', 'style']
      if (fetches.includes(a.name) || (a.name === 'href' && el.nodeName !== 'A'))
        found.push(`${el.nodeName.toLowerCase()}[${a.name}]`)
    }
  if (/url\s*\(|@import/i.test(box.innerHTML)) found.push('CSS url()')
  return found
}

/** Everything that could take input or focus on its own. */
function inputs(box: HTMLElement): string[] {
  return Array.from(
    box.querySelectorAll(
      'input, textarea, select, button, form, [contenteditable], [tabindex], [autofocus], details, dialog',
    ),
  ).map((el) => el.nodeName.toLowerCase())
}

describe('license documents, shown through the strict profile', () => {
  it(`holds a corpus of at least 25 hostile documents`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(25)
  })

  it.each(corpus)('$name: nothing escapes, loads from elsewhere or takes input', ({ html }) => {
    const box = shown(html)
    expect(escapes(box)).toEqual([])
    expect(outsideRequests(box)).toEqual([])
    expect(inputs(box)).toEqual([])
    expect(box.querySelectorAll('script, style, link, meta, base, svg, math, template')).toHaveLength(0)
  })

  it('counts 0 escaped and 0 outside requests over the whole corpus', () => {
    const boxes = corpus.map((d) => shown(d.html))
    expect({
      documents: corpus.length,
      escaped: boxes.filter((b) => escapes(b).length > 0 || inputs(b).length > 0).length,
      outsideRequests: boxes.reduce((n, b) => n + outsideRequests(b).length, 0),
    }).toEqual({ documents: corpus.length, escaped: 0, outsideRequests: 0 })
  })

  it('keeps links to web and mail addresses, opened in a new tab with no way back to the console', () => {
    const box = shown(corpus.map((d) => d.html).join('\n'))
    const links = Array.from(box.querySelectorAll('a'))
    const withHref = links.filter((a) => a.hasAttribute('href'))
    expect(withHref.map((a) => a.getAttribute('href')).sort()).toEqual(
      [
        'https://provider.example',
        'https://provider.example/terms',
        'https://evil.example/x',
        'https://evil.example/pay',
        'https://evil.example',
        'mailto:legal@provider.example',
      ].sort(),
    )
    for (const a of withHref) {
      expect(a.getAttribute('target')).toBe('_blank')
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
    }
    // javascript:, data:, vbscript:, relative, protocol-relative and fragment links lose their target.
    for (const a of links.filter((l) => !l.hasAttribute('href'))) expect(a.hasAttribute('target')).toBe(false)
  })

  it('keeps the text of the document, and moves its headings under the license’s title', () => {
    const box = shown(readFileSync(join(dir, '31-huge-headings.html'), 'utf8'))
    expect(Array.from(box.children).map((e) => e.nodeName)).toEqual(['H4', 'H5', 'H6', 'P'])
    expect(box.textContent).toContain('END USER LICENCE')
    expect(shown('<ul><li><em>a</em></li></ul><table><tr><th>x</th></tr></table>').innerHTML).toBe(
      '<ul><li><em>a</em></li></ul><table><tbody><tr><th>x</th></tr></tbody></table>',
    )
  })

  it('removes characters that reorder or hide text, and titles each link with where it really goes', () => {
    const box = shown(readFileSync(join(dir, '36-bidi-link-text.html'), 'utf8'))
    expect(box.innerHTML).not.toMatch(/[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/)
    const link = box.querySelector('a')
    expect(link?.textContent).toBe('https://bank.test/gnp.exe')
    expect(link?.getAttribute('title')).toBe('https://evil.example/pay')
    expect(box.querySelector('p[title]')?.getAttribute('title')).toBe('eliforp')
    expect(
      shown('<a href=" java\tscript:alert(1)">x</a><a href="\u202ehttps://ok.example">y</a>').innerHTML,
    ).toBe(
      '<a>x</a><a href="https://ok.example" title="https://ok.example" target="_blank" rel="noopener noreferrer">y</a>',
    )
  })

  // Larger documents than MAX_DOCUMENT_CHARS are offered as a link instead of being sanitised.
  it('sanitises a long document (a quarter of a megabyte) clause by clause', () => {
    const clause = '<p style="position:fixed">Clause <a href="https://provider.example">link</a></p>'
    const count = Math.floor(250_000 / clause.length)
    const box = shown(clause.repeat(count))
    expect(box.querySelectorAll('p').length).toBe(count)
    expect(escapes(box)).toEqual([])
  }, 120_000)
})
