import './mantine-styles'
import { Anchor, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { formatUtc } from '../../../lib/format'
import { useWaitingDecisions } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** The decisions waiting, oldest first ("to review" for the Viewer, who cannot take them). */
export function DecisionsCard({ viewer }: { viewer: boolean }) {
  const { query: both, total, waiting, nameOf } = useWaitingDecisions()
  return (
    <Card
      id="home-decisions"
      title={viewer ? 'Decisions to review' : 'Decisions waiting'}
      more={{ to: paths.decisions(), label: 'All decisions' }}
      query={both}
    >
      {waiting.length === 0 ? (
        <Empty>Nothing waits for a decision.</Empty>
      ) : (
        <>
          <Text size="sm">
            {total} {total === 1 ? 'decision waits' : 'decisions wait'}
            {viewer ? ' for an administrator' : ''}; the oldest first:
          </Text>
          <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
            {waiting.map((d) => (
              <List.Item key={d.id}>
                <Anchor
                  component={Link}
                  to={d.kind === 'study' ? paths.study(d.id) : paths.quotation(d.id)}
                  size="sm"
                >
                  {d.kind === 'study' ? 'Feasibility study' : 'Quotation'} for {nameOf(d.orderId)}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  since {formatUtc(d.createdAt)}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  )
}
