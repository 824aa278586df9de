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

  it('the same page keeps its data when the hover moves, and lists only the hovered and shown states', () => {
    const page = [saved('a'), saved('b'), saved('c')]
    const before = libraryOverlay(page, 'a', null)
    const after = libraryOverlay(page, 'c', null)
    expect(after.data).toBe(before.data)
    expect(after.states).toEqual([{ id: 2, state: { hover: true, selected: false } }])
    expect(libraryOverlay(page, null, null).states).toEqual([])
    expect(libraryOverlay([...page], 'c', null).data).not.toBe(before.data)
  })
})
