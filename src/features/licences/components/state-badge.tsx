import { Badge } from '@mantine/core'
import { STATE_LABELS, type LicenceState } from '../words'

/** A licence's state as a dot badge (light badges fail contrast). */
export function StateBadge({ state }: { state: LicenceState }) {
  const { label, color } = STATE_LABELS[state]
  return (
    <Badge variant="dot" color={color} data-testid="licence-state">
      {label}
    </Badge>
  )
}
