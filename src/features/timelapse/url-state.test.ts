import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS, MAX_FRAMES } from '../../lib/imagery/timelapse'
import { DEFAULT_VIEW } from '../../lib/imagery/view'
import { readTimelapse, timelapseParams, withTimelapseChange } from './url-state'

const box: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [13.36, 52.5],
      [13.43, 52.5],
      [13.43, 52.54],
      [13.36, 52.54],
      [13.36, 52.5],
    ],
  ],
}

describe('time-lapse URL', () => {
  it('writes an area, filters, frames and view, and reads them back', () => {
    const params = timelapseParams({
      subject: { kind: 'area', polygons: [box] },
      filters: { minCoverage: 0.8, maxCloud: 10 },
      frames: 12,
      view: { ...DEFAULT_VIEW, formula: 'nir / red' },
    })
    const back = readTimelapse(params)
    expect(back.subject).toEqual({ kind: 'area', polygons: [box] })
    expect(back.filters).toEqual({ minCoverage: 0.8, maxCloud: 10 })
    expect(back.frames).toBe(12)
    expect(back.view.formula).toBe('nir / red')
  })

  it('leaves the defaults out of the link', () => {
    const params = timelapseParams({ subject: { kind: 'item', collectionId: 'c', itemId: 'i' } })
    expect(params.toString()).toBe('item=c%2Fi')
    expect(readTimelapse(params)).toMatchObject({ filters: DEFAULT_FILTERS, frames: MAX_FRAMES })
  })

  it('falls back to the default of a part it cannot read, and refuses an area it cannot', () => {
    const odd = readTimelapse(new URLSearchParams('item=c/i&cover=120&cloud=x&frames=999'))
    expect(odd.filters).toEqual(DEFAULT_FILTERS)
    expect(odd.frames).toBe(MAX_FRAMES)
    expect(readTimelapse(new URLSearchParams('aoi=zz')).problem).toMatch(/cannot be read/)
    expect(readTimelapse(new URLSearchParams('item=nothing')).problem).toMatch(/collection and an item/)
  })

  it('changes the filters or the view and keeps the subject, the frames and the rest', () => {
    const state = readTimelapse(new URLSearchParams('item=c/i&cloud=10&frames=8&stretch=minmax'))
    const filtered = withTimelapseChange(state, { filters: { minCoverage: 0.7, maxCloud: 30 } })
    expect(filtered?.toString()).toBe('item=c%2Fi&cover=70&cloud=30&frames=8&stretch=minmax')
    const viewed = readTimelapse(withTimelapseChange(state, { view: { ...state.view, formula: 'nir' } })!)
    expect(viewed).toMatchObject({ subject: state.subject, filters: state.filters, frames: 8 })
    expect(viewed.view).toEqual({ ...state.view, formula: 'nir' })
  })

  it('has the quicklooks off unless the link turns them on, and keeps them through other changes', () => {
    expect(readTimelapse(new URLSearchParams('item=c/i')).quicklooks).toBe(false)
    expect(readTimelapse(new URLSearchParams('item=c/i&quicklooks=yes')).quicklooks).toBe(false)
    const state = readTimelapse(new URLSearchParams('item=c/i&cloud=10'))
    const on = withTimelapseChange(state, { quicklooks: true })
    expect(on?.toString()).toBe('item=c%2Fi&cloud=10&quicklooks=1')
    const filtered = readTimelapse(withTimelapseChange(readTimelapse(on!), { filters: DEFAULT_FILTERS })!)
    expect(filtered).toMatchObject({ quicklooks: true, filters: DEFAULT_FILTERS })
    expect(withTimelapseChange(filtered, { quicklooks: false })?.toString()).toBe('item=c%2Fi')
  })

  it('changes nothing when there is no subject to keep', () => {
    const none = readTimelapse(new URLSearchParams('cloud=10'))
    expect(withTimelapseChange(none, { filters: DEFAULT_FILTERS })).toBeNull()
  })
})
