import { Badge } from '@mantine/core'
import type { DecisionKind } from '../inbox'
import type { Decision } from '../../../data/decisions/queries'
import { DECISION_COLORS, decisionLabel } from '../words'

/** A decision as a coloured dot and its name: the colour is never the only signal. */
export function DecisionBadge({
  kind,
  decision,
  size = 'md',
}: {
  kind: DecisionKind
  decision: Decision
  size?: 'sm' | 'md' | 'lg'
}) {
  return (
    <Badge variant="dot" color={DECISION_COLORS[decision]} size={size}>
      {decisionLabel(kind, decision)}
    </Badge>
  )
}
