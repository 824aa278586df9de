import { describe, expect, it } from 'vitest'
import {
  exportSavedSearches,
  isNewSince,
  newsLabel,
  newsRequest,
  parseSavedSearches,
  PUBLICATION_LAG_MS,
  savedSearchNews,
  type CatalogFeature,
  type SavedSearch,
} from './saved-search'

const scene = (id: string, datetime: string, created?: string): CatalogFeature => ({
  type: 'Feature',
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
  properties: {
    id,
    sceneId: id,
    collection: 'phr',
    constellation: 'phr',
    producer: 'airbus',
    providerName: 'oneatlas',
    providerProperties: {},
    'svc:usageType': ['DATA'],
    datetime,
    ...(created ? { created } : {}),
  },
})

const LOOK = '2026-11-05T12:00:00.000Z'

describe('what is new in a saved search', () => {
  it('counts scenes acquired or published after the last look, and moves the line to the newest seen', () => {
    const pages = [
      [
        scene('acquired-after', '2026-11-05T13:00:00Z', '2026-11-05T14:00:00Z'),
        // Acquired before the look but published after it: new too.
        scene('published-after', '2026-11-04T10:00:00Z', '2026-11-06T08:00:00Z'),
        scene('old', '2026-11-04T10:00:00Z', '2026-11-05T11:00:00Z'),
      ],
      [scene('no-publication-time', '2026-11-05T12:30:00Z'), scene('older', '2026-11-01T00:00:00Z')],
    ]
    const news = savedSearchNews(pages, LOOK)
    expect(news.ids).toEqual(['acquired-after', 'published-after', 'no-publication-time'])
    expect(news.count).toBe(3)
    expect(news.latest).toBe('2026-11-06T08:00:00.000Z')
    expect(news.more).toBe(false)
    expect(newsLabel(news)).toBe('3 new since you last looked')
  })

  it('counts nothing before a first look, and says so', () => {
    const news = savedSearchNews([[scene('a', '2026-11-05T13:00:00Z', '2026-11-05T14:00:00Z')]], null)
    expect(news.count).toBe(0)
    expect(news.latest).toBe('2026-11-05T14:00:00.000Z')
    expect(newsLabel(news)).toBe('Nothing new since you last looked')
    expect(savedSearchNews([[]], LOOK).latest).toBe(LOOK)
  })

  it('marks a scene as new after `since` only', () => {
    expect(isNewSince(scene('a', '2026-11-05T13:00:00Z'), LOOK)).toBe(true)
    expect(isNewSince(scene('a', '2026-11-04T13:00:00Z', '2026-11-05T11:00:00Z'), LOOK)).toBe(false)
    expect(isNewSince(scene('a', '2026-11-05T13:00:00Z'), null)).toBe(false)
  })

  it('asks only for acquisitions from a publication lag before the last look, within the saved dates', () => {
    const from = new Date(Date.parse(LOOK) - PUBLICATION_LAG_MS).toISOString()
    expect(newsRequest({ limit: 20, collections: ['phr'], sortby: [] }, LOOK)).toEqual({
      limit: 500,
      collections: ['phr'],
      datetime: `${from}/..`,
    })
    expect(newsRequest({ datetime: '2026-01-01T00:00:00Z/2026-12-31T23:59:59Z' }, LOOK)?.datetime).toBe(
      `${from}/2026-12-31T23:59:59.000Z`,
    )
    expect(newsRequest({ datetime: '2026-11-04T00:00:00Z/..' }, LOOK)?.datetime).toBe(
      '2026-11-04T00:00:00.000Z/..',
    )
    // A search of dates long past finds nothing new.
    expect(newsRequest({ datetime: '2025-01-01T00:00:00Z/2025-01-31T23:59:59Z' }, LOOK)).toBeNull()
    expect(newsRequest({ limit: 5 }, null)).toEqual({ limit: 500 })
  })
})

describe('export and import', () => {
  const saved: SavedSearch = {
    id: 'x',
    name: 'Ports',
    params: 'host=oneatlas&bbox=1,2,3,4',
    requests: [{ host: 'oneatlas', body: { bbox: [1, 2, 3, 4], limit: 100 } }],
    savedAt: '2026-11-02T09:00:00.000Z',
    seenUpTo: LOOK,
    lookedAt: '2026-11-03T09:00:00.000Z',
  }

  it('reads back what it wrote, without this browser’s bookkeeping', () => {
    const read = parseSavedSearches(exportSavedSearches([saved]))
    expect(read).toEqual({
      ok: true,
      searches: [
        {
          name: 'Ports',
          params: saved.params,
          requests: saved.requests,
          savedAt: saved.savedAt,
          seenUpTo: LOOK,
        },
      ],
    })
  })

  it('says what is wrong with a file that is not an export', () => {
    expect(parseSavedSearches('{')).toEqual({ ok: false, reason: 'The file is not JSON.' })
    expect(parseSavedSearches('[]')).toMatchObject({ ok: false, reason: /not an export/ })
    const bad = JSON.parse(exportSavedSearches([saved])) as { searches: Record<string, unknown>[] }
    bad.searches[0].requests = [{ host: '../x', body: {} }]
    expect(parseSavedSearches(JSON.stringify(bad))).toMatchObject({
      ok: false,
      reason: /Search 1 has no search request/,
    })
  })
})
