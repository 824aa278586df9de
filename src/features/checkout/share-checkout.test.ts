import { describe, expect, it } from 'vitest'
import type { BasketScene } from '../../components/basket/basket-store'
import { encodePolygons } from '../../lib/polyline'
import { encodeShared } from '../../lib/share-link'
import { poly, rect } from '../../testing/builders'
import { DEEP_LEVELS, deepObjectJson, HOSTILE_FORMS, hostileLink } from '../../testing/hostile-links'
import { decodeCheckoutShare, encodeCheckoutShare, type SharedCheckout } from './share-checkout'

const scene = (id: string, footprint: BasketScene['footprint']): BasketScene => ({
  id,
  host: 'airbus',
  collection: 'phr',
  constellation: 'PHR',
  datetime: '2026-10-01T10:20:30.000Z',
  cloudCoverage: 3.5,
  resolution: null,
  footprint,
})
const a = poly(rect(4.5, 43.5, 4.59, 43.56))
const b = poly(rect(4.7, 43.4, 4.85, 43.52))

const checkout: SharedCheckout = {
  scenes: [
    scene('PHR-1', a),
    scene('PHR-2', { type: 'MultiPolygon', coordinates: [a.coordinates, b.coordinates] }),
  ],
  productLines: [{ key: 'product:1', collection: 'spot', dataProductId: 'spot-ortho' }],
  drafts: {
    'airbus/PHR-1': {
      displayName: 'Delta',
      tags: ['coast'],
      params: { bands: 'PMS' },
      area: 'aoi',
      aoi: [b],
    },
    'product:1': { dataProductId: 'spot-ortho' },
  },
  aoi: [b],
}

describe('a checkout as a link', () => {
  it('reads back the scenes, the product lines, their drafts and the AOI', () => {
    const text = encodeCheckoutShare(checkout)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCheckoutShare(text)).toEqual({ ok: true, value: checkout })
  })

  it('carries a coverage plan’s part of the AOI for each scene, so the reader orders the same plan', () => {
    const part = [poly(rect(4.52, 43.51, 4.55, 43.55)), poly(rect(4.56, 43.51, 4.58, 43.53))]
    const planned: SharedCheckout = {
      ...checkout,
      scenes: [{ ...checkout.scenes[0], part }, checkout.scenes[1]],
    }
    const read = decodeCheckoutShare(encodeCheckoutShare(planned))
    expect(read).toEqual({ ok: true, value: planned })
    // A scene outside any plan has no part: it orders the AOI, as before.
    expect(read.ok && 'part' in read.value.scenes[1]).toBe(false)
  })

  it('refuses a link whose plan part was edited into something that is not an area', () => {
    const good = planScene()
    const withPart = (pt: unknown) =>
      decodeCheckoutShare(encodeShared('checkout', { scenes: [{ ...good, pt }], products: [], aoi: '' }))
    expect(withPart(encodePolygons([a])).ok).toBe(true)
    expect(withPart(7).ok).toBe(false)
    expect(withPart('not a polyline').ok).toBe(false)
  })

  it('never carries an attempt to place', () => {
    const text = encodeCheckoutShare({
      ...checkout,
      drafts: { 'airbus/PHR-1': { displayName: 'Delta', placement: { kind: 'idle' } } as never },
    })
    const read = decodeCheckoutShare(text)
    expect(read.ok && read.value.drafts['airbus/PHR-1']).toEqual({ displayName: 'Delta' })
  })

  it('refuses a link cut short, made for tasking, or with a scene of the wrong shape', () => {
    const text = encodeCheckoutShare(checkout)
    const short = decodeCheckoutShare(text.slice(0, -5))
    expect(short.ok || short.reason).toMatch(/cut short/)
    const other = decodeCheckoutShare(encodeShared('tasking', { aoi: '' }))
    expect(other.ok || other.reason).toMatch(/another page/)
    for (const body of [
      { scenes: [], products: [] },
      { scenes: [{ id: 'x' }], products: [], aoi: '' },
      { scenes: [], products: [{ c: 'spot' }], aoi: '' },
      { scenes: [], products: [{ c: 'spot', p: 'x', d: { area: 'everywhere' } }], aoi: '' },
    ])
      expect(decodeCheckoutShare(encodeShared('checkout', body)).ok).toBe(false)
  })
})

/** One scene as the link writes it, read back from a real link (so only the part is edited by hand). */
function planScene(): Record<string, unknown> {
  const text = encodeCheckoutShare({
    ...checkout,
    scenes: [checkout.scenes[0]],
    productLines: [],
    drafts: {},
  })
  const body = JSON.parse(
    new TextDecoder().decode(
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    ),
  ) as { scenes: Record<string, unknown>[] }
  return body.scenes[0]
}

describe('a hostile checkout link (the hostile link corpus)', () => {
  it.each(Object.entries(HOSTILE_FORMS))('refuses a line whose params are %s', (_, params) => {
    const text = hostileLink('checkout', {
      scenes: '[]',
      products: `[{"c":"spot","p":"spot-ortho","d":{"params":${params}}}]`,
      aoi: '""',
    })
    const read = decodeCheckoutShare(text)
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.reason).toMatch(/^The link could not be (read|used)/)
  })

  it('refuses the 22,000-level nesting anywhere in the body, saying why', () => {
    const text = hostileLink('checkout', {
      scenes: '[]',
      products: '[]',
      aoi: '""',
      x: deepObjectJson(DEEP_LEVELS),
    })
    const read = decodeCheckoutShare(text)
    expect(read).toEqual({
      ok: false,
      reason:
        'The link could not be used: it nests deeper than 16 levels, more than any form of the console holds.',
    })
  })
})
