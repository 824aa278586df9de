import './mantine-styles'
import { SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { permissionsOf, useSession } from '../../../api/console-context'
import { useStartOrders } from '../use-start-cards'
import { DecisionsCard } from './decisions-card'
import { DeliveriesCard } from './deliveries-card'
import { GettingStarted } from './getting-started'
import { JobsCard } from './jobs-card'
import { LicencesCard } from './licences-card'
import { NeedsAttention } from './needs-attention'
import { OrdersCard } from './orders-card'
import { SavedSearchesCard } from './saved-searches-card'
import { SpendCard } from './spend-card'

/**
 * The analyst's start: what needs them today, each a link to the page that acts on it — decisions waiting
 * (oldest first), orders in progress and recently fulfilled, licences to accept, budget spend this month
 * (Enterprise), jobs under way and the newest deliveries — and a getting-started for a new account. Each card
 * is its own component over its own hook (`use-start-cards.ts`); the orders are read here, as they also tell
 * a new account.
 */
export function HomePage() {
  const { user } = useSession()
  const perms = permissionsOf(user)
  const orders = useStartOrders()
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Start</Title>
        <Text c="dimmed">
          {user ? `Good to see you, ${user.name.split(' ')[0]}. ` : ''}What needs you today, and where to act
          on it.
        </Text>
      </div>
      {orders.newAccount && <GettingStarted />}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <NeedsAttention userId={user?.id} />
        <DecisionsCard viewer={!perms.change} />
        <OrdersCard orders={orders} />
        <SavedSearchesCard />
        <JobsCard />
        <DeliveriesCard />
        <LicencesCard />
        {perms.budgets && <SpendCard />}
      </SimpleGrid>
    </Stack>
  )
}
