import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from './runtime-config'

const base = { apiUrl: '/api/', clientId: 'service-api', regions: [{ id: 'eu', authUrl: '/auth/' }] }

describe('runtime config', () => {
  it('normalises URLs and keeps only well-formed optional parts', () => {
    const c = parseRuntimeConfig({
      ...base,
      basemaps: [
        { id: 'streets', label: 'Streets', styleUrl: 'https://tiles.example/style.json' },
        { id: 'broken' },
        { id: 'offline', styleUrl: 'x' },
      ],
      demo: { password: 'p', accounts: [{ email: 'a@b', description: 'd' }, { email: 1 }] },
    })
    expect(c.apiUrl).toBe('/api')
    expect(c.regions[0]).toMatchObject({ label: 'eu', authUrl: '/auth' })
    expect(c.basemaps).toEqual([
      { id: 'streets', label: 'Streets', styleUrl: 'https://tiles.example/style.json' },
    ])
    expect(c.demo?.accounts).toHaveLength(1)
  })

  it('says everything that is missing at once', () => {
    expect(() => parseRuntimeConfig({ regions: [] })).toThrow(/apiUrl.*clientId.*regions/)
    expect(parseRuntimeConfig(base).basemaps).toEqual([])
  })

  it('reads the notification interval, a minute unless a whole second or more is given', () => {
    expect(parseRuntimeConfig(base).notifyIntervalSeconds).toBe(60)
    expect(parseRuntimeConfig({ ...base, notifyIntervalSeconds: 5 }).notifyIntervalSeconds).toBe(5)
    expect(parseRuntimeConfig({ ...base, notifyIntervalSeconds: 0 }).notifyIntervalSeconds).toBe(60)
    expect(parseRuntimeConfig({ ...base, notifyIntervalSeconds: '5' }).notifyIntervalSeconds).toBe(60)
  })
})
