import { defaultTreeAdapter as tree, html as spec, parseFragment, type DefaultTreeAdapterTypes } from 'parse5'

/**
 * Licence documents come from providers' storage, so their markup is hostile until proven otherwise. Only
 * document markup is kept — headings, paragraphs, lists, tables, emphasis, quotes and links — with no
 * attribute that styles, identifies or loads anything: nothing in a document can leave its box, load
 * anything from elsewhere, look like the console or take input. Links open in a new tab without a way back
 * to the console (`noopener noreferrer`), and only to web or mail addresses.
 *
 * The markup is read by parse5, an HTML parser written in JavaScript that builds plain objects, never the
 * browser's DOM: the provider's markup never meets the page's Content Security Policy (a DOM parser would
 * make Chromium report every `onclick` of a hostile document as a blocked inline handler), and nothing of it
 * can run or load while it is read. The allow-list below is the authority: the output is written from it,
 * element by element, with all text escaped.
 */

/** Elements a licence may use. Anything else goes, with its content kept when it is text. */
export const DOCUMENT_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'abbr', 'span'],
  'a',
]

/** Attributes a licence may use: where a link goes, and a title. No style, class, id or source. */
export const DOCUMENT_ATTRIBUTES = ['href', 'title']

/** Where links may go: web and mail addresses only (no `javascript:`, `data:`, relative or fragment links). */
const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i

/** Above this, a document is offered as a link instead: sanitising megabytes would freeze the page. */
export const MAX_DOCUMENT_CHARS = 1_000_000

const ALLOWED = new Set(DOCUMENT_TAGS)
const VOID = new Set(['br', 'hr'])

/** Elements whose content is never text a reader should see: dropped whole. */
const DROPPED_WITH_CONTENT = new Set([
  ...['script', 'style', 'template', 'noscript', 'svg', 'math', 'iframe', 'object', 'title'],
  ...['textarea', 'select', 'noembed', 'noframes', 'xmp', 'head'],
])

/**
 * The document's headings sit under the licence's own title (a level-3 heading in the checkout): its levels
 * move down so that an `h1` inside is neither the page's main heading nor its size.
 */
const HEADING_SHIFT: Record<string, string> = {
  h1: 'h4',
  h2: 'h5',
  h3: 'h6',
  h4: 'h6',
  h5: 'h6',
  h6: 'h6',
}

/**
 * Characters that reorder or hide text: bidi embeddings, overrides and isolates, the marks, and zero-width
 * ones. In a link's text `https://bank.test/‮gnp.exe` would read as an address it is not; nowhere in a
 * licence do they carry meaning a reader needs.
 */
const HIDDEN_OR_REORDERING = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g

/** A cleaned document: allowed elements with allowed attributes, and text. */
export type CleanNode = string | CleanElement
export type CleanElement = { tag: string; attrs: Record<string, string>; children: CleanNode[] }

type Parent = DefaultTreeAdapterTypes.ParentNode

const visibleText = (text: string) => text.replace(HIDDEN_OR_REORDERING, '')

/** Where a link goes, when it may go anywhere: the address as the browser would read it, or null. */
function safeHref(raw: string): string | null {
  const href = visibleText(raw)
    .replace(/[\t\n\r]/g, '')
    .trim()
  return SAFE_LINK.test(href) ? href : null
}

function cleanElement(tag: string, attrs: { name: string; value: string }[], children: CleanNode[]) {
  const out: Record<string, string> = {}
  const title = attrs.find((a) => a.name === 'title')
  if (title) out.title = visibleText(title.value)
  if (tag === 'a') {
    const hrefAttr = attrs.find((a) => a.name === 'href')
    const href = hrefAttr ? safeHref(hrefAttr.value) : null
    // `target` and `rel` are the sanitiser's, never the author's; the real address is the link's title, so
    // a link whose text names another address shows where it goes before it is followed.
    if (href) Object.assign(out, { href, title: href, target: '_blank', rel: 'noopener noreferrer' })
  }
  return { tag: HEADING_SHIFT[tag] ?? tag, attrs: out, children }
}

function cleanChildren(parent: Parent): CleanNode[] {
  const out: CleanNode[] = []
  for (const node of parent.childNodes) {
    if (tree.isTextNode(node)) {
      const text = visibleText(node.value)
      if (text) out.push(text)
      continue
    }
    if (!tree.isElementNode(node)) continue // comments and doctypes
    const el = node
    // Foreign content (SVG, MathML) and raw-text elements never reach the reader, whatever they hold.
    if (el.namespaceURI !== spec.NS.HTML || DROPPED_WITH_CONTENT.has(el.tagName)) continue
    const children = cleanChildren(el)
    if (ALLOWED.has(el.tagName)) out.push(cleanElement(el.tagName, el.attrs, children))
    else out.push(...children)
  }
  return out
}

/** A licence document's HTML as a tree of document markup only, headings moved under the licence's title. */
export function licenceTree(html: string): CleanNode[] {
  return cleanChildren(parseFragment(html))
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (value: string) => escapeText(value).replace(/"/g, '&quot;')

function serialise(nodes: readonly CleanNode[]): string {
  let out = ''
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += escapeText(node)
      continue
    }
    const attrs = Object.entries(node.attrs)
      .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
      .join('')
    out += VOID.has(node.tag)
      ? `<${node.tag}${attrs}>`
      : `<${node.tag}${attrs}>${serialise(node.children)}</${node.tag}>`
  }
  return out
}

/** A licence document's HTML as document markup only, headings moved under the licence's title. */
export function sanitiseLicence(html: string): string {
  return serialise(licenceTree(html))
}
