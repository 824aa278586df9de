import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, it } from 'vitest'
import { exportGeoJson, parseAoiFile, parseAoiText, type AoiParse } from './aoi-formats'
import { type AoiIssueCode } from './geo/aoi-rules'
import { applyFix } from './geo/fixes'
import { bboxOf } from './geo/measure'
import { rectanglePolygon } from './geo/shapes'
import { validateAoi } from './geo/validation'
import { buildAoiCorpus, FIXTURE_SUFFIX } from './testdata/make-aoi-corpus'
import { writeShapefile, zipFiles } from './testdata/shapefile-writer'

const CORPUS = join(import.meta.dirname, 'testdata/aoi')
// xmldom reports malformed XML through onError as well as by throwing; the parser's answer is what counts.
const xmlParser = new DOMParser({ onError: () => undefined })

const read = (name: string) => new Uint8Array(readFileSync(join(CORPUS, `${name}${FIXTURE_SUFFIX}`)))
const parse = (name: string, bytes = read(name)) => parseAoiFile(name, bytes, { xmlParser })

type Expected =
  { format: string; polygons: number; notes?: RegExp[]; issues?: AoiIssueCode[] } | { error: RegExp }

/** Every corpus file and what importing it must give. `issues`: what validateAoi then reports. */
const EXPECTED: Record<string, Expected> = {
  'polygon-feature.geojson': { format: 'GeoJSON', polygons: 1 },
  'bare-polygon.json': { format: 'GeoJSON', polygons: 1 },
  'feature-collection-multi.geojson': {
    format: 'GeoJSON',
    polygons: 3,
    notes: [/^A multipolygon was split into separate areas \(3 areas in all\)\.$/],
  },
  'geometry-collection.geojson': {
    format: 'GeoJSON',
    polygons: 3,
    notes: [/^Dropped 1 point: only areas/, /^A multipolygon was split/],
  },
  'bom.geojson': { format: 'GeoJSON', polygons: 1 },
  'utf16.geojson': { format: 'GeoJSON', polygons: 1 },
  'broken.geojson': { error: /^broken\.geojson is not valid JSON \(the problem is on line \d+\)/ },
  'wrong-type.geojson': { error: /^wrong-type\.geojson is JSON but not GeoJSON: its type is "Banana"/ },
  'not-geojson.json': { error: /^not-geojson\.json is JSON but not GeoJSON: it has no "type"/ },
  'empty-feature-collection.geojson': { error: /^empty-feature-collection\.geojson has no features/ },
  'points-only.geojson': { error: /holds only 3 points, and an area of interest must be a polygon/ },
  'lines-only.geojson': { error: /holds only 2 lines/ },
  'mixed.geojson': {
    format: 'GeoJSON',
    polygons: 1,
    notes: [/^Dropped 12 points and 2 lines: only areas can be an AOI\.$/],
  },
  'null-geometry.geojson': {
    format: 'GeoJSON',
    polygons: 1,
    notes: [/Skipped 1 feature without a geometry/],
  },
  'polygon-3d.geojson': { format: 'GeoJSON', polygons: 1, notes: [/^Removed the height \(Z\) values/] },
  'nan-strings.geojson': { error: /has a position that is not two numbers \(\["12\.46","41\.88"\]\)/ },
  'projected-metres.geojson': { error: /look like meters in a projected system.*WGS84 \(EPSG:4326\)/ },
  'crs-3857.geojson': { error: /uses the coordinate system urn:ogc:def:crs:EPSG::3857/ },
  'deeply-nested.json': { error: /^deeply-nested\.json has no features/ },
  'empty.geojson': { error: /^empty\.geojson is empty \(0 bytes\)/ },
  'whitespace.geojson': { error: /^whitespace\.geojson holds only blank space/ },
  'bowtie.geojson': { format: 'GeoJSON', polygons: 1, issues: ['self-intersection'] },
  'unclosed-ring.geojson': { format: 'GeoJSON', polygons: 1, issues: ['not-closed'] },
  'polygon-with-holes.geojson': { format: 'GeoJSON', polygons: 1, issues: ['holes'] },
  'antimeridian.geojson': { format: 'GeoJSON', polygons: 1, issues: ['antimeridian'] },
  'over-vertex-limit.geojson': { format: 'GeoJSON', polygons: 1, issues: ['too-many-vertices'] },
  'tiny-area.geojson': { format: 'GeoJSON', polygons: 1, issues: ['tiny'] },
  'lat-out-of-range.geojson': { format: 'GeoJSON', polygons: 1, issues: ['invalid-coordinates'] },
  'too-few-vertices.geojson': { format: 'GeoJSON', polygons: 1, issues: ['too-few-vertices'] },
  'empty-coordinates.geojson': { format: 'GeoJSON', polygons: 1, issues: ['empty'] },
  'valid.kml': { format: 'KML', polygons: 1 },
  'multigeometry.kml': { format: 'KML', polygons: 2, notes: [/^Dropped 1 point/], issues: ['holes'] },
  'broken.kml': { error: /^broken\.kml is not well-formed XML/ },
  'not-kml.xml': { error: /^not-kml\.xml is XML but not KML \(its root element is <svg>\)/ },
  'track.gpx': { error: /^track\.gpx is GPX/ },
  'empty-document.kml': { error: /^empty-document\.kml has no placemarks/ },
  'valid.kmz': { format: 'KMZ', polygons: 1 },
  'no-kml-inside.kmz': {
    error: /^no-kml-inside\.kmz has no KML file inside \(it holds readme\.txt, images\/icon\.png\)/,
  },
  'shapefile-wgs84.zip': { format: 'Zipped shapefile', polygons: 2, issues: ['holes'] },
  'shapefile-utm33n.zip': {
    format: 'Zipped shapefile',
    polygons: 1,
    notes: [/^Reprojected from EPSG:32633 \(WGS 84 \/ UTM zone 33N\) to WGS84 longitude\/latitude\.$/],
  },
  'shapefile-no-prj-lonlat.zip': {
    format: 'Zipped shapefile',
    polygons: 2,
    notes: [/no \.prj; its coordinates are within longitude\/latitude range, so they were read as WGS84/],
    issues: ['holes'],
  },
  'shapefile-no-prj-utm.zip': {
    error: /has no \.prj, and its coordinates are not longitude\/latitude: add the \.prj file to the zip\.$/,
  },
  'shapefile-points.zip': { error: /holds only 4 points/ },
  'shapefile-polygonz.zip': { format: 'Zipped shapefile', polygons: 1, notes: [/^Removed the height \(Z\)/] },
  'shapefile-multipart.zip': {
    format: 'Zipped shapefile',
    polygons: 2,
    notes: [/split into separate areas/],
  },
  'shapefile-corrupt.zip': {
    error: /^shapefile-corrupt\.zip \(bad\.shp\) is not a readable shapefile: record 1 is cut short/,
  },
  'bare-wgs84.shp': { format: 'Shapefile', polygons: 1, notes: [/no \.prj/], issues: ['holes'] },
  'zip-without-shapefile.zip': {
    error: /^zip-without-shapefile\.zip has no shapefile or KML inside \(it holds notes\.txt, photo\.png\)/,
  },
  'truncated.zip': { error: /^truncated\.zip looks like a zip but cannot be opened/ },
  'junk.bin': { error: /^junk\.bin is not a file type that can hold an area/ },
  'polygon.wkt': { format: 'WKT', polygons: 1 },
  'multipolygon.wkt': { format: 'WKT', polygons: 2, notes: [/^A multipolygon was split/] },
  'broken.wkt': { error: /^broken\.wkt: The WKT could not be read near character \d+/ },
  'point.wkt': { error: /^point\.wkt holds WKT points or lines/ },
  'bbox.txt': { format: 'Bounding box', polygons: 1 },
  'bbox-wrong-order.txt': {
    error: /south \(42\) is north of its north \(41\.8\): the order is west, south, east, north/,
  },
  'readme.txt': { error: /^readme\.txt is not a format that can hold an area/ },
}

