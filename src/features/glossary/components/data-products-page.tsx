import './mantine-styles'
import './mantine-styles-lists'
import { Group, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/console-context'
import { dataProductListOptions } from '../../../data/glossary/queries'
import { DATA_PRODUCT_SORTS, dataProductQuery, dataProductSearch, readDataProductView } from '../url-state'
import { useGlossaryView } from '../use-glossary-view'
import { DataProductsTable } from './data-products-table'
import { EmptyResults } from './empty-results'
import { ListResults } from './list-results'
import { PageSizeSelect } from './page-size-select'
import { SortSelect } from './sort-select'

/** Every data product of every collection: what an order names, and whether it needs a licence accepted. */
export function DataProductsPage() {
  const client = useApiClient()
  const [view, update] = useGlossaryView(readDataProductView, dataProductSearch)
  const { data, isPlaceholderData } = useQuery({
    ...dataProductListOptions(client, dataProductQuery(view)),
    placeholderData: keepPreviousData,
  })

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Data products</Title>
        <Text c="dimmed">
          A data product is the form in which a collection&apos;s imagery is delivered. You order a data
          product, and some need their license accepted first.
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <SortSelect value={view.sort} options={DATA_PRODUCT_SORTS} onChange={(sort) => update({ sort })} />
        <PageSizeSelect value={view.size} onChange={(size) => update({ size })} />
      </Group>
      <ListResults
        data={data}
        stale={isPlaceholderData}
        page={view.page}
        onPage={(page) => update({ page })}
        noun={{ one: 'data product', many: 'data products' }}
        empty={<EmptyResults title="The service lists no data products yet." hint={null} />}
      >
        {data && <DataProductsTable products={data.content} label="Data products" withCollection />}
      </ListResults>
    </Stack>
  )
}
