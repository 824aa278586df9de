import { Input, Text } from '@mantine/core'
import { useId } from 'react'

/**
 * A field with nothing to choose (one data product): its value as readable text under its label, with why,
 * where a disabled select would grey it out and cut it. Label and hint look like the fields' beside it.
 */
export function OnlyChoice({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <Input.Label id={`${id}-label`} labelElement="div">
        {label}
      </Input.Label>
      <Input.Description id={`${id}-hint`}>{hint}</Input.Description>
      <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }} data-testid="only-choice-value">
        {value}
      </Text>
    </div>
  )
}
