import '@mantine/core/styles/ScrollArea.css'
import { Badge, Group, Table } from '@mantine/core'
import type { components } from '../../../api/schema'
import { rolesSentence } from '../words'
import { PROVIDER_ROLE_LABELS } from '../words'
import { TitleCell } from './title-cell'

interface ProvidersTableProps {
  providers: readonly components['schemas']['Provider'][]
  /** The table's accessible name. */
  label: string
}

export function ProvidersTable({ providers, label }: ProvidersTableProps) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>What it does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {providers.map((p) => (
            <Table.Tr key={p.name}>
              <TitleCell title={p.title} description={p.description} />
              <Table.Td>
                <Group gap={4}>
                  {p.roles.map((r) => (
                    <Badge key={r} size="sm" variant="default">
                      {PROVIDER_ROLE_LABELS[r]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{rolesSentence(p.roles)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
