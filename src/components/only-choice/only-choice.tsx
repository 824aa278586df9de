import { Text } from '@mantine/core'
import { useId } from 'react'

/**
 * A field with nothing to choose (one data product): its value as readable text under its label, with why,
 * where a disabled select would grey it out and cut it.
 */
export function OnlyChoice({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {hint}
      </Text>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="only-choice-value">
        {value}
      </Text>
    </div>
  )
}
