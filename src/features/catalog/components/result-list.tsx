import { Badge, Text } from '@mantine/core'
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react'
import { basketKey, useBasketStore } from '../../../components/basket/basket-store'
import { ownedLabel, useOwnedScenes, type OwnedOrder } from '../../../data/orders/owned-scenes'
import { isNewSince } from '../../../data/saved-searches/saved-search'
import { useCatalogUi } from '../catalog-ui-store'
import { MARKS } from '../../../data/catalog/queries'
import type { Bbox } from '../../../map/map-engine'
import {
  formatCloud,
  formatCoverage,
  formatDelivery,
  formatResolution,
  formatSceneTime,
  FULL_COVERAGE,
  sceneTime,
  type SceneRow,
} from '../words'
import classes from './catalog.module.css'
import side from './result-row.module.css'
import { OwnedLine } from './owned-scene'
import { SceneThumbnail } from './scene-thumbnail'

const ROW_HEIGHT = 84

interface Props {
  /** The response the rows come from: the timing mark is placed once per response. */
  response: unknown
  rows: SceneRow[]
  /** A saved search opened with `since`: scenes acquired or published after it are marked new. */
  since: string | null
  /** Collections whose scenes have thumbnails (`THUMBNAIL_AVAILABLE`). */
  withThumbnails: ReadonlySet<string>
  titles: ReadonlyMap<string, string>
  /** Each host's colour on the map, when the list holds several hosts. */
  hostColors?: ReadonlyMap<string, string>
  /** Hosts by their titles, to name them in words when the list holds several. */
  hostTitles?: ReadonlyMap<string, string>
  onToggleBasket: (row: SceneRow) => void
  onToggleQuicklook: (row: SceneRow) => void
  onDetails: (row: SceneRow) => void
  /** Brings a box into the map's view unless it is already shown whole; `room` pads it. */
  onReveal: (box: Bbox, room: (box: Bbox) => Bbox) => void
}

/** A box with its own size again on every side, so a scene shows in its surroundings. */
const roomAround = ([w, s, e, n]: Bbox): Bbox => {
  const dx = Math.max(e - w, 0.05)
  const dy = Math.max(n - s, 0.05)
  return [w - dx, Math.max(-85, s - dy), e + dx, Math.min(85, n + dy)]
}

/** The box around a footprint's positions, or null. */
function boxOf(g: { coordinates?: unknown } | null | undefined): Bbox | null {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity]
  const walk = (c: unknown): void => {
    if (!Array.isArray(c)) return
    if (typeof c[0] === 'number' && typeof c[1] === 'number') {
      box[0] = Math.min(box[0], c[0])
      box[1] = Math.min(box[1], c[1])
      box[2] = Math.max(box[2], c[0])
      box[3] = Math.max(box[3], c[1])
    } else c.forEach(walk)
  }
  walk(g?.coordinates)
  return box.every(Number.isFinite) ? box : null
}

const optionId = (index: number) => `scene-option-${index}`

/**
 * The results as a multi-select listbox: arrows move the active scene (shown on the map), Space puts it in
 * the basket or takes it out, Enter opens its details, Q lays its quicklook on the map. Only the rows in
 * view (and a few around) are in the DOM, so 500 scenes scroll like 10.
 */
