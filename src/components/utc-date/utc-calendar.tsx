import '@mantine/dates/styles.css'
import { Popover, usePopoverContext } from '@mantine/core'
import { DatePicker } from '@mantine/dates'
import { useEffect, useLayoutEffect, useRef } from 'react'

interface Props {
  /** The calendar button: the dropdown hangs from it, names itself after it, and gives focus back to it. */
  anchor: HTMLButtonElement
  opened: boolean
  onOpenedChange: (opened: boolean) => void
  /** The day shown chosen (`2026-11-25`), or null. */
  day: string | null
  onPick: (day: string) => void
}

/**
 * The month calendar of a UTC date field, in the popover its button opens: loaded (with `@mantine/dates` and
 * Mantine's Popover) when a field first opens it, so no page pays for it on its first load. The button stays
 * the field's own, drawn before this loads; the popover takes it as its target. Days are calendar days with
 * no time zone: the field reads them as UTC.
 */
export function UtcCalendarPopover({ anchor, opened, onOpenedChange, day, onPick }: Props) {
  return (
    <Popover
      // The button's id: the dialog is named by the button's label (aria-labelledby), as with Popover.Target.
      id={anchor.id}
      opened={opened}
      onChange={onOpenedChange}
      trapFocus
      // Closed by Escape or a day picked, focus would be left on the page's body: back to the button.
      // Closed by a click elsewhere, it stays where that click put it.
      onClose={() =>
        requestAnimationFrame(() => {
          if (document.activeElement === document.body) anchor.focus()
        })
      }
      position="bottom-end"
      shadow="md"
    >
      <Target element={anchor} />
      <Popover.Dropdown>{opened && <Calendar day={day} onPick={onPick} />}</Popover.Dropdown>
    </Popover>
  )
}

/**
 * Makes an element already on the page the popover's target (what `Popover.Target` does for the element it
 * wraps): the dropdown is placed against it, and a click on it is not a click outside.
 */
function Target({ element }: { element: HTMLElement }) {
  const { reference } = usePopoverContext()
  useLayoutEffect(() => reference(element), [reference, element])
  return null
}

/** Focus goes to the chosen day (or today), where the arrow keys move and Enter picks. */
function Calendar({ day, onPick }: { day: string | null; onPick: (day: string) => void }) {
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
