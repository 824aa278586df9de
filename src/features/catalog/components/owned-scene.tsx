import { Text } from '@mantine/core'
import { ownedSummary, type OwnedOrder } from '../../../data/orders/owned-scenes'
import classes from './owned-scene.module.css'

/**
 * A result row's line for a scene the account already ordered: the newest order, and how many more. The
 * details' fuller note is in `owned-scene-note.tsx`, with the lazy drawer: its List and storage read are not
 * part of the catalog's first load.
 */
export function OwnedLine({ orders }: { orders: readonly OwnedOrder[] }) {
  if (orders.length === 0) return null
  return (
    <Text size="xs" fw={600} className={classes.owned} lineClamp={1} data-testid="owned-line">
      {ownedSummary(orders[0])}
      {orders.length > 1 && ` (+${orders.length - 1} more)`}
    </Text>
  )
}
