/** One thing the centre tells about: what happened, and the page that acts on it. */
export interface Found {
  /**
   * The object told about (an order, a quotation, a saved search…): one entry per object, so news of it
   * replaces its entry, and reading it again (another tab, a reload) never lists it twice.
   */
  key: string
  title: string
  detail?: string
  href: string
  /** When it happened, by the service's clock (ISO): the day a fold groups it under. */
  when?: string
  /** Entries of this kind found for one day are folded into one line past a few (its source's `foldLine`). */
  fold?: string
  /** The object's latest state in a word or two ("fulfilled"): what a fold line tallies. */
  state?: string
}

/** One notification as the centre keeps it. */
export interface Entry extends Found {
  source: string
  /** When the console found it (the browser's clock). */
  at: number
  read: boolean
  /** A line that folds a day's many entries of one kind: the entries it stands for. */
  folded?: Entry[]
}

/** The centre keeps this many, newest first; older ones fall off. */
export const MAX_ENTRIES = 100

/** More than this many entries of one kind on one day are folded into one line. */
export const FOLD_ABOVE = 3

/** What a fold line says and opens, for the entries it stands for (from the source that folds its entries). */
export type FoldLine = (members: readonly Entry[], day: string) => Pick<Found, 'title' | 'detail' | 'href'>

const dayOf = (e: Entry): string | null => (e.fold && e.when ? e.when.slice(0, 10) : null)
const foldKey = (fold: string, day: string) => `fold:${fold}:${day}`

/** The entries a list stands for, folds opened up, newest first. */
const unfold = (entries: readonly Entry[]): Entry[] => entries.flatMap((e) => e.folded ?? [e])

/**
 * Folds, per kind and day of the event (by the service's clock), the entries beyond `FOLD_ABOVE` into one
 * line placed where its newest entry was; a fold is read once every entry in it is.
 */
export function fold(entries: readonly Entry[], lines: Readonly<Record<string, FoldLine>>): Entry[] {
  const groups = new Map<string, Entry[]>()
  for (const e of entries) {
    const day = dayOf(e)
    if (!day || !e.fold || !lines[e.fold]) continue
    const k = foldKey(e.fold, day)
    groups.set(k, [...(groups.get(k) ?? []), e])
  }
  const out: Entry[] = []
  const placed = new Set<string>()
  for (const e of entries) {
    const day = dayOf(e)
    const k = day && e.fold ? foldKey(e.fold, day) : null
    const members = k ? groups.get(k) : undefined
    if (!k || !members || members.length <= FOLD_ABOVE || !e.fold || !day) {
      out.push(e)
      continue
    }
    if (placed.has(k)) continue
    placed.add(k)
    out.push({
      ...lines[e.fold](members, day),
      key: k,
      source: e.source,
      at: Math.max(...members.map((m) => m.at)),
      when: e.when,
      read: members.every((m) => m.read),
      folded: members,
    })
  }
  return out
}

/**
 * Adds what the sources found: one entry per object (its key), so news of an object already listed replaces
 * its entry — its latest state, unread again, moved to the top —; then folds a day's many of a kind.
 */
export function addFound(
  entries: readonly Entry[],
  found: readonly (Found & { source: string })[],
  at: number,
  lines: Readonly<Record<string, FoldLine>> = {},
): { entries: Entry[]; added: Entry[] } {
  const added: Entry[] = []
  const keys = new Set<string>()
  for (const f of found) {
    if (keys.has(f.key)) continue
    keys.add(f.key)
    added.push({ ...f, at, read: false })
  }
  const rest = unfold(entries).filter((e) => !keys.has(e.key))
  return { entries: fold([...added, ...rest], lines).slice(0, MAX_ENTRIES), added }
}

/** Marks read the entry with `key`, or every entry a fold with that key stands for. */
export function markRead(entries: readonly Entry[], key: string): Entry[] {
  return entries.map((e) => {
    if (e.key === key) return e.folded ? readAll(e) : { ...e, read: true }
    if (!e.folded?.some((m) => m.key === key)) return e
    const folded = e.folded.map((m) => (m.key === key ? { ...m, read: true } : m))
    return { ...e, folded, read: folded.every((m) => m.read) }
  })
}

const readAll = (e: Entry): Entry => ({
  ...e,
  read: true,
  folded: e.folded?.map((m) => ({ ...m, read: true })),
})

export const markAllRead = (entries: readonly Entry[]): Entry[] => entries.map(readAll)

/**
 * Whether a page's location is the page an entry opens: the same path, and every parameter of the entry's
 * link present with the same value (a page may add its own defaults to the URL).
 */
export function opens(href: string, location: { pathname: string; search: string }): boolean {
  const [path, query = ''] = href.split('?')
  if (decodeURIComponent(path) !== decodeURIComponent(location.pathname)) return false
  const here = new URLSearchParams(location.search)
  for (const [k, v] of new URLSearchParams(query)) if (!here.getAll(k).includes(v)) return false
  return true
}

/** The keys of the unread entries (folded ones too) that the page at `location` opens. */
export function openedBy(
  entries: readonly Entry[],
  location: { pathname: string; search: string },
): string[] {
  const keys: string[] = []
  for (const e of entries) {
    if (!e.read && opens(e.href, location)) keys.push(e.key)
    for (const m of e.folded ?? []) if (!m.read && opens(m.href, location)) keys.push(m.key)
  }
  return keys
}

export const unreadCount = (entries: readonly Entry[]) => entries.filter((e) => !e.read).length
