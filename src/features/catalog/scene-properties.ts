import { formatUtc } from '../../lib/format'

/**
 * A scene's properties for people (issue 20 §3): grouped, with plain labels and units instead of raw keys
 * (`svc:usageType`, `cloudCoverage`) and JSON arrays; the host's own properties (`providerProperties`) are
 * labelled from their camelCase names. Pure: unit-tested in scene-properties.test.ts. The raw JSON stays
 * available in the drawer, folded.
 */

export interface PropertyRow {
  key: string
  label: string
  text: string
}

export interface PropertyGroup {
  title: string
  rows: PropertyRow[]
}

type Format = (v: unknown) => string

const num =
  (unit: string, digits = 2): Format =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v)
      ? `${v.toLocaleString('en-GB', { maximumFractionDigits: digits })}${unit}`
      : valueText(v)
const time: Format = (v) => (typeof v === 'string' ? formatUtc(v, String(v)) : valueText(v))
const DELIVERY: Record<string, string> = {
  MINUTES: 'Within minutes',
  HOURS: 'Within hours',
  DAYS: 'Within days',
}
const USAGE: Record<string, string> = {
  DATA: 'Data (imagery to download)',
  ANALYTICS: 'Analytics (processing)',
}
const usage: Format = (v) =>
  typeof v === 'string'
    ? (USAGE[v] ?? v)
    : Array.isArray(v)
      ? v.map((x) => (typeof x === 'string' ? (USAGE[x] ?? x) : valueText(x))).join(', ')
      : valueText(v)

const KNOWN: Record<string, { label: string; group: string; format?: Format }> = {
  id: { label: 'Scene ID', group: 'Scene' },
  sceneId: { label: 'Scene ID (older form)', group: 'Scene' },
  collection: { label: 'Collection', group: 'Scene' },
  constellation: { label: 'Constellation', group: 'Scene' },
  producer: { label: 'Producer', group: 'Scene' },
  providerName: { label: 'Provider', group: 'Scene' },
  datetime: { label: 'Acquired', group: 'Acquisition', format: time },
  acquisitionDate: { label: 'Acquisition date', group: 'Acquisition', format: time },
  start_datetime: { label: 'Acquisition start', group: 'Acquisition', format: time },
  end_datetime: { label: 'Acquisition end', group: 'Acquisition', format: time },
  cloudCoverage: { label: 'Cloud cover', group: 'Acquisition', format: num(' %', 1) },
  resolution: { label: 'Resolution', group: 'Acquisition', format: num(' m') },
  deliveryTime: {
    label: 'Delivery',
    group: 'Ordering',
    format: (v) => (typeof v === 'string' ? (DELIVERY[v] ?? v) : valueText(v)),
  },
  'up42:usageType': { label: 'Usage', group: 'Ordering', format: usage },
  'svc:usageType': { label: 'Usage', group: 'Ordering', format: usage },
  blockNames: { label: 'Delivery blocks', group: 'Ordering' },
}

/** Units the hosts' own property names imply. */
const HOST_UNITS: [RegExp, string][] = [
  [/angle|azimuth|elevation|incidence|heading/i, '°'],
  [/cover(age)?$|percent/i, ' %'],
  [/resolution|gsd|altitude/i, ' m'],
]

/** Abbreviations the hosts use as names, spelled out. */
const SPELLED: Record<string, string> = {
  gsd: 'Ground sample distance',
  eo: 'Earth observation',
  sar: 'Radar (SAR)',
  crs: 'Coordinate reference system',
  epsg: 'EPSG code',
}

/** `incidenceAngle` → "Incidence angle", `sun_elevation` → "Sun elevation", `svc:x` → "X", `gsd` spelled out. */
export function humanise(key: string): string {
  const bare = key.includes(':') ? key.slice(key.lastIndexOf(':') + 1) : key
  if (SPELLED[bare.toLowerCase()]) return SPELLED[bare.toLowerCase()]
  const words = bare
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0].toUpperCase() + words.slice(1) : key
}

/** A value in words: lists joined, nothing as a dash, dates in the console's format, objects as JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—'
  if (Array.isArray(v)) return v.length === 0 ? 'None' : v.map(valueText).join(', ')
  if (typeof v === 'boolean') return v ? 'Yes' : 'No'
  if (typeof v === 'number') return v.toLocaleString('en-GB', { maximumFractionDigits: 6 })
  if (typeof v === 'string') return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v) ? formatUtc(v, v) : v
  return JSON.stringify(v)
}

/** A host's code word (`ORTHO`, `IMAGE`, `PAN_SHARPENED`) as a word: "Ortho", "Image", "Pan sharpened". */
const codeWord = (v: unknown): string =>
  typeof v === 'string' && /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(v) && v.length > 3
    ? v[0] + v.slice(1).toLowerCase().replace(/_/g, ' ')
    : valueText(v)

function hostRow(key: string, v: unknown): PropertyRow {
  const unit = typeof v === 'number' ? HOST_UNITS.find(([re]) => re.test(key))?.[1] : undefined
  return { key, label: humanise(key), text: unit ? num(unit)(v) : codeWord(v) }
}

const ORDER = ['Scene', 'Acquisition', 'Ordering', 'Other']

/**
 * The scene's properties in groups, in a fixed order, and the host's own as the last group. The collection
 * is named by its title where the glossary gives one; a moment the service repeats under a second name
 * (`acquisitionDate` beside `datetime`) is shown once.
 */
export function sceneProperties(props: Record<string, unknown>, collectionTitle?: string): PropertyGroup[] {
  const groups = new Map<string, PropertyRow[]>(ORDER.map((g) => [g, []]))
  for (const [key, v] of Object.entries(props)) {
    if (key === 'providerProperties') continue
    if (key === 'acquisitionDate' && v === props.datetime) continue
    const known = KNOWN[key]
    const row = known
      ? { key, label: known.label, text: (known.format ?? valueText)(v) }
      : { key, label: humanise(key), text: valueText(v) }
    if (key === 'collection' && collectionTitle && typeof v === 'string')
      row.text = `${collectionTitle} (${v})`
    groups.get(known?.group ?? 'Other')?.push(row)
  }
  const host = props.providerProperties
  const hostRows =
    host !== null && typeof host === 'object' && !Array.isArray(host)
      ? Object.entries(host as Record<string, unknown>)
          .map(([k, v]) => hostRow(k, v))
          .sort((a, b) => a.label.localeCompare(b.label))
      : []
  return [
    ...ORDER.map((title) => ({ title, rows: groups.get(title) ?? [] })),
    { title: 'From the host', rows: hostRows },
  ].filter((g) => g.rows.length > 0)
}
