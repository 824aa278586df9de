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
  searchAreaOverlay,
  withHoverAndSelection,
} from './map-layers'
import type { MapOverlay } from '../../map/layers'
import { quicklookImage } from '../../map/quicklook-image'
import { MARKS, previewOptions, type Scene } from '../../data/catalog/queries'
import { basketKey, useBasketStore } from '../../components/basket/basket-store'

const NONE: readonly number[] = []

/**
 * The page's overlays with the hovered and the active scene of the response `scope` marked on its footprints
 * (hover and the active scene count only for the response they were picked in). For the map's component:
 * subscribed there, a hover renders the map alone.
 */
export function useHoverAndSelection(
  overlays: readonly MapOverlay[] | undefined,
  scope: Scene[] | undefined,
) {
  const hovered = useCatalogUi((s) => (s.scope === scope ? s.hovered : null))
  const active = useCatalogUi((s) => (s.scope === scope ? s.active : null))
  return useMemo(
    () => overlays?.map((o) => withHoverAndSelection(o, hovered, active)),
    [overlays, hovered, active],
  )
}

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
  // The searched area's overlay is made anew only when the area changes: made with the footprints, each answer
  // and each hover gave the map the same outline in new objects, which it took as new data — a map frame
  // requested in the answer's render, which (under an emulated GPU) the frame with the first rows waited for.
  const searchArea = useMemo(() => searchAreaOverlay(appliedPolygons), [appliedPolygons])
  // No scene hovered or selected here: the map's component marks them (`useHoverAndSelection`), so a hover
  // renders the map alone. Subscribed here, each hover rendered the whole page (its form, list and panels)
  // to change two feature states.
  const overlays = useMemo(
    () => [searchArea, footprintsOverlay(footprints, null, null, layers, basketed)],
    [searchArea, footprints, layers, basketed],
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
