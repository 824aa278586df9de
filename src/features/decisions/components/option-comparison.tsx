import '@mantine/core/styles/ScrollArea.css'
import { Badge, Button, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { formatUtc } from '../../../lib/format'
import { formatCredits } from '../../../lib/format'
import { optionName, windowEnded } from '../options'
import type { FeasibilityOption } from '../../../data/decisions/queries'
import { formatDays, windowDays } from '../words'
import classes from './tasking.module.css'

/**
 * The options side by side, one column each. Hovering a column (or focusing its button) reports the option,
 * so the map and the time axis can light it up; the hovered and the chosen columns are marked here too.
 * Without `onChoose` (decided, or a role that cannot decide) there are no buttons; an option whose window has
 * already ended says so and has none either, as it can no longer be acquired.
 */
export function OptionComparison({
  options,
  hovered,
  chosen,
  onHover,
  onChoose,
  busy,
  now,
}: {
  options: readonly FeasibilityOption[]
  hovered: number | null
  chosen: number | null
  onHover: (index: number | null) => void
  onChoose?: (index: number) => void
  busy?: boolean
  /** Epoch milliseconds: options whose window ended by then are marked and not offered for choosing. */
  now: number
}) {
  const mark = (i: number) => ({
    'data-hovered': hovered === i || undefined,
    'data-chosen': chosen === i || undefined,
    onMouseEnter: () => onHover(i),
  })
  const row = (label: string, cell: (o: FeasibilityOption, i: number) => ReactNode) => (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      {options.map((o, i) => (
        <Table.Td key={o.id} {...mark(i)}>
          {cell(o, i)}
        </Table.Td>
      ))}
    </Table.Tr>
  )
  return (
    <Table.ScrollContainer minWidth={160 + options.length * 200}>
      <Table
        className={classes.compare}
        aria-label="Options side by side"
        verticalSpacing="xs"
        withColumnBorders
        onMouseLeave={() => onHover(null)}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Td />
            {options.map((o, i) => (
              <Table.Th key={o.id} scope="col" {...mark(i)}>
                {optionName(i)}
                {chosen === i && (
                  <Badge ml="xs" color="teal" variant="filled" tt="none">
                    Chosen
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row('Description', (o) => o.description)}
          {row('Window start', (o) => (o.acquisitionStart ? formatUtc(o.acquisitionStart) : '—'))}
          {row('Window end', (o) =>
            windowEnded(o, now) ? (
              <>
                {formatUtc(o.acquisitionEnd)}
                <Text size="sm" fw={600} className={classes.ended}>
                  Its window ended on {formatUtc(o.acquisitionEnd)}: it can no longer be acquired.
                </Text>
              </>
            ) : o.acquisitionEnd ? (
              formatUtc(o.acquisitionEnd)
            ) : (
              '—'
            ),
          )}
          {row('Window length', (o) => formatDays(windowDays(o.acquisitionStart, o.acquisitionEnd)))}
          {row('Estimated credits', (o) =>
            o.estimatedCredits === undefined ? (
              <Text size="sm">Not estimated</Text>
            ) : (
              formatCredits(o.estimatedCredits)
            ),
          )}
          {onChoose &&
            row('Choose', (o, i) =>
              windowEnded(o, now) ? (
                <Text size="sm">Window ended: cannot be chosen</Text>
              ) : (
                <Button
                  size="xs"
                  disabled={busy}
                  onClick={() => onChoose(i)}
                  onFocus={() => onHover(i)}
                  onBlur={() => onHover(null)}
                >
                  Choose {optionName(i).toLowerCase()}
                </Button>
              ),
            )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
