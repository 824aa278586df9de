import { lazy, useMemo, type ComponentProps } from 'react'
import type { FeatureCollection } from 'geojson'
import type { MapOverlay } from '../../../map/layers'
import { useHovered } from '../storage-ui-store'

const StorageMap = lazy(async () => ({ default: (await import('./storage-map')).StorageMap }))

/**
 * The storage map, reading the hovered footprint itself: the page that holds it does not read the hover, so a
 * hover draws the map and the two rows it changes, not the page with its filters and pager again (decision 85;
 * 100–700 ms a hover on the large world's lists under load). `layer` lays the hoverable footprints, between
 * the overlays `below` and `above` them. Put in a Suspense boundary: the map is its own chunk.
 */
export function HoveredMap({
  scope,
  footprints,
  layer,
  below,
  above = NONE,
  ...map
}: {
  /** The list the hover is counted in (the page's answer). */
  scope: unknown
  footprints: FeatureCollection
  layer: (footprints: FeatureCollection, hovered: number | null) => MapOverlay
  below: readonly MapOverlay[]
  above?: readonly MapOverlay[]
} & Omit<ComponentProps<typeof StorageMap>, 'overlays'>) {
  const hovered = useHovered(scope)
  const overlays = useMemo(
    () => [...below, layer(footprints, hovered), ...above],
    [below, layer, footprints, hovered, above],
  )
  return <StorageMap {...map} overlays={overlays} />
}

const NONE: readonly MapOverlay[] = []
