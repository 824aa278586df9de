import { useMemo, useState } from 'react'
import { BasemapPicker } from '../../../components/aoi/basemap-picker'
import type { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { MapView } from '../../../map/map-view'
import { OPPORTUNITIES_SOURCE, opportunitiesOverlay, opportunityData } from '../tasking-map-layers'
import type { OpportunityRow } from '../tasking-rules'
import { useTaskingUi, type PickedFrom } from '../tasking-ui-store'
import classes from './tasking.module.css'

/**
 * The AOI toolkit's map with the opportunities' footprints. It alone follows hover and selection, so a
 * pointer moving over footprints, rows or bars re-renders the map's props, not the page and its form.
 */
export function TaskingMap({
  mapProps,
  rows,
  scope,
  onPick,
}: {
  mapProps: ReturnType<typeof useAoiTools>['mapProps']
  rows: readonly OpportunityRow[]
  /** Which answer the rows come from: hover and selection count only within it. */
  scope: string
  onPick: (key: string, from: PickedFrom) => void
}) {
  const [basemap, setBasemap] = useState('offline')
  const hovered = useTaskingUi((s) => (s.scope === scope ? s.hovered : null))
  const selected = useTaskingUi((s) => (s.scope === scope ? s.selected : null))
  const setHovered = useTaskingUi((s) => s.setHovered)
  const positions = useMemo(() => new Map(rows.map((r) => [r.key, r.position])), [rows])
  const footprints = useMemo(() => opportunityData(rows), [rows])
  const hoveredAt = hovered === null ? null : (positions.get(hovered) ?? null)
  const selectedAt = selected === null ? null : (positions.get(selected) ?? null)
  // Always given, empty when there are none: the map keeps a source it is no longer handed.
  const overlays = useMemo(
    () => [opportunitiesOverlay(footprints, hoveredAt, selectedAt)],
    [footprints, hoveredAt, selectedAt],
  )
  return (
    <div>
      <BasemapPicker value={basemap} onChange={setBasemap} />
      <div className={classes.map}>
        <MapView
          {...mapProps}
          overlays={overlays}
          basemap={basemap}
          label="Map of the tasking request: area of interest and acquisition opportunities"
          onOverlayHover={(source, id) => {
            if (source === OPPORTUNITIES_SOURCE)
              setHovered(scope, typeof id === 'number' ? (rows[id]?.key ?? null) : null)
          }}
          onOverlayClick={(source, id) => {
            const row = typeof id === 'number' ? rows[id] : undefined
            if (source === OPPORTUNITIES_SOURCE && row) onPick(row.key, 'map')
          }}
        />
      </div>
    </div>
  )
}
