import { formatUtc } from '../../lib/format'

/** An item's properties grouped for reading, each with a readable label; unknown ones go to "Other". */
export interface PropertyGroup {
  title: string
  rows: { key: string; label: string; value: unknown }[]
}

const LABELS: Record<string, string> = {
  datetime: 'Acquired',
  start_datetime: 'Start',
  end_datetime: 'End',
  created: 'Stored',
  updated: 'Last changed',
  title: 'Title',
  platform: 'Platform',
  constellation: 'Constellation',
  gsd: 'Ground sample distance (m)',
  'eo:cloud_cover': 'Cloud cover (%)',
  'proj:epsg': 'Projection (EPSG)',
  'view:azimuth': 'View azimuth (°)',
  'view:sun_azimuth': 'Sun azimuth (°)',
  'view:sun_elevation': 'Sun elevation (°)',
  'view:incidence_angle': 'Incidence angle (°)',
  'up42-system:asset_id': 'Asset ID',
  'up42-system:account_id': 'Account ID',
  'up42-system:workspace_id': 'Workspace ID',
  'up42-system:job_id': 'Job ID',
  'up42-system:source': 'Source',
  'up42-system:metadata_version': 'Metadata version',
  'up42-order:id': 'Order ID',
  'up42-order:status': 'Order status',
  'up42-order:host_id': 'Provider order ID',
  'up42-product:product_id': 'Data product ID',
  'up42-product:collection_name': 'Collection name',
  'up42-product:modality': 'Modality',
  'up42-product:data_type': 'Data type',
  'up42-user:title': 'Your title',
  'up42-user:tags': 'Your tags',
}

const GROUPS: { title: string; test: (k: string) => boolean }[] = [
  { title: 'Yours', test: (k) => k.startsWith('up42-user:') },
  {
    title: 'Acquisition',
    test: (k) =>
      ['datetime', 'start_datetime', 'end_datetime', 'title', 'platform', 'constellation', 'gsd'].includes(
        k,
      ) || /^(eo|view|proj|sat|sar):/.test(k),
  },
  { title: 'Order and product', test: (k) => k.startsWith('up42-order:') || k.startsWith('up42-product:') },
  {
    title: 'Storage',
    test: (k) => k.startsWith('up42-system:') || k === 'created' || k === 'updated',
  },
]

export function labelOf(key: string): string {
  return LABELS[key] ?? key
}

export function groupProperties(props: Record<string, unknown>): PropertyGroup[] {
  const groups: PropertyGroup[] = [
    ...GROUPS.map((g) => ({ title: g.title, rows: [] })),
    { title: 'Other', rows: [] },
  ] as PropertyGroup[]
  for (const [key, value] of Object.entries(props)) {
    const i = GROUPS.findIndex((g) => g.test(key))
    groups[i === -1 ? GROUPS.length : i].rows.push({ key, label: labelOf(key), value })
  }
  return groups.filter((g) => g.rows.length > 0)
}

/** A property value in words: moments in the console's one format, lists joined, nothing as a dash, objects as JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—'
  if (typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v)) return formatUtc(v, v)
  if (Array.isArray(v)) return v.length === 0 ? 'None' : v.map(valueText).join(', ')
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v)
}

/** Units a summary's numbers are read in (the label says "(%)" in a table; a sentence says "8 %"). */
const UNITS: Record<string, string> = { 'eo:cloud_cover': ' %', gsd: ' m' }

/**
 * A collection summary in words: a list joined, a range as "3 – 8 %" (moments in the console's one format),
 * and a range whose ends are the same value as that one value ("8 %", not "8 – 8").
 */
export function summaryText(key: string, v: unknown): string {
  if (Array.isArray(v)) return v.join(', ')
  if (v && typeof v === 'object' && 'minimum' in v && 'maximum' in v) {
    const unit = UNITS[key] ?? ''
    const end = (x: unknown) =>
      typeof x === 'string' && /^\d{4}-\d\d-\d\dT/.test(x) ? formatUtc(x) : String(x)
    if (end(v.minimum) === end(v.maximum)) return `${end(v.minimum)}${unit}`
    return `${end(v.minimum)} – ${end(v.maximum)}${unit}`
  }
  return JSON.stringify(v)
}
