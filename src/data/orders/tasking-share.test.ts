import { describe, expect, it } from 'vitest'
import { poly, rect } from '../../testing/builders'
import { encodeShared } from '../../lib/share-link'
import { decodeTaskingShare, encodeTaskingShare, type SharedTasking } from './tasking-share'

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
