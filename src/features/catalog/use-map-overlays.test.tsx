import { act, screen } from '@testing-library/react'
import { useEffect, useRef } from 'react'
import { describe, expect, it } from 'vitest'
import type { Scene } from '../../data/catalog/queries'
import type { MapOverlay } from '../../map/layers'
import type { MapHandle } from '../../map/map-view'
import { poly, rect, sceneFeature } from '../../testing/builders'
import { renderWithConsole } from '../../testing/render'
import { useCatalogUi } from './catalog-ui-store'
import { FOOTPRINTS_SOURCE, footprintData } from './map-layers'
import { useHoverAndSelection, useMapOverlays } from './use-map-overlays'

const scenes: Scene[] = [0, 1, 2].map((i) => sceneFeature(`s${i}`, {}, poly(rect(i, 0, i + 1, 1))))
const footprints = footprintData(scenes.map((scene) => ({ scene, host: 'oneatlas' })))
const HOSTS = ['oneatlas']
const NO_AREA: never[] = []

/** What the components below saw, recorded after each of their renders (an effect with no dependencies). */
const seen: { page: number; map: number; overlays?: MapOverlay[] } = { page: 0, map: 0 }

/** The page's side (the overlays, made from the search) and the map's (hover and selection marked on them). */
function Page() {
  const map = useRef<MapHandle | null>(null)
  const { overlays } = useMapOverlays(scenes, NO_AREA, footprints, map, HOSTS)
  useEffect(() => void seen.page++)
  return <Map overlays={overlays} />
}

function Map({ overlays }: { overlays: MapOverlay[] }) {
  const marked = useHoverAndSelection(overlays, scenes)
  useEffect(() => {
    seen.map++
    seen.overlays = marked
  })
  return <p>map</p>
}

const statesOf = () => seen.overlays?.find((o) => o.id === FOOTPRINTS_SOURCE)?.states

describe('useMapOverlays and useHoverAndSelection', () => {
  it('marks a hovered and a selected scene on the map without rendering the page again', async () => {
    await renderWithConsole(<Page />)
    await screen.findByText('map')
    const { page, map } = seen
    expect(statesOf()).toEqual([])

    act(() => useCatalogUi.getState().setHovered(1))
    expect(statesOf()).toEqual([{ id: 1, state: { hover: true, selected: false } }])
    act(() => useCatalogUi.getState().activate(2, 'list'))
    expect(statesOf()).toContainEqual({ id: 2, state: { hover: false, selected: true } })
    // The selected scene is one the footprint control's "only selected and basketed" keeps.
    expect(seen.overlays?.find((o) => o.id === FOOTPRINTS_SOURCE)?.footprints?.kept).toEqual([2])

    // Hover and selection rendered the map's component, never the page (its form, list and panels).
    expect(seen.map).toBeGreaterThan(map)
    expect(seen.page).toBe(page)
  })

  it('marks nothing picked in another response', async () => {
    await renderWithConsole(<Page />)
    await screen.findByText('map')
    // Another search's response: what was hovered there is not this one's scene 1.
    act(() => useCatalogUi.getState().resetScenes([]))
    act(() => useCatalogUi.getState().setHovered(1))
    expect(statesOf()).toEqual([])
  })
})
