import type { Polygon } from 'geojson'
import { decodeText, fail, MB, PASTE_HELP, type AoiFileOptions, type AoiParse } from './aoi-parse'
import {
  loadFileReaders,
  parseBbox,
  readGeoJsonText,
  readKml,
  readShapefileLayers,
  readText,
  readWkt,
  readZip,
} from './aoi-readers'
import { featureCollectionOf } from './geojson'

/**
 * Reading areas of interest from files and pasted text, and writing them out. Every outcome is a value:
 * parsing never throws, and a failure is a sentence for the analyst naming the file and what to do next.
 * Shapes come out as they are in the file (an unclosed ring stays unclosed); `validateAoi` judges them.
 * This module tells the format and hands the bytes to its reader (./aoi-readers.ts); the result and the
 * collecting every reader shares are in ./aoi-parse.ts.
 */

export type { AoiFileOptions, AoiParse, XmlParser } from './aoi-parse'

/** Bigger files are refused before parsing: one AOI never needs that much, and parsing would stall the tab. */
export const MAX_AOI_FILE_BYTES = 50 * 1024 * 1024

/** Why a file over the limit is refused; also said before reading, when only its size is known. */
export function tooLargeMessage(name: string, size: number): string {
  return `${name} is ${(size / MB).toFixed(1)} MB; AOI files up to ${MAX_AOI_FILE_BYTES / MB} MB are accepted. Simplify it or split it first.`
}

/**
 * An AOI from a file's bytes: GeoJSON, KML, KMZ, a zipped shapefile (or a bare .shp), WKT or a bbox as text.
 * The format is told by content first and by extension only to explain a failure. Returns a promise: the
 * readers of the binary formats load on first use.
 */
export async function parseAoiFile(
  name: string,
  bytes: Uint8Array,
  options: AoiFileOptions = {},
): Promise<AoiParse> {
  await loadFileReaders()
  return readAoiFile(name, bytes, options)
}

function readAoiFile(name: string, bytes: Uint8Array, options: AoiFileOptions): AoiParse {
  const label = typeof name === 'string' && name.trim() !== '' ? name.trim() : 'The file'
  try {
    if (!(bytes instanceof Uint8Array)) return fail(`${label} could not be read. Choose the file again.`)
    if (bytes.length > MAX_AOI_FILE_BYTES) {
      return fail(tooLargeMessage(label, bytes.length))
    }
    if (bytes.length === 0) return fail(`${label} is empty (0 bytes). Export the area again.`)
    const ext = extensionOf(label)
    if (isZip(bytes)) return readZip(label, ext, bytes, options)
    if (isShp(bytes)) return readShapefileLayers(label, [{ name: label, shp: bytes }], 'Shapefile')
    const text = decodeText(bytes)
    if (text === null) {
      return fail(
        `${label} is not a file type that can hold an area (it is binary, and not a zip). Use GeoJSON, KML, KMZ, a zipped shapefile, or WKT text.`,
      )
    }
    const start = text.trimStart()
    if (start === '') return fail(`${label} holds only blank space. Export the area again.`)
    if (start.startsWith('{') || start.startsWith('[')) return readGeoJsonText(label, start)
    if (start.startsWith('<')) return readKml(label, text, options, 'KML')
    if (ext === 'kml')
      return fail(`${label} should be KML, but it is not XML. Export it from its source again.`)
    if (ext === 'geojson' || ext === 'json')
      return fail(
        `${label} should be GeoJSON, but it does not start with "{". Check that it is the right file, or export it again.`,
      )
    return readText(label, start)
  } catch {
    return fail(
      `${label} could not be read as an area. Check that it is GeoJSON, KML, KMZ, a zipped shapefile or WKT.`,
    )
  }
}

/**
 * Text pasted by the analyst: WKT (POLYGON, MULTIPOLYGON), GeoJSON, or a bounding box "west,south,east,north".
 */
export function parseAoiText(text: string): AoiParse {
  try {
    if (typeof text !== 'string' || text.trim() === '') return fail(PASTE_HELP)
    const t = text.replace(/^\uFEFF/, '').trim()
    const box = parseBbox(t)
    if (box) return box
    if (t.startsWith('{') || t.startsWith('[')) return readGeoJsonText('The pasted text', t)
    return readWkt(t)
  } catch {
    return fail(PASTE_HELP)
  }
}

/** A FeatureCollection with one Feature per polygon, indented, with each [lon, lat] kept on one line. */
export function exportGeoJson(polygons: Polygon[]): string {
  return JSON.stringify(featureCollectionOf(polygons), null, 2).replace(
    /\[\s+(-?[\d.eE+-]+),\s+(-?[\d.eE+-]+)\s+\]/g,
    '[$1, $2]',
  )
}

// ---------------------------------------------------------------------------------------------------------
// Sniffing

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

function isZip(b: Uint8Array): boolean {
  return b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && b[3] === b[2] + 1
}

function isShp(b: Uint8Array): boolean {
  return b.length >= 100 && b[0] === 0 && b[1] === 0 && b[2] === 0x27 && b[3] === 0x0a
}
