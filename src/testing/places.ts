import type { Polygon } from 'geojson'

/**
 * A box over Paris, the AOI the catalog's tests and journeys search (the seeded archive covers it well).
 * Imported by tests only: component tests here, Playwright journeys through e2e/fixtures.ts.
 */
export const PARIS: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.25, 48.82],
      [2.42, 48.82],
      [2.42, 48.9],
      [2.25, 48.9],
      [2.25, 48.82],
    ],
  ],
}
