import { describe, expect, it } from 'vitest'
import {
  aoiOverlay,
  footprintData,
  footprintsOverlay,
  FOOTPRINTS_SOURCE,
  orderAreaOf,
  orderWindowOf,
} from './map-layers'
import type { FeasibilityOption, TaskingOrder } from '../../data/decisions/queries'

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [4, 51],
      [5, 51],
      [5, 52],
      [4, 52],
      [4, 51],
    ],
  ],
}

const order = {
  id: 'o',
  displayName: 'Port',
  status: 'PLACED',
  type: 'TASKING',
  workspaceId: 'w',
  accountId: 'a',
  tags: [],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  orderDetails: {
    acquisitionStart: '2026-11-02T09:00:00Z',
    acquisitionEnd: '2026-11-23T09:00:00Z',
    geometry: square,
  },
} satisfies TaskingOrder

describe('tasking map layers', () => {
  it('reads the order’s area and requested window', () => {
    expect(orderAreaOf(order)).toEqual(square)
    expect(orderWindowOf(order)).toEqual({ start: '2026-11-02T09:00:00Z', end: '2026-11-23T09:00:00Z' })
    expect(orderAreaOf({ ...order, orderDetails: undefined })).toBeNull()
    expect(orderWindowOf(undefined)).toBeNull()
  })

  it('gives each option’s footprint its index as feature id, and marks hover and the choice by state', () => {
    const options: FeasibilityOption[] = [
      { id: 'a', createdAt: '', updatedAt: '', studyId: 's', description: 'A', footprint: square },
      { id: 'b', createdAt: '', updatedAt: '', studyId: 's', description: 'B' },
      { id: 'c', createdAt: '', updatedAt: '', studyId: 's', description: 'C', footprint: square },
    ]
    const data = footprintData(options)
    expect(data.features.map((f) => f.id)).toEqual([0, 2])
    const overlay = footprintsOverlay(data, 2, 0)
    expect(overlay.id).toBe(FOOTPRINTS_SOURCE)
    expect(overlay.interactive).toBe(true)
    expect(overlay.states).toEqual([
      { id: 2, state: { hover: true, selected: false } },
      { id: 0, state: { hover: false, selected: true } },
    ])
    expect(footprintsOverlay(data, null, null).states).toEqual([])
    expect(aoiOverlay(square).layers.map((l) => l.type)).toEqual(['fill', 'line', 'circle'])
  })
})
