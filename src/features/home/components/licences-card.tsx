import './mantine-styles'
import { Anchor, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { countLabel } from '../../../lib/format'
import { filteredHere } from '../../../lib/filtered-here'
import { SHOWN } from '../home-model'
import { useLicencesToAccept } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** Licences not accepted yet: how many of all, the first few by title, and over what the filter ran. */
export function LicencesCard() {
  const { query, waiting, read, total } = useLicencesToAccept()
  return (
    <Card
      id="home-licences"
      title="Licenses to accept"
      more={{ to: paths.licences(), label: 'All licenses' }}
      query={query}
    >
      {waiting.length === 0 ? (
        <Empty>Every license is accepted.</Empty>
      ) : (
        <Text size="sm">
          {countLabel(waiting.length, 'license')} of {total.toLocaleString('en-GB')}{' '}
          {waiting.length === 1 ? 'waits' : 'wait'} to be accepted
        </Text>
      )}
      {waiting.length > 0 && (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {waiting.slice(0, SHOWN).map((e) => (
            <List.Item key={e.id}>
              <Anchor component={Link} to={paths.licence(e.id)} size="sm" className={classes.target}>
                {e.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        {filteredHere(read, 'the service does not filter licenses by acceptance')}
      </Text>
    </Card>
  )
}
