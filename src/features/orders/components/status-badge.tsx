import { Badge } from '@mantine/core'
import {
  STATUS_COLORS,
  STATUS_LABELS,
  TYPE_LABELS,
  type OrderStatus,
  type OrderType,
} from '../../../data/orders/status'

/**
 * A status as a coloured dot and its name: the dot variant keeps the text in the theme's text colour, so it
 * reads in both themes whatever the status colour, and the colour is never the only signal.
 */
export function StatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="dot" color={STATUS_COLORS[status]} size={size} tt="none" title={status}>
      {STATUS_LABELS[status]}
    </Badge>
  )
}

export function TypeBadge({ type, size = 'md' }: { type: OrderType; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={type === 'TASKING' ? 'grape' : 'blue'} size={size} tt="none">
      {TYPE_LABELS[type]}
    </Badge>
  )
}
