import { describe, expect, it } from 'vitest'
import { DEEP_LEVELS, deepObjectJson, HOSTILE_FORMS, hostileLink } from '../../testing/hostile-links'
import { decodeLaunchShare, encodeLaunchShare } from './share-launch'

describe('a launch form as a link', () => {
  it('reads back the inputs of its process, and refuses it for another', () => {
    const inputs = {
      items: ['a/b'],
      bands: ['red', 'nir'],
      aoi: { type: 'Polygon', coordinates: [[[1, 2]]] },
    }
    const text = encodeLaunchShare('pansharpen', inputs)
    expect(decodeLaunchShare('pansharpen', text)).toEqual({ ok: true, value: inputs })
    expect(decodeLaunchShare('ndvi', text)).toEqual({
      ok: false,
      reason: 'The link was made for another process, not this one.',
    })
  })
})

describe('a hostile launch link (the hostile link corpus)', () => {
  it.each(Object.entries(HOSTILE_FORMS))('refuses inputs that are %s, with a reason', (_, inputs) => {
    const read = decodeLaunchShare('pansharpen', hostileLink('process', { id: '"pansharpen"', inputs }))
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.reason).toMatch(/^The link could not be (read|used)/)
  })

  it('refuses the 22,000-level nesting by its depth, saying why', () => {
    const text = hostileLink('process', { id: '"pansharpen"', inputs: deepObjectJson(DEEP_LEVELS) })
    expect(decodeLaunchShare('pansharpen', text)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('it nests deeper than 16 levels') as unknown,
    })
  })
})
