import '@mantine/core/styles/Menu.css'
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core'
import { memo } from 'react'
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
    <Group
      ref={measure}
      component="li"
      className={classes.row}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      data-row-index={index}
      data-index={index}
      onMouseEnter={() => onHover?.(g.id)}
      onMouseLeave={() => onHover?.(null)}
      onFocus={() => onHover?.(g.id)}
      onBlur={() => onHover?.(null)}
      aria-current={shown ? 'true' : undefined}
    >
      <div style={{ minWidth: 0 }}>
        {/* The whole name, wrapped at word boundaries (a long word breaks where it must). */}
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="saved-area-name">
          {g.displayName}
        </Text>
        <Text size="xs" c="dimmed">
          {formatArea(totalAreaKm2(polygonsOf(g.featureCollection)))} · updated {formatUtcDay(g.updatedAt)}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="default" onClick={() => onShow(g)} data-row-focus="">
          Show
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => onUse(g)}>
          Use as AOI
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="sm" aria-label={`More actions for ${g.displayName}`}>
              <span aria-hidden="true">⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onAction('rename', g)}>Rename…</Menu.Item>
            <Menu.Item onClick={() => onAction('replace', g)}>Replace with the current AOI…</Menu.Item>
            <Menu.Item color="red" onClick={() => onAction('delete', g)}>
              Delete…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  )
})
