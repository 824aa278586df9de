import './mantine-styles'
import { Anchor, Badge, Group, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { formatCredits } from '../../../lib/format'
import { useMonthSpend } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** What the active budgets spent this month (Enterprise, not the Viewer: the page decides). */
export function SpendCard() {
  const { budgets, rows, known, total, month } = useMonthSpend()
  return (
    <Card
      id="home-spend"
      title={`Budget spend in ${month}`}
      more={{ to: paths.budgets(), label: 'All budgets' }}
      query={budgets}
    >
      {rows.length === 0 ? (
        <Empty>No active budget.</Empty>
      ) : (
        <>
          <Text size="sm">
            <Text span fw={700}>
              {formatCredits(total)} credits
            </Text>{' '}
            spent this month across {rows.length} active {rows.length === 1 ? 'budget' : 'budgets'}
            {known.length < rows.length ? ' (some still loading)' : ''}.
          </Text>
          <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
            {rows.map(({ budget, spent }) => (
              <List.Item key={budget.id}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={paths.budget(budget.id)} size="sm">
                    {budget.name}
                  </Anchor>
                  <Badge variant="dot" color="gray" tt="none">
                    {spent === null ? '…' : `${formatCredits(spent)} credits`}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  )
}
