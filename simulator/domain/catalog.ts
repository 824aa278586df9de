import { createRng, hashString, type Rng } from './random'
import { SEED_EPOCH } from './seed-constants'
import { hostOf } from './seed-glossary'
import type { S, Scene } from './types'
import type { World } from './world'

/**
 * The synthetic scene archive of the data hosts and its search (`POST /catalog/hosts/{host}/stac/search`).
 *
 * The archive is a pure function of the archive collections of the glossary: about 25,000 scenes clustered
 * around well-known places, dated within the 1035 days before SEED_EPOCH. It does not depend on the clock
 * or on the seed size, so it is generated once per process and shared, read-only, by every world (a reset
 * or a fresh test simulator costs a few milliseconds instead of a regeneration). Scenes keep their numbers in
 * one typed array per collection and build their GeoJSON feature on first use: seeding stays cheap, and a
 * search filters on plain numbers. A per-host grid of 1° cells, with scenes ranked newest first, makes a
 * search visit only the scenes near its area and sort by rank instead of by date.
 */

type Feature = S['CatalogFeature']
type Props = S['SceneProperties']
type BBox = [number, number, number, number]
type Position = [number, number]

const DAY = 86_400_000
/** 2024-01-01T00:00Z … SEED_EPOCH (2026-11-01T00:00Z). */
export const ARCHIVE_DAYS = 1035
export const archiveStart = (): number => SEED_EPOCH - ARCHIVE_DAYS * DAY

// -----------------------------------------------------------------------------------------------------------
// Places

type PlaceKind = 'city' | 'delta' | 'forest' | 'mine' | 'port' | 'polar'

interface Place {
  name: string
  lon: number
  lat: number
  kind: PlaceKind
  /** Set on North American cities: the code Near Space Labs uses in its scene ids. */
  na?: string
}

/** Where the archive's scenes cluster: cities, deltas, forests, mines and ports on every continent. */
export const PLACES: readonly Place[] = [
  { name: 'Paris', lon: 2.3522, lat: 48.8566, kind: 'city' },
  { name: 'London', lon: -0.1276, lat: 51.5072, kind: 'city' },
  { name: 'Berlin', lon: 13.405, lat: 52.52, kind: 'city' },
  { name: 'Madrid', lon: -3.7038, lat: 40.4168, kind: 'city' },
  { name: 'Istanbul', lon: 28.9784, lat: 41.0082, kind: 'city' },
  { name: 'Moscow', lon: 37.6173, lat: 55.7558, kind: 'city' },
  { name: 'New York', lon: -74.006, lat: 40.7128, kind: 'city', na: 'NYC' },
  { name: 'Los Angeles', lon: -118.2437, lat: 34.0522, kind: 'city', na: 'LAX' },
  { name: 'Chicago', lon: -87.6298, lat: 41.8781, kind: 'city', na: 'CHI' },
  { name: 'Houston', lon: -95.3698, lat: 29.7604, kind: 'city', na: 'HOU' },
  { name: 'San Francisco', lon: -122.4194, lat: 37.7749, kind: 'city', na: 'SFO' },
  { name: 'Toronto', lon: -79.3832, lat: 43.6532, kind: 'city', na: 'TOR' },
  { name: 'Mexico City', lon: -99.1332, lat: 19.4326, kind: 'city' },
  { name: 'São Paulo', lon: -46.6333, lat: -23.5505, kind: 'city' },
  { name: 'Buenos Aires', lon: -58.3816, lat: -34.6037, kind: 'city' },
  { name: 'Lima', lon: -77.0428, lat: -12.0464, kind: 'city' },
  { name: 'Cairo', lon: 31.2357, lat: 30.0444, kind: 'city' },
  { name: 'Lagos', lon: 3.3792, lat: 6.5244, kind: 'city' },
  { name: 'Nairobi', lon: 36.8219, lat: -1.2921, kind: 'city' },
  { name: 'Johannesburg', lon: 28.0473, lat: -26.2041, kind: 'city' },
  { name: 'Dubai', lon: 55.2708, lat: 25.2048, kind: 'city' },
  { name: 'Mumbai', lon: 72.8777, lat: 19.076, kind: 'city' },
  { name: 'Delhi', lon: 77.209, lat: 28.6139, kind: 'city' },
  { name: 'Beijing', lon: 116.4074, lat: 39.9042, kind: 'city' },
  { name: 'Shanghai', lon: 121.4737, lat: 31.2304, kind: 'city' },
  { name: 'Tokyo', lon: 139.6917, lat: 35.6895, kind: 'city' },
  { name: 'Seoul', lon: 126.978, lat: 37.5665, kind: 'city' },
  { name: 'Singapore', lon: 103.8198, lat: 1.3521, kind: 'city' },
  { name: 'Jakarta', lon: 106.8456, lat: -6.2088, kind: 'city' },
  { name: 'Sydney', lon: 151.2093, lat: -33.8688, kind: 'city' },
  { name: 'Auckland', lon: 174.7633, lat: -36.8485, kind: 'city' },
  { name: 'Nile Delta', lon: 31.0, lat: 30.9, kind: 'delta' },
  { name: 'Ganges Delta', lon: 89.5, lat: 22.3, kind: 'delta' },
  { name: 'Mekong Delta', lon: 105.8, lat: 9.9, kind: 'delta' },
  { name: 'Mississippi Delta', lon: -89.6, lat: 29.3, kind: 'delta' },
  { name: 'Amazon (Rondônia)', lon: -63.0, lat: -10.0, kind: 'forest' },
  { name: 'Congo Basin', lon: 21.0, lat: -0.5, kind: 'forest' },
  { name: 'Borneo (Kalimantan)', lon: 113.9, lat: -0.9, kind: 'forest' },
  { name: 'Chuquicamata', lon: -68.9, lat: -22.29, kind: 'mine' },
  { name: 'Pilbara iron mines', lon: 119.67, lat: -23.36, kind: 'mine' },
  { name: 'Grasberg', lon: 137.116, lat: -4.053, kind: 'mine' },
  { name: 'Kiruna', lon: 20.2, lat: 67.85, kind: 'mine' },
  { name: 'Carajás', lon: -50.17, lat: -6.06, kind: 'mine' },
  { name: 'Rotterdam', lon: 4.0, lat: 51.95, kind: 'port' },
  { name: 'Hamburg', lon: 9.97, lat: 53.54, kind: 'port' },
  { name: 'Port of Santos', lon: -46.3, lat: -23.98, kind: 'port' },
  { name: 'Port Hedland', lon: 118.58, lat: -20.31, kind: 'port' },
  { name: 'Suez Canal', lon: 32.35, lat: 30.6, kind: 'port' },
  { name: 'Panama Canal', lon: -79.7, lat: 9.1, kind: 'port' },
  { name: 'McMurdo Station', lon: 166.67, lat: -77.85, kind: 'polar' },
]

