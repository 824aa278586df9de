import { uuidFrom } from '../world/random'
import type { EulaDocumentRecord, EulaRecord } from '../world/types'
import type { World } from '../world/world'

/**
 * A provider publishes a new version of a EULA (the control plane's `/__sim/eulas/publish`): it becomes the
 * current document at once, so every account that accepted an older one must accept again (notes §9).
 * The text is the previous agreement with one more restriction, so the console has a real change to diff.
 */
export function publishEulaDocument(world: World, eula: EulaRecord): EulaDocumentRecord {
  const version = Math.max(0, ...eula.documents.map((d) => d.version)) + 1
  const at = world.now()
  const previous = eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
  const text = previous.text
    .replace(/, version \d+<\/h1>/, `, version ${version}</h1>`)
    .replace('</ul>', `<li>Derived products must name license version ${version} or later.</li></ul>`)
  const doc: EulaDocumentRecord = {
    // Derived from the EULA and the version: a reset world publishing again gets the same id.
    id: uuidFrom(`eula-document:${eula.id}:${version}:published`),
    eulaId: eula.id,
    version,
    filename: `${version}.html`,
    size: text.length,
    validFrom: at,
    createdAt: at,
    text,
  }
  eula.documents.push(doc)
  return doc
}

/** A EULA by id, or by its exact title (case-insensitive), as tests and demos name it. */
export function findEulaByIdOrTitle(world: World, ref: string): EulaRecord | undefined {
  const byId = world.eulas.get(ref)
  if (byId) return byId
  const title = ref.trim().toLowerCase()
  return [...world.eulas.values()].find((e) => e.title.toLowerCase() === title)
}
