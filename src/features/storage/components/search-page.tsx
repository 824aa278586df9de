import './mantine-styles'
import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { useAoiTools } from '../../../components/aoi/use-aoi-tools'
import { paths } from '../../../config/paths'
import { queryablesOptions, searchOptions } from '../../../data/storage/queries'
import { fieldsOf } from '../filter-builder'
import { useItemsMap } from '../use-items-map'
import { useSearchConditions } from '../use-search-conditions'
import { SearchConditions } from './search-conditions'
import { SearchResults } from './search-results'
import classes from './storage.module.css'

const StorageMap = lazy(async () => ({ default: (await import('./storage-map')).StorageMap }))

/** `/storage/search`: items across storage, filtered by fields the service names, an area and dates. */
export function SearchPage() {
  const client = useApiClient()
  const queryables = useQuery(queryablesOptions(client))
  const fields = useMemo(() => fieldsOf(queryables.data), [queryables.data])
  const aoi = useAoiTools()
  const conditions = useSearchConditions(fields, aoi.polygons)
  const { body, setBody } = conditions
  const search = useQuery({ ...searchOptions(client, body ?? {}), enabled: body !== null })
  const items = body && !search.isPlaceholderData ? search.data?.features : undefined
  const { overlays, fit, hovered, onHover, onOverlayHover } = useItemsMap(items)

  const matched = search.data?.context?.matched ?? items?.length ?? 0
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={paths.storage()} size="sm">
        All of storage
      </Anchor>
      <Title order={1} size="h3">
        Search storage
      </Title>
      <div className={classes.layout}>
        <Stack gap="sm">
          <Paper withBorder p="sm" component="section" aria-labelledby="search-form">
            <Title order={2} size="h5" id="search-form" mb="xs">
              Conditions
            </Title>
            {queryables.error ? (
              <Alert color="red" title="The searchable fields could not be loaded">
                <Text size="sm">{queryables.error.message}</Text>
                <Button mt="sm" size="xs" variant="default" onClick={() => void queryables.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : !queryables.data ? (
              <Skeleton height={120} role="status" aria-label="Loading the searchable fields" />
            ) : (
              <SearchConditions
                fields={fields}
                conditions={conditions}
                aoi={aoi}
                fetching={search.isFetching}
              />
            )}
          </Paper>
          <SearchResults
            body={body}
            error={search.error}
            items={items}
            answered={search.data !== undefined}
            matched={matched}
            page={body?.page ?? 0}
            onPage={(page) => body && setBody({ ...body, page })}
            hovered={hovered}
            onHover={onHover}
          />
        </Stack>
        <div className={classes.map}>
          <Suspense fallback={<Skeleton height="100%" role="status" aria-label="Loading the map" />}>
            <StorageMap
              {...aoi.mapProps}
              label="Map of the search: the area of interest and the items found"
              overlays={overlays}
              fit={fit}
              onOverlayHover={onOverlayHover}
            />
          </Suspense>
        </div>
      </div>
    </Stack>
  )
}
