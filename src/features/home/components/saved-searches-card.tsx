import './mantine-styles'
import { Anchor, List, Text } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { savedSearchLink } from '../../../data/saved-searches/queries'
import { newsLabel } from '../../../data/saved-searches/saved-search'
import { useSavedSearchesNews } from '../use-start-cards'
import { Card, Empty } from './card'
import classes from './home.module.css'

/** Saved catalog searches (kept in this browser) with what each found since the analyst last looked. */
export function SavedSearchesCard() {
  const { shown, lookedAt } = useSavedSearchesNews()
  return (
    <Card
      id="home-saved-searches"
      title="Saved searches"
      more={{ to: paths.savedSearches(), label: 'All saved searches' }}
      query={{ isPending: false, error: null, data: true, refetch: () => undefined }}
    >
      {shown.length === 0 ? (
        <Empty>
          None yet: save a search in the{' '}
          <Anchor component={Link} to={paths.catalog()} size="sm" underline="always">
            catalog
          </Anchor>{' '}
          to follow what its hosts publish.
        </Empty>
      ) : (
        <List size="sm" spacing={2} listStyleType="none" className={classes.list}>
          {shown.map(({ search, news: n }) => (
            <List.Item key={search.id}>
              <Anchor
                component={Link}
                to={savedSearchLink(search)}
                onClick={() => lookedAt(search, n.data)}
                size="sm"
                underline="always"
                className={classes.wrap}
              >
                {search.name}
              </Anchor>{' '}
              <Text
                span
                size="xs"
                c={n.data?.count ? undefined : 'dimmed'}
                fw={n.data?.count ? 700 : undefined}
              >
                {n.data ? newsLabel(n.data) : n.error ? 'new scenes could not be counted' : 'counting…'}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        Kept in this browser.
      </Text>
    </Card>
  )
}
