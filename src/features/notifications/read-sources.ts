import { budgetsSource } from './sources/budgets'
import { decisionsSource } from './sources/decisions'
import { jobsSource } from './sources/jobs'
import { licencesSource } from './sources/licences'
import { ordersSource } from './sources/orders'
import { savedSearchesSource } from './sources/saved-searches'
import type { Entry, FoldLine, Found } from './entries'
import type { NotificationSource, SourceContext } from './sources/source'

/**
 * The sources the centre reads, in the order their news is listed within one read. A new source is a module
 * in `sources/` added here.
 */
// Each source keeps its own snapshot type; the list only needs their common shape.
export const SOURCES: readonly NotificationSource<never>[] = [
  ordersSource,
  decisionsSource,
  jobsSource,
  licencesSource,
  budgetsSource,
  savedSearchesSource,
] as unknown as NotificationSource<never>[]

/**
 * One read of every source this user may read, side by side: each new snapshot, and what changed since
 * `previous`. A source whose read fails keeps its previous snapshot and finds nothing this time.
 */
export async function readSources(
  sources: readonly NotificationSource<never>[],
  ctx: SourceContext,
  previous: Record<string, unknown>,
): Promise<{ snapshots: Record<string, unknown>; found: (Found & { source: string })[] }> {
  const snapshots: Record<string, unknown> = {}
  const found: (Found & { source: string })[] = []
  const results = await Promise.allSettled(
    sources
      .filter((s) => s.enabled(ctx.user))
      .map(async (s) => ({ s, next: await s.read(ctx, previous[s.id] as never) })),
  )
  for (const r of results) {
    if (r.status !== 'fulfilled') continue
    const { s, next } = r.value
    snapshots[s.id] = next
    for (const f of s.diff(previous[s.id] as never, next, ctx.user)) found.push({ ...f, source: s.id })
  }
  return { snapshots, found }
}

/** The fold lines of the sources that fold a day's many entries, by fold kind (the source's id). */
export const FOLD_LINES: Readonly<Record<string, FoldLine>> = Object.fromEntries(
  SOURCES.flatMap((s) => (s.foldLine ? [[s.id, s.foldLine]] : [])),
)

/** What opening an entry records beyond reading it, by its source (a saved search: that it was looked at). */
export function opened(entry: Entry): void {
  SOURCES.find((s) => s.id === entry.source)?.opened?.(entry)
}
