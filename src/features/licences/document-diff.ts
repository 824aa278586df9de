import { diffLines } from 'diff'
import { licenceTree, type CleanNode } from '../../components/licence-document/sanitise'

/** Elements that start a line of their own when a document is read as text. */
const BLOCKS = new Set([
  ...['p', 'li', 'tr', 'dt', 'dd', 'blockquote', 'pre', 'hr', 'br', 'table', 'ul', 'ol', 'dl'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption'],
])

/** Whether a document of this media type can be read, compared and shown as text (HTML or plain text). */
export const isTextDocument = (contentType: string): boolean => /^text\/|html|xml/i.test(contentType)

/**
 * A document's words as lines, one per paragraph, heading or list item: HTML goes through the viewer's own
 * strict profile first (never parsed as the provider wrote it), plain text is taken as it is.
 */
export function documentLines(text: string, contentType: string): string[] {
  if (!/html/i.test(contentType)) return splitLines(text)
  const lines: string[] = []
  let current = ''
  const flush = () => {
    const line = current.replace(/\s+/g, ' ').trim()
    if (line) lines.push(line)
    current = ''
  }
  const walk = (node: CleanNode) => {
    if (typeof node === 'string') {
      current += node
      return
    }
    const block = BLOCKS.has(node.tag)
    if (block) flush()
    if (node.tag === 'li') current += '• '
    node.children.forEach(walk)
    if (block) flush()
  }
  licenceTree(text).forEach(walk)
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
