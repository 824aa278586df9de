import type { Found } from './sources/source'

/** One notification as the centre keeps it. */
export interface Entry extends Found {
  source: string
  /** When the console found it (the browser's clock). */
  at: number
  read: boolean
}

/** The centre keeps this many, newest first; older ones fall off. */
export const MAX_ENTRIES = 100

/**
 * Adds what the sources found, newest first, each key at most once — whether it is still listed or was
 * already dropped is not known, so a key seen again (another tab, a reload mid-read) is simply not added.
 */
export function addFound(
  entries: readonly Entry[],
  found: readonly (Found & { source: string })[],
  at: number,
): { entries: Entry[]; added: Entry[] } {
  const known = new Set(entries.map((e) => e.key))
  const added: Entry[] = []
  for (const f of found) {
    if (known.has(f.key)) continue
    known.add(f.key)
    added.push({ ...f, at, read: false })
  }
  return { entries: [...added, ...entries].slice(0, MAX_ENTRIES), added }
}

export const unreadCount = (entries: readonly Entry[]) => entries.filter((e) => !e.read).length