/** Near Space Labs flies over North American cities only. */
const NSL_CITIES: readonly Place[] = [
  ...PLACES.filter((p) => p.na),
  { name: 'Miami', lon: -80.1918, lat: 25.7617, kind: 'city', na: 'MIA' },
  { name: 'Seattle', lon: -122.3321, lat: 47.6062, kind: 'city', na: 'SEA' },
  { name: 'Phoenix', lon: -112.074, lat: 33.4484, kind: 'city', na: 'PHX' },
  { name: 'Dallas', lon: -96.797, lat: 32.7767, kind: 'city', na: 'DAL' },
  { name: 'Denver', lon: -104.9903, lat: 39.7392, kind: 'city', na: 'DEN' },
  { name: 'Atlanta', lon: -84.388, lat: 33.749, kind: 'city', na: 'ATL' },
]

/** Rectangles that lie (almost) entirely over land, for the scenes scattered away from the places. */
const LAND: readonly BBox[] = [
  [-5, 18, 25, 28], // Sahara
  [42, 18, 52, 26], // Arabian interior
  [120, -30, 145, -20], // central Australia
  [-104, 33, -92, 46], // Great Plains
  [-115, 50, -95, 58], // Canadian prairies
  [-70, -12, -52, -3], // Amazon interior
  [-66, -38, -60, -30], // Pampas
  [5, 45, 25, 52], // central Europe
  [60, 52, 110, 62], // Siberia
  [55, 44, 80, 50], // Kazakhstan
  [74, 16, 84, 26], // Deccan
  [100, 28, 115, 38], // central China
  [15, -10, 30, 5], // Congo
  [30, -10, 38, 5], // East Africa
  [18, -30, 30, -18], // southern Africa
  [95, 43, 115, 48], // Mongolia
  [-106, 20, -99, 28], // Mexican plateau
  [50, 28, 60, 36], // Iran
  [24, 62, 30, 68], // Finland
]

// -----------------------------------------------------------------------------------------------------------
// Sensors

type Delivery = NonNullable<Props['deliveryTime']>

/** What a sensor model knows about one scene when it names it and describes it. */
interface SceneFacts {
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

interface Sensor {
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

const KIND_SPREAD: Record<PlaceKind, number> = {
  city: 0.12,
  port: 0.08,
  mine: 0.06,
  delta: 0.5,
  forest: 1.5,
  polar: 0.3,
}
const KIND_WEIGHT: Record<PlaceKind, number> = {
  city: 3,
  port: 1.5,
  mine: 1.5,
  delta: 2,
  forest: 2,
  polar: 0.3,
}

const pad = (n: number, width: number) => String(Math.floor(n)).padStart(width, '0')
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

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
const SENSORS: Record<string, Sensor> = {
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
function genericSensor(collection: S['Collection']): Sensor {
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

// -----------------------------------------------------------------------------------------------------------
// Generation

/** One normally distributed number (Box–Muller). */
const gauss = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next())

/** Picks items in proportion to their weights, by a binary search over the running sums. */
function weighted<T>(items: readonly T[], weight: (t: T) => number): (rng: Rng) => T {
  const sums: number[] = []
  let total = 0
  for (const it of items) sums.push((total += weight(it)))
  return (rng) => {
    const r = rng.next() * total
    let lo = 0
    let hi = sums.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sums[mid] > r) hi = mid
      else lo = mid + 1
    }
    return items[lo]
  }
}

const pickLand = weighted(LAND, (b) => (b[2] - b[0]) * (b[3] - b[1]))

/**
 * Column layout of one scene in its collection's `data` array. Numbers live there rather than in fields of
 * 25,000 small objects: seeding then allocates little, which keeps garbage collection out of start-up time.
 */
const COL = {
  /** The footprint ring: RING_POINTS [lon, lat] pairs, closed. */
  ring: 0,
  /** bbox: west, south, east, north. */
  bbox: 10,
  time: 14,
  /** NaN for none (radar). */
  cloud: 15,
  resolution: 16,
  lon: 17,
  lat: 18,
  durationS: 19,
} as const
const STRIDE = 20
const RING_POINTS = 5
const CORNERS = [-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5]

/**
 * Writes a slightly rotated and skewed quadrilateral, counter-clockwise (RFC 7946) and closed, into the
 * ring and bbox columns of the scene at `at`.
 */
function footprint(
  data: Float64Array,
  at: number,
  rng: Rng,
  lon: number,
  lat: number,
  widthKm: number,
  lengthKm: number,
  rotationDeg: number,
): void {
  const kmLat = 1 / 110.574
  const kmLon = 1 / (111.32 * Math.cos((lat * Math.PI) / 180))
  const th = (rotationDeg * Math.PI) / 180
  const c = Math.cos(th)
  const s = Math.sin(th)
  const skew = 0.02
  const r = at + COL.ring
  const b = at + COL.bbox
  data[b] = data[b + 1] = Infinity
  data[b + 2] = data[b + 3] = -Infinity
  for (let k = 0; k < 4; k++) {
    const x = (CORNERS[k * 2] + rng.float(-skew, skew)) * widthKm
    const y = (CORNERS[k * 2 + 1] + rng.float(-skew, skew)) * lengthKm
    const px = round(lon + (x * c - y * s) * kmLon, 6)
    const py = round(lat + (x * s + y * c) * kmLat, 6)
    data[r + k * 2] = px
    data[r + k * 2 + 1] = py
    data[b] = Math.min(data[b], px)
    data[b + 1] = Math.min(data[b + 1], py)
    data[b + 2] = Math.max(data[b + 2], px)
    data[b + 3] = Math.max(data[b + 3], py)
  }
  data[r + 8] = data[r]
  data[r + 9] = data[r + 1]
}

function ringBbox(ring: readonly (readonly number[])[]): BBox {
  let w = Infinity
  let s = Infinity
  let e = -Infinity
  let n = -Infinity
  for (const p of ring) {
    if (p[0] < w) w = p[0]
    if (p[0] > e) e = p[0]
    if (p[1] < s) s = p[1]
    if (p[1] > n) n = p[1]
  }
  return [w, s, e, n]
}

/** What the scenes of one collection share, including the numeric columns of all of them. */
interface CollectionModel {
  collection: string
  constellation: string
  producer: string
  host: string
  sensor: Sensor
  /** STRIDE numbers per scene, laid out as COL says. */
  data: Float64Array
}

/**
 * A scene of the synthetic archive. The fields that searches filter on are plain properties; the full
 * feature (provider properties, second id, timestamps) is built on first use, from the scene's own seed, so
 * that seeding 25,000 scenes stays cheap and the answer never depends on which scenes were looked at first.
 */
export class ArchiveScene implements Scene {
  private built: Feature | undefined
  private box: BBox | undefined
  /** Offset of this scene's columns in `data`. */
  readonly at: number

