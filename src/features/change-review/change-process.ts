import type { Process } from '../../data/processing/queries'
import { titleOf } from '../../data/storage/query'
import type { StacItem } from '../../data/storage/queries'

/** An input that takes one stored item (a STAC item's URL). */
const takesItem = (i: Process['inputs'][string]) => {
  const s = i.schema as { type?: unknown; format?: unknown }
  return s.type === 'string' && s.format === 'uri'
}

/**
 * The catalog's change-detection process, if it has one: a process named for change that takes two stored
 * items (the newer as its first item input, the older as its second). Null when the catalog offers none.
 */
export function changeProcessOf(processes: readonly Process[] | undefined): Process | null {
  return (
    processes?.find(
      (p) => /change/i.test(`${p.id} ${p.title}`) && Object.values(p.inputs).filter(takesItem).length === 2,
    ) ?? null
  )
}

/** The service's longest job title. */
const MAX_TITLE = 250

/**
 * The launch form's search for the pair: the newer item, then the older (the order of the process's item
 * inputs: source, then reference), and a title naming both.
 */
export function launchSearch(before: StacItem, after: StacItem, hrefs: [string, string]): string {
  const title = `Change: ${titleOf(before.properties, before.id)} to ${titleOf(after.properties, after.id)}`
  const search = new URLSearchParams()
  search.append('item', hrefs[1])
  search.append('item', hrefs[0])
  search.set('title', title.slice(0, MAX_TITLE))
  return search.toString()
}
