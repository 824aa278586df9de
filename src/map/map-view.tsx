import '@mantine/core/styles/Skeleton.css'
import { Skeleton, useComputedColorScheme } from '@mantine/core'
import type { Polygon } from 'geojson'
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react'
import { MapEngine, type Bbox, type DrawMode, type FitHow, type LonLat, type MapImage } from './map-engine'
import { formatLat, formatLon } from './format-coords'
import type { FootprintView, MapOverlay } from './layers'
import { FootprintControl } from './footprint-control'
import { PlaceSearchField } from './place-search-field'
import classes from './map-view.module.css'

export interface MapViewProps {
  aoi: Polygon[]
  onAoiChange: (polygons: Polygon[]) => void
  mode: DrawMode
  overlays?: MapOverlay[]
  /**
   * Fits the camera whenever a new request object arrives (an import, a library geometry shown, "zoom"); how
   * (`reveal`, `ahead`) as `MapEngine.fitTo` says.
   */
  fit?: ({ bbox: Bbox } & FitHow) | null
  keyboardDraw?: { on: boolean; vertices: LonLat[] }
  onKeyboardDraw?: (action: 'add' | 'undo' | 'finish' | 'cancel', center: LonLat) => void
  onFileDrop?: (file: File) => void
  /** 'offline' (the default) or an online MapLibre style URL. */
  basemap?: string
  /** Accessible name of the map region. */
  label?: string
  /** Filled with a handle to ask the map things (its centre) from outside React's data flow. */
  handle?: { current: MapHandle | null }
  onOverlayHover?: (source: string, id: string | number | null) => void
  onOverlayClick?: (source: string, id: string | number) => void
  onViewChange?: (bounds: Bbox, byUser: boolean) => void
  /** Pictures placed at their corners (quicklooks, delivered imagery drawn on a canvas). */
  images?: MapImage[]
  /**
   * The pointer's position over the map, or null when it leaves; called on every move, so a page writes
   * what it shows for it into the DOM rather than into React state.
   */
  onCursor?: (at: LonLat | null) => void
  /** Hides "Go to a place" (a small map beside a document, say). */
  noPlaceSearch?: boolean
  /**
   * What "Go to a place" shows from now on, whatever was typed or picked before: each new `key` starts the field
   * again with `text` (an AOI imported from "Hamburg port.geojson" shows "Hamburg port"; '' empties it).
   */
  place?: { key: number | string; text: string }
  /**
   * Two of the images compared side by side with a swipe line that the pointer drags and the keyboard moves
   * (← →, Home, End): `left` shows left of the line, `right` right of it, each named on its side.
   */
  swipe?: SwipeCompare | null
  /**
   * While true, the engine is not made yet (for at most HOLD_MAX_MS after the view mounts), and the box shows
   * that the map is coming. For a page whose picture is being read: making a map and drawing its basemap is
   * heavy work on a software GL, which would share the CPU with the read; made after, the map draws the
   * picture in its first frames.
   */
  hold?: boolean
  /**
   * What the page paints before the map's next frame (a search's response, whose first rows the analyst waits
   * for): each new value, from the render that shows it, holds the map's frames until the page's frame has run.
   */
  paintFirst?: unknown
}

/** The longest a map waits for its page's `hold` before it is made all the same. */
const HOLD_MAX_MS = 1500

export interface SwipeCompare {
  left: { id: string; label: string }
  right: { id: string; label: string }
}

export interface MapHandle {
  center: () => LonLat
  bounds: () => Bbox
  /** Calls back once the map has drawn what it was given (MapLibre `idle`). */
  afterIdle: (callback: () => void) => void
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
  // Read at once, not in an effect: the engine builds its first style in this scheme, so a dark page's map
  // never paints the light basemap first.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const latest = useRef(props)
  useEffect(() => {
    latest.current = props
  })

  /** The fit the engine was created with: it draws its first frame there, so the effect below skips it. */
  const initialFit = useRef<MapViewProps['fit']>(undefined)

