import { wktToGeoJSON } from '@terraformer/wkt'
import type { kml } from '@tmcw/togeojson'
import type { UnzipFileInfo, unzipSync } from 'fflate'
import type { parseShp } from 'shpjs'
import { rectanglePolygon } from './geo/shapes'
import {
  collect,
  decodeText,
  emptyCollected,
  fail,
  finish,
  GEOMETRY_TYPES,
  isRecord,
  MB,
  PASTE_HELP,
  type AoiFileOptions,
  type AoiParse,
  type XmlParser,
} from './aoi-parse'

/**
 * The readers of each AOI format, told apart by ./aoi-formats.ts: GeoJSON, KML and KMZ, zips (KMZ and zipped
 * shapefiles), shapefiles, and text (WKT, bounding boxes). Each turns its input into the shared result
 * (./aoi-parse.ts); none throws.
 */

/**
 * The readers of KML, zip and shapefiles (with proj4 for reprojection, about 90 kB gzip) load with the first
 * file import, not with every page that shows the toolkit.
 */
interface FileReaders {
  kml: typeof kml
  unzipSync: typeof unzipSync
  parseShp: typeof parseShp
}
let readers: FileReaders | null = null

export async function loadFileReaders(): Promise<void> {
  if (readers) return
  const [togeojson, fflate, shpjs] = await Promise.all([
    import('@tmcw/togeojson'),
    import('fflate'),
    import('shpjs'),
  ])
  readers = { kml: togeojson.kml, unzipSync: fflate.unzipSync, parseShp: shpjs.parseShp }
}

function fileReaders(): FileReaders {
  if (!readers) throw new Error('file readers not loaded: call parseAoiFile')
  return readers
}

/** Uncompressed bytes a zip may expand to, so a zip bomb is refused instead of filling memory. */
const MAX_UNZIPPED_BYTES = 400 * 1024 * 1024

// ---------------------------------------------------------------------------------------------------------
// GeoJSON

export function readGeoJsonText(label: string, text: string): AoiParse {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return fail(
      `${label} is not valid JSON${jsonErrorWhere(e, text)}. Export it again, or fix it in an editor.`,
    )
  }
  if (Array.isArray(value) && value.length === 4 && value.every((v) => typeof v === 'number'))
    return parseBbox(value.join(',')) ?? fail(PASTE_HELP)
  if (!isRecord(value) && !Array.isArray(value))
    return fail(
      `${label} is JSON but not GeoJSON: it holds a single ${typeof value}, not a feature or geometry.`,
    )
  if (isRecord(value)) {
    if (typeof value.type !== 'string')
      return fail(
        `${label} is JSON but not GeoJSON: it has no "type" (expected FeatureCollection, Feature, Polygon or MultiPolygon).`,
      )
    if (value.type !== 'FeatureCollection' && value.type !== 'Feature' && !GEOMETRY_TYPES.has(value.type))
      return fail(
        `${label} is JSON but not GeoJSON: its type is "${value.type.slice(0, 40)}", where a FeatureCollection, Feature, Polygon or MultiPolygon was expected.`,
      )
    const crs = crsName(value.crs)
    if (crs && !isWgs84Name(crs))
      return fail(
        `${label} uses the coordinate system ${crs}. Export it in WGS84 longitude/latitude (EPSG:4326), as GeoJSON requires, and import it again.`,
      )
  }
  const c = emptyCollected()
  collect(value, c)
  return finish(label, 'GeoJSON', c)
}

function jsonErrorWhere(e: unknown, text: string): string {
  const m = e instanceof Error ? /position (\d+)/.exec(e.message) : null
  if (!m) return ''
  const pos = Number(m[1])
  const line = text.slice(0, pos).split('\n').length
  return ` (the problem is on line ${line})`
}

function crsName(crs: unknown): string | null {
  if (!isRecord(crs) || !isRecord(crs.properties)) return null
  const name = crs.properties.name
  return typeof name === 'string' ? name : null
}

function isWgs84Name(name: string): boolean {
  return /CRS84$|EPSG:{1,2}4326$|^WGS ?84$/i.test(name.trim())
}

// ---------------------------------------------------------------------------------------------------------
// KML and KMZ

