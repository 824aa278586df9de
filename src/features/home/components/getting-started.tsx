import './mantine-styles'
import { Anchor, List, Paper, Title } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'

/** A new account's first steps: draw an area, search, order. */
export function GettingStarted() {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="home-start">
      <Title order={2} size="h4" id="home-start">
        Getting started
      </Title>
      <List type="ordered" size="sm" spacing={4} mt="xs">
        <List.Item>
          <Anchor component={Link} to={paths.areas()} underline="always">
            Draw or import an area of interest
          </Anchor>{' '}
          on the map.
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={paths.catalog()} underline="always">
            Search the catalog
          </Anchor>{' '}
          for scenes over it, with thumbnails and footprints.
        </List.Item>
        <List.Item>
          Put scenes in the basket and{' '}
          <Anchor component={Link} to={paths.checkout()} underline="always">
            check out
          </Anchor>{' '}
          — or{' '}
          <Anchor component={Link} to={paths.tasking()} underline="always">
            task a new acquisition
          </Anchor>
          .
        </List.Item>
      </List>
    </Paper>
  )
}
