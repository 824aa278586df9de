import type { Rng } from '../world/random'
import type { S } from '../world/types'
import type { Place, PlaceKind } from './places'

/**
 * Sensor models of the archive: how big a scene's footprint is, when in the local day it is taken, how its
 * host names it and which provider properties describe it.
 */

type Props = S['SceneProperties']

const DAY = 86_400_000

export type Delivery = NonNullable<Props['deliveryTime']>

/** What a sensor model knows about one scene when it names it and describes it. */
export interface SceneFacts {
  /** The generator's stream while naming a scene; the scene's own stream while describing it. */
  rng: Rng
  place: Place | undefined
  lon: number
  lat: number
  /** Acquisition start, ms. */
  time: number
  durationS: number
  resolution: number
  cloudCoverage: number | null
}

export interface Sensor {
  count: number
  constellation: string
  widthKm: [number, number]
  lengthKm: [number, number]
  /** Largest rotation of the footprint from north-up, degrees. */
  rotationDeg: number
  /** Window of local solar time of the acquisitions, hours. */
  localHours: [number, number]
  durationS: [number, number]
  northAmericaOnly?: boolean
  kindWeight?: Partial<Record<PlaceKind, number>>
  /** Share of the scenes scattered over land rather than clustered around a place. */
  scatter: number
  /** Spread of the clusters, as a multiple of the place kind's spread. */
  spread?: number
  delivery: [minutes: number, hours: number, days: number]
  usage: Props['svc:usageType']
  /** The host-style scene id (drawn while generating: ids must be unique across the archive). */
  id: (f: SceneFacts) => string
  /** The additional scene id; a uuid unless the host has its own style. */
  sceneId?: (f: SceneFacts, id: string) => string
  providerProperties: (f: SceneFacts, id: string) => Record<string, unknown>
}

export const KIND_SPREAD: Record<PlaceKind, number> = {
  city: 0.12,
  port: 0.08,
  mine: 0.06,
  delta: 0.5,
  forest: 1.5,
  polar: 0.3,
}
export const KIND_WEIGHT: Record<PlaceKind, number> = {
  city: 3,
  port: 1.5,
  mine: 1.5,
  delta: 2,
  forest: 2,
  polar: 0.3,
}

const pad = (n: number, width: number) => String(Math.floor(n)).padStart(width, '0')
export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/** `20240513103426` (UTC) plus, with `tenths`, the tenth of a second: `202405131034262`. */
function stamp(ms: number, tenths = false): string {
  // Civil date from days since 1970 (H. Hinnant's algorithm): no Date object per scene while generating.
  const days = Math.floor(ms / DAY)
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  const rest = ms - days * DAY
  const s = `${year}${pad(month, 2)}${pad(day, 2)}${pad(rest / 3_600_000, 2)}${pad((rest / 60_000) % 60, 2)}${pad((rest / 1000) % 60, 2)}`
  return tenths ? s + String(Math.floor((rest % 1000) / 100)) : s
}

/** Airbus' tile tag of a scene centre: `E002N48`. */
const tileTag = (lon: number, lat: number) =>
  `${lon >= 0 ? 'E' : 'W'}${pad(Math.abs(lon), 3)}${lat >= 0 ? 'N' : 'S'}${pad(Math.abs(lat), 2)}`

/** A rough sun position at the scene: good enough for plausible angles, not for astronomy. */
function sun(f: SceneFacts): { elevation: number; azimuth: number } {
  const dayOfYear = Math.floor((f.time - Date.UTC(new Date(f.time).getUTCFullYear(), 0, 1)) / DAY)
  const declination = 23.44 * Math.sin((2 * Math.PI * (dayOfYear - 81)) / 365)
  const localHour = ((((f.time % DAY) / 3_600_000 + f.lon / 15) % 24) + 24) % 24
  const hourAngle = Math.abs(localHour - 12) * 15
  const noon = 90 - Math.abs(f.lat - declination)
  const elevation = Math.max(2, Math.min(85, noon * Math.cos((hourAngle * Math.PI) / 180) - hourAngle * 0.1))
  // Morning sun stands east of the meridian; the meridian is south of the scene when the sun is to its south.
  const sunSouth = f.lat > declination
  const swing = ((localHour - 12) / 6) * 60
  const azimuth = sunSouth ? 180 + swing : -swing
  return { elevation: round(elevation, 2), azimuth: round(((azimuth % 360) + 360) % 360, 2) }
}

