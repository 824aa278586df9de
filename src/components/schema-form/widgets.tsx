import '@mantine/core/styles/NumberInput.css'
import { NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core'
import type { WidgetProps } from '@rjsf/utils'
import type { FocusEvent } from 'react'
import { UtcCalendarButton } from '../utc-date/calendar-button'
import { useTypedText } from '../utc-date/use-typed-text'
import { isoToUtcText, UTC_DATE_TIME_EXAMPLE, utcDayOf, utcTextToIso, withUtcDay } from '../utc-date/utc'
import dateClasses from '../utc-date/utc-date.module.css'

/**
 * The widgets the order forms need beyond the Mantine theme's templates. Each takes its label, description
 * and error through Mantine's input wrapper, which links them to the control (`aria-describedby`,
 * `aria-invalid`), and honours `readOnly` from the ui options: shown, focusable, not editable.
 */

/** The ui option this folder sets per field (see `uiSchemaFor` in schema-form.tsx). */
const isReadOnly = (props: WidgetProps) => (props.options as { readOnly?: boolean }).readOnly === true

/** Schema descriptions are written for API clients, with markdown code spans. */
const plain = (text: unknown): string | undefined =>
  typeof text === 'string' && text.trim() ? text.replace(/`([^`]*)`/g, '$1').trim() : undefined

/** The bounds of a number, said in its description: "From 5 to 20." */
function boundsText(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}.`
  if (min !== undefined) return `At least ${min}.`
  if (max !== undefined) return `At most ${max}.`
  return undefined
}

const errorOf = (props: WidgetProps): string | undefined =>
  !props.hideError && props.rawErrors && props.rawErrors.length > 0 ? props.rawErrors.join(' ') : undefined

/** What every widget gives its Mantine input. */
function common(props: WidgetProps, extra?: string) {
  const description = [plain(props.schema.description), extra].filter(Boolean).join(' ')
  return {
    id: props.id,
    name: props.htmlName ?? props.id,
    label: props.label,
    description: description || undefined,
    error: errorOf(props),
    required: props.required,
    disabled: props.disabled,
    readOnly: isReadOnly(props) || props.readonly === true,
    autoFocus: props.autofocus,
    onFocus: (e: FocusEvent<HTMLElement & { value: string }>) => props.onFocus(props.id, e.target.value),
    onBlur: (e: FocusEvent<HTMLElement & { value: string }>) => props.onBlur(props.id, e.target.value),
  }
}

/**
 * Enumerations as a native select of their titles: light, keyboard- and screen-reader-friendly everywhere,
 * and the same control the rest of the console uses for short fixed lists. Optional fields can be unset.
 */
export function SelectWidget(props: WidgetProps) {
  const base = common(props)
  const options = props.options.enumOptions ?? []
  const index = options.findIndex((o) => o.value === props.value)
  if (base.readOnly) {
    // A select cannot be read-only; a read-only text input shows the choice and stays focusable.
    return <TextInput {...base} value={index >= 0 ? options[index].label : String(props.value ?? '')} />
  }
  const empty = !props.required || index < 0
  const data = [
    ...(empty ? [{ value: '', label: props.required ? 'Choose…' : 'Not specified' }] : []),
    ...options.map((o, i) => ({ value: String(i), label: o.label })),
  ]
  return (
    <NativeSelect
      {...base}
      data={data}
      value={index >= 0 ? String(index) : ''}
      onChange={(e) => {
        const picked = options[Number(e.currentTarget.value)]
        props.onChange(e.currentTarget.value === '' || !picked ? undefined : picked.value)
      }}
    />
  )
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** Text, always controlled (an empty field is '' to React, and absent from the params); numbers as numbers. */
export function TextWidget(props: WidgetProps) {
  if (props.schema.type === 'integer' || props.schema.type === 'number') return <NumberWidget {...props} />
  return (
    <TextInput
      {...common(props)}
      value={text(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  )
}

/** Long text (notes for the operator). */
export function TextareaWidget(props: WidgetProps) {
  return (
    <Textarea
      {...common(props)}
      rows={3}
      value={text(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
    />
  )
}

/**
 * Numbers through Mantine's NumberInput: bounds are said in the description and checked by validation,
 * never clamped silently, so what the analyst typed is what they see judged.
 */
export function NumberWidget(props: WidgetProps) {
  const integer = props.schema.type === 'integer'
  const min = typeof props.schema.minimum === 'number' ? props.schema.minimum : undefined
  const max = typeof props.schema.maximum === 'number' ? props.schema.maximum : undefined
  const value: unknown = props.value
  return (
    <NumberInput
      {...common(props, boundsText(min, max))}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      min={min}
      max={max}
      step={integer ? 1 : stepFor(min, max)}
      allowDecimal={!integer}
      clampBehavior="none"
      onChange={(v) => props.onChange(v === '' ? undefined : v)}
    />
  )
}

/** Arrow-key steps of about a twentieth of the range, rounded to 1, 2 or 5 times a power of ten. */
function stepFor(min: number | undefined, max: number | undefined): number {
  if (min === undefined || max === undefined || max <= min) return 1
  const raw = (max - min) / 20
  const power = 10 ** Math.floor(Math.log10(raw))
  const nice = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10
  return Number((nice * power).toPrecision(1))
}

/** What a date-time field says it takes, and what it says when the text is not one. */
const UTC_HINT = 'UTC, 24-hour, as 25 Nov 2026 14:30 UTC.'
const UTC_PROBLEM = 'Not a date-time: write it as 25 Nov 2026 14:30 UTC (UTC, 24-hour).'

/**
 * `format: date-time` in the console's one format (decision 15): a text field reading "25 Nov 2026 00:00 UTC",
 * always UTC and 24-hour whatever the browser's zone or locale (not `datetime-local`, whose face is the
 * locale's: "11/25/2026, 12:00 AM"), with a calendar beside it for the day. What is typed reaches the form
 * as soon as it reads as a date-time (`utcTextToIso`), as the ISO string ending in `Z`; until then the form
 * holds no value, and once the analyst leaves the field it says how to write one. Leaving the field writes
 * it the console's way.
 */
export function UtcDateTimeWidget(props: WidgetProps) {
  const base = common(props, UTC_HINT)
  const value = typeof props.value === 'string' ? props.value : undefined
  const typed = useTypedText<string>({
    value,
    show: isoToUtcText,
    read: utcTextToIso,
    empty: undefined,
    onChange: (iso) => props.onChange(iso),
  })
  const locked = base.disabled === true || base.readOnly
  return (
    <TextInput
      {...base}
      label={`${props.label} (UTC)`}
      placeholder={UTC_DATE_TIME_EXAMPLE}
      classNames={{ input: dateClasses.input }}
      autoComplete="off"
      spellCheck={false}
      error={typed.problem ? UTC_PROBLEM : base.error}
      value={typed.text}
      onChange={typed.onChange}
      onBlur={(e) => {
        typed.onBlur()
        base.onBlur(e)
      }}
      rightSectionWidth={36}
      rightSectionPointerEvents="all"
      rightSection={
        locked ? null : (
          // Picking a day keeps the time already written.
          <UtcCalendarButton
            label={props.label}
            day={utcDayOf(value)}
            onPick={(day) => {
              const iso = withUtcDay(value, day)
              if (iso) typed.set(iso)
            }}
          />
        )
      }
    />
  )
}
