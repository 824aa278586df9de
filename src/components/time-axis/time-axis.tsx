import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import classes from './time-axis.module.css'
import { positionOf, timeTicks } from './time-scale'

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
}: TimeAxisProps) {
  const ordered = useMemo(() => [...items].sort((a, b) => a.start - b.start), [items])
  const ticks = useMemo(() => timeTicks(from, to, 8), [from, to])
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
      style={color ? ({ '--time-axis-color': color } as CSSProperties) : undefined}
    >
      {lanes.map((lane) => (
        <div className={classes.lane} key={lane.id}>
          <div className={classes.laneLabel}>{lane.label}</div>
          <div className={classes.track}>
            {ordered
              .filter((i) => i.lane === lane.id)
              .map((item) => {
                const left = percent(positionOf(item.start, from, to))
                const width = percent(positionOf(item.end, from, to) - positionOf(item.start, from, to))
                // Short bars (a pass of seconds) are centred on their moment; long ones (a window) span it.
                const wide = width > 1.5
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
                    style={{ left: `${left}%`, width: wide ? `${width}%` : undefined }}
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
