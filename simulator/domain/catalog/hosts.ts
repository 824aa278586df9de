import { hashString } from '../world/random'
import type { S } from '../world/types'

/**
 * How each data host publishes new scenes once the world runs (publishing.ts): how many, relative to the
 * density of its archive, and how long after the acquisition a scene appears in its catalog.
 */
export interface HostPublishing {
  /** New scenes per day of a collection, as a multiple of its archive's average per day. */
  rate: number
  /** Hours from acquisition to publication: least and most. */
  lagHours: [number, number]
}

/**
 * Rates and delays after the hosts' own ways: BlackSky's high-revisit constellation publishes within the
 * hour, Capella's radar in a few hours, OneAtlas within the day after processing, and Near Space Labs'
 * stratospheric flights days later, once a flight's imagery is processed. Constellations grow, so the rates
 * are above each archive's average over its three years.
 */
export const HOST_PUBLISHING: Record<string, HostPublishing> = {
  blacksky: { rate: 3, lagHours: [0.3, 1.5] },
  capellaspace: { rate: 2, lagHours: [2, 8] },
  oneatlas: { rate: 1.5, lagHours: [4, 24] },
  nearspace: { rate: 1, lagHours: [24, 96] },
}
const OTHER_HOST: HostPublishing = { rate: 1, lagHours: [6, 36] }

export const hostPublishing = (host: string): HostPublishing => HOST_PUBLISHING[host] ?? OTHER_HOST

/** The most any host takes to publish a scene, ms. */
export const MAX_PUBLICATION_LAG =
  Math.max(OTHER_HOST.lagHours[1], ...Object.values(HOST_PUBLISHING).map((h) => h.lagHours[1])) * 3_600_000

/** Milliseconds from a scene's acquisition to its publication, from the scene's own seed (no draw). */
export function publicationLag(host: string, seed: number): number {
  const [lo, hi] = hostPublishing(host).lagHours
  const u = hashString(`lag:${seed}`) / 0x1_0000_0000
  return Math.round((lo + (hi - lo) * u) * 3_600_000)
}

/** The host that serves a collection's archive, if it is searchable. */
export function hostOf(collection: S['Collection']): string | undefined {
  return collection.providers.find((p) => p.roles.includes('HOST'))?.name
}
