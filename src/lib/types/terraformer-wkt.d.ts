// @terraformer/wkt ships no types. Parsing throws on malformed text; 3D input adds `properties: { z: true }`.
declare module '@terraformer/wkt' {
  import type { Geometry } from 'geojson'

  export function wktToGeoJSON(wkt: string): Geometry & { properties?: { z?: boolean; m?: boolean } }
  export function geojsonToWKT(geometry: Geometry): string
}
