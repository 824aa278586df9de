import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import { SegmentedControl, Stack, Text } from '@mantine/core'
import { useId } from 'react'

interface SegmentedFilterProps<V extends string> {
  label: string
  value: V
  options: readonly { value: V; label: string }[]
  onChange: (value: V) => void
}

/** A few exclusive choices (radio buttons) under a visible label that names the group. */
export function SegmentedFilter<V extends string>({
  label,
  value,
  options,
  onChange,
}: SegmentedFilterProps<V>) {
  const labelId = useId()
  return (
    <Stack gap={4}>
      <Text id={labelId} component="span" size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl<V> aria-labelledby={labelId} value={value} data={[...options]} onChange={onChange} />
    </Stack>
  )
}
