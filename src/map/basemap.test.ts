import { describe, expect, it } from 'vitest'
import countries110m from 'world-atlas/countries-110m.json'
import { basemapFromTopology, offlineStyle, unwrapRing, type CountriesTopology } from './basemap'

describe('offline basemap', () => {
  it('unwraps a ring that jumps across the antimeridian so it stays continuous', () => {
    const ring = [
      [170, 60],
      [179, 62],
      [-179, 63],
      [-170, 60],
      [170, 60],
    ]
    const out = unwrapRing(ring)
    for (let i = 1; i < out.length; i++) expect(Math.abs(out[i][0] - out[i - 1][0])).toBeLessThanOrEqual(180)
    expect(out[2][0]).toBe(181)
  })

  it('closes a ring that circles the pole through that pole', () => {
    const ring = [
      [-180, -80],
      [-60, -75],
      [60, -78],
      [179, -80],
      [-180, -80],
    ]
    const out = unwrapRing(ring)
    expect(out.slice(-3).some((p) => p[1] === -90)).toBe(true)
  })

  it('no country polygon has an edge longer than 180° of longitude', () => {
    const { countries } = basemapFromTopology(countries110m as unknown as CountriesTopology)
    expect(countries.features.length).toBeGreaterThan(150)
    for (const f of countries.features) {
      const polys = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
      for (const ring of polys.flat())
        for (let i = 1; i < ring.length; i++) {
          // The closing edge of a pole-circling ring runs along the pole itself, where longitude is moot.
          if (Math.abs(ring[i][1]) === 90 && Math.abs(ring[i - 1][1]) === 90) continue
          expect(Math.abs(ring[i][0] - ring[i - 1][0]), f.properties.name).toBeLessThanOrEqual(180)
        }
    }
  })

  it('needs no network: no tiles, glyphs or sprite', () => {
    const style = offlineStyle('dark')
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    expect(JSON.stringify(style.sources)).not.toMatch(/https?:/)
  })
})
