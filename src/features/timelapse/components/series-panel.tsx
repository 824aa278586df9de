import '@mantine/charts/styles.css'
import './mantine-styles'
import { LineChart } from '@mantine/charts'
import { Table, Text } from '@mantine/core'
import { memo, useMemo } from 'react'
import { Section } from '../../../components/page-section'
import { formatUtcDay } from '../../../lib/format'
import type { SeriesPoint } from '../../../lib/imagery/timelapse'

const fmt = (v: number) => v.toFixed(4)

/**
 * The area's mean of the formula per date: a line beside the map, and the table of the same figures for
 * keyboard and screen-reader users (and the CSV's rows). Memoised: stepping frames does not draw it again.
 */
export const SeriesPanel = memo(function SeriesPanel({
  series,
  formula,
  quicklooks = 0,
}: {
  /** Each frame's point, with the width of the overview its mean was taken on. */
  series: readonly ((SeriesPoint & { width?: number }) | null | { error: string })[]
  formula: string
  /** Quicklook frames playing: not in the series (their pixels are display colours, not the bands' values). */
  quicklooks?: number
}) {
  const points = useMemo(
    () => series.filter((p): p is SeriesPoint & { width?: number } => p !== null && 'mean' in p),
    [series],
  )
  const error = series.find((p): p is { error: string } => p !== null && 'error' in p)
  const data = useMemo(
    () => points.filter((p) => p.mean !== null).map((p) => ({ date: formatUtcDay(p.time), mean: p.mean })),
    [points],
  )
  return (
    <Section id="timelapse-series" title="Mean over the area per date">
      <Text size="sm">
        The mean of <code>{formula}</code> over the pixels inside the area, per frame.
      </Text>
      {quicklooks > 0 && (
        <Text size="sm" data-quicklooks-left-out={quicklooks}>
          {quicklooks === 1 ? 'The 1 quicklook frame is' : `The ${quicklooks} quicklook frames are`} not in
          the series: a quicklook is a picture in display colours, without the bands the formula reads.
        </Text>
      )}
      {error ? (
        <Text size="sm" c="red">
          The formula cannot be read for these images: {error.error}
        </Text>
      ) : (
        <>
          {data.length > 1 && (
            <LineChart
              h={200}
              data={data}
              dataKey="date"
              series={[{ name: 'mean', label: 'Mean', color: 'teal.6' }]}
              curveType="linear"
              withDots
            />
          )}
          <Table verticalSpacing={2} aria-label="Mean per date" data-points={points.length}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Mean</Table.Th>
                <Table.Th scope="col">Pixels in the area</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={`${p.itemId}-${p.time}`} data-item={p.itemId} data-width={p.width}>
                  <Table.Td>{formatUtcDay(p.time)}</Table.Td>
                  <Table.Td data-mean={p.mean ?? ''}>{p.mean === null ? 'no pixel' : fmt(p.mean)}</Table.Td>
                  <Table.Td>{p.pixels.toLocaleString('en')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Section>
  )
})
