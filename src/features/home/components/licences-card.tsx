import './mantine-styles'
import { Anchor, List } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { useLicencesToAccept } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** Licences not accepted yet. */
export function LicencesCard() {
  const { list, waiting } = useLicencesToAccept()
  return (
    <Card
      id="home-licences"
      title="Licenses to accept"
      more={{ to: paths.licences(), label: 'All licenses' }}
      query={list}
    >
      {waiting.length === 0 ? (
        <Empty>Every license is accepted.</Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {waiting.map((e) => (
            <List.Item key={e.id}>
              <Anchor component={Link} to={paths.licence(e.id)} size="sm" className={classes.target}>
                {e.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  )
}
