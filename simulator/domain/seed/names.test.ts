import { describe, expect, it } from 'vitest'
import { PLACES as ARCHIVE_PLACES } from '../catalog/places'
import { manualClock } from '../world/clock'
import { ORDER_PLACES } from '../orders/seed'
import { seededWorld } from './world'
import type { OrderRecord } from '../world/types'

/** The mean of the geometry's positions: enough to tell where a small box lies. */
function centre(record: OrderRecord): [number, number] {
  const g = record.geometry
  const ring =
    g.type === 'Point' ? [g.coordinates] : g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0][0]
  const n = ring.length
  return [ring.reduce((a, p) => a + p[0], 0) / n, ring.reduce((a, p) => a + p[1], 0) / n]
}

const places = new Map([...ORDER_PLACES, ...ARCHIVE_PLACES].map((p) => [p.name, p]))

describe('seeded demo orders', () => {
  it('lie where their names say ("Rotterdam port tasking 11" once lay in Arizona)', () => {
    const world = seededWorld(manualClock(), 'default')
    const named = [...world.orders.values()].flatMap((record) => {
      const m = /^(.+) (archive|tasking|batch) \d+$/.exec(record.order.displayName)
      return m ? [{ record, place: m[1] }] : []
    })
    expect(named.length).toBeGreaterThan(20)
    const wrong = named.flatMap(({ record, place }) => {
      const [lon, lat] = centre(record)
      const at = places.get(place)
      const scattered = /^Scene at (\d+\.\d)° ([NS]) (\d+\.\d)° ([EW])$/.exec(place)
      if (scattered) {
        const sLat = Number(scattered[1]) * (scattered[2] === 'S' ? -1 : 1)
        const sLon = Number(scattered[3]) * (scattered[4] === 'W' ? -1 : 1)
        return Math.abs(sLat - lat) < 0.2 && Math.abs(sLon - lon) < 0.2 ? [] : [record.order.displayName]
      }
      if (!at) return [`${record.order.displayName}: no such place`]
      const d = Math.hypot((at.lon - lon) * Math.cos((lat * Math.PI) / 180), at.lat - lat)
      return d < 2 ? [] : [`${record.order.displayName} at ${lon.toFixed(2)}, ${lat.toFixed(2)}`]
    })
    expect(wrong).toEqual([])
  })
})
