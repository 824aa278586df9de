import '@mantine/charts/styles.css'
import { AreaChart, BarChart } from '@mantine/charts'
import { Box, Text } from '@mantine/core'
import { useMemo } from 'react'
import { formatCredits, formatUtcDay } from '../../../lib/format'
import type { UsageDay } from '../usage'

/**
 * Usage over time: credits per day as bars, or the running total against the allocation. Mantine Charts on
 * Recharts: only the budget pages load it (their lazy route chunk). The chart is a picture of the records
 * table below it, which holds the same figures for keyboard and screen-reader users.
 */
export function UsageChart({
  days,
  view,
  allocated,
  thresholds = [],
}: {
  days: UsageDay[]
  view: 'daily' | 'cumulative'
  allocated: number
  /** Percent of the allocation, drawn as lines on the running total. */
  thresholds?: readonly number[]
}) {
  // The axis and the tooltip name each day the console's way ("25 Nov 2026"), not as an ISO day.
  const data = useMemo(() => days.map((d) => ({ ...d, label: formatUtcDay(d.day) })), [days])
  if (days.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has been charged to this budget yet: the chart starts with the first order or job.
      </Text>
    )
  const total = days[days.length - 1].cumulative
  const label =
    view === 'daily'
      ? `Credits used per day from ${formatUtcDay(days[0].day)} to ${formatUtcDay(days[days.length - 1].day)}; ${formatCredits(total)} in all.`
      : `Credits used in all over time, up to ${formatCredits(total)} of ${formatCredits(allocated)} allocated${thresholds.length > 0 ? `; thresholds at ${thresholds.map((t) => `${t} %`).join(', ')}` : ''}.`
  return (
    <Box role="img" aria-label={label} data-testid={`usage-chart-${view}`}>
      {view === 'daily' ? (
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          series={[{ name: 'credits', label: 'Credits that day', color: 'blue.7' }]}
          valueFormatter={formatCredits}
          yAxisLabel="Credits"
          tickLine="y"
        />
      ) : (
        <AreaChart
          h={260}
          data={data}
          dataKey="label"
          series={[{ name: 'cumulative', label: 'Credits used in all', color: 'blue.7' }]}
          valueFormatter={formatCredits}
          yAxisLabel="Credits"
          curveType="stepAfter"
          tickLine="y"
          referenceLines={[
            ...thresholds
              .filter((t) => t !== 100)
              .map((t) => ({
                y: (allocated * t) / 100,
                label: `${t} %`,
                color: 'orange.8',
                strokeDasharray: '4 4',
              })),
            {
              y: allocated,
              label: thresholds.includes(100) ? 'Allocated · 100 %' : 'Allocated',
              color: 'red.7',
            },
          ]}
        />
      )}
    </Box>
  )
}
