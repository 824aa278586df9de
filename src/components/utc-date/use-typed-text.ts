import { useState, type ChangeEvent } from 'react'

interface Options<V> {
  /** The field's value; undefined while what is typed does not read as one. */
  value: V | undefined
  /** A value in the console's format (empty for none). */
  show: (value: V | undefined) => string
  /** What a text that is not empty reads as; undefined when it does not read. */
  read: (text: string) => V | undefined
  /** The value of an emptied field. */
  empty: V | undefined
  onChange: (value: V | undefined) => void
}

/**
 * The text of a field typed in the console's one format (decision 15) over the value it reads as: a UTC
 * date-time, a UTC day. The value follows the text as soon as it reads (undefined while it does not), and
 * what the analyst types stays as typed while the value is still the one it gave; a value set from elsewhere
 * (a link, Undo, the calendar) is shown the console's way. Leaving the field writes a text that reads the
 * console's way; one that does not stays to be fixed, and from then on `problem` is set until it reads, so
 * nobody is told off for a date half typed.
 */
export function useTypedText<V>({ value, show, read, empty, onChange }: Options<V>) {
  const [draft, setDraft] = useState<{ text: string; value: V | undefined; left: boolean } | null>(null)
  const typing = draft !== null && draft.value === value
  return {
    text: typing ? draft.text : show(value),
    problem: typing && draft.left && draft.value === undefined && draft.text.trim() !== '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const text = e.currentTarget.value
      const next = text.trim() === '' ? empty : read(text)
      setDraft({ text, value: next, left: typing && draft.left })
      onChange(next)
    },
    onBlur: () => {
      if (!typing) return
      if (draft.value !== undefined) setDraft(null)
      else if (!draft.left) setDraft({ ...draft, left: true })
    },
    /** A value picked rather than typed (on the calendar). */
    set: (next: V) => {
      setDraft(null)
      onChange(next)
    },
  }
}
