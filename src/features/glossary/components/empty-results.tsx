import { Button, Paper, Stack, Text } from '@mantine/core'

interface EmptyResultsProps {
  title: string
  /** What to change to see results; null when nothing can be loosened. */
  hint: string | null
  onClear?: () => void
}

/** Nothing matches: says so, says which filter to loosen, and offers to clear them all. */
export function EmptyResults({ title, hint, onClear }: EmptyResultsProps) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{title}</Text>
        {hint && <Text size="sm">{hint}</Text>}
        {hint && onClear && (
          <Button size="xs" variant="light" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
