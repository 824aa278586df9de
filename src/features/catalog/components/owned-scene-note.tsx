import '@mantine/core/styles/List.css'
import { Anchor, Group, List, Paper, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import { ownedSummary, type OwnedOrder } from '../../../data/orders/owned-scenes'
import { collectionsOptions } from '../../../data/storage/queries'

/**
 * In the scene's details: every order of the account that holds the scene, each linked, with the collection it
 * delivered to storage (asked for once the order is being fulfilled).
 */
export function OwnedSceneNote({ orders }: { orders: readonly OwnedOrder[] }) {
  if (orders.length === 0) return null
  return (
    <Paper withBorder p="xs" component="section" aria-labelledby="owned-title" data-testid="owned-note">
      <Text size="sm" fw={700} id="owned-title">
        You already ordered this scene
      </Text>
      <List size="sm" spacing={4} mt={4}>
        {orders.map((o) => (
          <OwnedOrderItem key={o.orderId} order={o} />
        ))}
      </List>
    </Paper>
  )
}

function OwnedOrderItem({ order }: { order: OwnedOrder }) {
  const client = useApiClient()
  const delivering = order.status === 'FULFILLED' || order.status === 'BEING_FULFILLED'
  const stored = useQuery({
    ...collectionsOptions(client, { orderIds: [order.orderId], limit: 1, page: 0 }),
    enabled: delivering,
  })
  const collection = stored.data?.collections[0]
  return (
    <List.Item>
      <Text size="sm">{ownedSummary(order, !!collection)}</Text>
      <Group gap="sm">
        <Anchor component={Link} to={paths.order(order.orderId)} size="sm" underline="always">
          Order “{order.displayName}”
        </Anchor>
        {collection && (
          <Anchor component={Link} to={paths.storageCollection(collection.id)} size="sm" underline="always">
            Delivered collection
          </Anchor>
        )}
      </Group>
    </List.Item>
  )
}
