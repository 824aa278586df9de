import type { Feature, FeatureCollection, Polygon } from 'geojson'

/** The polygons of any GeoJSON value the service returns (MultiPolygons split); anything else is skipped. */
export function polygonsOf(value: unknown): Polygon[] {
  const out: Polygon[] = []
  const visit = (v: unknown): void => {
    if (!v || typeof v !== 'object') return
    const o = v as {
      type?: unknown
      features?: unknown
      geometry?: unknown
      geometries?: unknown
      coordinates?: unknown
    }
    if (o.type === 'FeatureCollection' && Array.isArray(o.features)) o.features.forEach(visit)
    else if (o.type === 'Feature') visit(o.geometry)
    else if (o.type === 'GeometryCollection' && Array.isArray(o.geometries)) o.geometries.forEach(visit)
    else if (o.type === 'Polygon' && Array.isArray(o.coordinates)) out.push(v as Polygon)
    else if (o.type === 'MultiPolygon' && Array.isArray(o.coordinates))
      for (const coordinates of o.coordinates as Polygon['coordinates'][])
        out.push({ type: 'Polygon', coordinates })
  }
  visit(value)
  return out
}

/** One Feature per polygon: how the service takes an AOI (several features are several areas). */
export function featureCollectionOf(polygons: Polygon[]): FeatureCollection<Polygon> {
  return {
    type: 'FeatureCollection',
    features: polygons.map((geometry): Feature<Polygon> => ({ type: 'Feature', properties: {}, geometry })),
  }
}