export function readKml(label: string, text: string, options: AoiFileOptions, format: string): AoiParse {
  const parser = options.xmlParser ?? globalParser()
  if (!parser) return fail(`${label} is KML, which cannot be read here (no XML parser is available).`)
  const broken = `${label} is not well-formed XML, so its KML cannot be read. Open it in Google Earth or a GIS and save it again.`
  let doc: unknown
  try {
    doc = parser.parseFromString(text, 'text/xml')
  } catch {
    return fail(broken)
  }
  if (!isXmlDocument(doc) || doc.getElementsByTagName('parsererror').length > 0) return fail(broken)
  const root = doc.documentElement
  const rootName = (root?.localName ?? root?.nodeName ?? '').toLowerCase()
  if (rootName !== 'kml') {
    return fail(
      rootName === 'gpx'
        ? `${label} is GPX (tracks and waypoints), which has no areas. Draw the area on the map, or import KML, GeoJSON or a shapefile.`
        : `${label} is XML but not KML (its root element is <${rootName.slice(0, 30)}>). Import KML, KMZ, GeoJSON or a zipped shapefile.`,
    )
  }
  // togeojson accepts the browser's Document and xmldom's; the check above is all that can be known of it.
  const fc = fileReaders().kml(doc as unknown as Document)
  const c = emptyCollected()
  collect(fc, c)
  if (fc.features.length === 0)
    return fail(
      `${label} has no placemarks, so there is no area in it. Export the area again from its source.`,
    )
  return finish(label, format, c)
}

function globalParser(): XmlParser | null {
  return typeof DOMParser === 'function' ? new DOMParser() : null
}

interface XmlDocumentLike {
  getElementsByTagName(name: string): { length: number }
  documentElement: { localName?: string | null; nodeName?: string } | null
}

function isXmlDocument(v: unknown): v is XmlDocumentLike {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { getElementsByTagName?: unknown }).getElementsByTagName === 'function'
  )
}

// ---------------------------------------------------------------------------------------------------------
// Zips: KMZ and zipped shapefiles

const WANTED = /\.(kml|shp|prj)$/i

export function readZip(label: string, ext: string, bytes: Uint8Array, options: AoiFileOptions): AoiParse {
  const names: string[] = []
  let unzippedBytes = 0
  let entries: Record<string, Uint8Array>
  try {
    entries = fileReaders().unzipSync(bytes, {
      filter: (file: UnzipFileInfo) => {
        const n = file.name
        if (n.endsWith('/') || n.startsWith('__MACOSX/') || /(^|\/)\._/.test(n)) return false
        names.push(n)
        if (!WANTED.test(n)) return false
        unzippedBytes += file.originalSize
        if (unzippedBytes > MAX_UNZIPPED_BYTES) throw new RangeError('too big')
        return true
      },
    })
  } catch (e) {
    if (e instanceof RangeError && e.message === 'too big')
      return fail(
        `${label} expands to more than ${MAX_UNZIPPED_BYTES / MB} MB when unzipped, which is more than an AOI needs. Simplify the shapes or split the file.`,
      )
    return fail(
      `${label} looks like a zip but cannot be opened (it may be damaged, incomplete or encrypted). Zip the files again without a password.`,
    )
  }
  const find = (re: RegExp) => Object.keys(entries).filter((n) => re.test(n))
  const shps = find(/\.shp$/i)
  const kmls = find(/\.kml$/i)
  if (shps.length > 0 && !(ext === 'kmz' && kmls.length > 0)) {
    const layers = shps.map((n) => {
      const base = n.slice(0, -4).toLowerCase()
      const prjName = Object.keys(entries).find((p) => p.toLowerCase() === `${base}.prj`)
      const prj = prjName ? new TextDecoder().decode(entries[prjName]) : undefined
      return { name: n, shp: entries[n], prj }
    })
    return readShapefileLayers(label, layers, 'Zipped shapefile')
  }
  if (kmls.length > 0) {
    const main =
      kmls.find((n) => n.toLowerCase() === 'doc.kml') ?? kmls.sort((a, b) => depth(a) - depth(b))[0]
    const text = decodeText(entries[main])
    if (text === null) return fail(`${label} holds ${main}, but it is not readable text. Save the KMZ again.`)
    const result = readKml(`${label} (${main})`, text, options, 'KMZ')
    if (result.ok && kmls.length > 1)
      result.notes.push(`Read ${main}; the other KML files in the KMZ (${kmls.length - 1}) were not read.`)
    return result
  }
  const listed = names.slice(0, 5).join(', ') + (names.length > 5 ? `, and ${names.length - 5} more` : '')
  if (ext === 'kmz')
    return fail(
      `${label} has no KML file inside${names.length > 0 ? ` (it holds ${listed})` : ''}. Save it again from Google Earth.`,
    )
  return fail(
    names.length === 0
      ? `${label} is an empty zip. Zip the shapefile (.shp, .shx, .dbf and .prj) or the KML and import that.`
      : `${label} has no shapefile or KML inside (it holds ${listed}). A zipped shapefile needs at least its .shp and .prj files.`,
  )
}

function depth(path: string): number {
  return path.split('/').length
}

// ---------------------------------------------------------------------------------------------------------
// Shapefiles

interface ShpLayer {
  name: string
  shp: Uint8Array
  prj?: string
}

