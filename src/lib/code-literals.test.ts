import { describe, expect, it } from 'vitest'
import { literal } from './code-literals'

/** A ring of n vertices around Paris, closed. */
const ring = (n: number) => {
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * 2 * Math.PI
    return [+(2.35 + 0.1 * Math.cos(a)).toFixed(6), +(48.85 + 0.05 * Math.sin(a)).toFixed(6)]
  })
  return [...pts, pts[0]]
}

describe('literals as code', () => {
  const polygon = { type: 'Polygon', coordinates: [ring(100)] }

  it('keeps a ring compact: positions on one line each, several to a line', () => {
    const json = literal({ intersects: polygon }, 'json')
    expect(JSON.parse(json)).toEqual({ intersects: polygon })
    // 101 positions with six decimals: four to a line of at most 100 characters, not four lines each.
    const lines = json.split('\n')
    expect(lines.length).toBeLessThan(40)
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100)
    expect(json).toContain('[2.45, 48.85], [2.449803, 48.85314], ')
  })

  it('writes the same shape as Python, with a trailing comma after each member', () => {
    const py = literal(
      {
        a: [1, 2],
        b: [
          [1, 2],
          [3, 4],
        ],
        c: null,
        d: true,
      },
      'python',
    )
    expect(py).toBe(
      '{\n    "a": [1, 2],\n    "b": [\n        [1, 2], [3, 4],\n    ],\n    "c": None,\n    "d": True,\n}',
    )
  })

  it('spells JSON as JSON.stringify does: no trailing comma, undefined members left out, lists of other values one a line', () => {
    const value = { a: undefined, b: ['x', 1], c: [] as unknown[], d: {} }
    const json = literal(value, 'json')
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)))
    expect(json).toBe('{\n  "b": [\n    "x",\n    1\n  ],\n  "c": [],\n  "d": {}\n}')
  })
})