  constructor(
    private readonly model: CollectionModel,
    readonly id: string,
    index: number,
    readonly deliveryTime: Delivery,
    private readonly place: Place | undefined,
    /** Seeds the details built on first use (a 31-bit integer). */
    private readonly seed: number,
  ) {
    this.at = index * STRIDE
  }

  /** The numeric columns of this scene's collection (this scene's start at `at`). */
  get data(): Float64Array {
    return this.model.data
  }
  get time(): number {
    return this.model.data[this.at + COL.time]
  }
  get cloudCoverage(): number | null {
    const v = this.model.data[this.at + COL.cloud]
    return Number.isNaN(v) ? null : v
  }
  get resolution(): number {
    return this.model.data[this.at + COL.resolution]
  }
  get bbox(): BBox {
    const d = this.model.data
    const b = this.at + COL.bbox
    return (this.box ??= [d[b], d[b + 1], d[b + 2], d[b + 3]])
  }

  get host(): string {
    return this.model.host
  }
  get collection(): string {
    return this.model.collection
  }
  get constellation(): string {
    return this.model.constellation
  }
  get producer(): string {
    return this.model.producer
  }
  get feature(): Feature {
    return (this.built ??= this.build())
  }

  private build(): Feature {
    const { sensor, data } = this.model
    const durationS = data[this.at + COL.durationS]
    const facts: SceneFacts = {
      rng: createRng(this.seed),
      place: this.place,
      lon: data[this.at + COL.lon],
      lat: data[this.at + COL.lat],
      time: this.time,
      durationS,
      resolution: this.resolution,
      cloudCoverage: this.cloudCoverage,
    }
    const ring: Position[] = []
    const r = this.at + COL.ring
    for (let k = 0; k < RING_POINTS; k++) ring.push([data[r + k * 2], data[r + k * 2 + 1]])
    const sceneId = sensor.sceneId ? sensor.sceneId(facts, this.id) : facts.rng.uuid()
    const iso = new Date(this.time).toISOString()
    const properties: Props = {
      id: this.id,
      sceneId,
      collection: this.collection,
      constellation: this.constellation,
      producer: this.producer,
      providerName: this.host,
      providerProperties: sensor.providerProperties(facts, this.id) as Props['providerProperties'],
      'svc:usageType': [...sensor.usage],
      acquisitionDate: iso,
      datetime: iso,
      start_datetime: iso,
      end_datetime: new Date(this.time + durationS * 1000).toISOString(),
      cloudCoverage: this.cloudCoverage,
      resolution: this.resolution,
      deliveryTime: this.deliveryTime,
    }
    return {
      type: 'Feature',
      id: this.id,
      geometry: { type: 'Polygon', coordinates: [ring] },
      bbox: this.bbox,
      properties,
    }
  }
}

/** Generates the scenes of one archive collection. `taken` keeps ids unique across the archive. */
function generateCollection(collection: S['Collection'], host: string, taken: Set<string>): ArchiveScene[] {
  const sensor = SENSORS[collection.name] ?? genericSensor(collection)
  const model: CollectionModel = {
    collection: collection.name,
    constellation: sensor.constellation,
    producer: collection.providers.find((p) => p.roles.includes('PRODUCER'))?.name ?? host,
    host,
    sensor,
    data: new Float64Array(sensor.count * STRIDE),
  }
  const rng = createRng(`catalog:${collection.name}`)
  const sar = collection.metadata?.productType === 'SAR'
  const resMin = collection.metadata?.resolutionValue?.minimum ?? 1
  const resMax = collection.metadata?.resolutionValue?.maximum ?? resMin
  const pickPlace = weighted(
    sensor.northAmericaOnly ? NSL_CITIES : PLACES,
    (p) => KIND_WEIGHT[p.kind] * (sensor.kindWeight?.[p.kind] ?? 1),
  )
  const start = archiveStart()
  const out: ArchiveScene[] = []

  for (let n = 0; n < sensor.count; n++) {
    let place: Place | undefined
    let lon: number
    let lat: number
    if (rng.next() < sensor.scatter) {
      const box = pickLand(rng)
      lon = rng.float(box[0], box[2])
      lat = rng.float(box[1], box[3])
    } else {
      place = pickPlace(rng)
      const spread = KIND_SPREAD[place.kind] * (sensor.spread ?? 1)
      lat = place.lat + gauss(rng) * spread
      lon = place.lon + (gauss(rng) * spread) / Math.max(0.2, Math.cos((place.lat * Math.PI) / 180))
    }
    // Footprints never cross the antimeridian or reach the poles.
    lon = Math.max(-178, Math.min(178, lon))
    lat = Math.max(-84, Math.min(84, lat))

    const day = rng.int(0, ARCHIVE_DAYS - 1)
    const localHour = rng.float(sensor.localHours[0], sensor.localHours[1])
    let time = start + day * DAY + Math.round((localHour - lon / 15) * 3_600_000)
    if (time < start) time += DAY
    const durationS = round(rng.float(sensor.durationS[0], sensor.durationS[1]), 1)
    if (time + durationS * 1000 >= SEED_EPOCH) time -= DAY

    const resolution = round(rng.float(resMin, resMax), 2)
    const clear = rng.next()
    const cloudCoverage = sar
      ? null
      : sensor.northAmericaOnly
        ? round(15 * clear ** 3, 2)
        : rng.next() < 0.12
          ? 0
          : round(100 * clear ** 2.6, 2)
    const u = rng.next()
    const deliveryTime: Delivery =
      u < sensor.delivery[0] ? 'MINUTES' : u < sensor.delivery[0] + sensor.delivery[1] ? 'HOURS' : 'DAYS'
    const facts: SceneFacts = { rng, place, lon, lat, time, durationS, resolution, cloudCoverage }

    let id = sensor.id(facts)
    for (let tries = 0; taken.has(id) && tries < 8; tries++) id = sensor.id(facts)
    if (taken.has(id)) id = `${id}_${n}`
    taken.add(id)

    const at = n * STRIDE
    const data = model.data
    data[at + COL.time] = time
    data[at + COL.cloud] = cloudCoverage ?? NaN
    data[at + COL.resolution] = resolution
    data[at + COL.lon] = lon
    data[at + COL.lat] = lat
    data[at + COL.durationS] = durationS
    footprint(
      data,
      at,
      rng,
      lon,
      lat,
      rng.float(sensor.widthKm[0], sensor.widthKm[1]),
      rng.float(sensor.lengthKm[0], sensor.lengthKm[1]),
      rng.float(-sensor.rotationDeg, sensor.rotationDeg),
    )
    out.push(new ArchiveScene(model, id, n, deliveryTime, place, rng.int(0, 0x7fffffff)))
  }
  return out
}

/** The archive collections that a host serves. */
export function hostCollections(world: World, host: string): S['Collection'][] {
  return world.collections.filter((c) => c.type === 'ARCHIVE' && hostOf(c) === host)
}

let archiveCache: { key: string; scenes: readonly ArchiveScene[] } | undefined

/**
 * The whole archive for these collections, generated once per process and shared by every world. Scenes are
 * read-only: nothing in the simulator changes a scene after it is generated.
 */
export function generateArchive(collections: readonly S['Collection'][]): readonly ArchiveScene[] {
  const archived = collections.filter((c) => c.type === 'ARCHIVE' && hostOf(c))
  const key = JSON.stringify(
    archived.map((c) => [c.name, hostOf(c), c.metadata, c.providers.map((p) => p.name)]),
  )
  if (archiveCache?.key === key) return archiveCache.scenes
  const taken = new Set<string>()
  const scenes = archived.flatMap((c) => generateCollection(c, hostOf(c) as string, taken))
  archiveCache = { key, scenes }
  return scenes
}

/** Seeds `world.scenes` / `world.scenesById` with the archive of every ARCHIVE collection that has a HOST. */
export function seedCatalog(world: World): void {
  for (const scene of generateArchive(world.collections)) {
    world.scenes.push(scene)
    world.scenesById.set(scene.id, scene)
  }
}

// -----------------------------------------------------------------------------------------------------------
// Spatial index: per host, scenes sorted by acquisition time (newest first), bucketed in 1° cells

const CELLS_X = 360
const CELLS_Y = 180

interface HostIndex {
  /** Newest first; a scene's position here (its ordinal) is its rank in the default sort. */
  scenes: Scene[]
  ordinalById: Map<string, number>
  cells: Map<number, Int32Array>
  nonEmpty: Int32Array
  /** Per-query "seen" marks: a scene filed in several cells is looked at once. */
  seen: Uint32Array
  epoch: number
}

interface ArchiveIndex {
  sceneCount: number
  hosts: Map<string, HostIndex>
}

const cellX = (lon: number) => Math.min(CELLS_X - 1, Math.max(0, Math.floor(lon) + 180))
const cellY = (lat: number) => Math.min(CELLS_Y - 1, Math.max(0, Math.floor(lat) + 90))

/** The fields a search reads: an archive scene has them itself, any other scene through its feature. */
type Searchable = Pick<
  Props,
  'id' | 'collection' | 'cloudCoverage' | 'resolution' | 'constellation' | 'deliveryTime' | 'producer'
>
const searchable = (scene: Scene): Searchable =>
  scene instanceof ArchiveScene ? scene : scene.feature.properties

/**
 * A scene's collection name without building its feature: `scene.feature` of an archive scene is built on
 * first use (~10 µs), so code that looks at every scene should read the collection through this.
 */
export const sceneCollection = (scene: Scene): string => searchable(scene).collection

/** Whether a scene's footprint meets one of the search areas. */
function footprintMeets(scene: Scene, areas: PreparedPolygon[]): boolean {
  if (scene instanceof ArchiveScene) {
    const { data, at } = scene
    return areas.some((a) => a.intersectsRing(data, at + COL.ring, RING_POINTS, data, at + COL.bbox))
  }
  // Other scenes (none are seeded today) carry GeoJSON: test each outer ring.
  const g = scene.feature.geometry
  const rings = g.type === 'Polygon' ? [g.coordinates[0]] : g.coordinates.map((poly) => poly[0])
  return rings.some((ring) => {
    const flat = ring.flatMap((p) => [p[0], p[1]])
    return areas.some((a) => a.intersectsRing(flat, 0, ring.length, ringBbox(ring), 0))
  })
}

/** The bbox of a scene; an archive scene's is read from its columns (its `bbox` getter caches an array). */
function bboxNumbers(scene: Scene): BBox {
  if (!(scene instanceof ArchiveScene)) return scene.bbox
  const d = scene.data
  const b = scene.at + COL.bbox
  return [d[b], d[b + 1], d[b + 2], d[b + 3]]
}

function buildHostIndex(unsorted: readonly Scene[]): HostIndex {
  const times = Float64Array.from(unsorted, (scene) => scene.time)
  const ids = unsorted.map((scene) => searchable(scene).id)
  const order = Array.from(unsorted, (_, i) => i).sort(
    (a, b) => times[b] - times[a] || (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0),
  )
  const scenes = order.map((i) => unsorted[i])
  const lists = new Map<number, number[]>()
  const ordinalById = new Map<string, number>()
  scenes.forEach((scene, ordinal) => {
    ordinalById.set(ids[order[ordinal]], ordinal)
    const [w, s, e, n] = bboxNumbers(scene)
    for (let y = cellY(s); y <= cellY(n); y++) {
      for (let x = cellX(w); x <= cellX(e); x++) {
        const key = y * CELLS_X + x
        let list = lists.get(key)
        if (!list) lists.set(key, (list = []))
        list.push(ordinal)
      }
    }
  })
  const cells = new Map<number, Int32Array>()
  for (const [key, list] of lists) cells.set(key, Int32Array.from(list))
  return {
    scenes,
    ordinalById,
    cells,
    nonEmpty: Int32Array.from(cells.keys()),
    seen: new Uint32Array(scenes.length),
    epoch: 0,
  }
}

function buildIndex(scenes: readonly Scene[]): ArchiveIndex {
  const byHost = new Map<string, Scene[]>()
  for (const scene of scenes) {
    let list = byHost.get(scene.host)
    if (!list) byHost.set(scene.host, (list = []))
    list.push(scene)
  }
  const hosts = new Map<string, HostIndex>()
  for (const [host, list] of byHost) hosts.set(host, buildHostIndex(list))
  return { sceneCount: scenes.length, hosts }
}

/** Indexes by the scene array they were built from: the shared archive is indexed once per process. */
const indexes = new WeakMap<readonly Scene[], ArchiveIndex>()
const worldIndexes = new WeakMap<World, ArchiveIndex>()

function indexFor(world: World): ArchiveIndex {
  let index = worldIndexes.get(world)
  if (index && index.sceneCount === world.scenes.length) return index
  const shared = archiveCache?.scenes
  if (
    shared &&
    shared.length === world.scenes.length &&
    shared[0] === world.scenes[0] &&
    shared.at(-1) === world.scenes.at(-1)
  ) {
    index = indexes.get(shared)
    if (!index) indexes.set(shared, (index = buildIndex(shared)))
  } else {
    // Scenes were added or replaced after seeding: index this world's own list.
    index = buildIndex(world.scenes)
  }
  worldIndexes.set(world, index)
  return index
}

/** Calls `visit` once for every scene of the host whose bbox cell range meets one of the boxes. */
function visitCandidates(idx: HostIndex, boxes: BBox[], visit: (ordinal: number) => void): void {
  const epoch = ++idx.epoch
  if (epoch === 0xffffffff) {
    idx.seen.fill(0)
    idx.epoch = 1
  }
  const mark = idx.epoch
  const take = (list: Int32Array) => {
    for (let i = 0; i < list.length; i++) {
      const o = list[i]
      if (idx.seen[o] === mark) continue
      idx.seen[o] = mark
      visit(o)
    }
  }
  for (const [w, s, e, n] of boxes) {
    const x0 = cellX(w)
    const x1 = cellX(e)
    const y0 = cellY(s)
    const y1 = cellY(n)
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > idx.nonEmpty.length) {
      for (let i = 0; i < idx.nonEmpty.length; i++) {
        const key = idx.nonEmpty[i]
        const x = key % CELLS_X
        const y = (key - x) / CELLS_X
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) take(idx.cells.get(key) as Int32Array)
      }
    } else {
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const list = idx.cells.get(y * CELLS_X + x)
          if (list) take(list)
        }
      }
    }
  }
}

