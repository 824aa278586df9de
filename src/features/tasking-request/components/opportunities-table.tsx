import { Table } from '@mantine/core'
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { formatUtc } from '../../../lib/format'
import { cloudWords, degrees, featureLabel, type OpportunityRow } from '../tasking-rules'
import { useTaskingUi, type PickedFrom } from '../tasking-ui-store'
import classes from './tasking.module.css'

/**
 * The opportunities as a table, in time order. One tab stop: arrow keys move between rows, Enter or Space
 * picks one; hover and focus light the same opportunity up on the map and the timeline.
 */
export const OpportunitiesTable = memo(function OpportunitiesTable({
  rows,
  scope,
  onPick,
}: {
  rows: readonly OpportunityRow[]
  /** Which answer the rows come from: hover and selection count only within it. */
  scope: string
  onPick: (key: string, from: PickedFrom) => void
}) {
  const selected = useTaskingUi((s) => (s.scope === scope ? s.selected : null))
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const elements = useRef(new Map<string, HTMLTableRowElement>())
  const tabStop = rows.find((r) => r.key === (focusKey ?? selected))?.key ?? rows[0]?.key

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, i: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      onPick(rows[i].key, 'list')
      return
    }
    const next =
      e.key === 'ArrowDown'
        ? rows[i + 1]
        : e.key === 'ArrowUp'
          ? rows[i - 1]
          : e.key === 'Home'
            ? rows[0]
            : e.key === 'End'
              ? rows[rows.length - 1]
              : undefined
    if (!next) return
    e.preventDefault()
    setFocusKey(next.key)
    elements.current.get(next.key)?.focus()
  }

  return (
    <div className={classes.opportunities}>
      <Table
        striped={false}
        highlightOnHover={false}
        aria-label="Acquisition opportunities"
        aria-describedby="opportunity-keys"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col">Satellite</Table.Th>
            <Table.Th scope="col">Start (UTC)</Table.Th>
            <Table.Th scope="col">Incidence</Table.Th>
            <Table.Th scope="col">Off-nadir</Table.Th>
            <Table.Th scope="col">Sun elevation</Table.Th>
            <Table.Th scope="col">Cloud forecast</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <OpportunityTr
              key={row.key}
              row={row}
              scope={scope}
              tabbable={row.key === tabStop}
              register={(el) => {
                if (el) elements.current.set(row.key, el)
                else elements.current.delete(row.key)
              }}
              onFocusRow={() => setFocusKey(row.key)}
              onKeyDown={(e) => onKeyDown(e, i)}
              onPick={onPick}
            />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
})

const OpportunityTr = memo(function OpportunityTr({
  row,
  scope,
  tabbable,
  register,
  onFocusRow,
  onKeyDown,
  onPick,
}: {
  row: OpportunityRow
  scope: string
  tabbable: boolean
  register: (el: HTMLTableRowElement | null) => void
  onFocusRow: () => void
  onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => void
  onPick: (key: string, from: PickedFrom) => void
}) {
  const o = row.opportunity
  const hovered = useTaskingUi((s) => s.scope === scope && s.hovered === row.key)
  const selected = useTaskingUi((s) => s.scope === scope && s.selected === row.key)
  const pickedElsewhere = useTaskingUi((s) => s.selectedFrom !== 'list')
  const setHovered = useTaskingUi((s) => s.setHovered)
  const element = useRef<HTMLTableRowElement | null>(null)

  // An opportunity picked on the map or the timeline comes into view in the list.
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (selected && pickedElsewhere) element.current?.scrollIntoView?.({ block: 'nearest' })
  }, [selected, pickedElsewhere])

  return (
    <Table.Tr
      ref={(el) => {
        element.current = el
        register(el)
      }}
      className={classes.opportunityRow}
      data-testid={`opportunity-row-${row.key}`}
      data-hovered={hovered || undefined}
      aria-current={selected ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onPointerEnter={() => setHovered(scope, row.key)}
      onPointerLeave={() => setHovered(scope, null)}
      onFocus={() => {
        onFocusRow()
        setHovered(scope, row.key)
      }}
      onBlur={() => setHovered(scope, null)}
      onKeyDown={onKeyDown}
      onClick={() => onPick(row.key, 'list')}
    >
      <Table.Td>{featureLabel(row.feature)}</Table.Td>
      <Table.Td>
        {o.sensor} ({o.constellation})
      </Table.Td>
      <Table.Td>{formatUtc(o.start)}</Table.Td>
      <Table.Td>{degrees(o.incidenceAngle)}</Table.Td>
      <Table.Td>{degrees(o.offNadirAngle)}</Table.Td>
      <Table.Td>{degrees(o.sunElevation)}</Table.Td>
      <Table.Td>{cloudWords(o.cloudForecast)}</Table.Td>
    </Table.Tr>
  )
})