const SHAPE_TYPES = new Map([
  [0, 'null'],
  [1, 'Point'],
  [3, 'PolyLine'],
  [5, 'Polygon'],
  [8, 'MultiPoint'],
  [11, 'PointZ'],
  [13, 'PolyLineZ'],
  [15, 'PolygonZ'],
  [18, 'MultiPointZ'],
  [21, 'PointM'],
  [23, 'PolyLineM'],
  [25, 'PolygonM'],
  [28, 'MultiPointM'],
  [31, 'MultiPatch'],
])

export function readShapefileLayers(label: string, layers: ShpLayer[], format: string): AoiParse {
  const c = emptyCollected()
  const notes: string[] = []
  for (const layer of layers) {
    const layerLabel = layers.length > 1 || layer.name !== label ? `${label} (${layer.name})` : label
    const problem = shpStructureProblem(layer.shp)
    if (problem) return fail(`${layerLabel} is not a readable shapefile: ${problem}. Export it again.`)
    const shapeType = new DataView(layer.shp.buffer, layer.shp.byteOffset, layer.shp.byteLength).getInt32(
      32,
      true,
    )
    if (shapeType === 31)
      return fail(
        `${layerLabel} holds MultiPatch (3D surfaces), which cannot be an area. Export the outlines as polygons.`,
      )
    let geometries: unknown[]
    try {
      geometries = fileReaders().parseShp(layer.shp, layer.prj ?? false)
    } catch {
      return fail(`${layerLabel} is damaged: its shapes cannot be read. Export the shapefile again.`)
    }
    const part = emptyCollected()
    collect(
      geometries.filter((g) => g !== null),
      part,
    )
    if (part.zDropped) c.zDropped = true
    c.points += part.points
    c.lines += part.lines
    c.multi += part.multi
    if (part.badPosition) c.badPosition = part.badPosition
    const inRange = part.polygons.every((p) =>
      p.coordinates.every((r) => r.every(([x, y]) => Math.abs(x) <= 180 && Math.abs(y) <= 90)),
    )
    if (!layer.prj) {
      if (!inRange)
        return fail(
          format === 'Shapefile'
            ? `${label} is a .shp on its own, and its coordinates are not longitude/latitude: zip it with its .prj, .shx and .dbf files and import the zip.`
            : `The shapefile in ${layerLabel} has no .prj, and its coordinates are not longitude/latitude: add the .prj file to the zip.`,
        )
      if (part.polygons.length > 0)
        notes.push(
          'The shapefile has no .prj; its coordinates are within longitude/latitude range, so they were read as WGS84.',
        )
    } else if (!inRange) {
      return fail(
        `${layerLabel}: its .prj (${prjName(layer.prj) ?? 'unrecognised'}) could not be used to convert the coordinates to longitude/latitude. Export the shapefile in WGS84 (EPSG:4326).`,
      )
    } else if (part.polygons.length > 0) {
      const note = reprojectionNote(layer.prj)
      if (note) notes.push(note)
    }
    c.polygons.push(...part.polygons)
  }
  if (layers.length > 1)
    notes.push(`Read ${layers.length} shapefile layers: ${layers.map((l) => l.name).join(', ')}.`)
  return finish(label, format, c, [...new Set(notes)])
}

/** Checks the record structure before shpjs walks it: a damaged length field could otherwise loop or overrun. */
function shpStructureProblem(b: Uint8Array): string | null {
  if (b.length < 100) return 'the .shp file is shorter than its header'
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  if (view.getInt32(0, false) !== 9994) return 'the .shp file does not start with the shapefile signature'
  const type = view.getInt32(32, true)
  if (!SHAPE_TYPES.has(type)) return `the shape type (${type}) is unknown`
  let offset = 100
  let records = 0
  while (offset + 8 <= b.length) {
    const length = view.getInt32(offset + 4, false) * 2
    if (length < 4 || offset + 8 + length > b.length) return `record ${records + 1} is cut short`
    const recordType = view.getInt32(offset + 8, true)
    if (recordType !== 0 && recordType !== type) return `record ${records + 1} has a different shape type`
    if ([3, 5, 13, 15, 23, 25].includes(recordType)) {
      if (length < 44) return `record ${records + 1} is cut short`
      const parts = view.getInt32(offset + 8 + 36, true)
      const points = view.getInt32(offset + 8 + 40, true)
      if (parts < 0 || points < 0 || 44 + 4 * parts + 16 * points > length)
        return `record ${records + 1} has more points than it has room for`
    }
    offset += 8 + length
    records++
  }
  return null
}

function prjName(prj: string): string | null {
  const m = /^\s*(?:PROJCS|PROJCRS|GEOGCS|GEOGCRS|GEODCRS)\[\s*"([^"]+)"/i.exec(prj)
  return m ? m[1].replace(/_/g, ' ') : null
}

