import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import {
  OPPORTUNITIES_SOURCE,
  OPPORTUNITY_LAYERS,
  opportunitiesOverlay,
  opportunityData,
} from './tasking-map-layers'
import type { OpportunityRow } from './tasking-rules'

const row = (position: number, feature: number): OpportunityRow => ({
  key: `${feature}:o${position}`,
  position,
  feature,
  opportunity: {
    id: `o${position}`,
    index: feature,
    start: '2026-11-03T10:00:00Z',
    end: '2026-11-03T10:00:09Z',
    footprint: poly(rect(position, 0, position + 1, 1)),
    sensor: 'PHR1A',
    constellation: 'Pléiades',
    offNadirAngle: 1,
    incidenceAngle: 1,
    sunElevation: 30,
  },
})

describe('opportunity footprints on the map', () => {
  it('puts every footprint in one source, its id the row’s position', () => {
    const data = opportunityData([row(0, 0), row(1, 1)])
    expect(data.features.map((f): unknown[] => [f.id, f.properties?.key])).toEqual([
      [0, '0:o0'],
      [1, '1:o1'],
    ])
    expect(data.features[1].geometry).toEqual(poly(rect(1, 0, 2, 1)))
  })

  it('marks the hovered and the selected footprints through feature-state only', () => {
    const data = opportunityData([row(0, 0), row(1, 0), row(2, 0)])
    const o = opportunitiesOverlay(data, 1, 2)
    expect(o.id).toBe(OPPORTUNITIES_SOURCE)
    expect(o.interactive).toBe(true)
    expect(o.data).toBe(data)
    expect(o.states).toEqual([
      { id: 1, state: { hover: true, selected: false } },
      { id: 2, state: { hover: false, selected: true } },
    ])
    expect(opportunitiesOverlay(data, 2, 2).states).toEqual([
      { id: 2, state: { hover: true, selected: true } },
    ])
    expect(opportunitiesOverlay(data, null, null).states).toEqual([])
  })
})

describe('opportunity footprints paint', () => {
  const paint = (type: string, prop: string) => {
    const layer = OPPORTUNITY_LAYERS.find((l) => l.type === type)
    // A `case` on feature-state: [case, selected?, a, hover?, b, resting].
    const expr = (layer?.paint as Record<string, unknown> | undefined)?.[prop] as unknown[]
    expect(expr[0]).toBe('case')
    expect(JSON.stringify(expr[1])).toContain('"feature-state","selected"')
    expect(JSON.stringify(expr[3])).toContain('"feature-state","hover"')
    return { selected: expr[2] as number, hover: expr[4] as number, resting: expr[5] as number }
  }

  it('fills lightly enough that the footprints of a whole answer stacked on the area stay see-through', () => {
    const fill = paint('fill', 'fill-opacity')
    // 39 footprints over one place: what they hide of the area and the basemap beneath.
    expect(1 - (1 - fill.resting) ** 39).toBeLessThan(0.25)
    expect(fill.hover).toBeGreaterThan(fill.resting)
    expect(fill.hover).toBeLessThanOrEqual(0.3)
    expect(fill.selected).toBeGreaterThanOrEqual(fill.hover)
    expect(fill.selected).toBeLessThanOrEqual(0.3)
  })

  it('emphasises the hovered and the selected footprint’s outline through feature-state', () => {
    const width = paint('line', 'line-width')
    expect(width.hover).toBeGreaterThan(width.resting)
    expect(width.selected).toBeGreaterThanOrEqual(width.hover)
  })
})
