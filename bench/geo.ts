import type { Polygon } from 'geojson'
import { parseAoiFile } from '../src/lib/aoi-formats'
import { applyFix } from '../src/lib/geo/fixes'
import { areaKm2, totalPositions } from '../src/lib/geo/measure'
import { validateAoi } from '../src/lib/geo/validation'
import { selfIntersections } from '../src/lib/geo/crossings'
import { comb } from '../src/testing/shapes'
import {
  prjUtmNorth,
  utmNorth,
  writeShapefile,
  zipFiles,
  type ShpRecord,
} from '../src/lib/testdata/shapefile-writer'
import { report, time } from './stats'

/**
 * The AOI toolkit (src/lib/geo/, src/lib/aoi-formats.ts): checking a polygon at the service's vertex limit
 * on every edit, and importing a large zipped shapefile.
 */
export async function benchGeo(): Promise<void> {
  console.log('\n## AOI geometry')

  const limit = wobbly(9_999, 12.5, 41.9, 0.3)
  if (validateAoi([limit]).length > 0) throw new Error('benchmark polygon should be valid')
  report(
    `validate + area, 1 polygon, ${totalPositions([limit]).toLocaleString('en-GB')} positions`,
    await time(200, 20, () => Promise.resolve(validateAoi([limit]).length + areaKm2(limit))),
    'median < 30 ms',
  )

  const crossed = wobbly(9_999, 12.5, 41.9, 0.3)
  const ring = crossed.coordinates[0]
  ;[ring[5000], ring[5001]] = [ring[5001], ring[5000]]
  report(
    'repair one crossing, 10,000 positions',
    await time(10, 2, () => Promise.resolve(applyFix([crossed], 'repair'))),
  )

  const zip = bigShapefileZip()
  const parsed = await parseAoiFile('big.zip', zip)
  if (!parsed.ok) throw new Error(`benchmark shapefile did not parse: ${parsed.message}`)
  const points = totalPositions(parsed.polygons)
  console.log(
    `zipped shapefile: ${(zip.length / 1024 / 1024).toFixed(1)} MB, ${parsed.polygons.length} polygons, ${points.toLocaleString('en-GB')} positions, UTM 33N`,
  )
  report(
    `import ${(zip.length / 1024 / 1024).toFixed(1)} MB zipped shapefile (UTM, .prj)`,
    await time(10, 2, () => parseAoiFile('big.zip', zip)),
    'median < 1 s',
  )
  report(
    `validate the import, ${points.toLocaleString('en-GB')} positions`,
    await time(10, 2, () => Promise.resolve(validateAoi(parsed.polygons))),
  )
  report(
    `simplify the import to 10,000 positions`,
    await time(3, 1, () => Promise.resolve(applyFix(parsed.polygons, 'simplify'))),
  )
  await benchHostileAoi()
}

/**
 * Combs (issue 41): long parallel teeth, leaning, the shape that made the crossing check quadratic (26 s for
 * 10,000 leaning corners, 7.8 s for 40,000 upright ones). The crossing check alone, and the whole validation
 * as a link or a stored draft gets it (beyond 10,000 points it stops at the vertex limit).
 */
export async function benchHostileAoi(): Promise<void> {
  for (const n of [10_000, 20_000, 40_000]) {
    const c = comb(n, { slant: 1 })
    report(
      `crossing check, leaning comb, ${n.toLocaleString('en-GB')} positions`,
      await time(10, 2, () => Promise.resolve(selfIntersections(c))),
    )
    report(
      `validate leaning comb, ${n.toLocaleString('en-GB')} positions`,
      await time(10, 2, () => Promise.resolve(validateAoi([c]))),
      'median < 100 ms',
    )
  }
}

/** A closed outline of `n` corners wobbling around a circle (valid: it never crosses itself). */
function wobbly(n: number, lon: number, lat: number, radius: number): Polygon {
  const ring: number[][] = []
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI
    const r = radius * (1 + 0.08 * Math.sin(a * 17) + 0.02 * Math.sin(a * 301))
    ring.push([lon + r * Math.cos(a), lat + r * Math.sin(a)])
  }
  ring.push(ring[0])
  return { type: 'Polygon', coordinates: [ring] }
}

/** About 5 MB zipped: 420 fields of 1,000 corners each around Rome, in UTM zone 33N metres, with a .prj. */
function bigShapefileZip(): Uint8Array {
  const records: ShpRecord[] = []
  for (let k = 0; k < 420; k++) {
    const lon = 12 + (k % 20) * 0.05
    const lat = 41.5 + Math.floor(k / 20) * 0.05
    const outline = wobbly(999, lon, lat, 0.02).coordinates[0].map(([x, y]) => utmNorth(x, y, 33))
    records.push({ kind: 'polygon', polygons: [[outline]] })
  }
  const { shp, shx, dbf } = writeShapefile(5, records)
  return zipFiles({ 'fields.shp': shp, 'fields.shx': shx, 'fields.dbf': dbf, 'fields.prj': prjUtmNorth(33) })
}
