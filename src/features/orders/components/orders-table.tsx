import { memo, useLayoutEffect, useRef } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { formatUtc } from '../../../lib/format'
import { useVirtualRows } from '../../../lib/use-virtual-rows'
import { shortId } from '../words'
import { MARKS, type Order } from '../../../data/orders/queries'
import { STATUS_COLORS, STATUS_LABELS, subStatusLabel, TYPE_LABELS } from '../../../data/orders/status'
import { DotBadge } from '../../../components/dot-badge'
import type { OrderSort, SortField } from '../url-state'
import classes from './orders.module.css'

const ROW_HEIGHT = 44
const HEADER_ROWS = 1

interface Column {
  key: string
  label: string
  width: number | string
  /** The server sorts by these only. */
  sort?: SortField
}

/**
 * Shares of the table's width (the layout is fixed so rows never measure). Every column shows from the
 * table's min-width in orders.module.css (980 px, what a 1280 px window leaves beside the navigation) up;
 * text takes two lines of the fixed row height rather than being cut.
 */
const COLUMNS: Column[] = [
  { key: 'name', label: 'Name', width: '16.5%', sort: 'displayName' },
  { key: 'status', label: 'Status', width: '14.5%', sort: 'status' },
  { key: 'type', label: 'Type', width: '7%', sort: 'type' },
  { key: 'subStatus', label: 'Sub-status', width: '11%' },
  { key: 'product', label: 'Data product', width: '12%' },
  // The longest word of a budget's name ("Infrastructure") whole at the table's narrowest (980 px).
  { key: 'budget', label: 'Budget', width: '11%' },
  { key: 'tags', label: 'Tags', width: '9.5%' },
  { key: 'created', label: 'Created', width: '9.25%', sort: 'createdAt' },
  { key: 'updated', label: 'Updated', width: '9.25%', sort: 'updatedAt' },
]

export interface OrdersTableProps {
  orders: readonly Order[]
  /** The response the rows come from: the timing mark is placed once per response. */
  response: unknown
  sort: OrderSort
  onSort: (sort: OrderSort) => void
  productTitles: ReadonlyMap<string, string>
  /** null: budget names are not available to this user (the id is shown instead). */
  budgetNames: ReadonlyMap<string, string> | null
  /** Row numbers continue across pages (aria-rowindex), e.g. 40 on page 3 of 20. */
  offset: number
  total: number
}

/**
 * One page of orders as a table whose rows outside the scroll box are not rendered: spacer rows above and
 * below keep the scroll height, `aria-rowcount`/`aria-rowindex` keep the table's true size for assistive
 * technology. Each row's name is its link; the arrow keys, Page Up/Down, Home and End move between them.
 */
export const OrdersTable = memo(function OrdersTable(props: OrdersTableProps) {
  const { orders, response } = props
  const { scroller, rows, before, after, onKeyDown } = useVirtualRows({
    count: orders.length,
    rowHeight: ROW_HEIGHT,
    focus: 'a',
    // The sticky header covers the top of the box: rows scrolled "into view" must clear it.
    scrollPaddingStart: 40,
    // A wheel's step is two or three rows: fewer rows beyond the box, fewer in the table to lay out.
    overscan: 3,
  })

  // The page's own timing mark: the rows of a response are in the DOM (the frame they are painted in).
  const marked = useRef<unknown>(null)
  const shown = rows.length > 0
  useLayoutEffect(() => {
    if (!shown || marked.current === response) return
    const id = requestAnimationFrame(() => {
      marked.current = response
      performance.mark(MARKS.rows, { detail: { count: orders.length } })
    })
    return () => cancelAnimationFrame(id)
  }, [response, orders.length, shown])

  return (
    <div ref={scroller} className={classes.scroller} data-orders-scroller="">
      <table
        className={classes.table}
        aria-label="Orders"
        aria-rowcount={props.total + HEADER_ROWS}
        aria-describedby="orders-table-keys"
      >
        <colgroup>
          {COLUMNS.map((c) => (
            <col key={c.key} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead className={classes.head}>
          <tr aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <HeaderCell key={c.key} column={c} sort={props.sort} onSort={props.onSort} />
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {before > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: before }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
          {rows.map((i) => {
            const order = orders[i]
            return (
              <OrderRow
                key={order.id}
                order={order}
                index={i}
                rowIndex={props.offset + i + HEADER_ROWS + 1}
                product={order.dataProductId ? props.productTitles.get(order.dataProductId) : undefined}
                budgetNames={props.budgetNames}
              />
            )
          })}
          {after > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: after }}>
              <td colSpan={COLUMNS.length} />
            </tr>
          )}
        </tbody>
      </table>
      <span id="orders-table-keys" hidden>
        Up and down arrows move between orders, Page Up and Page Down by a screenful, Control+Home and
        Control+End to the first and last order; Enter opens the order.
      </span>
    </div>
  )
})

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: Column
  sort: OrderSort
  onSort: (sort: OrderSort) => void
}) {
  if (!column.sort)
    return (
      <th scope="col" className={classes.plainHead}>
        {column.label}
      </th>
    )
  const field = column.sort
  const active = sort.field === field
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
  // A first click on a date sorts newest first, on text A to Z; a second click turns the order round.
  const firstDirection = field === 'createdAt' || field === 'updatedAt' ? 'desc' : 'asc'
  const next: OrderSort = active
    ? { field, direction: sort.direction === 'asc' ? 'desc' : 'asc' }
    : { field, direction: firstDirection }
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className={classes.sortButton} onClick={() => onSort(next)}>
        {column.label}
        <span className={classes.sortMark} aria-hidden="true">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  )
}

