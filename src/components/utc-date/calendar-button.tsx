import { ActionIcon } from '@mantine/core'
import { useId, useState } from 'react'
import type * as CalendarChunk from './utc-calendar'

type CalendarModule = typeof CalendarChunk

// The calendar, its popover and @mantine/dates load when a field first opens one: no page's first load
// carries them. Loaded once, every field's button has it at once.
let calendar: CalendarModule | undefined
const loadCalendar = (): Promise<CalendarModule> => import('./utc-calendar').then((m) => (calendar = m))

interface Props {
  /** The field's label, for the button's name and the calendar's: “Pick the day of “From” on a calendar”. */
  label: string
  /** The day shown chosen when the calendar opens (`2026-11-25`), or null. */
  day: string | null
  onPick: (day: string) => void
}

/**
 * The button beside a UTC date field that opens a month calendar to pick the day: a dialog named after the
 * field, where focus starts on the chosen day (or today), the arrow keys move, Enter picks and Escape closes,
 * focus then back on the button. It spins while the calendar loads on first use.
 */
export function UtcCalendarButton({ label, day, onPick }: Props) {
  const id = useId()
  const [opened, setOpened] = useState(false)
  const [loaded, setLoaded] = useState(calendar !== undefined)
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const open = (next: boolean) => {
    setOpened(next)
    if (next && !calendar)
      loadCalendar().then(
        () => setLoaded(true),
        // Not loaded (offline, a new build deployed): the button stays, to try again.
        () => setOpened(false),
      )
  }
  const CalendarPopover = loaded ? calendar?.UtcCalendarPopover : undefined
  return (
    <>
      <ActionIcon
        ref={setButton}
        id={id}
        variant="default"
        size="md"
        aria-label={`Pick the day of “${label}” on a calendar`}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-controls={opened && CalendarPopover ? `${id}-dropdown` : undefined}
        loading={opened && !CalendarPopover}
        onClick={() => open(!opened)}
      >
        <CalendarIcon />
      </ActionIcon>
      {CalendarPopover && button && (
        <CalendarPopover
          anchor={button}
          opened={opened}
          onOpenedChange={setOpened}
          day={day}
          onPick={(d) => {
            onPick(d)
            setOpened(false)
          }}
        />
      )}
    </>
  )
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="1.5" y="2.5" width="13" height="12" rx="1.5" fill="none" stroke="currentColor" />
      <path d="M1.5 6h13M5 1v3M11 1v3" stroke="currentColor" fill="none" />
    </svg>
  )
}
