import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  PRJ_WGS84,
  prjUtmNorth,
  utmNorth,
  writeShapefile,
  zipFiles,
  type ShpRecord,
} from './shapefile-writer'

/**
 * Writes the AOI import corpus (src/lib/testdata/aoi/): malformed and edge-case files, each with an expected
 * outcome in aoi-formats.test.ts. Deterministic, so running it again changes nothing unless this file changed.
 * Every file is stored as `<name>.fixture`, so that formatters and editors leave its bytes alone (several are
 * broken on purpose); the tests hand the parser the name without the suffix.
 *
 *   node scripts/run-ts.mjs src/lib/testdata/make-aoi-corpus.ts
 */
export function main(): void {
  const dir = join(process.cwd(), 'src/lib/testdata/aoi')
  mkdirSync(dir, { recursive: true })
  for (const old of readdirSync(dir)) rmSync(join(dir, old))
  const corpus = buildAoiCorpus()
  let total = 0
  for (const [name, bytes] of corpus) {
    writeFileSync(join(dir, `${name}${FIXTURE_SUFFIX}`), bytes)
    total += bytes.length
  }
  console.log(`wrote ${corpus.size} files, ${(total / 1024).toFixed(0)} KiB, to ${dir}`)
}

export const FIXTURE_SUFFIX = '.fixture'

type Ring = number[][]

/** Central Rome, the corpus's usual place. */
const ROME: Ring = [
  [12.46, 41.88],
  [12.52, 41.88],
  [12.52, 41.92],
  [12.46, 41.92],
  [12.46, 41.88],
]

const polygon = (...rings: unknown[][]) => ({ type: 'Polygon', coordinates: rings })
const feature = (geometry: unknown, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties,
  geometry,
})
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features })
const json = (v: unknown) => JSON.stringify(v, null, 1)

function square(lon: number, lat: number, size: number): Ring {
  return [
    [lon, lat],
    [lon + size, lat],
    [lon + size, lat + size],
    [lon, lat + size],
    [lon, lat],
  ]
}

/** A wobbly closed outline of `n` corners around a centre; rounded to 6 decimals to keep files small. */
export function wobblyRing(n: number, lon: number, lat: number, radius: number): Ring {
  const ring: Ring = []
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI
    const r = radius * (1 + 0.08 * Math.sin(a * 17) + 0.03 * Math.sin(a * 211))
    ring.push([round6(lon + r * Math.cos(a)), round6(lat + r * Math.sin(a))])
  }
  ring.push(ring[0])
  return ring
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6

function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