describe('the AOI corpus', () => {
  const files = readdirSync(CORPUS).map((f) => f.slice(0, -FIXTURE_SUFFIX.length))

  it('has an expected outcome for every file, and a file for every expectation', () => {
    expect(files.length).toBeGreaterThanOrEqual(30)
    expect([...files].sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it('is what the generator writes, and small', () => {
    const built = buildAoiCorpus()
    let total = 0
    for (const [name, bytes] of built) {
      expect(read(name), name).toEqual(bytes)
      total += bytes.length
    }
    expect(built.size).toBe(files.length)
    expect(total).toBeLessThan(1024 * 1024)
  })

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`imports ${name}`, async () => {
      const result = await parse(name)
      if ('error' in expected) {
        expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(false)
        if (!result.ok) expect(result.message).toMatch(expected.error)
        return
      }
      if (!result.ok) throw new Error(`expected ${name} to import: ${result.message}`)
      expect(result.format).toBe(expected.format)
      expect(result.polygons).toHaveLength(expected.polygons)
      expect(result.notes).toHaveLength(expected.notes?.length ?? 0)
      for (const [i, note] of (expected.notes ?? []).entries()) expect(result.notes[i]).toMatch(note)
      expect(validateAoi(result.polygons).map((i) => i.code)).toEqual(expected.issues ?? [])
      // Imported shapes are plain [lon, lat] pairs whatever the source carried.
      for (const p of result.polygons)
        for (const r of p.coordinates) for (const q of r) expect(q).toHaveLength(2)
    })
  }
})

describe('parseAoiFile', () => {
  const okPolygons = (r: AoiParse) => {
    if (!r.ok) throw new Error(r.message)
    return r.polygons
  }

  it('reprojects a UTM shapefile to the right place', async () => {
    const [w, s, e, n] = bboxOf(okPolygons(await parse('shapefile-utm33n.zip')))
    expect(w).toBeCloseTo(12.46, 5)
    expect(s).toBeCloseTo(41.88, 5)
    expect(e).toBeCloseTo(12.52, 5)
    expect(n).toBeCloseTo(41.92, 5)
  })

  it('reads the same shape from GeoJSON, KML, KMZ, WKT and shapefiles', async () => {
    const reference = okPolygons(await parse('polygon-feature.geojson'))
    for (const name of ['valid.kml', 'valid.kmz', 'polygon.wkt', 'shapefile-polygonz.zip']) {
      const [w, s, e, n] = bboxOf(okPolygons(await parse(name)))
      const [rw, rs, re, rn] = bboxOf(reference)
      expect([w, s, e, n].map((x) => x.toFixed(9))).toEqual([rw, rs, re, rn].map((x) => x.toFixed(9)))
    }
  })

  it('refuses a file over 50 MB before reading it', async () => {
    const big = new Uint8Array(Math.round(52.4 * 1024 * 1024))
    big.set(new TextEncoder().encode('{"type":"FeatureCollection","features":['))
    const r = await parseAoiFile('coastline.geojson', big, { xmlParser })
    expect(r).toEqual({
      ok: false,
      message:
        'coastline.geojson is 52.4 MB; AOI files up to 50 MB are accepted. Simplify it or split it first.',
    })
  })

  it('accepts a file of exactly 50 MB', async () => {
    const text = JSON.stringify(rectanglePolygon([12.4, 41.8], [12.6, 42]))
    const bytes = new Uint8Array(50 * 1024 * 1024).fill(0x20)
    bytes.set(new TextEncoder().encode(text))
    expect((await parseAoiFile('padded.geojson', bytes)).ok).toBe(true)
  })

  it('explains that KML needs an XML parser when there is none (node, no option)', async () => {
    const r = await parseAoiFile('valid.kml', read('valid.kml'))
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/no XML parser/) as unknown })
  })

  it('detects by content first: a KML named .json is still read as KML', async () => {
    const r = await parseAoiFile('export.json', read('valid.kml'), { xmlParser })
    expect(r).toMatchObject({ ok: true, format: 'KML' })
    const shp = await parseAoiFile('fields.geojson', read('shapefile-wgs84.zip'), { xmlParser })
    expect(shp).toMatchObject({ ok: true, format: 'Zipped shapefile' })
  })

  it('falls back on the extension to explain text that fits no format', async () => {
    const kml = await parseAoiFile('area.kml', new TextEncoder().encode('hello'), { xmlParser })
    expect(kml).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^area\.kml should be KML/) as unknown,
    })
    const geojson = await parseAoiFile('area.geojson', new TextEncoder().encode('hello'), { xmlParser })
    expect(geojson).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^area\.geojson should be GeoJSON/) as unknown,
    })
  })

  it('refuses a shapefile whose .prj cannot be used', async () => {
    const { shp } = writeShapefile(5, [
      {
        kind: 'polygon',
        polygons: [
          [
            [
              [300000, 4600000],
              [301000, 4600000],
              [301000, 4601000],
              [300000, 4600000],
            ],
          ],
        ],
      },
    ])
    const zip = zipFiles({ 'a.shp': shp, 'a.prj': 'PROJCS["Made up",NONSENSE[]]' })
    const r = await parseAoiFile('odd.zip', zip)
    expect(r).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^odd\.zip \(a\.shp\): its \.prj \(Made up\) could not be used/,
      ) as unknown,
    })
  })

  it('reads every layer of a zip with several shapefiles', async () => {
    const a = writeShapefile(5, [
      { kind: 'polygon', polygons: [[rectanglePolygon([0, 0], [1, 1]).coordinates[0]]] },
    ])
    const b = writeShapefile(5, [
      { kind: 'polygon', polygons: [[rectanglePolygon([2, 0], [3, 1]).coordinates[0]]] },
    ])
    const zip = zipFiles({ 'a.shp': a.shp, 'a.prj': 'GEOGCS["WGS 84"]', 'sub/b.shp': b.shp })
    const r = await parseAoiFile('two.zip', zip)
    expect(r).toMatchObject({ ok: true, polygons: [{}, {}] })
    if (r.ok) expect(r.notes.join(' ')).toMatch(/Read 2 shapefile layers: a\.shp, sub\/b\.shp/)
  })

  it('refuses a zip that would expand beyond reason', async () => {
    // A small zip whose directory claims 2 GB for the .shp: nothing is inflated before the claim is checked.
    const zip = zipFiles({ 'huge.shp': new Uint8Array(1000) })
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    for (let i = 0; i + 4 <= zip.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 0x7fffffff, true)
      if (view.getUint32(i, true) === 0x04034b50) view.setUint32(i + 22, 0x7fffffff, true)
    }
    const r = await parseAoiFile('bomb.zip', zip)
    expect(r).toMatchObject({
      ok: false,
      message: expect.stringMatching(/expands to more than 400 MB/) as unknown,
    })
  })

  it('never throws or hangs on random bytes, whatever they start with', async () => {
    let seed = 7
    const next = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      return seed / 2 ** 32
    }
    const prefixes = [
      [],
      [0x50, 0x4b, 3, 4],
      [0x50, 0x4b, 5, 6],
      [0, 0, 0x27, 0x0a],
      [...new TextEncoder().encode('{"type":')],
      [...new TextEncoder().encode('<kml>')],
      [...new TextEncoder().encode('POLYGON((')],
      [0xef, 0xbb, 0xbf],
      [0xff, 0xfe],
    ]
    for (let t = 0; t < 300; t++) {
      const bytes = new Uint8Array(Math.floor(next() * 3000))
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256)
      bytes.set(prefixes[t % prefixes.length].slice(0, bytes.length))
      const r = await parseAoiFile(`junk-${t}`, bytes, { xmlParser })
      expect(typeof r.ok).toBe('boolean')
      if (!r.ok) expect(r.message).toMatch(/^junk-\d+/)
    }
    // Damaged shapefiles inside good zips: every record header and length flipped in turn.
    const { shp } = writeShapefile(5, [
      { kind: 'polygon', polygons: [[rectanglePolygon([0, 0], [1, 1]).coordinates[0]]] },
    ])
    for (let i = 0; i < shp.length; i++) {
      const damaged = shp.slice()
      damaged[i] ^= 0xff
      const r = await parseAoiFile(`damaged-${i}.zip`, zipFiles({ 'a.shp': damaged }))
      expect(typeof r.ok).toBe('boolean')
    }
  })
})

