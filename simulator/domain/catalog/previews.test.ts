import { describe, expect, it } from 'vitest'
import { catalogWorld } from '../../testing/catalog-world'
import type { Scene } from '../world/types'
import { previewFor } from './previews'

const world = catalogWorld()

describe('previewFor', () => {
  const sceneAt = (host: string) => world.scenes.find((s) => s.host === host) as Scene
  it('serves what each host offers, when the collection says it has previews', () => {
    const oneatlas = sceneAt('oneatlas').feature.id as string
    expect(previewFor(world, 'oneatlas', oneatlas, 'thumbnail')).toMatchObject({
      ok: true,
      format: 'png',
      size: 128,
    })
    expect(previewFor(world, 'oneatlas', oneatlas, 'quicklook')).toMatchObject({
      ok: true,
      format: 'png',
      size: 512,
    })
    expect(
      previewFor(world, 'blacksky', sceneAt('blacksky').feature.id as string, 'thumbnail'),
    ).toMatchObject({ ok: true, format: 'jpeg' })
    const capella = sceneAt('capellaspace').feature.id as string
    expect(previewFor(world, 'capellaspace', capella, 'quicklook')).toMatchObject({ ok: true, sar: true })
    expect(previewFor(world, 'capellaspace', capella, 'thumbnail').ok).toBe(false)
    const nsl = sceneAt('nearspace').feature.id as string
    expect(previewFor(world, 'nearspace', nsl, 'thumbnail').ok).toBe(false)
    expect(previewFor(world, 'nearspace', nsl, 'quicklook').ok).toBe(false)
    expect(previewFor(world, 'blacksky', oneatlas, 'thumbnail').ok).toBe(false)
    expect(previewFor(world, 'oneatlas', 'nope', 'thumbnail').ok).toBe(false)
    expect(previewFor(world, 'airbus', oneatlas, 'thumbnail').ok).toBe(false)
  })
})