// -----------------------------------------------------------------------------------------------------------
// Planar geometry: footprints against search areas

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

const within = (a: number, b: number, v: number) => (a <= b ? a <= v && v <= b : b <= v && v <= a)

/** Whether segments p1p2 and p3p4 meet, touching included. */
export function segmentsMeet(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  x4: number,
  y4: number,
): boolean {
  const d1 = orient(x3, y3, x4, y4, x1, y1)
  const d2 = orient(x3, y3, x4, y4, x2, y2)
  const d3 = orient(x1, y1, x2, y2, x3, y3)
  const d4 = orient(x1, y1, x2, y2, x4, y4)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
  if (d1 === 0 && within(x3, x4, x1) && within(y3, y4, y1)) return true
  if (d2 === 0 && within(x3, x4, x2) && within(y3, y4, y2)) return true
  if (d3 === 0 && within(x1, x2, x3) && within(y1, y2, y3)) return true
  if (d4 === 0 && within(x1, x2, x4) && within(y1, y2, y4)) return true
  return false
}

/** Even-odd point-in-ring test on a flat closed ring (boundary points may fall either way). */
function ringContains(xy: ArrayLike<number>, at: number, points: number, x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = points - 1; i < points; j = i++) {
    const xi = xy[at + i * 2]
    const yi = xy[at + i * 2 + 1]
    const xj = xy[at + j * 2]
    const yj = xy[at + j * 2 + 1]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/**
 * A search polygon (rings of [lon, lat], holes allowed) prepared for many intersection tests: its edges are
 * filed in horizontal bands so that a test against a small footprint looks at a few edges, not all of them.
 */
export class PreparedPolygon {
  readonly bbox: BBox
  /** Set for an axis-aligned rectangle: a footprint whose bbox lies inside it needs no further test. */
  isRectangle = false
  private readonly outerStart: Position
  private readonly segs: Float64Array
  private readonly bands: Int32Array[]
  private readonly bandMinY: number
  private readonly bandHeight: number

  constructor(rings: readonly (readonly (readonly number[])[])[]) {
    this.bbox = ringBbox(rings[0])
    this.outerStart = [rings[0][0][0], rings[0][0][1]]
    const segs: number[] = []
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        if (ring[i][0] === ring[i + 1][0] && ring[i][1] === ring[i + 1][1]) continue
        segs.push(ring[i][0], ring[i][1], ring[i + 1][0], ring[i + 1][1])
      }
    }
    this.segs = Float64Array.from(segs)
    const count = segs.length / 4
    const nBands = count > 32 ? Math.min(1024, Math.ceil(count / 4)) : 1
    this.bandMinY = this.bbox[1]
    this.bandHeight = (this.bbox[3] - this.bbox[1]) / nBands || 1
    const lists: number[][] = Array.from({ length: nBands }, () => [])
    for (let k = 0; k < count; k++) {
      const ya = this.segs[k * 4 + 1]
      const yb = this.segs[k * 4 + 3]
      const b0 = this.band(Math.min(ya, yb), nBands)
      const b1 = this.band(Math.max(ya, yb), nBands)
      for (let b = b0; b <= b1; b++) lists[b].push(k)
    }
    this.bands = lists.map((l) => Int32Array.from(l))
  }

  private band(y: number, n = this.bands.length): number {
    return Math.min(n - 1, Math.max(0, Math.floor((y - this.bandMinY) / this.bandHeight)))
  }

  /** Even-odd over all rings: inside the outer ring and outside every hole. */
  containsPoint(x: number, y: number): boolean {
    if (x < this.bbox[0] || x > this.bbox[2] || y < this.bbox[1] || y > this.bbox[3]) return false
    const segs = this.segs
    let inside = false
    for (const k of this.bands[this.band(y)]) {
      const x1 = segs[k * 4]
      const y1 = segs[k * 4 + 1]
      const x2 = segs[k * 4 + 2]
      const y2 = segs[k * 4 + 3]
      if (y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside
    }
    return inside
  }

  /**
   * Whether a closed ring (a footprint) intersects this polygon, boundaries included. The ring is `points`
   * [lon, lat] pairs of the flat array `xy` from `at`; its bbox is the four numbers of `rb` from `rbAt`.
   */
  intersectsRing(
    xy: ArrayLike<number>,
    at: number,
    points: number,
    rb: ArrayLike<number>,
    rbAt: number,
  ): boolean {
    const b = this.bbox
    const w = rb[rbAt]
    const s = rb[rbAt + 1]
    const e = rb[rbAt + 2]
    const n = rb[rbAt + 3]
    if (w > b[2] || e < b[0] || s > b[3] || n < b[1]) return false
    if (this.isRectangle && w >= b[0] && e <= b[2] && s >= b[1] && n <= b[3]) return true
    const segs = this.segs
    for (let i = 0; i + 1 < points; i++) {
      const ax = xy[at + i * 2]
      const ay = xy[at + i * 2 + 1]
      const bx = xy[at + i * 2 + 2]
      const by = xy[at + i * 2 + 3]
      const minX = Math.min(ax, bx)
      const maxX = Math.max(ax, bx)
      const minY = Math.min(ay, by)
      const maxY = Math.max(ay, by)
      if (maxY < this.bbox[1] || minY > this.bbox[3]) continue
      const b1 = this.band(maxY)
      for (let b = this.band(minY); b <= b1; b++) {
        for (const k of this.bands[b]) {
          const x1 = segs[k * 4]
          const y1 = segs[k * 4 + 1]
          const x2 = segs[k * 4 + 2]
          const y2 = segs[k * 4 + 3]
          if (
            Math.max(x1, x2) < minX ||
            Math.min(x1, x2) > maxX ||
            Math.max(y1, y2) < minY ||
            Math.min(y1, y2) > maxY
          )
            continue
          if (segmentsMeet(ax, ay, bx, by, x1, y1, x2, y2)) return true
        }
      }
    }
    // No boundaries cross: either one shape holds the other, or they are apart.
    if (this.containsPoint(xy[at], xy[at + 1])) return true
    return ringContains(xy, at, points, this.outerStart[0], this.outerStart[1])
  }
}

