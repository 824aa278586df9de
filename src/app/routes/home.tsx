import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import { CollectionsOverview } from '../../features/glossary/components/collections-overview'

export function HomePage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Swath</Title>
        <Text c="dimmed">Order, task and process Earth observation data.</Text>
      </div>
      <Group gap="lg">
        <Anchor component={Link} to={paths.catalog()} fw={600}>
          Search the archive →
        </Anchor>
        <Anchor component={Link} to={paths.areas()} fw={600}>
          Draw or import an area →
        </Anchor>
      </Group>
      <CollectionsOverview />
    </Stack>
  )
}