export const ResultList = memo(function ResultList(props: Props) {
  const { rows } = props
  const scroller = useRef<HTMLDivElement>(null)
  const { response } = props
  // Hover and the active scene count only for the response they were picked in.
  const active = useCatalogUi((s) => (s.scope === response ? s.active : null))
  const hovered = useCatalogUi((s) => (s.scope === response ? s.hovered : null))
  const position = active === null ? -1 : rows.findIndex((r) => r.index === active)
  // TanStack Virtual hands back a mutable instance, which the React Compiler cannot memoise; this component
  // re-renders on scroll anyway, and its rows are memoised on their own.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    // The active option stays in the DOM even when scrolled away: aria-activedescendant must name a node.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range)
      return position >= 0 && !indexes.includes(position)
        ? [...indexes, position].sort((a, b) => a - b)
        : indexes
    },
  })
  const activeFrom = useCatalogUi((s) => s.activeFrom)
  const activate = useCatalogUi((s) => s.activate)
  const inBasket = useBasketStore((s) => s.scenes)
  const { since } = props
  const basketKeys = new Set(inBasket.map(basketKey))
  // Orders are read back to the oldest scene listed: none placed before it can hold one of them.
  const acquired = useMemo(() => rows.map((r) => sceneTime(r.scene)), [rows])
  const owned = useOwnedScenes(acquired)

  // A scene picked on the map (or moved to by keys) scrolls into view.
  useEffect(() => {
    if (position >= 0) virtualizer.scrollToIndex(position, { align: 'auto' })
  }, [position, activeFrom, virtualizer])

  // A scene picked here (click or keys) comes into the map's view.
  const { onReveal } = props
  useEffect(() => {
    if (position < 0 || activeFrom !== 'list') return
    const box = boxOf(rows[position]?.scene.geometry)
    if (box) onReveal(box, roomAround)
    // Once per scene picked, not when the rows' or the callback's identity change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [position, activeFrom])

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1)
    const move = (to: number) => {
      e.preventDefault()
      const row = rows[Math.max(0, Math.min(rows.length - 1, to))]
      if (row) activate(row.index, 'list')
    }
    const here = position < 0 ? -1 : position
    const row = position >= 0 ? rows[position] : undefined
    switch (e.key) {
      case 'ArrowDown':
        return move(here + 1)
      case 'ArrowUp':
        return move(here <= 0 ? 0 : here - 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(rows.length - 1)
      case 'PageDown':
        return move(here + pageRows)
      case 'PageUp':
        return move(here - pageRows)
      case ' ':
        if (row) {
          e.preventDefault()
          props.onToggleBasket(row)
        }
        return
      case 'Enter':
        if (row) {
          e.preventDefault()
          props.onDetails(row)
        }
        return
      case 'q':
      case 'Q':
        if (row && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault()
          props.onToggleQuicklook(row)
        }
        return
    }
  }

  const items = virtualizer.getVirtualItems()
  const top = virtualizer.scrollOffset ?? 0
  // Nothing counts as in view until the list has been measured: no thumbnail is fetched on a guess.
  const bottom = top + (virtualizer.scrollRect?.height ?? 0)
  const shown = items.length > 0

  // The page's own timing mark: the first rows of a response are in the DOM (the frame they are painted in).
  const marked = useRef<unknown>(null)
  useLayoutEffect(() => {
    if (!shown || rows.length === 0 || marked.current === response) return
    const id = requestAnimationFrame(() => {
      marked.current = response
      performance.mark(MARKS.rows, { detail: { count: rows.length } })
    })
    return () => cancelAnimationFrame(id)
  }, [response, rows.length, shown])

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      role="listbox"
      aria-label="Search results"
      aria-multiselectable="true"
      aria-activedescendant={position >= 0 ? optionId(active as number) : undefined}
      aria-describedby="result-keys"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        // Tabbing in starts at the first scene; a click says itself which scene it means.
        if (!e.currentTarget.matches(':focus-visible')) return
        if (position < 0 && rows[0]) activate(rows[0].index, 'list')
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]
          const p = row.scene.properties
          return (
            <Row
              key={row.index}
              row={row}
              hovered={row.index === hovered}
              top={item.start}
              visible={item.end > top && item.start < bottom}
              thumbnail={props.withThumbnails.has(p.collection)}
              collectionTitle={props.titles.get(p.collection) ?? p.collection}
              active={row.index === active}
              inBasket={basketKeys.has(`${row.host}/${p.id}`)}
              owned={owned.of(p.id)}
              color={props.hostColors?.get(row.host) ?? null}
              hostTitle={props.hostTitles?.get(row.host) ?? row.host}
              isNew={isNewSince(row.scene, since)}
              onToggleBasket={props.onToggleBasket}
              onToggleQuicklook={props.onToggleQuicklook}
              onDetails={props.onDetails}
            />
          )
        })}
      </div>
    </div>
  )
})

