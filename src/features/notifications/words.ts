/** `2 Nov`: a UTC day in a notification, short (the entries are recent; the full date is on the page). */
export function shortDay(t: number | string): string {
  const d = new Date(typeof t === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(t) ? `${t}T00:00:00Z` : t)
  if (Number.isNaN(d.getTime())) return String(t)
  const [, day, month] = d.toUTCString().split(' ')
  return `${Number(day)} ${month}`
}
