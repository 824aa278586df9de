import './mantine-styles'
import './mantine-styles-lists'
import { Group, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/console-context'
import { providersEmptyHint } from '../words'
import { PROVIDER_ROLE_LABELS, type ProviderRole } from '../words'
import { providerListOptions } from '../../../data/glossary/queries'
import { PROVIDER_SORTS, providerQuery, providerSearch, readProviderView } from '../url-state'
import { useGlossaryView } from '../use-glossary-view'
import { EmptyResults } from './empty-results'
import { ListResults } from './list-results'
import { PageSizeSelect } from './page-size-select'
import { ProvidersTable } from './providers-table'
import { SegmentedFilter } from './segmented-filter'
import { SortSelect } from './sort-select'

const ROLE_OPTIONS: { value: ProviderRole | 'ALL'; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'HOST', label: PROVIDER_ROLE_LABELS.HOST },
  { value: 'PRODUCER', label: PROVIDER_ROLE_LABELS.PRODUCER },
]

/** The companies behind the collections: who produces the imagery and who hosts a searchable archive. */
export function ProvidersPage() {
  const client = useApiClient()
  const [view, update] = useGlossaryView(readProviderView, providerSearch)
  const { data, isPlaceholderData } = useQuery({
    ...providerListOptions(client, providerQuery(view)),
    placeholderData: keepPreviousData,
  })

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Providers</Title>
        <Text c="dimmed">
          A producer operates the satellites or aircraft that take the imagery; a host keeps an archive you
          can search. Some providers are both.
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <SegmentedFilter
          label="Role"
          value={view.role ?? 'ALL'}
          options={ROLE_OPTIONS}
          onChange={(v) => update({ role: v === 'ALL' ? null : v })}
        />
        <SortSelect value={view.sort} options={PROVIDER_SORTS} onChange={(sort) => update({ sort })} />
        <PageSizeSelect value={view.size} onChange={(size) => update({ size })} />
      </Group>
      <ListResults
        data={data}
        stale={isPlaceholderData}
        page={view.page}
        onPage={(page) => update({ page })}
        noun={{ one: 'provider', many: 'providers' }}
        empty={
          <EmptyResults
            title={view.role ? 'No provider matches this filter.' : 'The service lists no providers yet.'}
            hint={providersEmptyHint(view)}
            onClear={() => update({ role: null })}
          />
        }
      >
        {data && <ProvidersTable providers={data.content} label="Providers" />}
      </ListResults>
    </Stack>
  )
}
