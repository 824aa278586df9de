import '@mantine/dates/styles.css'
import { DatePicker } from '@mantine/dates'
import { useEffect, useRef } from 'react'

/**
 * The month calendar of the UTC date-time field, loaded when it is first opened (with `@mantine/dates`), so
 * no page pays for it on its first load. Days are calendar days with no time zone: the field reads them as
 * UTC. Focus goes to the chosen day (or today), where the arrow keys move and Enter picks.
 */
export function UtcCalendar({ day, onPick }: { day: string | null; onPick: (day: string) => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('table button[tabindex="0"]')?.focus()
  }, [])
  return (
    <div ref={ref}>
      <DatePicker
        value={day}
        defaultDate={day ?? undefined}
        onChange={(d) => d && onPick(d)}
        firstDayOfWeek={1}
        // Weekends are days like any other for a satellite (and Mantine's red fails contrast); days of the
        // months around are not shown, so every day on the grid is one of the month named above it.
        weekendDays={[]}
        hideOutsideDates
        ariaLabels={{
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          monthLevelControl: 'Choose the month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          yearLevelControl: 'Choose the year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        }}
      />
    </div>
  )
}
