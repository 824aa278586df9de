import DOMPurify, { type Config } from 'dompurify'

/**
 * Licence documents come from providers' storage, so their markup is hostile until proven otherwise. Only
 * document markup is kept — headings, paragraphs, lists, tables, emphasis, quotes and links — with no
 * attribute that styles, identifies or loads anything: nothing in a document can leave its box, load
 * anything from elsewhere, look like the console or take input. Links open in a new tab without a way back
 * to the console (`noopener noreferrer`), and only to web or mail addresses.
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

/**
 * The document's headings sit under the licence's own title (a level-3 heading in the checkout): its levels
 * move down so that an `h1` inside is neither the page's main heading nor its size.
 */
const HEADING_SHIFT: Record<string, string> = {
  H1: 'h4',
  H2: 'h5',
  H3: 'h6',
  H4: 'h6',
  H5: 'h6',
  H6: 'h6',
}

const CONFIG: Config = {
  ALLOWED_TAGS: DOCUMENT_TAGS,
  ALLOWED_ATTR: DOCUMENT_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: SAFE_LINK,
  // Contents of these are never text a reader should see.
  FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'svg', 'math', 'iframe', 'object', 'title'],
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
  SANITIZE_DOM: true,
}

let purifier: ReturnType<typeof DOMPurify> | null = null

/** One purifier with the link hook, created on first use (DOMPurify needs a window). */
function documentPurifier() {
  if (purifier) return purifier
  const p = DOMPurify()
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return
    const href = node.getAttribute('href')
    if (!href || !SAFE_LINK.test(href.trim())) {
      node.removeAttribute('href')
      return
    }
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  })
  purifier = p
  return p
}

/** A licence document's HTML as document markup only, headings moved under the licence's title. */
export function sanitiseLicence(html: string): string {
  const purify = documentPurifier()
  // `target` and `rel` are set by the hook, after the allow-list has run: authors cannot set them.
  const fragment = purify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true })
  for (const h of Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const shifted = h.ownerDocument.createElement(HEADING_SHIFT[h.nodeName] ?? 'h6')
    shifted.append(...Array.from(h.childNodes))
    h.replaceWith(shifted)
  }
  const box = fragment.ownerDocument.createElement('div')
  box.append(fragment)
  return box.innerHTML
}
