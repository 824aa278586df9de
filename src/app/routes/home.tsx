import { Stack, Text, Title } from '@mantine/core'
import { CollectionsOverview } from '../../features/glossary/components/collections-overview'

export function HomePage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Swath</Title>
        <Text c="dimmed">Order, task and process Earth observation data.</Text>
      </div>
      <CollectionsOverview />
    </Stack>
  )
}
