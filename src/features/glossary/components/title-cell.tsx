import { Table, Text } from '@mantine/core'

/** A table's first cell: the item's title, with its description beneath. */
export function TitleCell({ title, description }: { title: string; description: string }) {
  return (
    <Table.Td>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </Table.Td>
  )
}