const airbusProps = (f: SceneFacts, id: string, extra: Record<string, unknown>) => {
  const s = sun(f)
  const across = round(f.rng.float(-25, 25) * f.rng.next(), 2)
  const along = round(f.rng.float(-15, 15) * f.rng.next(), 2)
  return {
    platform: /^DS_([A-Z0-9]+)_/.exec(id)?.[1] ?? 'unknown',
    sourceIdentifier: id,
    acquisitionStation: f.rng.pick(['FR1', 'SG1', 'CA1', 'IT1']),
    archivingCenter: 'FR1',
    processingLevel: f.rng.pick(['SENSOR', 'SENSOR', 'ORTHO', 'ALBUM']),
    productType: 'bundle',
    spectralRange: 'PMS',
    incidenceAngle: round(Math.sqrt(across * across + along * along), 2),
    incidenceAngleAcrossTrack: across,
    incidenceAngleAlongTrack: along,
    azimuthAngle: round(f.rng.float(0, 360), 2),
    sunAzimuth: s.azimuth,
    sunElevation: s.elevation,
    snowCover: f.lat > 55 || f.lat < -60 ? round(f.rng.float(0, 60), 1) : 0,
    qualified: true,
    commercialReference: `SO${pad(f.rng.int(20000000, 29999999), 8)}`,
    ...extra,
  }
}

/** `DS_PHR1A_202405131034262_FR1_PX_E002N48_0906_02856` and its kin. */
const airbusId = (platforms: readonly string[], middle: string) => (f: SceneFacts) =>
  `DS_${f.rng.pick(platforms)}_${stamp(f.time, true)}_${middle}_${tileTag(f.lon, f.lat)}_${pad(f.rng.int(0, 9999), 4)}_${pad(f.rng.int(0, 99999), 5)}`

