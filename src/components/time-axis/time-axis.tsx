import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { formatUtc } from '../../lib/format'
import classes from './time-axis.module.css'
import { positionOf, SHORT_BAR_HALF, stackRows, timeTicks } from './time-scale'

/** A share as a percentage, rounded so that styles stay short and stable. */
const percent = (share: number) => Math.round(share * 100_000) / 1000

export interface TimeAxisItem {
  id: string
  /** Epoch milliseconds. */
  start: number
  end: number
  /** The lane the bar sits in (a feature, an option); lanes show in the order given. */
  lane: string
  /** What a screen reader and the tooltip say about the bar. */
  label: string
}

export interface TimeAxisProps {
  items: TimeAxisItem[]
  lanes: { id: string; label: string }[]
  from: number
  to: number
  /** Accessible name of the whole axis. */
  label: string
  hoveredId?: string | null
  selectedId?: string | null
  onHover?: (id: string | null) => void
  onSelect?: (id: string) => void
  color?: string
  /** Epoch milliseconds: when given and on the axis, a line marks the present moment. */
  now?: number
}

/**
 * Bars on a UTC time axis, one lane per group: acquisition opportunities, study options' windows. Hover and
 * focus report the bar (so a map and a list can light the same thing up); one tab stop, arrow keys move
 * between bars in time order, Enter or Space selects.
 */
export function TimeAxis({
  items,
  lanes,
  from,
  to,
  label,
  hoveredId = null,
  selectedId = null,
  onHover,
  onSelect,
  color,
  now,
}: TimeAxisProps) {
  const ordered = useMemo(() => [...items].sort((a, b) => a.start - b.start), [items])
  const ticks = useMemo(() => timeTicks(from, to, 8), [from, to])
  // Where each bar sits: its share of the axis, whether it spans its window, and its row in the lane.
  const layout = useMemo(() => {
    const placed = ordered.map((item) => {
      const start = positionOf(item.start, from, to)
      const span = positionOf(item.end, from, to) - start
      // Short bars (a pass of seconds) are centred on their moment; long ones (a window) span it.
      const wide = percent(span) > 1.5
      return {
        item,
        start,
        span,
        wide,
        from: wide ? start : start - SHORT_BAR_HALF,
        to: wide ? start + span : start + SHORT_BAR_HALF,
      }
    })
    const rows = new Map<string, number>()
    for (const lane of lanes)
      for (const [id, row] of stackRows(
        placed.filter((p) => p.item.lane === lane.id).map((p) => ({ id: p.item.id, from: p.from, to: p.to })),
      ))
        rows.set(id, row)
    return { placed, rows }
  }, [ordered, lanes, from, to])
  const showNow = now !== undefined && now >= from && now <= to
  const [focusId, setFocusId] = useState<string | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const tabStop = ordered.find((i) => i.id === (focusId ?? selectedId))?.id ?? ordered[0]?.id

  const move = (e: KeyboardEvent, id: string) => {
    const i = ordered.findIndex((x) => x.id === id)
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? ordered[i + 1]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? ordered[i - 1]
          : e.key === 'Home'
            ? ordered[0]
            : e.key === 'End'
              ? ordered[ordered.length - 1]
              : undefined
    if (!next) return
    e.preventDefault()
    setFocusId(next.id)
    buttons.current.get(next.id)?.focus()
  }

  return (
    <div
      className={classes.axis}
      role="group"
      aria-label={label}
      data-now={showNow || undefined}
      style={color ? ({ '--time-axis-color': color } as CSSProperties) : undefined}
    >
      {lanes.map((lane) => (
        <div className={classes.lane} key={lane.id}>
          <div className={classes.laneLabel}>{lane.label}</div>
          <div
            className={classes.track}
            style={{ height: `${trackHeight(layout.rows, lane.id, layout.placed)}px` }}
          >
            {layout.placed
              .filter((p) => p.item.lane === lane.id)
              .map(({ item, start, span, wide }) => {
                const row = layout.rows.get(item.id) ?? 0
                return (
                  <button
                    key={item.id}
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(item.id, el)
                      else buttons.current.delete(item.id)
                    }}
                    className={classes.bar}
                    data-wide={wide || undefined}
                    data-hovered={hoveredId === item.id || undefined}
                    data-testid={`time-bar-${item.id}`}
                    style={{
                      left: `${percent(start)}%`,
                      width: wide ? `${percent(span)}%` : undefined,
                      top: `${BAR_TOP + row * ROW_HEIGHT}px`,
                    }}
                    title={item.label}
                    aria-label={item.label}
                    aria-pressed={onSelect ? selectedId === item.id : undefined}
                    tabIndex={item.id === tabStop ? 0 : -1}
                    onMouseEnter={() => onHover?.(item.id)}
                    onMouseLeave={() => onHover?.(null)}
                    onFocus={() => {
                      setFocusId(item.id)
                      onHover?.(item.id)
                    }}
                    onBlur={() => onHover?.(null)}
                    onKeyDown={(e) => move(e, item.id)}
                    onClick={() => onSelect?.(item.id)}
                  />
                )
              })}
          </div>
        </div>
      ))}
      {showNow && (
        <div
          className={classes.now}
          data-testid="time-axis-now"
          style={{ '--time-axis-now': positionOf(now, from, to) } as CSSProperties}
        >
          <span className={classes.nowLabel}>Now, {formatUtc(now)}</span>
        </div>
      )}
      <div className={classes.ticks} aria-hidden="true">
        {ticks.map((t) => (
          <span
            key={t.at}
            className={classes.tick}
            style={{ left: `${percent(positionOf(t.at, from, to))}%` }}
          >
            {t.label}
          </span>
        ))}
      </div>
    </div>
  )
}

/** Rows of bars in a lane: a track of 28 px holds one; each further row adds its height. */
const BAR_TOP = 6
const ROW_HEIGHT = 20

function trackHeight(
  rows: ReadonlyMap<string, number>,
  lane: string,
  placed: readonly { item: { id: string; lane: string } }[],
): number {
  let last = 0
  for (const p of placed) if (p.item.lane === lane) last = Math.max(last, rows.get(p.item.id) ?? 0)
  return 28 + last * ROW_HEIGHT
}
