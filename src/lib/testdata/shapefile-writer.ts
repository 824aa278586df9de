import { zipSync } from 'fflate'

/**
 * A small ESRI shapefile writer for test fixtures and benchmarks: .shp, .shx and a one-column .dbf, from
 * the published format description. Not for production: it writes only what the corpus needs.
 */

export type ShpRecord =
  | { kind: 'point'; at: number[] }
  | { kind: 'line'; parts: number[][][] }
  /** Each polygon is its outline then its holes; orientation is fixed here (outline clockwise). */
  | { kind: 'polygon'; polygons: number[][][][] }

/** 1 Point, 3 PolyLine, 5 Polygon, 15 PolygonZ (positions carry a third value). */
export type ShapeType = 1 | 3 | 5 | 15

export interface ShapefileBytes {
  shp: Uint8Array
  shx: Uint8Array
  dbf: Uint8Array
}

export function writeShapefile(shapeType: ShapeType, records: ShpRecord[]): ShapefileBytes {
  const contents = records.map((r) => recordContent(shapeType, r))
  const shpLength = 100 + contents.reduce((n, c) => n + 8 + c.length, 0)
  const shp = new Uint8Array(shpLength)
  const shx = new Uint8Array(100 + 8 * records.length)
  const all = records.flatMap(positionsOf)
  writeHeader(shp, shapeType, shpLength, all)
  writeHeader(shx, shapeType, shx.length, all)
  const shpView = new DataView(shp.buffer)
  const shxView = new DataView(shx.buffer)
  let offset = 100
  for (const [i, content] of contents.entries()) {
    shpView.setInt32(offset, i + 1, false)
    shpView.setInt32(offset + 4, content.length / 2, false)
    shp.set(content, offset + 8)
    shxView.setInt32(100 + 8 * i, offset / 2, false)
    shxView.setInt32(100 + 8 * i + 4, content.length / 2, false)
    offset += 8 + content.length
  }
  return { shp, shx, dbf: writeDbf(records.length) }
}

function positionsOf(r: ShpRecord): number[][] {
  if (r.kind === 'point') return [r.at]
  if (r.kind === 'line') return r.parts.flat()
  return r.polygons.flat(2)
}

function writeHeader(bytes: Uint8Array, shapeType: ShapeType, length: number, positions: number[][]): void {
  const v = new DataView(bytes.buffer)
  v.setInt32(0, 9994, false)
  v.setInt32(24, length / 2, false)
  v.setInt32(28, 1000, true)
  v.setInt32(32, shapeType, true)
  const [xmin, ymin, xmax, ymax] = box(positions)
  v.setFloat64(36, xmin, true)
  v.setFloat64(44, ymin, true)
  v.setFloat64(52, xmax, true)
  v.setFloat64(60, ymax, true)
}

function box(positions: number[][]): [number, number, number, number] {
  if (positions.length === 0) return [0, 0, 0, 0]
  let [xmin, ymin, xmax, ymax] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [x, y] of positions) {
    xmin = Math.min(xmin, x)
    ymin = Math.min(ymin, y)
    xmax = Math.max(xmax, x)
    ymax = Math.max(ymax, y)
  }
  return [xmin, ymin, xmax, ymax]
}

function recordContent(shapeType: ShapeType, r: ShpRecord): Uint8Array {
  if (r.kind === 'point') {
    const b = new Uint8Array(20)
    const v = new DataView(b.buffer)
    v.setInt32(0, 1, true)
    v.setFloat64(4, r.at[0], true)
    v.setFloat64(12, r.at[1], true)
    return b
  }
  const parts =
    r.kind === 'line' ? r.parts : r.polygons.flatMap((rings) => rings.map((ring, i) => orient(ring, i === 0)))
  const points = parts.flat()
  const withZ = shapeType === 15
  const size = 44 + 4 * parts.length + 16 * points.length + (withZ ? 16 + 8 * points.length : 0)
  const b = new Uint8Array(size)
  const v = new DataView(b.buffer)
  v.setInt32(0, shapeType, true)
  const [xmin, ymin, xmax, ymax] = box(points)
  v.setFloat64(4, xmin, true)
  v.setFloat64(12, ymin, true)
  v.setFloat64(20, xmax, true)
  v.setFloat64(28, ymax, true)
  v.setInt32(36, parts.length, true)
  v.setInt32(40, points.length, true)
  let o = 44
  let start = 0
  for (const part of parts) {
    v.setInt32(o, start, true)
    o += 4
    start += part.length
  }
  for (const [x, y] of points) {
    v.setFloat64(o, x, true)
    v.setFloat64(o + 8, y, true)
    o += 16
  }
  if (withZ) {
    const zs = points.map((p) => p[2] ?? 0)
    v.setFloat64(o, Math.min(...zs), true)
    v.setFloat64(o + 8, Math.max(...zs), true)
    o += 16
    for (const z of zs) {
      v.setFloat64(o, z, true)
      o += 8
    }
  }
  return b
}

