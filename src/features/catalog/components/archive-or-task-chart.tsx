import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react'
import { axisPosition, axisTicks, markLabel, PAST_SHARE, type Mark, type SplitAxis } from '../archive-or-task'
import classes from './archive-or-task.module.css'

/** The angle plot's top: passes reach 40° off-nadir, some hosts' incidence angles 50°. */
const MAX_ANGLE = 50

const pct = (share: number) => `${Math.round(share * 100_000) / 1000}%`

/** Where a mark sits in the cloud plot, from the top: clear at the bottom; no forecast in a band above 100 %. */
const cloudTop = (m: Mark) => (m.cloud === null ? 0.04 : 0.16 + (1 - Math.min(100, m.cloud) / 100) * 0.8)
const angleTop = (m: Mark) =>
  m.angle === null ? null : 0.08 + (1 - Math.min(MAX_ANGLE, m.angle.degrees) / MAX_ANGLE) * 0.84

/**
 * Archive scenes and passes on one split time axis: above, cloud cover (clear at the bottom, passes beyond
 * the forecast's reach in a band on top); below, the viewing angle. One tab stop; arrow keys move through the
 * marks in time order, Enter or Space picks one. Hover and focus report the mark, so the map and the panel
 * light it up.
 */
export function ArchiveOrTaskChart({
  axis,
  marks,
  hoveredKey,
  pickedKey,
  onHover,
  onPick,
}: {
  axis: SplitAxis
  /** In time order. */
  marks: readonly Mark[]
  hoveredKey: string | null
  pickedKey: string | null
  onHover: (m: Mark | null) => void
  onPick: (m: Mark) => void
}) {
  const ticks = useMemo(() => axisTicks(axis), [axis])
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const tabStop =
    marks.find((m) => m.key === (focusKey ?? pickedKey))?.key ??
    // Without a pick, the tab stop is the next pass (or the newest scene): where the comparison starts.
    marks.find((m) => m.at >= axis.now)?.key ??
    marks[marks.length - 1]?.key

  const move = (e: KeyboardEvent, key: string) => {
    const i = marks.findIndex((m) => m.key === key)
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? marks[i + 1]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? marks[i - 1]
          : e.key === 'Home'
            ? marks[0]
            : e.key === 'End'
              ? marks[marks.length - 1]
              : undefined
    if (!next) return
    e.preventDefault()
    setFocusKey(next.key)
    buttons.current.get(next.key)?.focus()
  }

  return (
    <div className={classes.chart} style={{ '--now': PAST_SHARE } as CSSProperties}>
      <div className={classes.plotRow}>
        <div className={classes.axisLabel} aria-hidden="true">
          <span style={{ top: '4%' }}>no forecast</span>
          <span style={{ top: '16%' }}>100 %</span>
          <span style={{ top: '56%' }} className={classes.name}>
            cloud
          </span>
          <span style={{ top: '96%' }}>0 %</span>
        </div>
        <div
          className={classes.plot}
          role="group"
          aria-label="Archive scenes and passes by time and cloud cover"
          data-testid="archive-or-task-cloud"
        >
          <div className={classes.noForecast} aria-hidden="true" />
          {marks.map((m) => (
            <button
              key={m.key}
              type="button"
              ref={(el) => {
                if (el) buttons.current.set(m.key, el)
                else buttons.current.delete(m.key)
              }}
              className={classes.mark}
              data-kind={m.kind}
              data-hollow={(m.kind === 'pass' && m.cloud === null) || undefined}
              data-hovered={hoveredKey === m.key || undefined}
              data-picked={pickedKey === m.key || undefined}
              data-key={m.key}
              style={{ left: pct(axisPosition(axis, m.at)), top: pct(cloudTop(m)) }}
              title={markLabel(m)}
              aria-label={markLabel(m)}
              aria-pressed={pickedKey === m.key}
              tabIndex={m.key === tabStop ? 0 : -1}
              onMouseEnter={() => onHover(m)}
              onMouseLeave={() => onHover(null)}
              onFocus={() => {
                setFocusKey(m.key)
                onHover(m)
              }}
              onBlur={() => onHover(null)}
              onKeyDown={(e) => move(e, m.key)}
              onClick={() => onPick(m)}
            />
          ))}
          <div className={classes.now} aria-hidden="true">
            <span>Now</span>
          </div>
        </div>
      </div>
      <div className={classes.plotRow}>
        <div className={classes.axisLabel} aria-hidden="true">
          <span style={{ top: '8%' }}>{MAX_ANGLE}°</span>
          <span style={{ top: '50%' }} className={classes.name}>
            off-nadir
          </span>
          <span style={{ top: '92%' }}>0°</span>
        </div>
        <div className={`${classes.plot} ${classes.anglePlot}`} aria-hidden="true">
          {marks.map((m) => {
            const top = angleTop(m)
            return top === null ? null : (
              <span
                key={m.key}
                className={classes.mark}
                data-kind={m.kind}
                data-hovered={hoveredKey === m.key || undefined}
                data-picked={pickedKey === m.key || undefined}
                style={{ left: pct(axisPosition(axis, m.at)), top: pct(top) }}
                title={markLabel(m)}
                onMouseEnter={() => onHover(m)}
                onMouseLeave={() => onHover(null)}
                onClick={() => onPick(m)}
              />
            )
          })}
          <div className={classes.now} />
        </div>
      </div>
      <div className={classes.ticks} aria-hidden="true">
        {ticks.map((t) => (
          <span key={t.at} className={classes.tick} style={{ left: pct(t.position) }}>
            {t.label}
          </span>
        ))}
      </div>
    </div>
  )
}
