// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { diffDocuments, diffSummary, documentLines, isTextDocument } from './document-diff'

const v1 =
  '<h1>Terms, version 1</h1><p>Use is <b>internal</b> only.</p><ul><li>No resale.</li><li>Attribution.</li></ul>' +
  '<p onclick="alert(1)">Questions go to the provider.</p><script>window.ran = true</script>'
const v2 =
  '<h1>Terms, version 2</h1><p>Use is <b>internal</b> only.</p><ul><li>No resale.</li><li>Attribution.</li>' +
  '<li>Name the license version.</li></ul><p>Questions go to the provider.</p>'

describe('license document diff', () => {
  it('reads sanitised HTML as one line per block, with list items marked and scripts gone', () => {
    expect(documentLines(v1, 'text/html; charset=utf-8')).toEqual([
      'Terms, version 1',
      'Use is internal only.',
      '• No resale.',
      '• Attribution.',
      'Questions go to the provider.',
    ])
  })

  it('reads plain text as its lines', () => {
    expect(documentLines('One\r\nTwo\n\n\nThree\n', 'text/plain')).toEqual(['One', 'Two', '', 'Three', ''])
  })

  it('shows what was removed and added between two versions, keeping what stayed', () => {
    const lines = diffDocuments(documentLines(v1, 'text/html'), documentLines(v2, 'text/html'))
    expect(lines).toEqual([
      { kind: 'removed', text: 'Terms, version 1' },
      { kind: 'added', text: 'Terms, version 2' },
      { kind: 'same', text: 'Use is internal only.' },
      { kind: 'same', text: '• No resale.' },
      { kind: 'same', text: '• Attribution.' },
      { kind: 'added', text: '• Name the license version.' },
      { kind: 'same', text: 'Questions go to the provider.' },
    ])
    expect(diffSummary(lines)).toEqual({ added: 2, removed: 1 })
    expect(diffSummary(diffDocuments(['a'], ['a']))).toEqual({ added: 0, removed: 0 })
  })

  it('only compares documents that are text', () => {
    expect(isTextDocument('text/html; charset=utf-8')).toBe(true)
    expect(isTextDocument('text/plain')).toBe(true)
    expect(isTextDocument('application/pdf')).toBe(false)
  })
})
