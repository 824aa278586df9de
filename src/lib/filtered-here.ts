/**
 * The note beside a list narrowed or ordered in the browser because the contract gives no server filter or
 * sort for it (issue 40): over how many rows that was done, so a reader knows what the figure is of — and
 * why, when given.
 */
export function filteredHere(rows: number, why?: string, done: 'Filtered' | 'Sorted' = 'Filtered'): string {
  const over = `${done} here over ${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}`
  return why ? `${over}: ${why}.` : `${over}.`
}
