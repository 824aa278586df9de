import { describe, expect, it } from 'vitest'
import { encloses, ringArea, signedRingArea, type Ring } from './rings'

const square = (x: number, y: number, side: number): Ring => [
  [x, y],
  [x + side, y],
  [x + side, y + side],
  [x, y + side],
  [x, y],
]

describe('ring area in the plane', () => {
  it('is positive counter-clockwise, negative clockwise, and the same size either way', () => {
    const ccw = square(2, 3, 2)
    const cw = [...ccw].reverse()
    expect(signedRingArea(ccw)).toBe(4)
    expect(signedRingArea(cw)).toBe(-4)
    expect(ringArea(cw)).toBe(4)
  })

  it('takes a ring open or closed alike', () => {
    const closed: Ring = [
      [0, 0],
      [4, 0],
      [0, 3],
      [0, 0],
    ]
    expect(signedRingArea(closed.slice(0, -1))).toBe(6)
    expect(signedRingArea(closed)).toBe(6)
  })

  it('gives 0 for fewer than three corners and for corners on one line', () => {
    expect(ringArea([])).toBe(0)
    expect(
      ringArea([
        [1, 1],
        [2, 2],
      ]),
    ).toBe(0)
    expect(
      ringArea([
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ]),
    ).toBe(0)
  })

  it('tells a ring that encloses area from one that does not', () => {
    expect(encloses(square(10, 10, 1e-6))).toBe(true)
    expect(
      encloses([
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 0],
      ]),
    ).toBe(false)
    expect(encloses(undefined)).toBe(false)
  })
})
