import './mantine-styles'
import { Anchor, List } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { titleOf } from '../../../data/storage/query'
import { useNewestDeliveries } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** The newest deliveries in storage. */
export function DeliveriesCard() {
  const list = useNewestDeliveries()
  return (
    <Card
      id="home-deliveries"
      title="Newest in storage"
      more={{ to: paths.storage(), label: 'All of storage' }}
      query={list}
    >
      {(list.data?.collections.length ?? 0) === 0 ? (
        <Empty>Nothing is in storage yet: deliveries of your orders arrive here.</Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {list.data?.collections.map((c) => (
            <List.Item key={c.id}>
              <Anchor
                component={Link}
                to={paths.storageCollection(c.id)}
                size="sm"
                className={`${classes.wrap} ${classes.target}`}
              >
                {titleOf(c, c.id)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  )
}