function kmlDocument(placemarks: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Swath test</name>
${placemarks}
  </Document>
</kml>
`
}

const kmlCoords = (ring: Ring, z?: number) =>
  ring.map(([x, y]) => (z === undefined ? `${x},${y}` : `${x},${y},${z}`)).join(' ')

const kmlPolygon = (outer: Ring, holes: Ring[] = [], z?: number) =>
  `<Polygon><outerBoundaryIs><LinearRing><coordinates>${kmlCoords(outer, z)}</coordinates></LinearRing></outerBoundaryIs>${holes
    .map(
      (h) =>
        `<innerBoundaryIs><LinearRing><coordinates>${kmlCoords(h, z)}</coordinates></LinearRing></innerBoundaryIs>`,
    )
    .join('')}</Polygon>`

const VALID_KML = kmlDocument(`    <Placemark><name>Rome centre</name>${kmlPolygon(ROME, [], 0)}</Placemark>`)

function shapefileZip(
  base: string,
  shapeType: 1 | 3 | 5 | 15,
  records: ShpRecord[],
  prj?: string,
): Uint8Array {
  const { shp, shx, dbf } = writeShapefile(shapeType, records)
  const files: Record<string, Uint8Array | string> = {
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: dbf,
  }
  if (prj) files[`${base}.prj`] = prj
  return zipFiles(files)
}

/** The Rome rectangle in UTM zone 33N metres, densified so it stays a rectangle after reprojection. */
export function romeUtmRing(): Ring {
  const out: Ring = []
  for (let i = 0; i < ROME.length - 1; i++) {
    const [x0, y0] = ROME[i]
    const [x1, y1] = ROME[i + 1]
    for (let k = 0; k < 4; k++) out.push(utmNorth(x0 + ((x1 - x0) * k) / 4, y0 + ((y1 - y0) * k) / 4, 33))
  }
  out.push(out[0])
  return out
}

export function buildAoiCorpus(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>()
  const text = (name: string, content: string) => files.set(name, new TextEncoder().encode(content))

  // GeoJSON: the shapes that work
  text('polygon-feature.geojson', json(feature(polygon(ROME), { name: 'Rome' })))
  text('bare-polygon.json', json(polygon(ROME)))
  text(
    'feature-collection-multi.geojson',
    json(
      collection(
        feature(polygon(square(12.3, 41.7, 0.05))),
        feature({
          type: 'MultiPolygon',
          coordinates: [[square(12.5, 41.7, 0.05)], [square(12.7, 41.7, 0.05)]],
        }),
      ),
    ),
  )
  text(
    'geometry-collection.geojson',
    json({
      type: 'GeometryCollection',
      geometries: [
        polygon(square(12.3, 41.7, 0.05)),
        { type: 'Point', coordinates: [12.5, 41.9] },
        { type: 'MultiPolygon', coordinates: [[square(12.5, 41.7, 0.05)], [square(12.7, 41.7, 0.05)]] },
      ],
    }),
  )
  files.set(
    'bom.geojson',
    new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(json(feature(polygon(ROME))))]),
  )
  {
    const body = json(collection(feature(polygon(ROME))))
    const utf16 = new Uint8Array(2 + body.length * 2)
    utf16[0] = 0xff
    utf16[1] = 0xfe
    for (let i = 0; i < body.length; i++) utf16[2 + 2 * i] = body.charCodeAt(i)
    files.set('utf16.geojson', utf16)
  }

  // GeoJSON: broken or not areas
  text('broken.geojson', json(collection(feature(polygon(ROME)))).slice(0, 120))
  text('wrong-type.geojson', json({ type: 'Banana', coordinates: ROME }))
  text('not-geojson.json', json({ name: 'Rome', values: [1, 2, 3] }))
  text('empty-feature-collection.geojson', json(collection()))
  text(
    'points-only.geojson',
    json(collection(...[0, 1, 2].map((i) => feature({ type: 'Point', coordinates: [12.4 + i / 10, 41.9] })))),
  )
  text(
    'lines-only.geojson',
    json(
      collection(
        feature({ type: 'LineString', coordinates: ROME.slice(0, 3) }),
        feature({ type: 'LineString', coordinates: ROME.slice(2) }),
      ),
    ),
  )
  text(
    'mixed.geojson',
    json(
      collection(
        feature(polygon(ROME)),
        ...Array.from({ length: 12 }, (_, i) =>
          feature({ type: 'Point', coordinates: [12.4 + i / 100, 41.9] }),
        ),
        feature({ type: 'LineString', coordinates: ROME.slice(0, 3) }),
        feature({ type: 'LineString', coordinates: ROME.slice(2) }),
      ),
    ),
  )
  text('null-geometry.geojson', json(collection(feature(polygon(ROME)), feature(null))))
  text('polygon-3d.geojson', json(feature(polygon(ROME.map(([x, y]) => [x, y, 21.5])))))
  text(
    'nan-strings.geojson',
    json(
      feature(
        polygon([
          ['12.46', '41.88'],
          ['12.52', 'NaN'],
          ['12.52', '41.92'],
          ['12.46', '41.88'],
        ]),
      ),
    ),
  )
  text(
    'projected-metres.geojson',
    json(feature(polygon(romeUtmRing().map(([x, y]) => [Math.round(x), Math.round(y)])))),
  )
  text(
    'crs-3857.geojson',
    json({
      ...collection(feature(polygon(square(1387000, 5144000, 5000)))),
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
    }),
  )
  text('deeply-nested.json', `${'['.repeat(5000)}${']'.repeat(5000)}`)
  files.set('empty.geojson', new Uint8Array(0))
  text('whitespace.geojson', '  \n\t\n')

  // GeoJSON: readable, but with something for validation to report
  text(
    'bowtie.geojson',
    json(
      feature(
        polygon([
          [12.4, 41.8],
          [12.6, 42.0],
          [12.6, 41.8],
          [12.4, 42.0],
          [12.4, 41.8],
        ]),
      ),
    ),
  )
  text('unclosed-ring.geojson', json(feature(polygon(ROME.slice(0, 4)))))
  text(
    'polygon-with-holes.geojson',
    json(feature(polygon(square(12.4, 41.8, 0.2), square(12.45, 41.85, 0.03), square(12.52, 41.92, 0.03)))),
  )
  text(
    'antimeridian.geojson',
    json(
      feature(
        polygon([
          [178, -17],
          [-178, -17],
          [-178, -15],
          [178, -15],
          [178, -17],
        ]),
      ),
    ),
  )
  text('over-vertex-limit.geojson', JSON.stringify(feature(polygon(wobblyRing(10_500, 12.5, 41.9, 0.2)))))
  text('tiny-area.geojson', json(feature(polygon(square(12.5, 41.9, 0.00005)))))
  text(
    'lat-out-of-range.geojson',
    json(
      feature(
        polygon([
          [12.4, 41.8],
          [12.6, 41.8],
          [12.6, 95.5],
          [12.4, 41.8],
        ]),
      ),
    ),
  )
  text(
    'too-few-vertices.geojson',
    json(
      feature(
        polygon([
          [12.4, 41.8],
          [12.6, 41.8],
          [12.6, 41.8],
          [12.4, 41.8],
        ]),
      ),
    ),
  )
  text('empty-coordinates.geojson', json(feature({ type: 'Polygon', coordinates: [] })))

  // KML and KMZ
  text('valid.kml', VALID_KML)
  text(
    'multigeometry.kml',
    kmlDocument(
      `    <Placemark><name>Two fields</name><MultiGeometry>${kmlPolygon(square(12.3, 41.7, 0.05))}${kmlPolygon(
        square(12.5, 41.7, 0.05),
        [square(12.51, 41.71, 0.01)],
      )}<Point><coordinates>12.5,41.9</coordinates></Point></MultiGeometry></Placemark>`,
    ),
  )
  text('broken.kml', VALID_KML.slice(0, VALID_KML.indexOf('</coordinates>') + 6))
  text(
    'not-kml.xml',
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>\n',
  )
  text(
    'track.gpx',
    '<?xml version="1.0"?>\n<gpx version="1.1" creator="test"><trk><trkseg><trkpt lat="41.9" lon="12.5"/></trkseg></trk></gpx>\n',
  )
  text('empty-document.kml', kmlDocument(''))
  files.set('valid.kmz', zipFiles({ 'doc.kml': VALID_KML, 'files/readme.txt': 'Made for the AOI corpus.' }))
  files.set(
    'no-kml-inside.kmz',
    zipFiles({ 'readme.txt': 'No KML here.', 'images/icon.png': new Uint8Array(64) }),
  )

  // Shapefiles
  const fields: ShpRecord = {
    kind: 'polygon',
    polygons: [[square(12.4, 41.8, 0.2), square(12.45, 41.85, 0.05)]],
  }
  const field2: ShpRecord = { kind: 'polygon', polygons: [[square(12.7, 41.8, 0.1)]] }
  files.set('shapefile-wgs84.zip', shapefileZip('fields', 5, [fields, field2], PRJ_WGS84))
  files.set(
    'shapefile-utm33n.zip',
    shapefileZip('rome_utm', 5, [{ kind: 'polygon', polygons: [[romeUtmRing()]] }], prjUtmNorth(33)),
  )
  files.set('shapefile-no-prj-lonlat.zip', shapefileZip('fields', 5, [fields, field2]))
  files.set(
    'shapefile-no-prj-utm.zip',
    shapefileZip('rome_utm', 5, [{ kind: 'polygon', polygons: [[romeUtmRing()]] }]),
  )
  files.set(
    'shapefile-points.zip',
    shapefileZip(
      'wells',
      1,
      [0, 1, 2, 3].map((i): ShpRecord => ({ kind: 'point', at: [12.4 + i / 10, 41.9] })),
      PRJ_WGS84,
    ),
  )
  files.set(
    'shapefile-polygonz.zip',
    shapefileZip(
      'roofs',
      15,
      [{ kind: 'polygon', polygons: [[ROME.map(([x, y]) => [x, y, 30])]] }],
      PRJ_WGS84,
    ),
  )
  files.set(
    'shapefile-multipart.zip',
    shapefileZip(
      'islands',
      5,
      [{ kind: 'polygon', polygons: [[square(12.3, 41.7, 0.05)], [square(12.5, 41.7, 0.05)]] }],
      PRJ_WGS84,
    ),
  )
  {
    const { shp, shx, dbf } = writeShapefile(5, [fields])
    const damaged = shp.slice()
    // The first record claims far more content than the file holds.
    new DataView(damaged.buffer).setInt32(104, 0x7fffff00, false)
    files.set(
      'shapefile-corrupt.zip',
      zipFiles({ 'bad.shp': damaged, 'bad.shx': shx, 'bad.dbf': dbf, 'bad.prj': PRJ_WGS84 }),
    )
  }
  files.set('bare-wgs84.shp', writeShapefile(5, [fields]).shp)
  files.set(
    'zip-without-shapefile.zip',
    zipFiles({ 'notes.txt': 'Field boundaries to follow.', 'photo.png': new Uint8Array(128) }),
  )
  files.set('truncated.zip', files.get('shapefile-wgs84.zip')!.slice(0, 60))

  // Other bytes and text
  {
    const next = seeded(42)
    const junk = new Uint8Array(4096)
    for (let i = 0; i < junk.length; i++) junk[i] = Math.floor(next() * 256)
    junk[0] = 0x7f
    junk[7] = 0
    files.set('junk.bin', junk)
  }
  text('polygon.wkt', 'POLYGON ((12.46 41.88, 12.52 41.88, 12.52 41.92, 12.46 41.92, 12.46 41.88))\n')
  text(
    'multipolygon.wkt',
    'MULTIPOLYGON (((12.3 41.7, 12.35 41.7, 12.35 41.75, 12.3 41.7)), ((12.5 41.7, 12.55 41.7, 12.55 41.75, 12.5 41.7)))\n',
  )
  text('broken.wkt', 'POLYGON ((12.46 41.88, 12.52 41.88, 12.52\n')
  text('point.wkt', 'POINT (12.5 41.9)\n')
  text('bbox.txt', '12.4,41.8,12.6,42.0\n')
  text('bbox-wrong-order.txt', '12.4,42.0,12.6,41.8\n')
  text('readme.txt', 'These are the fields we want imaged next spring.\n')
  return files
}
