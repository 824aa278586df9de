import '@mantine/core/styles/Skeleton.css'
import { Alert, Anchor, Button, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { isApiError, whatToDo } from '../api/errors'

/**
 * A detail page (an order, a collection, a job…) that could not be shown: not found (404, or the page knows it
 * is missing, said with the page's own sentence), not allowed (403: who can give access, no retry: it would
 * get the same answer), or failed with what to do and a retry; always with the way back to its list.
 */
export function DetailFailure({
  thing,
  error,
  missing: knownMissing = false,
  missingText,
  onRetry,
  back,
}: {
  /** "process", "feasibility study": the titles say "Process not found" and "The process failed to load". */
  thing: string
  error: unknown
  /** Missing without a 404: a page that reads its one thing through a list filtered by id, and got none. */
  missing?: boolean
  /** The page's own sentence for a missing one: which id, and why it may be gone. */
  missingText: ReactNode
  onRetry: () => void
  back: { to: string; label: string }
}) {
  const kind = isApiError(error) ? error.kind : undefined
  const missing = knownMissing || kind === 'not-found'
  const forbidden = !missing && kind === 'forbidden'
  const Thing = `${thing[0].toUpperCase()}${thing.slice(1)}`
  return (
    <Stack gap="md">
      <Title order={1}>
        {missing
          ? `${Thing} not found`
          : forbidden
            ? `No permission to see this ${thing}`
            : `The ${thing} failed to load`}
      </Title>
      <Alert color={missing || forbidden ? 'yellow' : 'red'} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {missing
              ? missingText
              : forbidden
                ? `Your role does not allow opening this ${thing}. ${whatToDo(error)}`
                : whatToDo(error)}
          </Text>
          {!missing && !forbidden && (
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
