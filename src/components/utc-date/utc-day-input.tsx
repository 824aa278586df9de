import { TextInput, type TextInputProps } from '@mantine/core'
import { UtcCalendarButton } from './calendar-button'
import { UTC_DAY_EXAMPLE } from './utc'
import classes from './utc-date.module.css'
import { useTypedText } from './use-typed-text'
import { utcDayText, utcTextToDay } from './utc-day'

/** What a day field says when its text is not a day. */
const UTC_DAY_PROBLEM = 'Not a day: write it as 25 Nov 2026.'

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'label'> & {
  label: string
  /** The day (`2026-11-25`), null when empty, undefined while what is typed does not read as a day. */
  value: string | null | undefined
  onChange: (day: string | null | undefined) => void
}

/**
 * A UTC calendar day in the console's one format (decision 15): a text field reading "25 Nov 2026" whatever
 * the browser's locale (not `<input type="date">`, whose face is the locale's: "11/25/2026"), which also
 * takes an ISO day ("2026-11-25"), with a calendar beside it to pick the day. The value is the ISO day; while
 * the text does not read as one it is undefined, and once the analyst leaves the field it says how to write
 * one.
 */
export function UtcDayInput({ label, value, onChange, error, ...rest }: Props) {
  const typed = useTypedText<string | null>({
    value,
    show: utcDayText,
    read: utcTextToDay,
    empty: null,
    onChange,
  })
  return (
    <TextInput
      placeholder={UTC_DAY_EXAMPLE}
      classNames={{ input: classes.input }}
      autoComplete="off"
      spellCheck={false}
      {...rest}
      label={label}
      value={typed.text}
      onChange={typed.onChange}
      onBlur={(e) => {
        typed.onBlur()
        rest.onBlur?.(e)
      }}
      error={typed.problem ? UTC_DAY_PROBLEM : error}
      rightSectionWidth={36}
      rightSectionPointerEvents="all"
      rightSection={
        rest.disabled || rest.readOnly ? null : (
          <UtcCalendarButton label={label} day={value ?? null} onPick={typed.set} />
        )
      }
    />
  )
}
