import './mantine-styles'
import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { collectionListOptions } from '../../../data/glossary/queries'
import { CollectionsTable } from './collections-table'
import { ListSkeleton } from './list-skeleton'

/** The catalog's collections at a glance on the start page; the collections page filters and pages them. */
export function CollectionsOverview() {
  const client = useApiClient()
  // The start page says what went wrong in place and offers to try again, rather than failing whole.
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({
    ...collectionListOptions(client, { size: 100, sort: 'name,asc' }),
    throwOnError: false,
  })

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          Collections
        </Title>
        <Anchor component={Link} to={paths.collections()} size="sm">
          Filter and compare collections
        </Anchor>
      </Group>
      {isPending ? (
        <ListSkeleton label="Loading collections" />
      ) : isError ? (
        <Alert color="red" title="Collections could not be loaded">
          <Text size="sm">
            {error.message} {whatToDo(error)}
          </Text>
          <Button mt="sm" size="xs" variant="light" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data.content.length === 0 ? (
        <Text c="dimmed">The service lists no collections yet.</Text>
      ) : (
        <Box data-testid="collections-table">
          <CollectionsTable collections={data.content} label="Collections at a glance" />
        </Box>
      )}
    </Stack>
  )
}
