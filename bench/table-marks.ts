import type { Page } from '@playwright/test'

/**
 * The table pages' side of the benchmarks (orders, jobs): each marks `<page>-response` when a list arrives
 * and `<page>-rows` when its rows are in the DOM (detail `{count}`); a run moves the open page to another
 * view as back/forward does and reads the two marks.
 */

/** Moves the open console to `url` as back/forward does (the router follows popstate), marks cleared. */
export async function inPage(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    performance.clearMarks()
    history.pushState(null, '', u)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, url)
}

/**
 * The first response and rows marks after the last clear, once the rows mark counts `count` rows; on a
 * timeout, an error that says what the page shows (`rowSelector` counts its rows).
 */
export async function waitForRows(
  page: Page,
  marks: readonly [response: string, rows: string],
  count: number,
  opts: { timeoutMs: number; what: string; rowSelector: string },
): Promise<{ response: number; rows: number }> {
  try {
    await page.waitForFunction(
      ([names, n]) => {
        const rows = performance.getEntriesByName(names[1], 'mark') as PerformanceMark[]
        return (
          performance.getEntriesByName(names[0], 'mark').length > 0 &&
          rows.some((m) => (m.detail as { count?: number } | null)?.count === n)
        )
      },
      [marks, count] as const,
      { timeout: opts.timeoutMs, polling: 50 },
    )
  } catch (e) {
    const state = await page
      .evaluate(
        (selector) => ({
          url: location.href,
          heading: document.querySelector('h1')?.textContent ?? null,
          rows: document.querySelectorAll(selector).length,
          marks: performance.getEntriesByType('mark').map((m) => m.name),
        }),
        opts.rowSelector,
      )
      .catch(() => null)
    throw new Error(
      `The ${opts.what} did not mark ${marks.join(' and ')} for ${count} rows within ${opts.timeoutMs / 1000} s: ${JSON.stringify(state)}`,
      { cause: e },
    )
  }
  return page.evaluate(
    ([names, n]) => {
      const response = performance.getEntriesByName(names[0], 'mark')[0].startTime
      const rows = (performance.getEntriesByName(names[1], 'mark') as PerformanceMark[]).find(
        (m) => (m.detail as { count?: number } | null)?.count === n,
      )
      return { response, rows: rows?.startTime ?? NaN }
    },
    [marks, count] as const,
  )
}
