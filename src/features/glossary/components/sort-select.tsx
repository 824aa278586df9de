import '@mantine/core/styles/ScrollArea.css'
import { Select } from '@mantine/core'
import { SORT_LABELS } from '../words'
import type { SortValue } from '../url-state'

interface SortSelectProps<S extends SortValue> {
  value: S
  options: readonly S[]
  onChange: (value: S) => void
}

export function SortSelect<S extends SortValue>({ value, options, onChange }: SortSelectProps<S>) {
  return (
    <Select<S>
      label="Sort by"
      value={value}
      data={options.map((o) => ({ value: o, label: SORT_LABELS[o] }))}
      allowDeselect={false}
      onChange={(v) => {
        if (v !== null) onChange(v)
      }}
      w={200}
    />
  )
}
