import './mantine-styles'
import './mantine-styles-lists'
import { Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/console-context'
import { collectionsEmptyHint } from '../words'
import { collectionListOptions } from '../../../data/glossary/queries'
import { collectionQuery, collectionSearch, DEFAULT_COLLECTION_VIEW, readCollectionView } from '../url-state'
import { useGlossaryView } from '../use-glossary-view'
import { CollectionFilters } from './collection-filters'
import { CollectionsTable } from './collections-table'
import { EmptyResults } from './empty-results'
import { ListResults } from './list-results'

/** Every collection of the catalog, filtered by type and by what it offers; the view lives in the URL. */
export function CollectionsPage() {
  const client = useApiClient()
  const [view, update] = useGlossaryView(readCollectionView, collectionSearch)
  const { data, isPlaceholderData } = useQuery({
    ...collectionListOptions(client, collectionQuery(view)),
    placeholderData: keepPreviousData,
  })

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Collections</Title>
        <Text c="dimmed">
          The imagery you can order: archive collections hold existing scenes, tasking collections acquire new
          ones over your area.
        </Text>
      </div>
      <CollectionFilters view={view} onChange={update} />
      <ListResults
        data={data}
        stale={isPlaceholderData}
        page={view.page}
        onPage={(page) => update({ page })}
        noun={{ one: 'collection', many: 'collections' }}
        empty={
          <EmptyResults
            title="No collection matches these filters."
            hint={collectionsEmptyHint(view)}
            onClear={() => update({ type: DEFAULT_COLLECTION_VIEW.type, integrations: [] })}
          />
        }
      >
        {data && <CollectionsTable collections={data.content} label="Collections" />}
      </ListResults>
    </Stack>
  )
}