/** Shapefile rings: outlines clockwise, holes counter-clockwise. */
function orient(ring: number[][], outline: boolean): number[][] {
  let twiceArea = 0
  for (let i = 0; i < ring.length - 1; i++)
    twiceArea += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1]
  const clockwise = twiceArea < 0
  return clockwise === outline ? ring : [...ring].reverse()
}

/** A dBASE III table with one numeric column, ID. */
function writeDbf(count: number): Uint8Array {
  const fieldLength = 10
  const headerLength = 32 + 32 + 1
  const recordLength = 1 + fieldLength
  const b = new Uint8Array(headerLength + recordLength * count + 1)
  const v = new DataView(b.buffer)
  b[0] = 0x03
  b[1] = 124
  b[2] = 1
  b[3] = 1
  v.setInt32(4, count, true)
  v.setInt16(8, headerLength, true)
  v.setInt16(10, recordLength, true)
  b.set(new TextEncoder().encode('ID'), 32)
  b[32 + 11] = 'N'.charCodeAt(0)
  b[32 + 16] = fieldLength
  b[64] = 0x0d
  for (let i = 0; i < count; i++) {
    const at = headerLength + i * recordLength
    b[at] = 0x20
    b.set(new TextEncoder().encode(String(i + 1).padStart(fieldLength, ' ')), at + 1)
  }
  b[b.length - 1] = 0x1a
  return b
}

/** A zip with a fixed timestamp, so the same input always gives the same bytes. */
export function zipFiles(files: Record<string, Uint8Array | string>): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content
  return zipSync(entries, { mtime: new Date('2024-01-01T00:00:00Z'), level: 6 })
}

export const PRJ_WGS84 =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]'

export function prjUtmNorth(zone: number): string {
  const meridian = zone * 6 - 183
  return (
    `PROJCS["WGS 84 / UTM zone ${zone}N",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,` +
    `AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],` +
    `UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]],` +
    `PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",${meridian}],` +
    `PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],` +
    `UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],` +
    `AUTHORITY["EPSG","${32600 + zone}"]]`
  )
}

/**
 * WGS84 longitude/latitude to UTM (northern hemisphere) easting/northing in metres: the transverse Mercator
 * series as given by Snyder (USGS Professional Paper 1395), good to well under a metre inside the zone.
 */
export function utmNorth(lon: number, lat: number, zone: number): [number, number] {
  const a = 6378137
  const f = 1 / 298.257223563
  const k0 = 0.9996
  const e2 = f * (2 - f)
  const ep2 = e2 / (1 - e2)
  const phi = (lat * Math.PI) / 180
  const lambda0 = ((zone * 6 - 183) * Math.PI) / 180
  const lambda = (lon * Math.PI) / 180
  const sin = Math.sin(phi)
  const cos = Math.cos(phi)
  const N = a / Math.sqrt(1 - e2 * sin * sin)
  const T = Math.tan(phi) ** 2
  const C = ep2 * cos * cos
  const A = cos * (lambda - lambda0)
  const e4 = e2 * e2
  const e6 = e4 * e2
  const M =
    a *
    ((1 - e2 / 4 - (3 * e4) / 64 - (5 * e6) / 256) * phi -
      ((3 * e2) / 8 + (3 * e4) / 32 + (45 * e6) / 1024) * Math.sin(2 * phi) +
      ((15 * e4) / 256 + (45 * e6) / 1024) * Math.sin(4 * phi) -
      ((35 * e6) / 3072) * Math.sin(6 * phi))
  const x =
    k0 * N * (A + ((1 - T + C) * A ** 3) / 6 + ((5 - 18 * T + T * T + 72 * C - 58 * ep2) * A ** 5) / 120) +
    500000
  const y =
    k0 *
    (M +
      N *
        Math.tan(phi) *
        ((A * A) / 2 +
          ((5 - T + 9 * C + 4 * C * C) * A ** 4) / 24 +
          ((61 - 58 * T + T * T + 600 * C - 330 * ep2) * A ** 6) / 720))
  return [x, y]
}