function reprojectionNote(prj: string): string | null {
  const name = prjName(prj) ?? 'its coordinate system'
  const epsg = /AUTHORITY\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]\s*\]\s*$/i.exec(prj)?.[1]
  const from = epsg ? `EPSG:${epsg} (${name})` : name
  if (/^\s*PROJ/i.test(prj)) return `Reprojected from ${from} to WGS84 longitude/latitude.`
  if (epsg === '4326' || /WGS[ _]?(19)?84/i.test(name)) return null
  return `Converted from ${from} to WGS84 longitude/latitude.`
}

// ---------------------------------------------------------------------------------------------------------
// Text: WKT, bbox

export function readText(label: string, text: string): AoiParse {
  const box = parseBbox(text.trim())
  if (box) return box
  if (/^\s*(SRID=\d+;\s*)?(MULTI)?POLYGON\b/i.test(text) || /^\s*GEOMETRYCOLLECTION\b/i.test(text)) {
    const r = readWkt(text.trim())
    return r.ok ? r : fail(`${label}: ${r.message}`)
  }
  if (/^\s*(SRID=\d+;\s*)?(MULTI)?(POINT|LINESTRING)\b/i.test(text))
    return fail(`${label} holds WKT points or lines, and an area of interest must be a polygon.`)
  return fail(
    `${label} is not a format that can hold an area. Use GeoJSON, KML, KMZ, a zipped shapefile (.zip with .shp and .prj), or WKT text.`,
  )
}

export function readWkt(text: string): AoiParse {
  let t = text.trim()
  const srid = /^SRID=(\d+);\s*/i.exec(t)
  if (srid) {
    if (srid[1] !== '4326')
      return fail(
        `The WKT is in SRID ${srid[1]}; only WGS84 longitude/latitude (4326) is accepted. Convert it first.`,
      )
    t = t.slice(srid[0].length)
  }
  if (/^(MULTI)?(POINT|LINESTRING)\b/i.test(t))
    return fail(
      'The WKT is a point or a line, and an area of interest must be a polygon (POLYGON or MULTIPOLYGON).',
    )
  if (/^(MULTI)?POLYGON\s*(Z|M|ZM)?\s*EMPTY\b/i.test(t))
    return fail('The WKT polygon is EMPTY: it has no corners.')
  if (!/^((MULTI)?POLYGON|GEOMETRYCOLLECTION)\b/i.test(t)) return fail(PASTE_HELP)
  let geometry: unknown
  try {
    // The parser knows only upper-case keywords; WKT itself is case-insensitive.
    geometry = wktToGeoJSON(t.toUpperCase())
  } catch (e) {
    const where = e instanceof Error ? /line \d+:\n([^\n]*)\n(-*)\^/.exec(e.message) : null
    const at = where ? ` near character ${where[2].length + 1}` : ''
    return fail(
      `The WKT could not be read${at}. Check the brackets and that each corner is "longitude latitude", e.g. POLYGON((12.4 41.8, 12.6 41.8, 12.6 42.0, 12.4 41.8)).`,
    )
  }
  const c = emptyCollected()
  collect(isRecord(geometry) ? { ...geometry, properties: undefined } : geometry, c)
  return finish('The WKT', 'WKT', c)
}

/** "west,south,east,north" (commas or spaces, optionally in brackets): a rectangle, or null if not 4 numbers. */
export function parseBbox(text: string): AoiParse | null {
  const m = /^\[?\s*([^,\s\]]+)[,\s]+([^,\s\]]+)[,\s]+([^,\s\]]+)[,\s]+([^,\s\]]+)\s*\]?$/.exec(text)
  if (!m) return null
  const numbers = m.slice(1, 5).map((s) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : NaN))
  if (numbers.some((n) => !Number.isFinite(n))) return null
  const [w, s, e, n] = numbers
  const order = 'the order is west, south, east, north'
  if (Math.abs(s) > 90 || Math.abs(n) > 90)
    return fail(`The bounding box has a latitude beyond ±90 (${Math.abs(s) > 90 ? s : n}): ${order}.`)
  if (Math.abs(w) > 180 || Math.abs(e) > 180)
    return fail(`The bounding box has a longitude beyond ±180 (${Math.abs(w) > 180 ? w : e}): ${order}.`)
  if (s >= n)
    return fail(
      s === n
        ? 'The bounding box has no height: south and north are equal.'
        : `The bounding box's south (${s}) is north of its north (${n}): ${order}.`,
    )
  if (w === e) return fail('The bounding box has no width: west and east are equal.')
  const notes: string[] = []
  let east = e
  if (w > e) {
    // RFC 7946: a box whose west is greater than its east crosses the antimeridian.
    east = e + 360
    notes.push(
      `West (${w}) is greater than east (${e}), so the box was taken to cross the 180° meridian; if not, swap them.`,
    )
  }
  return { ok: true, polygons: [rectanglePolygon([w, s], [east, n])], format: 'Bounding box', notes }
}
