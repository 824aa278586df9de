import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/List.css'
import { Alert, Anchor, Checkbox, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { STATUS_LABELS } from '../../../data/orders/status'
import { formatUtcDay } from '../../../lib/format'
import type { RepeatOrder } from '../use-repeat-orders'

/**
 * Says, before anything is paid, which lines order a scene again with the same product — each with its
 * earlier order linked — and on the review asks for an explicit "order it again".
 */
export function RepeatOrdersWarning({
  repeats,
  confirm,
}: {
  repeats: readonly RepeatOrder[]
  /** On the review: the confirmation, which placing waits for. */
  confirm?: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void }
}) {
  if (repeats.length === 0) return null
  const one = repeats.length === 1
  return (
    <Alert
      color="yellow"
      mt="sm"
      title={one ? 'You already ordered this scene' : `You already ordered ${repeats.length} of these scenes`}
      data-testid="repeat-orders"
    >
      <List size="sm" spacing={4}>
        {repeats.map(({ line, before }) => (
          <List.Item key={line.key}>
            <Text size="sm" span>
              {line.displayName}: you already ordered this scene with this product on{' '}
              {formatUtcDay(before.orderedAt)} ({STATUS_LABELS[before.status].toLowerCase()}, order{' '}
              <Anchor component={Link} to={paths.order(before.orderId)} size="sm" underline="always">
                {before.displayName}
              </Anchor>
              ); order it again?
            </Text>
          </List.Item>
        ))}
      </List>
      {confirm && (
        <Checkbox
          mt="xs"
          checked={confirm.checked}
          disabled={confirm.disabled}
          onChange={(e) => confirm.onChange(e.currentTarget.checked)}
          label={one ? 'Yes, order this scene again' : `Yes, order these ${repeats.length} scenes again`}
        />
      )}
    </Alert>
  )
}
