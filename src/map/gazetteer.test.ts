import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { PlaceRow } from './basemap-bands'
import { normalize, placeLabel, placesFromRows, placeZoom, searchPlaces } from './gazetteer'
import { placesGeojson } from './places'

// The committed asset itself: the ranking is checked on the places the console ships.
const rows = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../public/basemap/places.json'), 'utf8'),
) as PlaceRow[]
const places = placesFromRows(rows)
const names = (q: string, limit?: number) => searchPlaces(places, q, limit).map(placeLabel)

describe('gazetteer', () => {
  it('holds all 7,343 Natural Earth populated places', () => {
    expect(places).toHaveLength(7343)
  })

  it('matches without case, accents or punctuation', () => {
    expect(normalize('Saint-Étienne')).toBe('saint etienne')
    expect(names('sao paulo')[0]).toMatch(/^São Paulo,/)
    expect(names('ZÜRICH')[0]).toMatch(/^Zürich,/)
  })

  it('offers the great city first: "Paris" is the capital of France, before any other Paris', () => {
    expect(names('Paris')[0]).toBe('Paris, Île-de-France, France')
    expect(names('par')[0]).toBe('Paris, Île-de-France, France')
  })

  it('ranks a whole-name match, then a name that starts so, then a word inside, then the rest', () => {
    const hits = searchPlaces(places, 'york', 50)
    const level = (n: string) => {
      const k = normalize(n)
      return k === 'york' ? 0 : k.startsWith('york') ? 1 : k.includes(' york') ? 2 : 3
    }
    const levels = hits.map((p) => level(p.name))
    expect(levels).toEqual([...levels].sort((a, b) => a - b))
    expect(hits.some((p) => p.name === 'New York')).toBe(true)
  })

  it('among equal matches, capitals and larger places come first', () => {
    const hits = searchPlaces(places, 'san', 8)
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1], hits[i]]
      if (
        normalize(a.name).startsWith('san') &&
        normalize(b.name).startsWith('san') &&
        a.capital === b.capital
      )
        expect(a.rank).toBeLessThanOrEqual(b.rank)
    }
  })

  it('narrows by region or country after a comma', () => {
    const hits = searchPlaces(places, 'london, canada')
    expect(hits.length).toBeGreaterThan(0)
    for (const p of hits) expect(p.country).toBe('Canada')
  })

  it('offers nothing for an empty query and at most the limit', () => {
    expect(names('  ')).toEqual([])
    expect(names('a', 5)).toHaveLength(5)
  })

  it('flies to a great city among its neighbours, and close enough that any place is labeled', () => {
    const paris = searchPlaces(places, 'Paris')[0]
    expect(placeZoom(paris)).toBe(6)
    for (const p of places) expect(placeZoom(p)).toBeGreaterThanOrEqual(Math.floor(p.minZoom - 1))
  })

  it('labels places from one zoom coarser than Natural Earth gives (512-pixel tiles), in whole tiers', () => {
    const fc = placesGeojson(rows)
    const paris = fc.features.find((f) => f.properties?.name === 'Paris')
    expect(paris?.properties).toMatchObject({ z: 0, c: 1, r: 0 })
    for (const f of fc.features) expect(Number.isInteger(f.properties?.z)).toBe(true)
  })
})
