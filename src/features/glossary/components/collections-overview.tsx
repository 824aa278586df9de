import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/api-context'
import { INTEGRATION_LABELS } from '../labels'
import { collectionListOptions } from '../queries'

/** The catalog's collections at a glance: live from the public glossary endpoint. */
export function CollectionsOverview() {
  const client = useApiClient()
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(
    collectionListOptions(client, { size: 100, sort: 'name,asc' }),
  )

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Collections
      </Title>
      {isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading collections">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : isError ? (
        <Alert color="red" title="Collections could not be loaded">
          <Text size="sm">{error.message} Check your connection, then try again.</Text>
          <Button mt="sm" size="xs" variant="light" loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data.content.length === 0 ? (
        <Text c="dimmed">The service lists no collections yet.</Text>
      ) : (
        <Table striped highlightOnHover data-testid="collections-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Collection</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Providers</Table.Th>
              <Table.Th>What it offers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.content.map((c) => (
              <Table.Tr key={c.name}>
                <Table.Td>
                  <Text fw={600}>{c.title}</Text>
                  <Text size="xs" c="dimmed">
                    {c.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={c.type === 'TASKING' ? 'grape' : 'blue'}>
                    {c.type === 'TASKING' ? 'Tasking' : 'Archive'}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.providers.map((p) => p.title).join(', ')}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {c.integrations.map((i) => (
                      <Badge key={i} size="xs" variant="default" tt="none">
                        {INTEGRATION_LABELS[i]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
