/** Wording shared by every list of the console. */

/** "1 collection", "1,204 collections". */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`
}

/** Credits: whole numbers with thousands separators. */
export const formatCredits = (n: number): string => n.toLocaleString('en-US')

/**
 * An area for people: `45 m²`, `3.27 km²`, `78.5 km²`, `1,235 km²`. Small areas keep their precision (an AOI
 * near the service's minimum of 100 m² must not read as 0), large ones lose the decimals that mean nothing.
 */
export function formatArea(km2: number): string {
  if (!Number.isFinite(km2) || km2 <= 0) return '0 km²'
  if (km2 < 0.01) return `${Math.round(km2 * 1e6).toLocaleString('en')} m²`
  if (km2 < 10) return `${km2.toFixed(2)} km²`
  if (km2 < 1000) return `${km2.toFixed(1)} km²`
  return `${Math.round(km2).toLocaleString('en')} km²`
}