function rectangle(w: number, s: number, e: number, n: number): PreparedPolygon {
  const rect = new PreparedPolygon([
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ])
  rect.isRectangle = true
  return rect
}

// -----------------------------------------------------------------------------------------------------------
// Search input: what a search asks for, read and checked by routes/catalog-request.ts

/** The scene properties the query extension may filter on, with their value type. */
export const QUERYABLES = {
  cloudCoverage: 'number',
  resolution: 'number',
  constellation: 'string',
  deliveryTime: 'string',
  producer: 'string',
} as const
export type Queryable = keyof typeof QUERYABLES
/** The queryables holding text, the only ones that startsWith, endsWith and contains apply to. */
export type TextQueryable = {
  [K in Queryable]: (typeof QUERYABLES)[K] extends 'string' ? K : never
}[Queryable]

export const QUERY_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'startsWith',
  'endsWith',
  'contains',
] as const
export type QueryOp = (typeof QUERY_OPS)[number]

/** One operator of the query extension on one property, its operand of the property's type. */
export type QueryTerm =
  | { property: Queryable; op: 'eq' | 'neq'; value: number | string | null }
  | { property: Queryable; op: 'lt' | 'lte' | 'gt' | 'gte'; value: number | string }
  | { property: Queryable; op: 'in'; value: readonly (number | string | null)[] }
  | { property: TextQueryable; op: 'startsWith' | 'endsWith' | 'contains'; value: string }

