import { Alert, Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { isApiError, whatToDo } from '../api/errors'

/**
 * A detail page (a process, a job) that could not be shown: not found (404, said with the page's own
 * sentence), or failed with what to do and a retry; always with the way back to its list.
 */
export function DetailFailure({
  thing,
  error,
  missingText,
  onRetry,
  back,
}: {
  /** "process", "job": the titles say "Process not found" and "The process failed to load". */
  thing: string
  error: unknown
  missingText: string
  onRetry: () => void
  back: { to: string; label: string }
}) {
  const missing = isApiError(error) && error.status === 404
  return (
    <Stack gap="md">
      <Title order={1}>
        {missing ? `${thing[0].toUpperCase()}${thing.slice(1)} not found` : `The ${thing} failed to load`}
      </Title>
      <Alert color={missing ? 'yellow' : 'red'} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{missing ? missingText : whatToDo(error)}</Text>
          {!missing && (
            <Button size="xs" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Anchor component={Link} to={back.to}>
            {back.label}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  )
}

/** A detail page loading: its title and body as skeletons, announced by name. */
export function DetailLoading({ label, body = 160 }: { label: string; body?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={36} width="40%" />
      <Skeleton height={body} />
    </Stack>
  )
}
