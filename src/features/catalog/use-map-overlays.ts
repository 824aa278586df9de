import { useComputedColorScheme } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import type { FeatureCollection, Polygon } from 'geojson'
import { useEffect, useMemo, type RefObject } from 'react'
import { useApiClient } from '../../api/console-context'
import type { MapHandle } from '../../map/map-view'
import { useCatalogUi } from './catalog-ui-store'
import {
  FOOTPRINTS_SOURCE,
  footprintLayers,
  footprintsOverlay,
  hostColors,
  quicklookImage,
  searchAreaOverlay,
} from './map-layers'
import { MARKS, previewOptions, type Scene } from '../../data/catalog/queries'
import { basketKey, useBasketStore } from '../../components/basket/basket-store'

const NONE: readonly number[] = []

/**
 * What the map shows of a search: the searched area, the footprints with the hovered and active scene as
 * feature-state, and the quicklooks laid on it; and what hovering or clicking a footprint does.
 */
export function useMapOverlays(
  features: Scene[] | undefined,
  appliedPolygons: Polygon[],
  footprints: FeatureCollection,
  map: RefObject<MapHandle | null>,
  /** Every searchable host, in the order their colours go: known before a search, which changes none. */
  hosts: readonly string[],
) {
  const scheme = useComputedColorScheme('light')
  const colors = useMemo(() => hostColors(hosts, scheme), [hosts, scheme])
  const layers = useMemo(() => footprintLayers(colors, scheme), [colors, scheme])
  const client = useApiClient()
  const resetScenes = useCatalogUi((s) => s.resetScenes)
  useEffect(() => {
    resetScenes(features)
    if (!features || features.length === 0) return
    // The page's own timing mark: the map has drawn this response's footprints.
    map.current?.afterIdle(() => performance.mark(MARKS.footprints, { detail: { count: features.length } }))
  }, [features, resetScenes, map])

  // Hover and the active scene count only for the response they were picked in.
  const hovered = useCatalogUi((s) => (s.scope === features ? s.hovered : null))
  const active = useCatalogUi((s) => (s.scope === features ? s.active : null))
  const setHovered = useCatalogUi((s) => s.setHovered)
  const activate = useCatalogUi((s) => s.activate)
  const quicklooks = useCatalogUi((s) => s.quicklooks)
  const quicklooksHidden = useCatalogUi((s) => s.quicklooksHidden)
  const quicklookUrls = useQueries({
    queries: quicklooks.map((q) => previewOptions(client, 'quicklook', q.host, q.id)),
  })
  const images = useMemo(
    () =>
      quicklooksHidden
        ? []
        : quicklooks.flatMap((q, i) => {
            const url = quicklookUrls[i]?.data
            return url ? [quicklookImage(q.key, url, q.footprint, q.opacity)] : []
          }),
    [quicklooks, quicklooksHidden, quicklookUrls],
  )
  // The basketed scenes' feature ids: what the map's "only selected and basketed" keeps.
  const basket = useBasketStore((s) => s.scenes)
  const basketed = useMemo(() => {
    if (basket.length === 0) return NONE
    const keys = new Set(basket.map(basketKey))
    return footprints.features.flatMap((f) => {
      const p = f.properties as { sceneId: string; host: string } | null
      return p && keys.has(basketKey({ host: p.host, id: p.sceneId })) ? [f.id as number] : []
    })
  }, [basket, footprints])
  const overlays = useMemo(
    () => [
      searchAreaOverlay(appliedPolygons),
      footprintsOverlay(footprints, hovered, active, layers, basketed),
    ],
    [appliedPolygons, footprints, hovered, active, layers, basketed],
  )

  return {
    overlays,
    images,
    hasQuicklooks: quicklooks.length > 0,
    /** Each host's footprint colour, for the legend and the rows. */
    hostColors: colors,
    onOverlayHover: (source: string, id: string | number | null) => {
      if (source === FOOTPRINTS_SOURCE) setHovered(typeof id === 'number' ? id : null)
    },
    onOverlayClick: (source: string, id: string | number) => {
      if (source === FOOTPRINTS_SOURCE && typeof id === 'number') activate(id, 'map')
    },
  }
}
