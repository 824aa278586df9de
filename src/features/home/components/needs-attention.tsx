import './mantine-styles'
import { Anchor, Badge, Button, Group, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { FAILED_ORDER_STATUSES } from '../../../data/attention/attention'
import type { Attention } from '../../../data/attention/reasons'
import { useNeedsAttention } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/**
 * What went wrong and waits for the analyst: orders whose placement failed or that failed for good (a rejected
 * quotation among them) and jobs that stopped without results, newest first, each with the reason the service
 * gave and what to do next — order or run it again, cancel it on its page, contact support with its ID — and a
 * Dismiss once dealt with (kept in this browser). The count is the navigation's.
 */
export function NeedsAttention({ userId }: { userId: string | undefined }) {
  const { query: both, orderRows, jobRows, summary, dismiss } = useNeedsAttention(userId)
  return (
    <Card
      id="home-attention"
      title="Needs attention"
      more={{
        to: paths.orders(`status=${FAILED_ORDER_STATUSES.join('&status=')}`),
        label: 'All failed orders',
      }}
      query={both}
    >
      {orderRows.length + jobRows.length === 0 ? (
        <Empty>Nothing has failed: every order and job is on its way or done.</Empty>
      ) : (
        <>
          <Text size="sm">{`${summary}; the newest first:`}</Text>
          <List
            size="sm"
            spacing={6}
            listStyleType="none"
            className={classes.list}
            aria-label="Needs attention"
          >
            {orderRows.map(({ order: o, attention }) => (
              <AttentionItem
                key={o.id}
                name={o.displayName}
                to={paths.order(o.id)}
                attention={attention}
                again={
                  o.type === 'ARCHIVE'
                    ? { to: paths.checkoutAgain(o.id), label: 'Order again' }
                    : { to: paths.taskingAgain(o.id), label: 'Request again' }
                }
                onDismiss={() => dismiss('orders', o.id)}
              />
            ))}
            {jobRows.map(({ job: j, name, attention }) => (
              <AttentionItem
                key={j.jobID}
                name={name}
                to={paths.job(j.jobID)}
                attention={attention}
                again={{
                  to: paths.process(j.processID, `from=${encodeURIComponent(j.jobID)}`),
                  label: 'Run again',
                }}
                onDismiss={() => dismiss('jobs', j.jobID)}
              />
            ))}
          </List>
        </>
      )}
    </Card>
  )
}

function AttentionItem({
  name,
  to,
  attention,
  again,
  onDismiss,
}: {
  name: string
  to: string
  attention: Attention
  again: { to: string; label: string }
  onDismiss: () => void
}) {
  return (
    <List.Item data-testid="attention-item">
      <Group gap={6} wrap="wrap" align="baseline">
        <Anchor component={Link} to={to} size="sm" underline="always" className={classes.wrap}>
          {name}
        </Anchor>
        <Badge size="sm" variant="dot" color="red" tt="none">
          {attention.title}
        </Badge>
      </Group>
      <Text size="xs">{attention.reason}</Text>
      <Text size="xs" c="dimmed">
        {attention.next}
      </Text>
      <Group gap="xs" mt={2}>
        <Button component={Link} to={again.to} size="compact-xs" variant="default">
          {again.label}
        </Button>
        <Button size="compact-xs" variant="default" onClick={onDismiss} aria-label={`Dismiss ${name}`}>
          Dismiss
        </Button>
      </Group>
    </List.Item>
  )
}
