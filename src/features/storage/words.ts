import type { StorageSource } from '../../data/storage/query'

export const SOURCE_LABELS: Record<StorageSource, string> = {
  ARCHIVE: 'Archive orders',
  TASKING: 'Tasking orders',
  PROCESSING: 'Processing results',
}

/** Where one collection or item came from, in words. */
export const SOURCE_WORDS: Record<StorageSource, string> = {
  ARCHIVE: 'Archive order',
  TASKING: 'Tasking order',
  PROCESSING: 'Processing result',
}

export const SOURCE_COLORS: Record<string, string> = {
  ARCHIVE: 'blue',
  TASKING: 'grape',
  PROCESSING: 'teal',
}

/** What `cnam` means, in plain words. */
export const CNAM_HELP =
  'Ready to use: the service has turned each delivery into STAC items, with images and metadata you can browse. ' +
  'As delivered: the files exactly as the provider sent them, one archive per order.'

export { str, titleOf } from '../../data/storage/query'

export function tagsOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : []
}

/** Clamps a map view (whose west and east may run past ±180) to a box the service takes. */
export function clampBox([w, s, e, n]: [number, number, number, number]): [number, number, number, number] {
  if (e - w >= 360) return [-180, Math.max(-90, s), 180, Math.min(90, n)]
  const c = (x: number, lim: number) => Math.max(-lim, Math.min(lim, x))
  return [c(w, 180), c(s, 90), c(e, 180), c(n, 90)]
}

/** Bytes in a short human form. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let v = n / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`
}
