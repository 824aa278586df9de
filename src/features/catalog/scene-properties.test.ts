import { describe, expect, it } from 'vitest'
import { humanise, sceneProperties, valueText } from './scene-properties'

describe('scene properties for people', () => {
  it('groups known properties with plain labels and units, and the host’s own last', () => {
    const groups = sceneProperties({
      id: 'DS_PHR1A_1',
      collection: 'phr',
      constellation: 'phr',
      producer: 'airbus',
      datetime: '2026-10-01T10:20:30Z',
      cloudCoverage: 12.345,
      resolution: 0.5,
      deliveryTime: 'HOURS',
      'svc:usageType': ['DATA', 'ANALYTICS'],
      somethingNew: 3,
      providerProperties: { incidenceAngle: 12.5, processingLevel: 'SENSOR', snowCover: 0 },
    })
    expect(groups.map((g) => g.title)).toEqual(['Scene', 'Acquisition', 'Ordering', 'Other', 'From the host'])
    const row = (key: string) => groups.flatMap((g) => g.rows).find((r) => r.key === key)
    expect(row('datetime')).toMatchObject({ label: 'Acquired', text: '1 Oct 2026 10:20 UTC' })
    expect(row('cloudCoverage')).toMatchObject({ label: 'Cloud cover', text: '12.3 %' })
    expect(row('resolution')).toMatchObject({ label: 'Resolution', text: '0.5 m' })
    expect(row('deliveryTime')?.text).toBe('Within hours')
    expect(row('svc:usageType')).toMatchObject({
      label: 'Usage',
      text: 'Data (imagery to download), Analytics (processing)',
    })
    expect(row('somethingNew')).toMatchObject({ label: 'Something new', text: '3' })
    expect(row('incidenceAngle')).toMatchObject({ label: 'Incidence angle', text: '12.5°' })
    expect(row('snowCover')).toMatchObject({ label: 'Snow cover', text: '0 %' })
  })

  it('says values in words: lists joined, nothing as a dash, yes and no', () => {
    expect(valueText(['a', 'b'])).toBe('a, b')
    expect(valueText([])).toBe('None')
    expect(valueText(null)).toBe('—')
    expect(valueText(true)).toBe('Yes')
    expect(humanise('sun_elevation')).toBe('Sun elevation')
    expect(humanise('svc:usageType')).toBe('Usage type')
  })

  it('names the collection by its title, shows a repeated moment once, and spells out host codes', () => {
    const groups = sceneProperties(
      {
        id: 'BSG-1',
        collection: 'blacksky-archive',
        datetime: '2026-10-31T15:31:24Z',
        acquisitionDate: '2026-10-31T15:31:24Z',
        providerProperties: { gsd: 0.9, processingLevel: 'ORTHO', productType: 'PAN_SHARPENED', band: 'RGB' },
      },
      'BlackSky Archive',
    )
    const rows = groups.flatMap((g) => g.rows)
    const row = (key: string) => rows.find((r) => r.key === key)
    expect(row('collection')?.text).toBe('BlackSky Archive (blacksky-archive)')
    expect(rows.filter((r) => r.label.startsWith('Acqui')).map((r) => r.key)).toEqual(['datetime'])
    expect(row('gsd')).toMatchObject({ label: 'Ground sample distance', text: '0.9 m' })
    expect(row('processingLevel')?.text).toBe('Ortho')
    expect(row('productType')?.text).toBe('Pan sharpened')
    // Short codes stay as they are: they are names, not words.
    expect(row('band')?.text).toBe('RGB')
    // A different acquisition date is its own row.
    const other = sceneProperties({
      datetime: '2026-10-31T15:31:24Z',
      acquisitionDate: '2026-10-30T00:00:00Z',
    })
    expect(other.flatMap((g) => g.rows).map((r) => r.label)).toEqual(['Acquired', 'Acquisition date'])
  })
})
