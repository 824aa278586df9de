import { iso } from '../world/clock'
import { bboxOfArea, KM_PER_DEG_LAT, type AnyGeometry } from '../geometries/coverage'
import { createRng, uuidFrom } from '../world/random'
import type { S } from '../world/types'
import { type AcquisitionWindow, DAY_MS, HOUR_MS } from './rules'

/** Acquisition opportunities: when each tasking sensor passes over an area in a window, in daylight for optical ones. */

interface PassPlan {
  constellation: string
  satellites: readonly string[]
  /** Local solar hour of the passes for sun-synchronous orbits; null: any time between 08 and 16 h. */
  localHour: number | null
  swathKm: number
  lengthKm: number
  maxOffNadir: number
}

/** Constellations whose provider publishes passes. Capella (radar) does not: opportunities answer 501 there. */
const PASS_PLANS: Record<string, PassPlan> = {
  'phr-tasking': {
    constellation: 'Pléiades',
    satellites: ['PHR1A', 'PHR1B'],
    localHour: 10.5,
    swathKm: 20,
    lengthKm: 60,
    maxOffNadir: 30,
  },
  'pneo-tasking': {
    constellation: 'Pléiades Neo',
    satellites: ['PNEO3', 'PNEO4'],
    localHour: 10.5,
    swathKm: 14,
    lengthKm: 50,
    maxOffNadir: 35,
  },
  'blacksky-tasking': {
    constellation: 'BlackSky',
    satellites: ['BSG-103', 'BSG-108', 'BSG-115', 'BSG-121'],
    localHour: null,
    swathKm: 6,
    lengthKm: 20,
    maxOffNadir: 40,
  },
}

export const opportunitiesSupported = (collectionName: string): boolean => collectionName in PASS_PLANS

/** Longest acquisition window the opportunities endpoint looks into. */
export const MAX_OPPORTUNITY_WINDOW_DAYS = 90

const deg = (r: number) => (r * 180) / Math.PI
const rad = (d: number) => (d * Math.PI) / 180
const r1 = (v: number) => Math.round(v * 10) / 10

/** Sun elevation in degrees from latitude, day of year and local solar hour (simple declination model). */
export function sunElevation(lat: number, t: number, lon: number): number {
  const date = new Date(t)
  const dayOfYear = Math.floor((t - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS) + 1
  const declination = -23.44 * Math.cos(rad((360 / 365) * (dayOfYear + 10)))
  const solarHour = ((((t % DAY_MS) / HOUR_MS + lon / 15) % 24) + 24) % 24
  const hourAngle = (solarHour - 12) * 15
  const sinEl =
    Math.sin(rad(lat)) * Math.sin(rad(declination)) +
    Math.cos(rad(lat)) * Math.cos(rad(declination)) * Math.cos(rad(hourAngle))
  return deg(Math.asin(Math.max(-1, Math.min(1, sinEl))))
}

/** A strip of `widthKm` × `lengthKm` centred on a point, turned `headingDeg` from north. */
export function strip(
  lon: number,
  lat: number,
  widthKm: number,
  lengthKm: number,
  headingDeg: number,
): S['Polygon'] {
  const kmPerDegLon = KM_PER_DEG_LAT * Math.max(0.05, Math.cos(rad(lat)))
  const h = rad(headingDeg)
  const corner = (across: number, along: number): number[] => {
    const east = across * Math.cos(h) + along * Math.sin(h)
    const north = -across * Math.sin(h) + along * Math.cos(h)
    return [
      Math.round((lon + east / kmPerDegLon) * 1e6) / 1e6,
      Math.round((lat + north / KM_PER_DEG_LAT) * 1e6) / 1e6,
    ]
  }
  const [w, l] = [widthKm / 2, lengthKm / 2]
  const ring = [corner(-w, -l), corner(w, -l), corner(w, l), corner(-w, l)]
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] }
}

/**
 * The passes over one feature inside the window (and not in the past): a pure function of the collection,
 * the AOI's centre and the UTC day, so asking twice gives the same answer. 1–3 passes a day; optical passes
 * need the sun at least 10° up; `maxIncidenceAngle` (or `incidenceAngle`) in the params filters them.
 */
export function opportunitiesFor(
  collectionName: string,
  geometry: AnyGeometry,
  window: AcquisitionWindow,
  params: Record<string, unknown>,
  index: number,
  now: number,
): S['Opportunity'][] {
  const plan = PASS_PLANS[collectionName]
  if (!plan) return []
  const [w, s, e, n] = bboxOfArea(geometry)
  const [lon, lat] = [(w + e) / 2, (s + n) / 2]
  const halfWidthDeg = (e - w) / 2
  const limitRaw = params.maxIncidenceAngle ?? params.incidenceAngle
  const limit = typeof limitRaw === 'number' && Number.isFinite(limitRaw) ? limitRaw : Infinity
  const from = Math.max(window.start, now)
  const out: S['Opportunity'][] = []
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS <= window.end; day++) {
    const rng = createRng(`opportunities:${collectionName}:${day}:${lon.toFixed(2)}:${lat.toFixed(2)}`)
    const count = rng.int(1, 3)
    for (let i = 0; i < count; i++) {
      const satellite = plan.satellites[(i + day) % plan.satellites.length]
      const localHour =
        plan.localHour === null
          ? rng.float(8, 16)
          : plan.localHour + (i - (count - 1) / 2) * 0.7 + rng.float(-0.2, 0.2)
      const start = Math.round(day * DAY_MS + (localHour - lon / 15) * HOUR_MS)
      const end = start + rng.int(6, 14) * 1000
      const offNadir = r1(rng.float(0, plan.maxOffNadir))
      const incidence = r1(Math.min(89, offNadir * 1.12))
      const crossTrack = rng.float(-0.6, 0.6) * halfWidthDeg
      const heading = plan.localHour === null ? rng.float(-40, 40) : -8 + rng.float(-2, 2)
      const cloud = rng.int(0, 100)
      if (start < from || end > window.end || incidence > limit) continue
      const sun = r1(sunElevation(lat, start, lon))
      if (sun < 10) continue
      out.push({
        id: uuidFrom(
          `opportunity:${collectionName}:${satellite}:${start}:${lon.toFixed(4)}:${lat.toFixed(4)}`,
        ),
        index,
        start: iso(start),
        end: iso(end),
        footprint: strip(
          lon + crossTrack,
          lat,
          plan.swathKm,
          Math.max(plan.lengthKm, (n - s) * KM_PER_DEG_LAT + 10),
          heading,
        ),
        sensor: satellite,
        constellation: plan.constellation,
        offNadirAngle: offNadir,
        incidenceAngle: incidence,
        sunElevation: sun,
        // Weather forecasts reach about a week ahead.
        cloudForecast: start - now <= 7 * DAY_MS ? cloud : null,
      })
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start))
}
