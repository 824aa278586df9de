import type { MultiPolygon, Polygon, Position } from 'geojson'
import { BASEMAP_COLORS } from '../../map/basemap'
import { describe, expect, it } from 'vitest'
import {
  FOOTPRINTS_SOURCE,
  footprintData,
  footprintLayers,
  footprintsOverlay,
  HOST_COLORS,
  hostColors,
  passOverlay,
  planOverlays,
  SEARCH_AREA_SOURCE,
  searchAreaOverlay,
} from './map-layers'
import { sceneFeature } from '../../testing/builders'
import type { Scene } from '../../data/catalog/queries'

const poly = (ring: Position[]): Polygon => ({ type: 'Polygon', coordinates: [ring] })
const closed = (corners: Position[]): Position[] => [...corners, corners[0]]

const scene = (id: string, geometry: Polygon | MultiPolygon): Scene => sceneFeature(id, {}, geometry)

describe('footprintData', () => {
  it('gives one feature per scene, its id the scene index among those shown, with its host', () => {
    const geometries: (Polygon | MultiPolygon)[] = [
      poly(
        closed([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ),
      {
        type: 'MultiPolygon',
        coordinates: [
          [
            closed([
              [2, 2],
              [3, 2],
              [3, 3],
            ]),
          ],
        ],
      },
      poly(
        closed([
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 6],
        ]),
      ),
    ]
    const scenes = geometries.map((g, i) => ({ scene: scene(`img-${i}`, g), host: i === 1 ? 'b' : 'a' }))
    const data = footprintData(scenes)
    expect(data.type).toBe('FeatureCollection')
    expect(data.features.map((f) => f.id)).toEqual([0, 1, 2])
    expect(data.features.map((f) => f.properties)).toEqual([
      { sceneId: 'img-0', host: 'a' },
      { sceneId: 'img-1', host: 'b' },
      { sceneId: 'img-2', host: 'a' },
    ])
    expect(data.features.map((f) => f.geometry)).toEqual(geometries)
  })

  it('gives an empty collection for no scenes', () => {
    expect(footprintData([])).toEqual({ type: 'FeatureCollection', features: [] })
  })
})

/** WCAG contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('host colors', () => {
  it.each(['light', 'dark'] as const)(
    'stand out 3:1 from the %s basemap’s land and water, and differ from each other',
    (scheme) => {
      const { land, water } = BASEMAP_COLORS[scheme]
      for (const c of HOST_COLORS[scheme]) {
        expect(contrast(c, land), `${c} on land`).toBeGreaterThanOrEqual(3)
        expect(contrast(c, water), `${c} on water`).toBeGreaterThanOrEqual(3)
      }
      expect(new Set(HOST_COLORS[scheme]).size).toBe(HOST_COLORS[scheme].length)
    },
  )

  it('gives each host its color in the order listed, and colors footprints by their host', () => {
    const colors = hostColors(['a', 'b', 'c'], 'dark')
    expect([...colors.values()]).toEqual(HOST_COLORS.dark.slice(0, 3))
    const line = footprintLayers(colors, 'dark').find((l) => l.type === 'line')
    expect(line && 'paint' in line && line.paint).toMatchObject({
      'line-color': [
        'match',
        ['get', 'host'],
        'a',
        HOST_COLORS.dark[0],
        'b',
        HOST_COLORS.dark[1],
        'c',
        HOST_COLORS.dark[2],
        HOST_COLORS.dark[0],
      ],
    })
  })
})

describe('footprintsOverlay', () => {
  const data = footprintData([])

  it('lists no states when nothing is hovered or selected', () => {
    const overlay = footprintsOverlay(data, null, null)
    expect(overlay.states).toEqual([])
    expect(overlay.id).toBe(FOOTPRINTS_SOURCE)
    expect(overlay.data).toBe(data)
    expect(overlay.interactive).toBe(true)
    expect(overlay.layers.every((l) => 'source' in l && l.source === FOOTPRINTS_SOURCE)).toBe(true)
  })

  it('lists the hovered footprint only', () => {
    expect(footprintsOverlay(data, 2, null).states).toEqual([
      { id: 2, state: { hover: true, selected: false } },
    ])
  })

  it('lists the selected footprint only', () => {
    expect(footprintsOverlay(data, null, 5).states).toEqual([
      { id: 5, state: { hover: false, selected: true } },
    ])
  })

  it('lists a footprint both hovered and selected once', () => {
    expect(footprintsOverlay(data, 3, 3).states).toEqual([{ id: 3, state: { hover: true, selected: true } }])
  })

  it('lists a hovered and a different selected footprint separately', () => {
    const states = footprintsOverlay(data, 1, 4).states ?? []
    expect(states).toHaveLength(2)
    expect(states).toContainEqual({ id: 1, state: { hover: true, selected: false } })
    expect(states).toContainEqual({ id: 4, state: { hover: false, selected: true } })
  })

  it('treats index 0 as a footprint, not as none', () => {
    expect(footprintsOverlay(data, 0, null).states).toEqual([
      { id: 0, state: { hover: true, selected: false } },
    ])
    expect(footprintsOverlay(data, null, 0).states).toEqual([
      { id: 0, state: { hover: false, selected: true } },
    ])
  })
})

describe('the search on a map of many footprints', () => {
  const data = footprintData([])
  const paintOf = (id: string) => {
    const l = footprintsOverlay(data, null, null).layers.find((x) => x.id === id)
    return (l && 'paint' in l ? l.paint : {}) as Record<string, unknown>
  }

  it('draws footprints as outlines: no fill at rest, a fill only for the hovered or selected scene', () => {
    const opacity = paintOf(`${FOOTPRINTS_SOURCE}-fill`)['fill-opacity'] as unknown[]
    // ['case', selected, a, hover, b, rest]
    expect(opacity[0]).toBe('case')
    expect(opacity[opacity.length - 1]).toBe(0)
    expect(JSON.stringify(opacity)).toContain('"feature-state","selected"')
    expect(JSON.stringify(opacity)).toContain('"feature-state","hover"')
  })

  it('is hidden or narrowed by the map’s footprint control to the selected and basketed scenes', () => {
    expect(footprintsOverlay(data, null, null).footprints).toEqual({
      kept: [],
      keptLabel: 'selected and basketed',
    })
    expect(footprintsOverlay(data, 4, 2, undefined, [7, 9]).footprints?.kept).toEqual([2, 7, 9])
    expect(footprintsOverlay(data, null, 7, undefined, [7, 9]).footprints?.kept).toEqual([7, 9])
  })

  it('draws the searched area, a pass strip and a plan’s areas above the footprints', () => {
    expect(searchAreaOverlay([]).tier).toBe('areas')
    expect(passOverlay(null, null).tier).toBe('areas')
    const plan = planOverlays({ covered: null, uncovered: null, footprints: [] })
    expect(plan.map((o) => o.tier)).toEqual(['areas', 'areas', undefined])
    expect(footprintsOverlay(data, null, null).tier).toBeUndefined()
  })
})

describe('searchAreaOverlay', () => {
  it('shows each polygon of the search area as a feature, dashed and not interactive', () => {
    const polygons = [
      poly(
        closed([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ),
      poly(
        closed([
          [2, 2],
          [3, 2],
          [3, 3],
        ]),
      ),
    ]
    const overlay = searchAreaOverlay(polygons)
    expect(overlay.id).toBe(SEARCH_AREA_SOURCE)
    expect(overlay.data.features.map((f) => f.id)).toEqual([0, 1])
    expect(overlay.data.features.map((f) => f.geometry)).toEqual(polygons)
    expect(overlay.interactive).toBeFalsy()
    const line = overlay.layers.find((l) => l.type === 'line')
    expect(line && 'paint' in line ? line.paint : undefined).toHaveProperty('line-dasharray')
  })
})
