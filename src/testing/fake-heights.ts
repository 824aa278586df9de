import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom lays nothing out: for a virtual list's tests, elements report the heights `heights` gives
 * (`clientHeight`, `offsetHeight`), so the virtualiser draws the rows its box would show. Call it at a test
 * file's top level; the real properties are put back after the file, as the dom project shares one jsdom per
 * worker.
 */
export function fakeHeights(heights: (el: HTMLElement) => number): void {
  const props = ['clientHeight', 'offsetHeight'] as const
  const original = props.map((p) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, p))
  beforeAll(() => {
    for (const p of props)
      Object.defineProperty(HTMLElement.prototype, p, {
        configurable: true,
        get(this: HTMLElement) {
          return heights(this)
        },
      })
  })
  afterAll(() => {
    props.forEach((p, i) => {
      const d = original[i]
      if (d) Object.defineProperty(HTMLElement.prototype, p, d)
    })
  })
}
