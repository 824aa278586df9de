import { diffLines } from 'diff'
import { sanitiseLicence } from '../../components/licence-document/sanitise'

/** Elements that start a line of their own when a document is read as text. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'LI',
  'TR',
  'DT',
  'DD',
  'BLOCKQUOTE',
  'PRE',
  'HR',
  'BR',
  'TABLE',
  'UL',
  'OL',
  'DL',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'CAPTION',
])

/** Whether a document of this media type can be read, compared and shown as text (HTML or plain text). */
export const isTextDocument = (contentType: string): boolean => /^text\/|html|xml/i.test(contentType)

/**
 * A document's words as lines, one per paragraph, heading or list item: HTML goes through the viewer's own
 * strict profile first (never parsed as the provider wrote it), plain text is taken as it is.
 */
export function documentLines(text: string, contentType: string): string[] {
  if (!/html/i.test(contentType)) return splitLines(text)
  const doc = new DOMParser().parseFromString(sanitiseLicence(text), 'text/html')
  const lines: string[] = []
  let current = ''
  const flush = () => {
    const line = current.replace(/\s+/g, ' ').trim()
    if (line) lines.push(line)
    current = ''
  }
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += node.textContent ?? ''
      return
    }
    const block = BLOCKS.has(node.nodeName)
    if (block) flush()
    if (node.nodeName === 'LI') current += '• '
    node.childNodes.forEach(walk)
    if (block) flush()
  }
  walk(doc.body)
  flush()
  return lines
}

const splitLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''))

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string }

/** Line by line, what changed from `older` to `newer`: removed lines, then the lines that replace them. */
export function diffDocuments(older: string[], newer: string[]): DiffLine[] {
  const parts = diffLines(older.join('\n') + '\n', newer.join('\n') + '\n')
  return parts.flatMap((p) =>
    p.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ kind: p.added ? 'added' : p.removed ? 'removed' : 'same', text })),
  )
}

/** How much changed, in words for the diff's summary. */
export function diffSummary(lines: readonly DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((l) => l.kind === 'added').length,
    removed: lines.filter((l) => l.kind === 'removed').length,
  }
}