describe('parseAoiText', () => {
  it('reads WKT polygons and multipolygons', () => {
    expect(parseAoiText('POLYGON ((12.4 41.8, 12.6 41.8, 12.6 42, 12.4 41.8))')).toMatchObject({
      ok: true,
      format: 'WKT',
      polygons: [
        {
          type: 'Polygon',
          coordinates: [
            [
              [12.4, 41.8],
              [12.6, 41.8],
              [12.6, 42],
              [12.4, 41.8],
            ],
          ],
        },
      ],
    })
    const multi = parseAoiText(
      'multipolygon(((0 0,1 0,1 1,0 0)),((2 0,3 0,3 1,2 0),(2.5 0.2,2.8 0.2,2.8 0.5,2.5 0.2)))',
    )
    if (!multi.ok) throw new Error(multi.message)
    expect(multi.polygons.map((p) => p.coordinates.length)).toEqual([1, 2])
  })

  it('drops heights, accepts SRID 4326 and refuses other systems', () => {
    const z = parseAoiText('POLYGON Z ((12.4 41.8 10, 12.6 41.8 10, 12.6 42 10, 12.4 41.8 10))')
    expect(z).toMatchObject({ ok: true, notes: [expect.stringMatching(/^Removed the height/) as unknown] })
    expect(parseAoiText('SRID=4326;POLYGON((0 0,1 0,1 1,0 0))')).toMatchObject({ ok: true })
    expect(parseAoiText('SRID=3857;POLYGON((0 0,1 0,1 1,0 0))')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/SRID 3857/) as unknown,
    })
  })

  it('explains WKT it cannot use', () => {
    const message = (t: string) => {
      const r = parseAoiText(t)
      return r.ok ? '' : r.message
    }
    expect(message('POINT (12.5 41.9)')).toMatch(/a point or a line/)
    expect(message('LINESTRING (0 0, 1 1)')).toMatch(/a point or a line/)
    expect(message('POLYGON EMPTY')).toMatch(/EMPTY/)
    expect(message('POLYGON ((0 0, 1 0, 1')).toMatch(/could not be read near character/)
    expect(message('hello')).toMatch(/^Paste WKT/)
    expect(message('')).toMatch(/^Paste WKT/)
  })

  it('reads GeoJSON text', () => {
    const text = JSON.stringify({
      type: 'Feature',
      properties: {},
      geometry: rectanglePolygon([0, 0], [1, 1]),
    })
    expect(parseAoiText(text)).toMatchObject({ ok: true, format: 'GeoJSON', polygons: [{}] })
    expect(parseAoiText('{"type":')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The pasted text is not valid JSON/) as unknown,
    })
  })

  it('reads a bounding box in the usual spellings', () => {
    const expected = rectanglePolygon([12.4, 41.8], [12.6, 42])
    for (const t of [
      '12.4,41.8,12.6,42',
      '12.4 41.8 12.6 42',
      '[12.4, 41.8, 12.6, 42]',
      ' 12.4, 41.8, 12.6, 42.0 ',
    ])
      expect(parseAoiText(t), t).toEqual({
        ok: true,
        polygons: [expected],
        format: 'Bounding box',
        notes: [],
      })
  })

  it('checks a bounding box and explains the order', () => {
    const message = (t: string) => {
      const r = parseAoiText(t)
      return r.ok ? '' : r.message
    }
    expect(message('12.4,42,12.6,41.8')).toMatch(/south \(42\) is north of its north \(41\.8\)/)
    expect(message('12.4,41.8,12.6,95')).toMatch(/latitude beyond ±90 \(95\)/)
    expect(message('190,41.8,200,42')).toMatch(/longitude beyond ±180 \(190\)/)
    expect(message('12.4,41.8,12.4,42')).toMatch(/no width/)
    expect(message('12.4,41.8,12.6,41.8')).toMatch(/no height/)
  })

  it('takes a box whose west is east of its east to cross the date line', () => {
    const r = parseAoiText('170,-10,-170,10')
    if (!r.ok) throw new Error(r.message)
    expect(r.notes[0]).toMatch(/cross the 180° meridian/)
    expect(validateAoi(r.polygons).map((i) => i.code)).toEqual(['antimeridian'])
    const split = applyFix(r.polygons, 'split-antimeridian')
    expect(validateAoi(split)).toEqual([])
    expect(bboxOf(split)).toEqual([-180, -10, 180, 10])
  })
})

describe('exportGeoJson', () => {
  it('writes a FeatureCollection, one Feature per polygon, that reads back the same', async () => {
    const polygons = [rectanglePolygon([12.4, 41.8], [12.6, 42]), rectanglePolygon([-1.5, 50], [-1, 50.25])]
    const text = exportGeoJson(polygons)
    expect(JSON.parse(text)).toEqual({
      type: 'FeatureCollection',
      features: polygons.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
    })
    expect(text).toContain('\n            [12.4, 41.8],\n')
    expect(parseAoiText(text)).toEqual({ ok: true, polygons, format: 'GeoJSON', notes: [] })
    expect(await parseAoiFile('aoi.geojson', new TextEncoder().encode(text))).toEqual({
      ok: true,
      polygons,
      format: 'GeoJSON',
      notes: [],
    })
  })
})
