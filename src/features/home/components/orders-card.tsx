import './mantine-styles'
import { Anchor, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { formatUtc } from '../../../lib/format'
import type { StartOrders } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** Orders in progress and recently fulfilled; the page reads them, as they also tell a new account. */
export function OrdersCard({ orders: { inProgress, fulfilled } }: { orders: StartOrders }) {
  return (
    <Card
      id="home-orders"
      title="Orders"
      more={{ to: paths.orders(), label: 'All orders' }}
      query={inProgress}
    >
      <Text size="sm" fw={600}>
        In progress{inProgress.data ? ` (${inProgress.data.totalElements})` : ''}
      </Text>
      <OrderList
        orders={inProgress.data?.content ?? []}
        empty="No order is in progress."
        when={(o) => `updated ${formatUtc(o.updatedAt)}`}
      />
      <Text size="sm" fw={600} mt="xs">
        Recently fulfilled
      </Text>
      {fulfilled.error && !fulfilled.data ? (
        <Text size="sm">{whatToDo(fulfilled.error)}</Text>
      ) : (
        <OrderList
          orders={fulfilled.data?.content ?? []}
          empty="None yet."
          when={(o) => `fulfilled ${formatUtc(o.updatedAt)}`}
        />
      )}
    </Card>
  )
}

interface OrderRow {
  id: string
  displayName: string
  status: string
  updatedAt: string
}

function OrderList({
  orders,
  empty,
  when,
}: {
  orders: OrderRow[]
  empty: string
  when: (o: OrderRow) => string
}) {
  if (orders.length === 0) return <Empty>{empty}</Empty>
  return (
    <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
      {orders.map((o) => (
        <List.Item key={o.id}>
          {/* Underlined: the dimmed time beside it makes the line a text block (axe link-in-text-block). */}
          <Anchor
            component={Link}
            to={paths.order(o.id)}
            size="sm"
            underline="always"
            className={classes.wrap}
          >
            {o.displayName}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {when(o)}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}
