// shpjs ships no types. Only the synchronous .shp reader is used: it takes the .shp bytes and, optionally,
// the .prj text (parsed by proj4; when proj4 cannot read it, coordinates are returned untransformed).
declare module 'shpjs' {
  import type { Geometry } from 'geojson'

  export function parseShp(
    shp: ArrayBuffer | ArrayBufferView | DataView,
    prj?: string | false,
  ): (Geometry | null)[]
}