/** Sensor models of the seeded archive collections, by collection name. */
export const SENSORS: Record<string, Sensor> = {
  phr: {
    count: 6500,
    constellation: 'phr',
    widthKm: [19, 21],
    lengthKm: [16, 26],
    rotationDeg: 14,
    localHours: [10, 11],
    durationS: [3, 10],
    scatter: 0.12,
    delivery: [0.7, 0.25, 0.05],
    usage: ['DATA', 'ANALYTICS'],
    id: airbusId(['PHR1A', 'PHR1B'], 'FR1_PX'),
    providerProperties: (f, id) => airbusProps(f, id, {}),
  },
  pneo: {
    count: 4000,
    constellation: 'pneo',
    widthKm: [13, 15],
    lengthKm: [12, 18],
    rotationDeg: 12,
    localHours: [10, 11],
    durationS: [2, 6],
    scatter: 0.08,
    delivery: [0.75, 0.2, 0.05],
    usage: ['DATA', 'ANALYTICS'],
    id: airbusId(['PNEO3', 'PNEO4'], 'FR1_PX'),
    providerProperties: (f, id) => airbusProps(f, id, { spectralRange: 'PMS-6B' }),
  },
  spot: {
    count: 3500,
    constellation: 'spot',
    widthKm: [58, 62],
    lengthKm: [55, 70],
    rotationDeg: 12,
    localHours: [10, 11],
    durationS: [8, 10],
    scatter: 0.2,
    spread: 2,
    kindWeight: { city: 0.7, forest: 2, delta: 2, mine: 1 },
    delivery: [0.6, 0.3, 0.1],
    usage: ['DATA', 'ANALYTICS'],
    id: airbusId(['SPOT6', 'SPOT7'], 'FR1_FR1_SV1_SV1'),
    providerProperties: (f, id) => airbusProps(f, id, {}),
  },
  'capella-gec': {
    count: 4000,
    constellation: 'capella',
    widthKm: [5, 10],
    lengthKm: [5, 10],
    rotationDeg: 20,
    localHours: [0, 24],
    durationS: [5, 20],
    scatter: 0.1,
    kindWeight: { port: 2.5, forest: 2, mine: 1.5 },
    delivery: [0, 0.8, 0.2],
    usage: ['DATA'],
    // The id names the mode: spotlight (SP) is the finest, sliding spotlight (SS) next, stripmap (SM) coarsest.
    id: (f) => {
      const mode = f.resolution < 0.7 ? 'SP' : f.resolution < 0.95 ? 'SS' : 'SM'
      const pol = f.rng.pick(['HH', 'HH', 'VV'])
      return `CAPELLA_C${pad(f.rng.int(5, 16), 2)}_${mode}_GEC_${pol}_${stamp(f.time)}_${stamp(f.time + f.durationS * 1000)}`
    },
    providerProperties: (f, id) => {
      const [, sat, mode, , pol] = id.split('_')
      const incidence = round(f.rng.float(25, 50), 2)
      return {
        platform: `capella-${Number(sat.slice(1))}`,
        instrumentMode: mode === 'SP' ? 'spotlight' : mode === 'SS' ? 'sliding_spotlight' : 'stripmap',
        polarizations: [pol],
        incidenceAngle: incidence,
        lookAngle: round(incidence * 0.89, 2),
        lookDirection: f.rng.pick(['left', 'right']),
        orbitState: f.rng.pick(['ascending', 'descending']),
        orbitalPlane: f.rng.pick([45, 53, 97]),
        squintAngle: round(f.rng.float(-5, 5), 2),
        resolutionRange: round(f.resolution * f.rng.float(0.9, 1.1), 2),
        resolutionAzimuth: f.resolution,
        productType: 'GEC',
        processingLevel: 'L2',
      }
    },
  },
  'blacksky-archive': {
    count: 5000,
    constellation: 'blacksky',
    widthKm: [5.7, 6.3],
    lengthKm: [4.7, 5.3],
    rotationDeg: 25,
    localHours: [8, 17],
    durationS: [1, 3],
    scatter: 0.06,
    kindWeight: { city: 1.5, port: 2.5, mine: 1.5 },
    delivery: [0.85, 0.15, 0],
    usage: ['DATA', 'ANALYTICS'],
    id: (f) => {
      const t = stamp(f.time)
      return `BSG-${f.rng.int(101, 124)}-${t.slice(0, 8)}-${t.slice(8)}-${pad(f.rng.int(10000000, 99999999), 8)}`
    },
    providerProperties: (f, id) => {
      const s = sun(f)
      return {
        platform: id.slice(0, 7),
        offNadirAngle: round(f.rng.float(5, 35), 2),
        satelliteAzimuth: round(f.rng.float(0, 360), 2),
        satelliteElevation: round(f.rng.float(50, 85), 2),
        sunAzimuth: s.azimuth,
        sunElevation: s.elevation,
        gsd: f.resolution,
        processingLevel: 'ORTHO',
        productType: 'IMAGE',
        bands: ['red', 'green', 'blue'],
      }
    },
  },
  'nsl-30cm': {
    count: 2000,
    constellation: 'nsl',
    widthKm: [1.8, 2.2],
    lengthKm: [1.8, 2.2],
    rotationDeg: 2,
    localHours: [10, 15],
    durationS: [1800, 7200],
    northAmericaOnly: true,
    scatter: 0,
    spread: 1.4,
    delivery: [0, 0.2, 0.8],
    usage: ['DATA'],
    id: (f) => `NSL_${stamp(f.time).slice(0, 8)}_${f.place?.na ?? 'USA'}_${pad(f.rng.int(0, 9999), 4)}`,
    sceneId: (f, id) => `swifty-${f.rng.int(1, 40)}-${id.slice(4, 12)}-${pad(f.rng.int(1, 999), 3)}`,
    providerProperties: (f, id) => {
      const s = sun(f)
      return {
        platform: 'Swifty',
        flightId: `FL-${id.slice(4, 12)}-${f.place?.na ?? 'USA'}`,
        tileId: id.slice(-4),
        altitudeMeters: f.rng.int(18000, 22000),
        sunAzimuth: s.azimuth,
        sunElevation: s.elevation,
        processingLevel: 'MOSAIC',
        productType: 'RGB',
        bitDepth: 8,
      }
    },
  },
}

/** Any other archive collection with a host gets a plain model sized by its resolution class. */
export function genericSensor(collection: S['Collection']): Sensor {
  const km =
    { VERY_HIGH: 15, HIGH: 30, MEDIUM: 60, LOW: 100 }[collection.metadata?.resolutionClass ?? 'HIGH'] ?? 30
  const sar = collection.metadata?.productType === 'SAR'
  return {
    count: 1500,
    constellation: collection.name,
    widthKm: [km * 0.95, km * 1.05],
    lengthKm: [km * 0.9, km * 1.3],
    rotationDeg: 12,
    localHours: sar ? [0, 24] : [9, 12],
    durationS: [2, 10],
    scatter: 0.1,
    delivery: [0.5, 0.4, 0.1],
    usage: ['DATA'],
    id: (f) => `${collection.name.toUpperCase()}_${stamp(f.time)}_${pad(f.rng.int(0, 999999), 6)}`,
    providerProperties: (f) => ({
      processingLevel: 'L1',
      productType: 'IMAGE',
      incidenceAngle: round(f.rng.float(0, 30), 2),
    }),
  }
}
