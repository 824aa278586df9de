import { describe, expect, it } from 'vitest'
import { FakeMap } from '../testing/fake-map'
import { EngineCamera } from './engine-camera'
import type { Bbox, MapEngineHandlers } from './engine-types'

const PARIS: Bbox = [2.2, 48.8, 2.5, 48.9]

function camera(handlers: MapEngineHandlers = {}) {
  const map = new FakeMap()
  return { map, camera: new EngineCamera(map.asMap(), () => handlers) }
}

describe('the engine camera', () => {
  it('jumps to a fit before the map has drawn, and flies once it has', () => {
    const { map, camera: c } = camera()
    c.fitTo(PARIS)
    map.fire('idle')
    c.fitTo(PARIS)
    expect(map.calls).toEqual([
      'fitBounds [[2.2,48.8],[2.5,48.9]] animate=false',
      'fitBounds [[2.2,48.8],[2.5,48.9]] animate=true',
    ])
  })

  it('jumps to a fit while the map is still laying out tiles, and flies once it is done', () => {
    const { map, camera: c } = camera()
    map.fire('idle')
    map.laying = true
    c.fitTo(PARIS)
    map.laying = false
    c.fitTo(PARIS)
    expect(map.calls).toEqual([
      'fitBounds [[2.2,48.8],[2.5,48.9]] animate=false',
      'fitBounds [[2.2,48.8],[2.5,48.9]] animate=true',
    ])
  })

  it('ignores a box that is not finite', () => {
    const { map, camera: c } = camera()
    c.fitTo([Number.NaN, 0, 1, 1])
    map.fire('resize')
    expect(map.calls).toEqual([])
  })

  it('frames the box again when the map changes size, until the analyst moves the camera', () => {
    const { map, camera: c } = camera()
    c.fitTo(PARIS, false)
    map.fire('movestart', {})
    map.fire('resize')
    expect(map.calls).toHaveLength(2)
    map.fire('movestart', { originalEvent: {} })
    map.fire('resize')
    expect(map.calls).toHaveLength(2)
  })

  it('says whether the camera shows a box whole, and frames a box it shows when the map changes size', () => {
    const { map, camera: c } = camera()
    map.camera = { center: { lng: 0, lat: 0 }, bounds: [-200, -80, 200, 80] }
    expect(c.shows([-179, -60, 179, 75])).toBe(true)
    expect(c.shows([-179, -60, 179, 85])).toBe(false)
    expect(map.calls).toEqual([])
    map.fire('resize')
    expect(map.calls).toEqual(['fitBounds [[-179,-60],[179,75]] animate=false'])
  })

  it('forgets the box on a flight and once stopped', () => {
    const { map, camera: c } = camera()
    c.fitTo(PARIS, false)
    c.flyTo([13.4, 52.5], 9)
    map.fire('resize')
    c.fitTo(PARIS, false)
    c.stop()
    map.fire('resize')
    expect(map.calls).toEqual([
      'fitBounds [[2.2,48.8],[2.5,48.9]] animate=false',
      'flyTo [13.4,52.5] 9',
      'fitBounds [[2.2,48.8],[2.5,48.9]] animate=false',
    ])
  })

  it('reports where the camera stopped and whether the analyst moved it', () => {
    const views: [Bbox, boolean][] = []
    const { map, camera: c } = camera({ onViewChange: (b, byUser) => views.push([b, byUser]) })
    map.camera = { center: { lng: 5, lat: 6 }, bounds: [1, 2, 3, 4] }
    map.fire('moveend', {})
    map.fire('moveend', { originalEvent: {} })
    expect(views).toEqual([
      [[1, 2, 3, 4], false],
      [[1, 2, 3, 4], true],
    ])
    expect(c.center()).toEqual([5, 6])
  })
})
