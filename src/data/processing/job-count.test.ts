import { describe, expect, it } from 'vitest'
import { countByProbing, type Probe } from './job-count'

/** A list of `total` jobs as its one-job pages answer, counting the pages asked for. */
function listOf(total: number): { probe: Probe; asked: number[] } {
  const asked: number[] = []
  return {
    asked,
    probe: (index) => {
      asked.push(index)
      return Promise.resolve({ at: index < total, after: index + 1 < total })
    },
  }
}

describe('countByProbing', () => {
  it('finds the exact total of lists of every size up to past the first decades', async () => {
    for (const total of [0, 1, 2, 9, 10, 11, 99, 100, 101, 257, 999, 1000, 1001, 4321]) {
      expect(await countByProbing(listOf(total).probe)).toBe(total)
    }
  })

  it('finds 5,000 jobs with about twenty one-job pages, not fifty pages of a hundred', async () => {
    const list = listOf(5_000)
    expect(await countByProbing(list.probe)).toBe(5_000)
    expect(list.asked.length).toBeLessThanOrEqual(7 + 14)
  })

  it('keeps doubling past the last decade', async () => {
    const list = listOf(2_345_678)
    expect(await countByProbing(list.probe)).toBe(2_345_678)
    expect(list.asked.length).toBeLessThan(60)
  })

  it('says how far it got when the list moves under it for too long', async () => {
    // Every page answers "a job here and more after it": a list that never ends.
    const endless: Probe = () => Promise.resolve({ at: true, after: true })
    expect(await countByProbing(endless)).toBeGreaterThan(1_000_000)
  })

  it('counts a list that did not change since the last total with one one-job page', async () => {
    for (const total of [0, 1, 2, 99, 100, 5_000, 2_345_678]) {
      const list = listOf(total)
      expect(await countByProbing(list.probe, total)).toBe(total)
      // Before, every count started over: seven decade pages and a dozen more for 5,000.
      expect(list.asked).toHaveLength(1)
    }
  })

  it('finds a total that moved from the last one, with few pages for a small move', async () => {
    for (const [hint, total] of [
      [5_000, 5_003],
      [5_000, 4_998],
      [5_000, 0],
      [0, 7],
      [3, 0],
      [1, 2],
      [2, 1],
      [10, 100_000],
      [100_000, 10],
    ]) {
      const list = listOf(total)
      expect(await countByProbing(list.probe, hint)).toBe(total)
      if (Math.abs(total - hint) <= 3) expect(list.asked.length).toBeLessThanOrEqual(4)
      expect(list.asked.length).toBeLessThan(2 + 2 * Math.log2(Math.abs(total - hint) + 2) + 2)
    }
  })
})
