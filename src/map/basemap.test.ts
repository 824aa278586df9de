import { describe, expect, it } from 'vitest'
import {
  BASEMAP_COLORS,
  basemapPaint,
  DETAIL_COVER,
  MORE_PLACES_SOURCE,
  offlineStyle,
  placeDotImage,
  PLACES_SOURCE,
  WORLD_PLACE_TIER,
  WORLD_UNDER_REGION,
} from './basemap'

describe('offline basemap style', () => {
  it('needs no network: no tiles, glyphs or sprite, and no data from outside the console', () => {
    const style = offlineStyle('dark', 'https://console.example/swath/')
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    const urls = JSON.stringify(style.sources).match(/https?:[^"]+/g) ?? []
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) expect(url).toMatch(/^https:\/\/console\.example\/swath\/basemap\/[\w-]+\.json$/)
  })

  it('names no data without the console root (the finer bands are filled by the engine)', () => {
    expect(JSON.stringify(offlineStyle('light').sources)).not.toMatch(/https?:/)
  })

  it('draws each band from its first zoom on, under the finer ones, so land shows at once at any zoom', () => {
    const layers = offlineStyle('light').layers
    const land = layers.filter((l) => l.id.startsWith('land-'))
    expect(land.map((l) => [l.id, l.minzoom, l.maxzoom])).toEqual([
      ['land-world', 0, undefined],
      ['land-region', 3, undefined],
      ['land-detail', 6, undefined],
    ])
    const ids = layers.map((l) => l.id)
    for (const band of ['world', 'region', 'detail'])
      for (const kind of ['land', 'lakes', 'rivers', 'coast', 'borders'])
        expect(ids).toContain(`${kind}-${band}`)
    // Coarser bands first (underneath); the world band's lines stop where the region band starts.
    expect(ids.indexOf('borders-world')).toBeLessThan(ids.indexOf('land-region'))
    expect(ids.indexOf('borders-region')).toBeLessThan(ids.indexOf('cover-detail'))
    for (const kind of ['rivers', 'coast', 'borders'])
      expect(layers.find((l) => l.id === `${kind}-world`)?.maxzoom).toBe(3)
    expect(layers.find((l) => l.id === 'lakes-world')?.maxzoom).toBeUndefined()
  })

  it('lays each detail cell over the coarser bands as water, under its own land', () => {
    const layers = offlineStyle('dark').layers
    const ids = layers.map((l) => l.id)
    const cover = layers.find((l) => l.id === 'cover-detail') as {
      filter?: unknown
      minzoom?: number
      paint?: Record<string, unknown>
    }
    expect(cover.filter).toEqual(['==', ['get', 'k'], DETAIL_COVER])
    expect(cover.minzoom).toBe(6)
    expect(cover.paint).toEqual({ 'fill-color': BASEMAP_COLORS.dark.water, 'fill-antialias': false })
    expect(ids.indexOf('cover-detail')).toBe(ids.indexOf('land-detail') - 1)
    // Recoloured with the scheme like every other water.
    expect(basemapPaint('light')).toContainEqual(['cover-detail', 'fill-color', BASEMAP_COLORS.light.water])
  })

  it('hides the world band’s fills from the region band’s zooms on, once the engine says so', () => {
    const style = offlineStyle('light')
    expect(WORLD_UNDER_REGION.map(([id]) => id).sort()).toEqual(['lakes-world', 'land-world'])
    for (const [id, prop, value] of WORLD_UNDER_REGION) {
      expect(style.layers.some((l) => l.id === id && l.type === 'fill')).toBe(true)
      expect(prop).toBe('fill-opacity')
      expect(value).toEqual(['step', ['zoom'], 1, 3, 0])
    }
  })

  it('leaves no seam where the detail band’s cells meet: its clipped fills are not smoothed at their edges', () => {
    const paint = (id: string) => offlineStyle('light').layers.find((l) => l.id === id) as { paint?: object }
    for (const id of ['land-detail', 'lakes-detail'])
      expect(paint(id).paint).toMatchObject({ 'fill-antialias': false })
    // Whole polygons (the coarser bands) keep smooth edges.
    expect(paint('land-region').paint).not.toHaveProperty('fill-antialias')
  })

  it('labels places from their tier on, the most important tier placed first (topmost)', () => {
    const places = offlineStyle('light').layers.filter((l) => l.id.startsWith('places-'))
    expect(places.map((l) => l.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0].map((t) => `places-${t}`))
    for (const l of places) expect(l.minzoom).toBe(Number(l.id.slice('places-'.length)))
  })

  it('switching the scheme sets every color of the style, and light and dark differ', () => {
    const light = basemapPaint('light')
    const dark = basemapPaint('dark')
    expect(light.map(([l, p]) => `${l}/${p}`)).toEqual(dark.map(([l, p]) => `${l}/${p}`))
    const colours = offlineStyle('dark').layers.flatMap((l) =>
      Object.keys(('paint' in l ? l.paint : undefined) ?? {})
        .filter((p) => p.endsWith('-color'))
        .map((p) => `${l.id}/${p}`),
    )
    expect(dark.map(([l, p]) => `${l}/${p}`)).toEqual(colours)
    expect(light.find(([l]) => l === 'water')?.[2]).not.toEqual(dark.find(([l]) => l === 'water')?.[2])
  })

  it('makes the place dot as a disc: opaque at the center, clear at the corners', () => {
    const { width, data } = placeDotImage(16)
    const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3]
    expect(alpha(8, 8)).toBeGreaterThan(192)
    expect(alpha(0, 0)).toBe(0)
  })
})

describe('offline basemap place labels', () => {
  it('reads the world view’s few tiers from the first file and the rest from the one fetched nearer in', () => {
    const places = offlineStyle('light').layers.filter((l) => l.id.startsWith('places-'))
    for (const l of places) {
      const tier = Number(l.id.slice('places-'.length))
      expect('source' in l && l.source).toBe(tier <= WORLD_PLACE_TIER ? PLACES_SOURCE : MORE_PLACES_SOURCE)
    }
  })
})
