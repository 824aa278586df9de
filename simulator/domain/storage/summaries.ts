import type { S, StacCollectionRecord } from '../world/types'
import type { World } from '../world/world'

/** A STAC collection's summaries: what its items' properties range over, kept while its items stay. */

type Summaries = NonNullable<S['StacCollection']['summaries']>

/** Properties summarised as the distinct values their items have, and those summarised as a range. */
const SUMMARY_VALUES = ['constellation', 'gsd', 'up42-product:collection_name', 'up42-product:data_type']
const SUMMARY_RANGES = ['eo:cloud_cover', 'datetime']

const ascending = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Summaries made before, by collection record, with the item count they were made from. The summarised
 * properties are the scene's own (no item edit changes them) and items leave only with their collection, so
 * a summary holds while the count does: the large seed's 10,000-item collection cost 25 ms on every page
 * of the collection list that showed it.
 */
const summaryCache = new WeakMap<StacCollectionRecord, { items: number; summaries: Summaries }>()

/** STAC summaries from the collection's items; a property no item has is left out. */
export function summariesOf(world: World, record: StacCollectionRecord): Summaries {
  const cached = summaryCache.get(record)
  if (cached && cached.items === record.itemIds.length) return cached.summaries
  const summaries = summarise(world, record)
  summaryCache.set(record, { items: record.itemIds.length, summaries })
  return summaries
}

function summarise(world: World, record: StacCollectionRecord): Summaries {
  const items = record.itemIds
    .map((id) => world.stacItems.get(id)?.item.properties)
    .filter((p): p is S['StacItem']['properties'] => p !== undefined)
  const valuesOf = (name: string) =>
    items
      .map((p) => p[name])
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
  const out: Summaries = {}
  for (const name of SUMMARY_VALUES) {
    const values = [...new Set(valuesOf(name))].sort(ascending)
    if (values.length > 0) out[name] = values
  }
  for (const name of SUMMARY_RANGES) {
    // Numbers compare as numbers, RFC 3339 instants in UTC as strings.
    const values = valuesOf(name).sort(ascending)
    if (values.length > 0) out[name] = { minimum: values[0], maximum: values[values.length - 1] }
  }
  return out
}
