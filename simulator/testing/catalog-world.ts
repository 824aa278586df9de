import { seedCatalog } from '../domain/catalog'
import { manualClock } from '../domain/clock'
import { buildCollections, PROVIDERS } from '../domain/seed-glossary'
import { World } from '../domain/world'

/** A world with just the glossary and the archive: catalog searches and previews depend on nothing else. */
export function catalogWorld(): World {
  const world = new World(manualClock(), 'default')
  world.providers.push(...PROVIDERS)
  world.collections.push(...buildCollections())
  seedCatalog(world)
  return world
}
