import { Table } from '@mantine/core'
import { memo } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { formatUtc } from '../../../lib/format'
import { useVirtualRows } from '../../../lib/use-virtual-rows'
import type { InboxRow } from '../inbox'
import { DECISION_COLORS, decisionLabel, KIND_LABELS } from '../words'
import { DotBadge } from '../../../components/dot-badge'
import classes from './inbox-table.module.css'
import tasking from './tasking.module.css'

const COLUMNS = 5
const HEADER_ROWS = 1
/** A row's usual height; rows are measured, as what is asked may take two lines. */
const ROW_ESTIMATE = 41
/** Shorter inboxes draw every row; a long one (500 decided) only those in its scroll box. */
const VIRTUAL_FROM = 30

/** Kind, order, when, what is asked, decision: shares of the table's width. */
const WIDTHS = ['15%', '26%', '21%', '23%', '15%']

const shortOrderId = (id: string): string => id.split('-')[0] ?? id

/**
 * "Quotation for Camargue wetlands – Pléiades tasking": the kind first (what the link reads, so a name still
 * starts as its text does), then the order; the start of the order's id while the names load.
 */
function itemLinkName(kind: InboxRow['kind'], orderId: string, orderName: string | undefined): string {
  return `${KIND_LABELS[kind]} for ${orderName ?? `order ${shortOrderId(orderId)}`}`
}

/**
 * The inbox's rows, waiting ones then decided ones. Past `VIRTUAL_FROM` rows only those in the scroll box are
 * drawn, spacer rows keeping its height and `aria-rowcount`/`aria-rowindex` the table's true size; the arrow
 * keys, Page Up/Down and Ctrl+Home/End move between the rows' first links.
 */
export function InboxTable({
  rows,
  firstDecided,
  nameOf,
}: {
  rows: readonly InboxRow[]
  firstDecided: number
  nameOf: ReadonlyMap<string, string>
}) {
  const {
    scroller,
    virtual,
    rows: drawn,
    before,
    after,
    measure,
    onKeyDown,
  } = useVirtualRows({
    count: rows.length,
    rowHeight: ROW_ESTIMATE,
    measured: true,
    // The sticky header covers the top of the box: a row moved into view must clear it.
    scrollPaddingStart: 40,
    focus: 'a',
    virtualFrom: VIRTUAL_FROM,
  })
  return (
    <div
      ref={scroller}
      className={virtual ? classes.scroller : classes.sideways}
      data-decisions-scroller={virtual ? '' : undefined}
    >
      <Table
        aria-label="Decisions"
        aria-rowcount={rows.length + HEADER_ROWS}
        aria-describedby={virtual ? 'inbox-table-keys' : undefined}
        verticalSpacing="xs"
        highlightOnHover
        stickyHeader={virtual}
        miw={760}
        // Fixed: the columns' widths are the colgroup's, so rows drawn while scrolling never lay the whole
        // table out again (with widths from content, each scroll step's Layout was 70 ms and more).
        layout="fixed"
        // Separate borders (each row's on its cells, inbox-table.module.css): with collapsed ones, rows drawn
        // while scrolling had the browser work out the whole table's borders again (PrePaint 110 ms a step).
        style={{ borderCollapse: 'separate' }}
      >
        <colgroup>
          {WIDTHS.map((w, i) => (
            <col key={i} style={{ width: w }} />
          ))}
        </colgroup>
        <InboxHead />
        <Table.Tbody onKeyDown={onKeyDown}>
          {before > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: before }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
          {drawn.map((i) => (
            <InboxTableRow
              key={rows[i].id}
              row={rows[i]}
              index={i}
              firstDecided={i === firstDecided && i > 0}
              orderName={nameOf.get(rows[i].orderId)}
              measure={measure}
            />
          ))}
          {after > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: after }}>
              <td colSpan={COLUMNS} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
      {virtual && (
        <span id="inbox-table-keys" hidden>
          Up and down arrows move between decisions, Page Up and Page Down by a screenful, Control+Home and
          Control+End to the first and last.
        </span>
      )}
    </div>
  )
}

/** The header row, memoised: the table around it draws again at every scroll step. */
const InboxHead = memo(function InboxHead() {
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1}>
        <Table.Th scope="col">Kind</Table.Th>
        <Table.Th scope="col">Order</Table.Th>
        <Table.Th scope="col">Waiting since / decided at</Table.Th>
        <Table.Th scope="col">What is asked</Table.Th>
        <Table.Th scope="col">Decision</Table.Th>
      </Table.Tr>
    </Table.Thead>
  )
})

/**
 * One row in plain elements styled by inbox-table.module.css as Mantine's table rows and anchors look: a
 * screenful of rows drawn in one scroll step was nine Mantine components a row, each resolving its styles.
 */
const InboxTableRow = memo(function InboxTableRow({
  row: r,
  index,
  firstDecided,
  orderName,
  measure,
}: {
  row: InboxRow
  index: number
  firstDecided: boolean
  orderName: string | undefined
  measure: ((el: Element | null) => void) | undefined
}) {
  return (
    <tr
      ref={measure}
      className={firstDecided ? `${classes.row} ${tasking.firstDecided}` : classes.row}
      aria-rowindex={index + HEADER_ROWS + 1}
      data-row-index={index}
      data-index={index}
    >
      <td>
        <Link
          to={r.kind === 'study' ? paths.study(r.id) : paths.quotation(r.id)}
          className={`${classes.link} ${classes.strong}`}
          // Every row's link reads the same; its name says which order, for a list of links.
          aria-label={itemLinkName(r.kind, r.orderId, orderName)}
        >
          {KIND_LABELS[r.kind]}
        </Link>
      </td>
      <td>
        <Link to={paths.order(r.orderId)} className={classes.link}>
          {orderName ?? `Order ${shortOrderId(r.orderId)}`}
        </Link>
      </td>
      <td>{r.decidedAt ? `Decided ${formatUtc(r.decidedAt)}` : `Waiting since ${formatUtc(r.createdAt)}`}</td>
      <td>{r.asked}</td>
      <td>
        {/* DecisionBadge's look in two plain elements: a Mantine Badge a row was drawn on every scroll step. */}
        <DotBadge color={DECISION_COLORS[r.decision]}>{decisionLabel(r.kind, r.decision)}</DotBadge>
      </td>
    </tr>
  )
})
