import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { formatUtc } from '../../../lib/format'
import { shortId } from '../words'
import { MARKS, type Order } from '../../../data/orders/queries'
import { subStatusLabel, TYPE_LABELS } from '../../../data/orders/status'
import type { OrderSort, SortField } from '../url-state'
import classes from './orders.module.css'
import { StatusBadge } from './status-badge'

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
  { key: 'name', label: 'Name', width: '17%', sort: 'displayName' },
  { key: 'status', label: 'Status', width: '14.5%', sort: 'status' },
  { key: 'type', label: 'Type', width: '7%', sort: 'type' },
  { key: 'subStatus', label: 'Sub-status', width: '11%' },
  { key: 'product', label: 'Data product', width: '12.5%' },
  { key: 'budget', label: 'Budget', width: '9.5%' },
  { key: 'tags', label: 'Tags', width: '10%' },
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

const rowSelector = (i: number) => `tr[data-row-index="${i}"] a`

/**
 * One page of orders as a table whose rows outside the scroll box are not rendered: spacer rows above and
 * below keep the scroll height, `aria-rowcount`/`aria-rowindex` keep the table's true size for assistive
 * technology. Each row's name is its link; the arrow keys, Page Up/Down, Home and End move between them.
 */
export const OrdersTable = memo(function OrdersTable(props: OrdersTableProps) {
  const { orders, response } = props
  const scroller = useRef<HTMLDivElement>(null)
  // TanStack Virtual hands back a mutable instance, which the React Compiler cannot memoise; this component
  // re-renders on scroll anyway, and its rows are memoised on their own.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // The sticky header covers the top of the box: rows scrolled "into view" must clear it.
    scrollPaddingStart: 40,
  })
  const items = virtualizer.getVirtualItems()
  const before = items.length > 0 ? items[0].start : 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0

  // The page's own timing mark: the rows of a response are in the DOM (the frame they are painted in).
  const marked = useRef<unknown>(null)
  const shown = items.length > 0
  useLayoutEffect(() => {
    if (!shown || marked.current === response) return
    const id = requestAnimationFrame(() => {
      marked.current = response
      performance.mark(MARKS.rows, { detail: { count: orders.length } })
    })
    return () => cancelAnimationFrame(id)
  }, [response, orders.length, shown])

  // Moving with the keys may land on a row that is not rendered yet: it is focused once it is.
  const pendingFocus = useRef<number | null>(null)
  useLayoutEffect(() => {
    const i = pendingFocus.current
    if (i === null) return
    const link = scroller.current?.querySelector<HTMLAnchorElement>(rowSelector(i))
    if (link) {
      pendingFocus.current = null
      link.focus({ preventScroll: true })
    }
  })

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row-index]')
    if (!row) return
    const here = Number(row.dataset.rowIndex)
    const perPage = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 2)
    const to = (() => {
      switch (e.key) {
        case 'ArrowDown':
          return here + 1
        case 'ArrowUp':
          return here - 1
        case 'PageDown':
          return here + perPage
        case 'PageUp':
          return here - perPage
        case 'Home':
          return e.ctrlKey ? 0 : null
        case 'End':
          return e.ctrlKey ? orders.length - 1 : null
        default:
          return null
      }
    })()
    if (to === null) return
    e.preventDefault()
    const target = Math.max(0, Math.min(orders.length - 1, to))
    virtualizer.scrollToIndex(target, { align: 'auto' })
    const link = scroller.current?.querySelector<HTMLAnchorElement>(rowSelector(target))
    if (link) link.focus({ preventScroll: false })
    else pendingFocus.current = target
  }

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
          {items.map((item) => {
            const order = orders[item.index]
            return (
              <OrderRow
                key={order.id}
                order={order}
                index={item.index}
                rowIndex={props.offset + item.index + HEADER_ROWS + 1}
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
        <StatusBadge status={order.status} size="sm" />
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
        <div className={classes.clamp} data-clamp>
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
