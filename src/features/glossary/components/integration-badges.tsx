import { Badge, Group } from '@mantine/core'
import { INTEGRATION_LABELS, type Integration } from '../words'

export function IntegrationBadges({ integrations }: { integrations: readonly Integration[] }) {
  return (
    <Group gap={4}>
      {integrations.map((i) => (
        <Badge key={i} size="sm" variant="default" tt="none" fw={500}>
          {INTEGRATION_LABELS[i]}
        </Badge>
      ))}
    </Group>
  )
}
