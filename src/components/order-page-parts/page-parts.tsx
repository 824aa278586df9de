import { Alert, Button, List, Stack, Text, Title } from '@mantine/core'
import { whatToDo } from '../../api/errors'

/** The heading of an ordering page and what it promises. */
export function OrderingHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="sm">
        {lead}
      </Text>
    </Stack>
  )
}

/** The glossary (what the page orders as) could not be read: what to do, and a retry. */
export function GlossaryFailed({
  title,
  error,
  onRetry,
}: {
  title: string
  error: unknown
  onRetry: () => void
}) {
  return (
    <Alert color="red" title={title}>
      {whatToDo(error)}{' '}
      <Button size="compact-xs" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  )
}

/** What stops the review, in plain words. */
export function Blockers({ blockers, title = 'Before reviewing:' }: { blockers: string[]; title?: string }) {
  return (
    <div role="alert">
      <Text size="sm" c="red" mt={4}>
        {title}
      </Text>
      <List size="sm" c="red">
        {blockers.map((b) => (
          <List.Item key={b}>{b}</List.Item>
        ))}
      </List>
    </div>
  )
}
