import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router'
import { isApiError, whatToDo } from '../../api/errors'
import { paths } from '../../config/paths'
import { NotFoundPage } from './not-found'

/** A route's error boundary: what failed, what to do, and a retry that reloads only what failed. */
export function RouteError() {
  const error = useRouteError()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const [retrying, setRetrying] = useState(false)
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />

  const title = isApiError(error) ? error.title : 'This page failed to load'
  const detail = isApiError(error) ? error.detail : error instanceof Error ? error.message : undefined

  async function retry() {
    setRetrying(true)
    // Failed queries start over; navigating to the same place re-runs the loaders (which prefetch again)
    // and gives the boundary a new location, which clears it.
    await queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' })
    setRetrying(false)
    await navigate(location, { replace: true })
  }

  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Something went wrong
      </Title>
      <Alert color="red" title={title} role="alert">
        <Stack gap={4}>
          {detail && <Text size="sm">{detail}</Text>}
          <Text size="sm">{whatToDo(error)}</Text>
        </Stack>
      </Alert>
      <Group>
        <Button onClick={() => void retry()} loading={retrying}>
          Try again
        </Button>
        <Button component={Link} to={paths.home()} variant="default">
          Go to the start page
        </Button>
      </Group>
    </Stack>
  )
}
