import '@mantine/core/styles/List.css'
import { Anchor, Button, Group, List, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import type { Order } from '../../../data/orders/queries'
import { collectionsOptions } from '../../../data/storage/queries'
import { useRefetchWhenFulfilled } from '../use-refetch-when-fulfilled'

/** The collections an order delivered to storage, each linked, and the storage browser filtered to them. */
export function OrderStorage({ order }: { order: Order }) {
  const client = useApiClient()
  const delivering = order.status === 'FULFILLED' || order.status === 'BEING_FULFILLED'
  const list = useQuery({
    ...collectionsOptions(client, { orderIds: [order.id], limit: 20, page: 0 }),
    enabled: delivering,
  })
  useRefetchWhenFulfilled(order.status, list.refetch)
  if (!delivering)
    return (
      <Text size="sm">
        Nothing is in storage yet: deliveries land there once the order is being fulfilled.
      </Text>
    )
  const collections = list.data?.collections
  return (
    <>
      {list.error ? (
        <Text size="sm">The delivered collections could not be listed ({list.error.message}).</Text>
      ) : !collections ? (
        <Text size="sm" role="status">
          Looking in storage…
        </Text>
      ) : collections.length === 0 ? (
        <Text size="sm">Nothing has been delivered to storage yet.</Text>
      ) : (
        <List size="sm" aria-label="Delivered collections" spacing={4}>
          {collections.map((c) => (
            <List.Item key={c.id}>
              <Group gap="sm">
                <Anchor component={Link} to={paths.storageCollection(c.id)}>
                  {c.title ?? c.id}
                </Anchor>
                <Anchor
                  component={Link}
                  to={paths.processing(`collection=${encodeURIComponent(c.id)}`)}
                  size="sm"
                  underline="always"
                  aria-label={`Process the delivery ${c.title ?? c.id}`}
                >
                  Process the delivery
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <Group>
        <Button component={Link} to={paths.storage(`order_ids=${order.id}`)} variant="default" size="xs">
          In storage
        </Button>
        <Button
          component={Link}
          to={paths.storage(`order_ids=${order.id}&cnam=false`)}
          variant="default"
          size="xs"
        >
          Original delivery
        </Button>
      </Group>
    </>
  )
}
