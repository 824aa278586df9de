import { hostCollections, seedCatalog } from '../domain/catalog/archive'
import { publishedScenes } from '../domain/catalog/publishing'
import type { SearchInput } from '../domain/catalog/search'
import { manualClock } from '../domain/world/clock'
import { buildCollections, PROVIDERS } from '../domain/seed/glossary'
import type { Scene } from '../domain/world/types'
import { World } from '../domain/world/world'

/** A world with just the glossary and the archive: catalog searches and previews depend on nothing else. */
export function catalogWorld(): World {
  const world = new World(manualClock(), 'default')
  world.providers.push(...PROVIDERS)
  world.collections.push(...buildCollections())
  seedCatalog(world)
  return world
}

/**
 * The search the request side reads from an empty body (all of the host's collections, newest first, 10 a
 * page, as the catalog stands at the clock), with the fields of `input` instead.
 */
export function searchInput(world: World, host: string, input: Partial<SearchInput> = {}): SearchInput {
  return {
    collections: new Set(hostCollections(world, host).map((c) => c.name)),
    query: [],
    sort: [{ key: 'datetime', dir: -1 }],
    offset: 0,
    limit: 10,
    asOf: world.now(),
    ...input,
  }
}

/** Every scene a search of `host` finds at the clock: its archive and what it has published since. */
export const catalogScenes = (world: World, host: string): Scene[] => [
  ...publishedScenes(world, host, world.now()),
  ...world.scenes.filter((s) => s.host === host),
]
