import '@mantine/core/styles/ScrollArea.css'
import { Anchor, Table, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { components } from '../../../api/schema'
import { paths } from '../../../config/paths'
import { offeredIntegrations } from '../words'
import { CollectionTypeBadge } from './collection-type-badge'
import { IntegrationBadges } from './integration-badges'

interface CollectionsTableProps {
  collections: readonly components['schemas']['Collection'][]
  /** The table's accessible name. */
  label: string
}

export function CollectionsTable({ collections, label }: CollectionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Collection</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Providers</Table.Th>
            <Table.Th>What it offers</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {collections.map((c) => (
            <Table.Tr key={c.name}>
              <Table.Td>
                <Anchor component={Link} to={paths.collection(c.name)} fw={600}>
                  {c.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {c.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <CollectionTypeBadge type={c.type} />
              </Table.Td>
              <Table.Td>{c.providers.map((p) => p.title).join(', ')}</Table.Td>
              <Table.Td>
                <IntegrationBadges integrations={offeredIntegrations(c)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
