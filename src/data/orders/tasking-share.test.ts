import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import { encodeShared } from '../../lib/share-link'
import { DEEP_LEVELS, deepObjectJson, HOSTILE_FORMS, hostileLink } from '../../testing/hostile-links'
import { decodeTaskingShare, encodeTaskingShare, readTaskingDraft, type SharedTasking } from './tasking-share'

const request: SharedTasking = {
  aoi: [poly(rect(4.5, 43.5, 4.59, 43.56)), poly(rect(-0.3, 51.4, 0.1, 51.6))],
  draft: {
    collectionName: 'phr-tasking',
    dataProductId: 'phr-tasking-display',
    params: { cloudCoverage: 20, acquisitionMode: 'MONO', window: { from: '2026-11-03T00:00:00Z' } },
    displayName: 'Camargue — été « 2026 »',
    tags: ['coast', 'wetlands'],
  },
}

describe('a tasking request as a link', () => {
  it('reads back the AOI and everything set, in URL-safe text', () => {
    const text = encodeTaskingShare(request)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeTaskingShare(text)).toEqual({ ok: true, value: request })
  })

  it('carries the pass a request starts from, and refuses one that is not a pass', () => {
    const pass = { collection: 'Pléiades Neo Tasking', sensor: 'PNEO3', start: '2026-12-02T10:31:00.000Z' }
    expect(decodeTaskingShare(encodeTaskingShare({ ...request, pass }))).toEqual({
      ok: true,
      value: { ...request, pass },
    })
    for (const bad of [{ ...pass, start: 'soon' }, { ...pass, sensor: 3 }, 'PNEO3'])
      expect(decodeTaskingShare(encodeShared('tasking', { aoi: '', pass: bad })).ok).toBe(false)
  })

  it('leaves out what was not set', () => {
    const read = decodeTaskingShare(encodeTaskingShare({ aoi: [], draft: {} }))
    expect(read).toEqual({ ok: true, value: { aoi: [], draft: {} } })
  })

  it('refuses a link cut short, edited, or made for another page, with a reason', () => {
    const text = encodeTaskingShare(request)
    for (const bad of [text.slice(0, text.length - 7), `${text}%`, 'not a link', '', 'e30']) {
      const read = decodeTaskingShare(bad)
      expect(read.ok || read.reason).toMatch(/cut short/)
    }
    const other = decodeTaskingShare(encodeShared('checkout', { aoi: '' }))
    expect(other.ok || other.reason).toMatch(/another page/)
    expect(decodeTaskingShare(encodeShared('tasking', { aoi: '' }).replace(/^e/, 'f')).ok).toBe(false)
  })

  it('refuses fields of the wrong shape rather than passing them on', () => {
    for (const body of [
      { aoi: 42 },
      { aoi: '???' },
      { aoi: '', c: 7 },
      { aoi: '', params: ['a'] },
      { aoi: '', tags: 'coast' },
      { aoi: '', tags: [1] },
    ])
      expect(decodeTaskingShare(encodeShared('tasking', body)).ok).toBe(false)
  })
})

describe('a hostile tasking link (the hostile link corpus)', () => {
  it.each(Object.entries(HOSTILE_FORMS))('refuses params that are %s, with a reason', (_, params) => {
    const text = hostileLink('tasking', { aoi: '""', params })
    const read = decodeTaskingShare(text)
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.reason).toMatch(/^The link could not be (read|used)/)
  })

  it('refuses the 22,000-level link of issue 41 (176 KB) by its depth, saying why', () => {
    const text = hostileLink('tasking', { aoi: '""', params: deepObjectJson(DEEP_LEVELS) })
    expect(text.length).toBeGreaterThan(170_000)
    expect(decodeTaskingShare(text)).toEqual({
      ok: false,
      reason:
        'The link could not be used: it nests deeper than 16 levels, more than any form of the console holds.',
    })
  })

  it('still reads params as deep as a typed form makes them (a MultiPolygon field)', () => {
    const params = {
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [1, 2],
              [3, 4],
              [5, 6],
              [1, 2],
            ],
          ],
        ],
      },
      window: { from: '2026-11-03T00:00:00Z' },
    }
    const read = decodeTaskingShare(encodeTaskingShare({ aoi: [], draft: { params } }))
    expect(read).toEqual({ ok: true, value: { aoi: [], draft: { params } } })
  })
})

describe('a tasking draft from the tab’s storage', () => {
  it('is read when the form could have made it, and refused when not', () => {
    expect(readTaskingDraft(request.draft)).toEqual(request.draft)
    expect(readTaskingDraft({ params: JSON.parse(deepObjectJson(2_000)) as unknown })).toBeNull()
    expect(readTaskingDraft({ tags: [1] })).toBeNull()
    expect(readTaskingDraft({ displayName: {} })).toBeNull()
    expect(readTaskingDraft('draft')).toBeNull()
  })
})
