import { describe, expect, it } from 'vitest'
import { nameProblem, tagProblem } from './order-fields'

describe('order fields', () => {
  it('checks names and tags as the contract allows them', () => {
    expect(nameProblem('')).toMatch(/name/)
    expect(nameProblem('x'.repeat(201))).toMatch(/200/)
    expect(nameProblem('Harbour')).toBeNull()
    expect(tagProblem('coast/2026:v1 a.b-c_d')).toBeNull()
    expect(tagProblem('bad#tag')).toMatch(/cannot hold/)
    expect(tagProblem('  ')).toMatch(/empty/)
  })

  it('allows letters, digits, space and . _ - / : only', () => {
    expect(tagProblem('client:acme/q3 2026_v1.2-x')).toBeNull()
    expect(tagProblem('über')).toMatch(/cannot hold/)
    expect(tagProblem('a#b')).toMatch(/“a#b”/)
    expect(tagProblem('  ')).toBe('A tag cannot be empty.')
  })
})
