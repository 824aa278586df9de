import { useComputedColorScheme } from '@mantine/core'
import type { FeatureCollection, Polygon } from 'geojson'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import type { LayerSpecification } from 'maplibre-gl'
import { MapEngine, type Bbox, type DrawMode, type LonLat } from './map-engine'
import { formatLat, formatLon } from './format-coords'
import classes from './map-view.module.css'

/** A source and its layers, handed to the engine as plain data; `states` go through feature-state. */
export interface MapOverlay {
  id: string
  data: FeatureCollection
  layers: LayerSpecification[]
  states?: { id: string | number; state: Record<string, boolean> }[]
}

export interface MapViewProps {
  aoi: Polygon[]
  onAoiChange: (polygons: Polygon[]) => void
  mode: DrawMode
  overlays?: MapOverlay[]
  /** Fits the camera whenever a new request object arrives (an import, a library geometry shown, "zoom"). */
  fit?: { bbox: Bbox } | null
  keyboardDraw?: { on: boolean; vertices: LonLat[] }
  onKeyboardDraw?: (action: 'add' | 'undo' | 'finish' | 'cancel', center: LonLat) => void
  onFileDrop?: (file: File) => void
  /** 'offline' (the default) or an online MapLibre style URL. */
  basemap?: string
  /** Accessible name of the map region. */
  label?: string
  /** Filled with a handle to ask the map things (its centre) from outside React's data flow. */
  handle?: { current: MapHandle | null }
}

export interface MapHandle {
  center: () => LonLat
}

declare global {
  interface Window {
    /** The live map engine, for Playwright journeys to wait on and inspect. */
    __swathMap?: MapEngine
  }
}

/**
 * The React shell over the map engine: it creates the engine once and pushes props through its idempotent
 * setters. Cursor coordinates are written straight into the DOM, never through React state.
 */
export function MapView(props: MapViewProps) {
  const container = useRef<HTMLDivElement>(null)
  const cursor = useRef<HTMLOutputElement>(null)
  const [engine, setEngine] = useState<MapEngine | null>(null)
  const [dragging, setDragging] = useState(false)
  const scheme = useComputedColorScheme('light')
  const latest = useRef(props)
  useEffect(() => {
    latest.current = props
  })

  useEffect(() => {
    if (!container.current) return
    const e = new MapEngine(container.current, {
      scheme,
      handlers: {
        onAoiChange: (p) => latest.current.onAoiChange(p),
        onKeyboardDraw: (a, c) => latest.current.onKeyboardDraw?.(a, c),
        onCursor: (at) => {
          if (cursor.current)
            cursor.current.textContent = at ? `${formatLon(at[0])}  ${formatLat(at[1])}` : ''
        },
      },
    })
    window.__swathMap = e
    if (latest.current.handle) latest.current.handle.current = { center: () => e.center() }
    setEngine(e)
    return () => {
      if (window.__swathMap === e) delete window.__swathMap
      e.destroy()
    }
    // The engine is created once; later props reach it through the setters below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => engine?.setScheme(scheme), [engine, scheme])
  const basemap = props.basemap ?? 'offline'
  useEffect(() => engine?.setStyle(basemap), [engine, basemap])
  useEffect(() => engine?.setAoi(props.aoi), [engine, props.aoi])
  useEffect(() => engine?.setDrawMode(props.mode), [engine, props.mode])
  useEffect(() => {
    for (const o of props.overlays ?? []) {
      engine?.setSource(o.id, o.data, o.layers)
      for (const s of o.states ?? []) engine?.setFeatureState(o.id, s.id, s.state)
    }
  }, [engine, props.overlays])
  useEffect(() => {
    if (props.fit) engine?.fitTo(props.fit.bbox)
  }, [engine, props.fit])
  const kb = props.keyboardDraw
  useEffect(() => engine?.setKeyboardDraw(kb?.on ?? false, kb?.vertices ?? []), [engine, kb])

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setDragging(false)
    const file = e.dataTransfer.files[0]
    if (file) props.onFileDrop?.(file)
  }

  return (
    <div
      className={classes.root}
      role="region"
      aria-label={props.label ?? 'Map'}
      onDragOver={(e) => {
        if (!props.onFileDrop) return
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dragging={dragging || undefined}
    >
      <div ref={container} className={classes.map} data-testid="map" />
      {kb?.on && <div className={classes.crosshair} aria-hidden="true" />}
      <output ref={cursor} className={classes.cursor} aria-label="Cursor coordinates" />
      {dragging && <div className={classes.dropHint}>Drop the file to use it as the area of interest</div>}
    </div>
  )
}