export type SortKey = 'datetime' | 'cloudCoverage' | 'resolution'
export interface SortTerm {
  key: SortKey
  dir: 1 | -1
}

/** A bbox (west greater than east when it crosses the antimeridian) or a polygon's rings, holes allowed. */
export type SearchArea = { bbox: BBox } | { rings: readonly (readonly (readonly number[])[])[] }

export interface SearchInput {
  /** Names of the host's collections to search. */
  collections: ReadonlySet<string>
  ids?: readonly string[]
  /** Inclusive acquisition-time range, ms. */
  time?: readonly [number, number]
  area?: SearchArea
  /** Every term must hold. */
  query: readonly QueryTerm[]
  /** Keys in order of precedence; newest first is [{ key: 'datetime', dir: -1 }]. */
  sort: readonly SortTerm[]
  /** Matches skipped before the page. */
  offset: number
  limit: number
}

/** One page of matches. */
export interface SearchPage {
  features: Feature[]
  /** Number of matching scenes over all pages. */
  matched: number
  offset: number
  limit: number
  /** Offsets of the next and the previous page, when such pages exist. */
  next?: number
  prev?: number
}

// -----------------------------------------------------------------------------------------------------------
// Page cursors

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** JSON with object keys sorted, so that the same search written in another key order has the same hash. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`
  if (isRecord(v)) {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

const searchHash = (host: string, body: unknown) => hashString(`${host}\n${canonicalJson(body)}`).toString(36)

const base64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** The `next` query value of a page: opaque to clients, bound to the search body it came from. */
export function makeCursor(direction: 'next' | 'prev', offset: number, host: string, body: unknown): string {
  return `${direction}:${base64url(`c1.${direction}.${offset}.${searchHash(host, body)}`)}`
}

/** The offset a `next` query value stands for, or why it is no cursor of this host and body. */
export function readCursor(cursor: string, host: string, body: unknown): number | string {
  const m = /^(next|prev):([A-Za-z0-9_-]+)$/.exec(cursor)
  if (!m) return 'expected next:<token> or prev:<token>'
  let text: string
  try {
    text = atob(m[2].replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return 'unreadable token'
  }
  const parts = text.split('.')
  if (parts.length !== 4 || parts[0] !== 'c1' || parts[1] !== m[1] || !/^\d{1,9}$/.test(parts[2]))
    return 'unreadable token'
  if (parts[3] !== searchHash(host, body)) return 'it belongs to a different search body'
  return Number(parts[2])
}

// -----------------------------------------------------------------------------------------------------------
// Search

/** The provider named `host` if it is a data host. */
export function findHost(world: World, host: string): S['Provider'] | undefined {
  return world.providers.find((p) => p.name === host && p.roles.includes('HOST'))
}

/** The area as polygons prepared for the footprint tests: a bbox across the antimeridian becomes two. */
function prepareArea(area: SearchArea): PreparedPolygon[] {
  if ('rings' in area) return [new PreparedPolygon(area.rings)]
  const [w, s, e, n] = area.bbox
  return w <= e ? [rectangle(w, s, e, n)] : [rectangle(w, s, 180, n), rectangle(-180, s, e, n)]
}

/** A query term as a test of a scene's fields. */
function termTest(term: QueryTerm): (p: Searchable) => boolean {
  const name = term.property
  const get = (p: Searchable) => p[name]
  switch (term.op) {
    case 'eq': {
      const v = term.value
      return (p) => (get(p) ?? null) === v
    }
    case 'neq': {
      const v = term.value
      return (p) => (get(p) ?? null) !== v
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const { op, value: v } = term
      const test =
        op === 'lt'
          ? (x: number | string) => x < v
          : op === 'lte'
            ? (x: number | string) => x <= v
            : op === 'gt'
              ? (x: number | string) => x > v
              : (x: number | string) => x >= v
      return (p) => {
        const x = get(p)
        return x !== null && x !== undefined && test(x)
      }
    }
    case 'in': {
      const set = new Set<unknown>(term.value)
      return (p) => set.has(get(p) ?? null)
    }
    default: {
      const { op, value: s } = term
      const test =
        op === 'startsWith'
          ? (x: string) => x.startsWith(s)
          : op === 'endsWith'
            ? (x: string) => x.endsWith(s)
            : (x: string) => x.includes(s)
      return (p) => {
        const x = get(p)
        return typeof x === 'string' && test(x)
      }
    }
  }
}

function compareBy(sort: readonly SortTerm[], scenes: Scene[]) {
  return (a: number, b: number): number => {
    for (const { key, dir } of sort) {
      if (key === 'datetime') {
        // Ordinals are newest first.
        if (a !== b) return (a - b) * -dir
        continue
      }
      const x = searchable(scenes[a])[key]
      const y = searchable(scenes[b])[key]
      if (x === y) continue
      // Unknown values (a radar scene's cloud cover) go last in either direction.
      if (x === null || x === undefined) return 1
      if (y === null || y === undefined) return -1
      return (x < y ? -1 : 1) * dir
    }
    return a - b
  }
}

/**
 * Searches the archive of one data host for one page of matches. Pure: the answer depends only on the world's
 * scenes and the input. The input is taken as given (the request side has checked it); a name that is no
 * host of the world finds nothing.
 */
export function searchScenes(world: World, host: string, input: SearchInput): SearchPage {
  const areas = input.area && prepareArea(input.area)
  const predicates = input.query.map(termTest)
  const idx = indexFor(world).hosts.get(host)
  let hits = new Int32Array(0)
  let count = 0
  if (idx) {
    const { scenes } = idx
    hits = new Int32Array(input.ids ? input.ids.length : scenes.length)
    const test = (o: number) => {
      const scene = scenes[o]
      const p = searchable(scene)
      if (!input.collections.has(p.collection)) return
      if (input.time && (scene.time < input.time[0] || scene.time > input.time[1])) return
      for (const pred of predicates) if (!pred(p)) return
      if (areas && !footprintMeets(scene, areas)) return
      hits[count++] = o
    }
    if (input.ids) {
      for (const id of input.ids) {
        const o = idx.ordinalById.get(id)
        if (o !== undefined) test(o)
      }
    } else if (areas) {
      visitCandidates(
        idx,
        areas.map((a) => a.bbox),
        test,
      )
    } else {
      for (let o = 0; o < scenes.length; o++) test(o)
    }
    hits = hits.subarray(0, count)
    // Ordinals are the default order (newest first): a plain numeric sort of a typed array is the fastest.
    const { sort } = input
    const isDefault = sort.length === 1 && sort[0].key === 'datetime' && sort[0].dir === -1
    if (isDefault) hits.sort()
    else hits.sort(compareBy(sort, scenes))
  }
  const { offset, limit } = input
  const page = Array.from(hits.subarray(offset, offset + limit))
  return {
    features: idx ? page.map((o) => idx.scenes[o].feature) : [],
    matched: count,
    offset,
    limit,
    next: offset + limit < count ? offset + limit : undefined,
    prev: offset > 0 ? Math.max(0, offset - limit) : undefined,
  }
}

// -----------------------------------------------------------------------------------------------------------
// Previews

export type PreviewKind = 'thumbnail' | 'quicklook'

interface PreviewSpec {
  format: 'png' | 'jpeg'
  size: number
}

/** What each host serves. Hosts not listed serve PNGs when their collections say they have previews. */
const HOST_PREVIEWS: Record<string, Partial<Record<PreviewKind, PreviewSpec>>> = {
  oneatlas: { thumbnail: { format: 'png', size: 128 }, quicklook: { format: 'png', size: 512 } },
  blacksky: { thumbnail: { format: 'jpeg', size: 128 }, quicklook: { format: 'jpeg', size: 512 } },
  capellaspace: { quicklook: { format: 'jpeg', size: 512 } },
  nearspace: {},
}
const DEFAULT_PREVIEWS: Record<PreviewKind, PreviewSpec> = {
  thumbnail: { format: 'png', size: 128 },
  quicklook: { format: 'png', size: 512 },
}

export type PreviewResult =
  | { ok: true; seed: string; format: 'png' | 'jpeg'; size: number; sar: boolean; cloudCover: number }
  | { ok: false; message: string }

/** Which image (if any) answers `GET /catalog/{host}/image/{id}/{kind}`. */
export function previewFor(world: World, host: string, imageId: string, kind: PreviewKind): PreviewResult {
  if (!findHost(world, host))
    return { ok: false, message: `Host ${host} not found: no data host has this name` }
  const scene = world.scenesById.get(imageId)
  if (!scene || scene.host !== host)
    return { ok: false, message: `Image ${imageId} not found at host ${host}` }
  const p = searchable(scene)
  const collection = world.collections.find((c) => c.name === p.collection)
  const flag = kind === 'thumbnail' ? 'THUMBNAIL_AVAILABLE' : 'QUICKLOOK_AVAILABLE'
  const spec = (Object.hasOwn(HOST_PREVIEWS, host) ? HOST_PREVIEWS[host] : DEFAULT_PREVIEWS)[kind]
  if (!collection?.integrations.includes(flag) || !spec) {
    return { ok: false, message: `Host ${host} provides no ${kind} for scenes of collection ${p.collection}` }
  }
  return {
    ok: true,
    seed: p.id,
    format: spec.format,
    size: spec.size,
    sar: collection.metadata?.productType === 'SAR',
    cloudCover: p.cloudCoverage ?? 0,
  }
}
