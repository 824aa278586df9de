import { describe, expect, it } from 'vitest'
import { libraryOverlay } from './map-layers'
import type { SavedGeometry } from '../../data/geometries/queries'

const saved = (id: string): SavedGeometry => ({
  id,
  displayName: `Area ${id}`,
  workspaceId: 'w',
  accountId: 'a',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  featureCollection: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      },
    ],
  },
})

describe('library overlay', () => {
  it('one feature per saved geometry; hover and selection as feature-state', () => {
    const o = libraryOverlay([saved('a'), saved('b')], 'b', 'a')
    expect(o.data.features).toHaveLength(2)
    expect(o.data.features[1]).toMatchObject({ id: 1, properties: { geometryId: 'b' } })
    expect(o.states).toEqual([
      { id: 0, state: { hover: false, selected: true } },
      { id: 1, state: { hover: true, selected: false } },
    ])
    expect(o.layers.map((l) => l.id)).toEqual(['library-fill', 'library-line'])
  })
})
