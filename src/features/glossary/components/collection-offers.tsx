import '@mantine/core/styles/List.css'
import { List, Text } from '@mantine/core'
import { INTEGRATION_EXPLANATIONS, type Integration } from '../words'

/** Each integration of a collection as a plain sentence about how ordering from it goes. */
export function CollectionOffers({ integrations }: { integrations: readonly Integration[] }) {
  if (integrations.length === 0) {
    return <Text size="sm">The service lists nothing special about ordering from this collection.</Text>
  }
  return (
    <List spacing="xs" size="sm">
      {integrations.map((i) => (
        <List.Item key={i}>{INTEGRATION_EXPLANATIONS[i]}</List.Item>
      ))}
    </List>
  )
}
