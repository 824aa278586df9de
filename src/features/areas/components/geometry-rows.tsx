import '@mantine/core/styles/Menu.css'
import { Menu } from '@mantine/core'
import { memo, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { formatArea, formatUtcDay } from '../../../lib/format'
import { totalAreaKm2 } from '../../../lib/geo/measure'
import { polygonsOf } from '../../../lib/geojson'
import { useVirtualRows } from '../../../lib/use-virtual-rows'
import type { SavedGeometry } from '../../../data/geometries/queries'
import classes from './geometry-rows.module.css'

export type GeometryAction = 'rename' | 'replace' | 'delete'

interface RowHandlers {
  onShow: (g: SavedGeometry) => void
  onUse: (g: SavedGeometry) => void
  onAction: (kind: GeometryAction, g: SavedGeometry) => void
  onHover?: (id: string | null) => void
}

/** A row's usual height (a one-line name); rows are measured, as a long name wraps. */
const ROW_ESTIMATE = 56
/** Pages shorter than this draw every row, as the collection list does (decision 66). */
const VIRTUAL_FROM = 30

/**
 * The page of saved geometries shown, as a list whose rows outside its scroll box are not drawn (a page may
 * hold 500). The arrow keys, Page Up/Down and Ctrl+Home/End move between the rows' Show buttons.
 */
export function GeometryRows({
  geometries,
  shownId,
  ...handlers
}: { geometries: readonly SavedGeometry[]; shownId?: string | null } & RowHandlers) {
  const { scroller, virtual, rows, before, after, measure, onKeyDown } = useVirtualRows({
    count: geometries.length,
    rowHeight: ROW_ESTIMATE,
    measured: true,
    focus: '[data-row-focus]',
    virtualFrom: VIRTUAL_FROM,
  })
  return (
    <div
      ref={scroller}
      className={virtual ? classes.scroller : undefined}
      data-geometries-scroller={virtual ? '' : undefined}
    >
      <ul
        className={classes.list}
        aria-label="Saved geometries"
        aria-describedby="geometry-rows-keys"
        // The list's whole length, for a reader of the DOM (the walk's bench): only some rows are in it.
        data-row-count={geometries.length}
        onKeyDown={onKeyDown}
        style={{ paddingTop: before, paddingBottom: after }}
      >
        {rows.map((i) => {
          const g = geometries[i]
          return (
            <GeometryRow
              key={g.id}
              g={g}
              index={i}
              measure={measure}
              shown={g.id === shownId}
              {...handlers}
            />
          )
        })}
      </ul>
      <span id="geometry-rows-keys" hidden>
        Up and down arrows move between saved geometries, Page Up and Page Down by a screenful, Control+Home
        and Control+End to the first and last.
      </span>
    </div>
  )
}

/** A geometry's area, worked out once per saved version: a row drawn again while scrolling back reuses it. */
const areaOf = new WeakMap<SavedGeometry['featureCollection'], string>()
function areaLabel(g: SavedGeometry): string {
  let label = areaOf.get(g.featureCollection)
  if (label === undefined) {
    label = formatArea(totalAreaKm2(polygonsOf(g.featureCollection)))
    areaOf.set(g.featureCollection, label)
  }
  return label
}

/**
 * One row in plain elements styled by geometry-rows.module.css as Mantine's compact default Buttons and
 * ActionIcon look: a screenful of rows drawn in one scroll step was eight Mantine components a row (two
 * Buttons, a Menu with its Popover, Groups, Texts), each resolving its styles. The menu is mounted when opened.
 */
const GeometryRow = memo(function GeometryRow({
  g,
  index,
  measure,
  shown,
  onShow,
  onUse,
  onAction,
  onHover,
}: {
  g: SavedGeometry
  index: number
  measure: ((el: Element | null) => void) | undefined
  shown: boolean
} & RowHandlers) {
  return (
    <li
      ref={measure}
      className={classes.row}
      data-row-index={index}
      data-index={index}
      onMouseEnter={() => onHover?.(g.id)}
      onMouseLeave={() => onHover?.(null)}
      onFocus={() => onHover?.(g.id)}
      onBlur={() => onHover?.(null)}
      aria-current={shown ? 'true' : undefined}
    >
      <div className={classes.text}>
        {/* The whole name, wrapped at word boundaries (a long word breaks where it must). */}
        <p className={classes.name} data-testid="saved-area-name">
          {g.displayName}
        </p>
        <p className={classes.meta}>
          {areaLabel(g)} · updated {formatUtcDay(g.updatedAt)}
        </p>
      </div>
      <div className={classes.actions}>
        <button type="button" className={classes.button} onClick={() => onShow(g)} data-row-focus="">
          Show
        </button>
        <button type="button" className={classes.button} onClick={() => onUse(g)}>
          Use as AOI
        </button>
        <RowMenu g={g} onAction={onAction} />
      </div>
    </li>
  )
})

/**
 * The row's "more actions" button, and Mantine's Menu from the first time it is opened (a row scrolled away
 * and back starts without it again). The Menu hangs from an empty anchor at the button's lower right rather
 * than from the button itself: the button stays the same element when the menu mounts, so it keeps the focus,
 * and the Menu's Popover, which gives the focus back on closing to what had it on opening, returns it there.
 */
function RowMenu({ g, onAction }: { g: SavedGeometry; onAction: RowHandlers['onAction'] }) {
  const [open, setOpen] = useState(false)
  // Kept once mounted, so that the Menu sees itself close (its exit transition, the focus given back).
  const [mounted, setMounted] = useState(false)

  const id = useId()
  // A press on the button while the menu is open closes it (as a click outside), and must not open it again.
  const closing = useRef(false)
  return (
    <span className={classes.menuHolder}>
      <button
        type="button"
        id={`${id}-more`}
        className={`${classes.button} ${classes.icon}`}
        aria-label={`More actions for ${g.displayName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-dropdown` : undefined}
        onMouseDown={() => {
          closing.current = open
        }}
        onClick={() => {
          if (!closing.current) {
            // Mounted closed, then opened: Mantine notes what has the focus (this button) when it sees itself
            // open, and gives the focus back to it on closing; a Menu mounted already open would not.
            if (!mounted) flushSync(() => setMounted(true))
            setOpen(true)
          }
          closing.current = false
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {mounted && (
        <Menu id={id} opened={open} onChange={setOpen} position="bottom-end" withinPortal>
          <Menu.Target>
            <span className={classes.menuAnchor} aria-hidden="true" />
          </Menu.Target>
          {/* Named by the button (Mantine's own label is the empty anchor). */}
          <Menu.Dropdown aria-labelledby={`${id}-more`}>
            <Menu.Item onClick={() => onAction('rename', g)}>Rename…</Menu.Item>
            <Menu.Item onClick={() => onAction('replace', g)}>Replace with the current AOI…</Menu.Item>
            <Menu.Item color="red" onClick={() => onAction('delete', g)}>
              Delete…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </span>
  )
}
