import './mantine-styles'
import { Alert, Anchor, Skeleton, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { Pager } from '../../../components/pager'
import { paths } from '../../../config/paths'
import type { StorageSearch } from '../../../data/storage/query'
import type { StacItem } from '../../../data/storage/queries'
import { countLabel, formatUtc } from '../../../lib/format'
import { PAGE_SIZE } from '../use-search-conditions'
import { titleOf } from '../words'
import classes from './storage.module.css'

/** The storage search's answer: one page of items found, with the total the service counted. */
export function SearchResults({
  body,
  error,
  items,
  answered,
  matched,
  page,
  onPage,
  hovered,
  onHover,
}: {
  body: StorageSearch | null
  error: Error | null
  /** The page shown; undefined while it loads. */
  items: StacItem[] | undefined
  /** An answer is at hand (the last one, kept while the next page loads). */
  answered: boolean
  matched: number
  page: number
  onPage: (page: number) => void
  hovered: number | null
  onHover: (i: number | null) => void
}) {
  return (
    <section aria-labelledby="search-results">
      <Title order={2} size="h5" id="search-results" mb={6}>
        {items ? countLabel(matched, 'item') : 'Items'}
      </Title>
      {!body ? (
        <Text size="sm" c="dimmed">
          Set conditions and search.
        </Text>
      ) : error ? (
        <Alert color="red" title="The search was refused">
          <Text size="sm">{error.message}</Text>
        </Alert>
      ) : !items ? (
        <Skeleton height={120} role="status" aria-label="Searching" />
      ) : items.length === 0 ? (
        <Alert color="gray" title="No item matches">
          <Text size="sm">Loosen a condition, the dates or the area.</Text>
        </Alert>
      ) : (
        <ResultList items={items} hovered={hovered} onHover={onHover} />
      )}
      {body && !error && (
        // The last answer's total (kept while the next page loads) keeps the pager, and its focus, in place.
        <Pager
          things="items"
          mt="sm"
          page={page + 1}
          total={answered ? Math.ceil(matched / PAGE_SIZE) : 0}
          onPage={(p) => onPage(p - 1)}
        />
      )}
    </section>
  )
}

function ResultList({
  items,
  hovered,
  onHover,
}: {
  items: StacItem[]
  hovered: number | null
  onHover: (i: number | null) => void
}) {
  return (
    <ul className={classes.list} aria-label="Items found" onMouseLeave={() => onHover(null)}>
      {items.map((item, i) => (
        <li
          key={item.id}
          className={classes.row}
          data-item-id={item.id}
          data-hovered={hovered === i || undefined}
          onMouseEnter={() => onHover(i)}
        >
          <Anchor
            component={Link}
            to={paths.storageItem(item.collection ?? '', item.id)}
            size="sm"
            fw={600}
            onFocus={() => onHover(i)}
          >
            {titleOf(item.properties, item.id)}
          </Anchor>
          <Text size="xs" c="dimmed">
            Acquired {formatUtc(item.properties.datetime)}
            {item.properties.constellation ? ` · ${item.properties.constellation}` : ''}
          </Text>
        </li>
      ))}
    </ul>
  )
}