interface RowProps {
  order: Order
  index: number
  rowIndex: number
  product: string | undefined
  budgetNames: ReadonlyMap<string, string> | null
}

const OrderRow = memo(function OrderRow({ order, index, rowIndex, product, budgetNames }: RowProps) {
  const sub =
    order.orderDetails && 'subStatus' in order.orderDetails ? order.orderDetails.subStatus : undefined
  const budget = order.budgetId ? (budgetNames?.get(order.budgetId) ?? shortId(order.budgetId)) : null
  const tags = order.tags.join(', ')
  return (
    <tr className={classes.row} aria-rowindex={rowIndex} data-row-index={index} data-order-id={order.id}>
      <td title={order.displayName}>
        <div className={classes.clamp} data-clamp>
          <Link to={paths.order(order.id)} className={classes.nameLink}>
            {order.displayName}
          </Link>
        </div>
      </td>
      <td className={classes.status}>
        {/* StatusBadge's look in two plain elements: a Mantine Badge a row was drawn on every scroll step. */}
        <DotBadge color={STATUS_COLORS[order.status]} size="sm" title={order.status}>
          {STATUS_LABELS[order.status]}
        </DotBadge>
      </td>
      <td>{TYPE_LABELS[order.type]}</td>
      <td
        className={sub ? classes.small : `${classes.small} ${classes.dimmed}`}
        title={order.type === 'TASKING' && sub ? subStatusLabel(sub) : undefined}
      >
        <div className={classes.clamp} data-clamp>
          {order.type === 'TASKING' ? subStatusLabel(sub) : '—'}
        </div>
      </td>
      <td className={classes.small} title={product ?? order.dataProductId}>
        <div className={classes.clamp} data-clamp>
          {product ?? (order.dataProductId ? shortId(order.dataProductId) : '—')}
        </div>
      </td>
      <td
        title={(order.budgetId && budgetNames?.get(order.budgetId)) || order.budgetId || undefined}
        className={budget ? classes.small : `${classes.small} ${classes.dimmed}`}
      >
        <div className={`${classes.clamp} ${classes.wholeWords}`} data-clamp data-whole-words>
          {budget ?? '—'}
        </div>
      </td>
      <td title={tags}>
        <div className={classes.clamp} data-clamp>
          {order.tags.length === 0 ? (
            <span className={classes.dimmed}>—</span>
          ) : (
            order.tags.map((t) => (
              <span key={t} className={classes.tag} data-tag>
                {t}
              </span>
            ))
          )}
        </div>
      </td>
      <td className={classes.date}>{formatUtc(order.createdAt)}</td>
      <td className={classes.date}>{formatUtc(order.updatedAt)}</td>
    </tr>
  )
})