  // The engine is made at once, or when the page's hold ends or has lasted HOLD_MAX_MS; once made, it stays.
  const held = props.hold ?? false
  const [heldTooLong, setHeldTooLong] = useState(false)
  useEffect(() => {
    if (!held) return
    const t = setTimeout(() => setHeldTooLong(true), HOLD_MAX_MS)
    return () => clearTimeout(t)
  }, [held])
  const released = !held || heldTooLong || engine !== null

  useEffect(() => {
    if (!container.current || !released) return
    initialFit.current = latest.current.fit
    const e = new MapEngine(container.current, {
      scheme,
      fit: latest.current.fit?.bbox,
      handlers: {
        onAoiChange: (p) => latest.current.onAoiChange(p),
        onKeyboardDraw: (a, c) => latest.current.onKeyboardDraw?.(a, c),
        onOverlayHover: (src, id) => latest.current.onOverlayHover?.(src, id),
        onOverlayClick: (src, id) => latest.current.onOverlayClick?.(src, id),
        onViewChange: (b, byUser) => latest.current.onViewChange?.(b, byUser),
        onCursor: (at) => {
          if (cursor.current)
            cursor.current.textContent = at ? `${formatLon(at[0])}  ${formatLat(at[1])}` : ''
          latest.current.onCursor?.(at)
        },
      },
    })
    window.__swathMap = e
    if (latest.current.handle)
      latest.current.handle.current = {
        center: () => e.center(),
        bounds: () => e.bounds(),
        afterIdle: (cb) => e.afterIdle(cb),
      }
    setEngine(e)
    return () => {
      if (window.__swathMap === e) delete window.__swathMap
      e.destroy()
    }
    // The engine is created once (once released); later props reach it through the setters below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [released])

  useEffect(() => engine?.setScheme(scheme), [engine, scheme])
  const basemap = props.basemap ?? 'offline'
  useEffect(() => engine?.setStyle(basemap), [engine, basemap])
  useEffect(() => engine?.setAoi(props.aoi), [engine, props.aoi])
  useEffect(() => engine?.setDrawMode(props.mode), [engine, props.mode])
  // States set per overlay, to put back to false the ones no longer listed.
  const stated = useRef(new Map<string, Map<string | number, Record<string, boolean>>>())
  useEffect(() => {
    if (!engine) return
    // An overlay no longer listed leaves the map (a closed coverage plan, footprints it stood in for).
    const listed = new Set((props.overlays ?? []).map((o) => o.id))
    for (const id of stated.current.keys())
      if (!listed.has(id)) {
        engine.removeSource(id)
        stated.current.delete(id)
      }
    for (const o of props.overlays ?? []) {
      engine.setSource(o.id, o.data, o.layers, o)
      const before = stated.current.get(o.id) ?? new Map<string | number, Record<string, boolean>>()
      const now = new Map((o.states ?? []).map((s) => [s.id, s.state]))
      for (const [id, state] of before) {
        if (!now.has(id))
          engine.setFeatureState(o.id, id, Object.fromEntries(Object.keys(state).map((k) => [k, false])))
      }
      for (const [id, state] of now) engine.setFeatureState(o.id, id, state)
      stated.current.set(o.id, now)
    }
  }, [engine, props.overlays])
  useEffect(() => engine?.setImages(props.images ?? []), [engine, props.images])
  // In the commit, not after it: a passive effect may run after the frame it is meant to come before.
  const paintFirst = props.paintFirst
  useLayoutEffect(() => {
    if (paintFirst !== undefined) engine?.paintFirst()
  }, [engine, paintFirst])
  // The footprint control shows while an overlay of many footprints is on the map; what it chose stays.
  const [footprintView, setFootprintView] = useState<FootprintView>('all')
  const footprintOverlays = (props.overlays ?? []).filter((o) => o.footprints)
  const keptLabel = footprintOverlays.find((o) => o.footprints?.keptLabel)?.footprints?.keptLabel
  // Narrowed to kept footprints no overlay names any more: all of them again, as no button could undo it.
  const shownView = footprintView === 'kept' && !keptLabel ? 'all' : footprintView
  useEffect(() => engine?.setFootprintView(shownView), [engine, shownView])
  const [swipeAt, setSwipeAt] = useState(0.5)
  const swipe = props.swipe ?? null
  const leftId = swipe?.left.id
  const rightId = swipe?.right.id
  useEffect(() => {
    engine?.setSwipe(leftId && rightId ? { left: leftId, right: rightId, position: swipeAt } : null)
  }, [engine, leftId, rightId, swipeAt])
  useEffect(() => {
    if (props.fit && props.fit !== initialFit.current) engine?.fitTo(props.fit.bbox, true, props.fit)
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
      {!released && (
        <Skeleton animate={false} className={classes.holding} role="status" aria-label="Loading the map" />
      )}
      {kb?.on && <div className={classes.crosshair} aria-hidden="true" />}
      <output ref={cursor} className={classes.cursor} aria-label="Cursor coordinates" />
      {engine && !props.noPlaceSearch && (
        <div className={classes.placeSearch}>
          <PlaceSearchField
            key={props.place?.key}
            initialValue={props.place?.text}
            onPick={(center, zoom) => engine.flyTo(center, zoom)}
          />
        </div>
      )}
      {engine && footprintOverlays.length > 0 && (
        <FootprintControl view={shownView} onChange={setFootprintView} keptLabel={keptLabel} />
      )}
      {swipe && <SwipeHandle swipe={swipe} at={swipeAt} onMove={setSwipeAt} />}
      {dragging && <div className={classes.dropHint}>Drop the file to use it as the area of interest</div>}
    </div>
  )
}

const clamp = (v: number) => Math.min(1, Math.max(0, v))

/** The swipe line and its handle: a slider (0–100 % of the map's width) dragged or moved by the keyboard. */
function SwipeHandle({
  swipe,
  at,
  onMove,
}: {
  swipe: SwipeCompare
  at: number
  onMove: (at: number) => void
}) {
  const line = useRef<HTMLDivElement>(null)
  const follow = (clientX: number) => {
    const box = line.current?.parentElement?.getBoundingClientRect()
    if (box && box.width > 0) onMove(clamp((clientX - box.left) / box.width))
  }
  const percent = Math.round(at * 100)
  return (
    <>
      {/* Each name stays on its side of the line, cut short rather than run off the map. */}
      <span
        className={classes.swipeLabel}
        title={swipe.left.label}
        style={{ right: `calc(${100 - percent}% + 10px)`, maxWidth: `calc(${percent}% - 20px)` }}
      >
        {swipe.left.label}
      </span>
      <span
        className={classes.swipeLabel}
        title={swipe.right.label}
        style={{ left: `calc(${percent}% + 10px)`, maxWidth: `calc(${100 - percent}% - 20px)` }}
      >
        {swipe.right.label}
      </span>
      <div ref={line} className={classes.swipeLine} style={{ left: `${at * 100}%` }}>
        <div
          className={classes.swipeHandle}
          role="slider"
          tabIndex={0}
          aria-label={`Swipe between ${swipe.left.label} (left) and ${swipe.right.label} (right)`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent} % of the map shows ${swipe.left.label}`}
          data-testid="swipe-handle"
          onKeyDown={(e) => {
            const step = e.shiftKey ? 0.01 : 0.05
            const next =
              e.key === 'ArrowLeft' || e.key === 'ArrowDown'
                ? at - step
                : e.key === 'ArrowRight' || e.key === 'ArrowUp'
                  ? at + step
                  : e.key === 'Home'
                    ? 0
                    : e.key === 'End'
                      ? 1
                      : null
            if (next === null) return
            e.preventDefault()
            onMove(clamp(next))
          }}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId)
            e.preventDefault()
          }}
          onPointerMove={(e) => {
            if (e.currentTarget.hasPointerCapture(e.pointerId)) follow(e.clientX)
          }}
        >
          ⇔
        </div>
      </div>
    </>
  )
}
