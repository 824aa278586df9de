import type { Polygon, Position } from 'geojson'

/**
 * What every reader of an AOI format shares (./aoi-formats.ts dispatches, ./aoi-readers.ts reads each format):
 * the result, decoding text from bytes, and collecting polygons from GeoJSON-shaped values into that result
 * with the notes and refusals an analyst reads. Every outcome is a value, never a throw.
 */

export type AoiParse =
  { ok: true; polygons: Polygon[]; format: string; notes: string[] } | { ok: false; message: string }

/** The slice of DOMParser that KML reading needs: the browser's, or @xmldom/xmldom's in node tests. */
export interface XmlParser {
  parseFromString(text: string, mimeType: 'text/xml'): unknown
}

export interface AoiFileOptions {
  /** Defaults to the global DOMParser (there is none in node). */
  xmlParser?: XmlParser
}

export const MB = 1024 * 1024

export const PASTE_HELP =
  'Paste WKT (POLYGON or MULTIPOLYGON), GeoJSON, or a bounding box as west,south,east,north (e.g. 12.4,41.8,12.6,42.0).'

// ---------------------------------------------------------------------------------------------------------
// Decoding

export function fail(message: string): AoiParse {
  return { ok: false, message }
}

/** UTF-8 (with or without BOM), UTF-16 with BOM, or the encoding an XML prolog names; null for binary. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return safeDecode('utf-16le', bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return safeDecode('utf-16be', bytes.subarray(2))
  const head = bytes.subarray(0, 1024)
  if (head.includes(0)) return null
  const utf8 = safeDecode('utf-8', bytes)
  if (utf8 !== null) return utf8.replace(/^\uFEFF/, '')
  const prolog = /^<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(new TextDecoder('latin1').decode(head))
  return prolog ? safeDecode(prolog[1], bytes) : null
}

function safeDecode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------------------
// Collecting polygons from GeoJSON-shaped values (GeoJSON files, KML via togeojson, shapefiles, WKT)

export interface Collected {
  polygons: Polygon[]
  points: number
  lines: number
  noGeometry: number
  multi: number
  zDropped: boolean
  unknownTypes: Set<string>
  badPosition?: string
}

export function emptyCollected(): Collected {
  return {
    polygons: [],
    points: 0,
    lines: 0,
    noGeometry: 0,
    multi: 0,
    zDropped: false,
    unknownTypes: new Set(),
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
])

export function collect(value: unknown, into: Collected, depth = 0): void {
  if (into.badPosition || depth > 32) return
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) collect(item, into, depth + 1)
    return
  }
  if (!isRecord(value)) {
    into.unknownTypes.add(typeof value)
    return
  }
  const type = value.type
  switch (type) {
    case 'FeatureCollection':
      if (Array.isArray(value.features))
        for (const f of value.features as unknown[]) collect(f, into, depth + 1)
      else into.unknownTypes.add('FeatureCollection without features')
      return
    case 'Feature':
      if (value.geometry === null || value.geometry === undefined) into.noGeometry++
      else collect(value.geometry, into, depth + 1)
      return
    case 'GeometryCollection':
      if (Array.isArray(value.geometries))
        for (const g of value.geometries as unknown[]) collect(g, into, depth + 1)
      return
    case 'Point':
      into.points++
      return
    case 'MultiPoint':
      into.points += Array.isArray(value.coordinates) ? value.coordinates.length : 1
      return
    case 'LineString':
      into.lines++
      return
    case 'MultiLineString':
      into.lines += Array.isArray(value.coordinates) ? value.coordinates.length : 1
      return
    case 'Polygon': {
      const p = readPolygonCoordinates(value.coordinates, into)
      if (p) into.polygons.push(p)
      return
    }
    case 'MultiPolygon': {
      if (!Array.isArray(value.coordinates)) {
        into.badPosition = 'a MultiPolygon without a list of polygons'
        return
      }
      into.multi++
      for (const c of value.coordinates as unknown[]) {
        const p = readPolygonCoordinates(c, into)
        if (p) into.polygons.push(p)
      }
      return
    }
    default:
      into.unknownTypes.add(typeof type === 'string' ? type : 'no "type"')
  }
}

function readPolygonCoordinates(value: unknown, into: Collected): Polygon | null {
  if (!Array.isArray(value)) {
    into.badPosition = 'a polygon whose coordinates are not a list of rings'
    return null
  }
  const rings: Position[][] = []
  for (const ring of value as unknown[]) {
    if (!Array.isArray(ring)) {
      into.badPosition = 'a polygon ring that is not a list of positions'
      return null
    }
    const out: Position[] = []
    for (const pos of ring as unknown[]) {
      const [x, y] = Array.isArray(pos) ? (pos as unknown[]) : []
      if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
        into.badPosition = `a position that is not two numbers (${preview(pos)})`
        return null
      }
      // Heights of 0 (KML's usual "clamp to ground") lose nothing, so only real heights are worth a note.
      const z = (pos as unknown[])[2]
      if (typeof z === 'number' && z !== 0) into.zDropped = true
      out.push([x, y])
    }
    rings.push(out)
  }
  return { type: 'Polygon', coordinates: rings }
}

function preview(v: unknown): string {
  let s: string
  try {
    s = JSON.stringify(v) ?? String(v)
  } catch {
    s = String(v)
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`
}

/** Turns what was collected into the result: polygons and notes, or why there is nothing to use. */
export function finish(label: string, format: string, c: Collected, extraNotes: string[] = []): AoiParse {
  if (c.badPosition) {
    return fail(
      `${label} has ${c.badPosition}. Positions must be [longitude, latitude] numbers; fix the file or export it again.`,
    )
  }
  if (c.polygons.length === 0) {
    const found: string[] = []
    if (c.points > 0) found.push(plural(c.points, 'point'))
    if (c.lines > 0) found.push(plural(c.lines, 'line'))
    if (found.length > 0) {
      return fail(
        `${label} holds only ${found.join(' and ')}, and an area of interest must be a polygon. Draw the area on the map, or import a file with polygons.`,
      )
    }
    if (c.noGeometry > 0)
      return fail(`${label} has features but none has a geometry. Export the area again with its shape.`)
    if (c.unknownTypes.size > 0)
      return fail(
        `${label} is not GeoJSON that holds areas: found type ${[...c.unknownTypes].map((t) => `"${t}"`).join(', ')}, where a FeatureCollection, Feature, Polygon or MultiPolygon was expected.`,
      )
    return fail(`${label} has no features. Export the area again, or draw it on the map.`)
  }
  const projected = looksProjected(c.polygons)
  if (projected) {
    return fail(
      `${label} has coordinates like ${projected}, which look like meters in a projected system, not longitude/latitude. Export it in WGS84 (EPSG:4326) and import it again.`,
    )
  }
  const notes = [...extraNotes]
  const dropped: string[] = []
  if (c.points > 0) dropped.push(plural(c.points, 'point'))
  if (c.lines > 0) dropped.push(plural(c.lines, 'line'))
  if (dropped.length > 0) notes.push(`Dropped ${dropped.join(' and ')}: only areas can be an AOI.`)
  if (c.noGeometry > 0) notes.push(`Skipped ${plural(c.noGeometry, 'feature')} without a geometry.`)
  if (c.unknownTypes.size > 0)
    notes.push(`Skipped parts of unknown type: ${[...c.unknownTypes].map((t) => `"${t}"`).join(', ')}.`)
  if (c.multi > 0)
    notes.push(
      `${c.multi === 1 ? 'A multipolygon was' : `${c.multi} multipolygons were`} split into separate areas (${plural(c.polygons.length, 'area')} in all).`,
    )
  if (c.zDropped) notes.push('Removed the height (Z) values: areas are flat longitude/latitude outlines.')
  return { ok: true, polygons: c.polygons, format, notes }
}

/** "291000, 4640000" when coordinates are clearly not degrees (beyond any world copy of a web map). */
function looksProjected(polygons: Polygon[]): string | null {
  for (const p of polygons)
    for (const ring of p.coordinates)
      for (const [x, y] of ring)
        if (Math.abs(x) > 1000 || Math.abs(y) > 1000) return `${Math.round(x)}, ${Math.round(y)}`
  return null
}
