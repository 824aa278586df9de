import { describe, expect, it } from 'vitest'
import { evaluate, FormulaError, parseFormula, tryParse } from './formula'

const BANDS = ['red', 'green', 'blue', 'nir']
const value = (src: string, px: number[]) => evaluate(parseFormula(src, BANDS), px)

describe('parseFormula and evaluate', () => {
  it('computes NDVI over band names', () => {
    expect(value('(nir - red) / (nir + red)', [1000, 0, 0, 3000])).toBeCloseTo(0.5)
  })

  it('follows precedence: * and / before + and -, ^ before both and to the right', () => {
    expect(value('1 + 2 * 3', [0, 0, 0, 0])).toBe(7)
    expect(value('10 - 4 - 3', [0, 0, 0, 0])).toBe(3)
    expect(value('2 ^ 3 ^ 2', [0, 0, 0, 0])).toBe(512)
    expect(value('-2 ^ 2', [0, 0, 0, 0])).toBe(4)
    expect(value('2 * (3 + 4)', [0, 0, 0, 0])).toBe(14)
  })

  it('reads numbers with decimals and exponents, band names in any case, and functions', () => {
    expect(value('NIR * 0.5 + 1e2', [0, 0, 0, 10])).toBe(105)
    expect(value('.5 * Red', [4, 0, 0, 0])).toBe(2)
    expect(value('sqrt(green) + max(red, blue) - abs(-1)', [3, 16, 5, 0])).toBe(8)
    expect(value('log10(nir)', [0, 0, 0, 1000])).toBeCloseTo(3)
  })

  it('gives NaN where a formula is undefined for a pixel', () => {
    expect(value('(nir - red) / (nir + red)', [0, 0, 0, 0])).toBeNaN()
  })

  it.each([
    ['(nir - red / (nir + red)', 'Expected ")" but found the end at character 25', 24],
    [
      'nir - swir',
      '"swir" is not a band of this image at character 7; its bands are red, green, blue, nir',
      6,
    ],
    ['nir red', 'Unexpected "red" at character 5: an operator is missing before it', 4],
    ['nir +', 'The formula ends too soon at character 6: a value or band is missing', 5],
    ['nir $ red', '"$" is not part of a formula (at character 5)', 4],
    ['cos(nir)', '"cos" is not a function at character 1; use abs, sqrt, log10, ln, exp, min, max', 0],
    ['max(nir)', 'max takes 2 values, not 1 (at character 1)', 0],
    ['  ', 'The formula is empty', 0],
    ['* red', 'Unexpected "*" at character 1', 0],
  ])('%j fails saying where', (src, message, at) => {
    let error: unknown
    try {
      parseFormula(src, BANDS)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(FormulaError)
    expect((error as FormulaError).message).toBe(message)
    expect((error as FormulaError).at).toBe(at)
  })

  it('tryParse gives the error instead of throwing', () => {
    const r = tryParse('red +', BANDS)
    expect('error' in r && r.error.at).toBe(5)
    expect('node' in tryParse('red + 1', BANDS)).toBe(true)
  })
})