interface RowProps {
  row: SceneRow
  /**
   * Hovered here or on the map. Said by the list (not read by each row from the store with the response as
   * its scope), so a row stays equal, and is not drawn again, when another host's answer comes in.
   */
  hovered: boolean
  /** Its host's colour, when the list holds several hosts. */
  color: string | null
  top: number
  visible: boolean
  thumbnail: boolean
  collectionTitle: string
  active: boolean
  inBasket: boolean
  /** The account's orders holding this scene (one array per scene, so the row's memo holds). */
  owned: readonly OwnedOrder[]
  /** Acquired or published since the analyst last looked at the saved search opened. */
  isNew: boolean
  onToggleBasket: (row: SceneRow) => void
  onToggleQuicklook: (row: SceneRow) => void
  onDetails: (row: SceneRow) => void
  /** Its host in words. */
  hostTitle: string
}

const Row = memo(function Row(props: RowProps) {
  const { row, color } = props
  const { host } = row
  const p = row.scene.properties
  const { hovered } = props
  const quicklook = useCatalogUi((s) => s.quicklooks.some((q) => q.key === `${host}/${p.id}`))
  const setHovered = useCatalogUi((s) => s.setHovered)
  const activate = useCatalogUi((s) => s.activate)
  const time = sceneTime(row.scene)
  const label = [
    formatSceneTime(time),
    props.collectionTitle,
    color ? props.hostTitle : null,
    formatCloud(p.cloudCoverage),
    formatResolution(p.resolution),
    row.coverage === null ? null : formatCoverage(row.coverage),
    ownedLabel(props.owned),
    props.inBasket ? 'in basket' : null,
    props.isNew ? 'new since you last looked' : null,
    quicklook ? 'quicklook on map' : null,
  ]
    .filter(Boolean)
    .join(', ')

  return (
    <div
      id={optionId(row.index)}
      role="option"
      aria-selected={props.inBasket}
      aria-label={label}
      data-scene-id={p.id}
      data-host={host}
      data-active={props.active || undefined}
      data-hovered={hovered || undefined}
      className={classes.row}
      style={{ transform: `translateY(${props.top}px)`, height: ROW_HEIGHT }}
      onPointerEnter={() => setHovered(row.index)}
      onPointerLeave={() => setHovered(null)}
      onClick={() => activate(row.index, 'list')}
      onDoubleClick={() => props.onDetails(row)}
    >
      <SceneThumbnail host={host} id={p.id} enabled={props.thumbnail} visible={props.visible} />
      <div className={classes.rowText}>
        <Text size="sm" fw={600} lineClamp={1}>
          {formatSceneTime(time)}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {color && <span className={classes.hostSwatch} style={{ background: color }} aria-hidden="true" />}
          {props.collectionTitle}
          {color && ` · ${props.hostTitle}`}
        </Text>
        <Text size="xs" lineClamp={props.owned.length > 0 ? 1 : 2}>
          {formatCloud(p.cloudCoverage)} · {formatResolution(p.resolution)} · {formatDelivery(p.deliveryTime)}
        </Text>
        <OwnedLine orders={props.owned} />
      </div>
      {/* Labelled toggles for the pointer; keys (Space, Q) do the same from the list, which says the state. */}
      <div className={side.rowSide}>
        {props.isNew && (
          <Badge size="sm" tt="none" color="grape.9" aria-hidden="true">
            New
          </Badge>
        )}
        {row.coverage !== null && (
          <Badge
            size="sm"
            tt="none"
            variant={row.coverage >= FULL_COVERAGE ? 'filled' : 'outline'}
            color={row.coverage >= FULL_COVERAGE ? 'teal.9' : 'gray'}
          >
            {formatCoverage(row.coverage)}
          </Badge>
        )}
        <span
          className={side.toggle}
          data-on={props.inBasket || undefined}
          aria-hidden="true"
          onClick={(e) => {
            e.stopPropagation()
            activate(row.index, 'list')
            props.onToggleBasket(row)
          }}
        >
          {props.inBasket ? '✓ In basket' : '+ Basket'}
        </span>
        <span
          className={side.toggle}
          data-on={quicklook || undefined}
          aria-hidden="true"
          onClick={(e) => {
            e.stopPropagation()
            activate(row.index, 'list')
            props.onToggleQuicklook(row)
          }}
        >
          {quicklook ? '◐ On map' : '◐ Quicklook'}
        </span>
      </div>
    </div>
  )
})
