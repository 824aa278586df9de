import './mantine-styles'
import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import type { components } from '../../../api/schema'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { paths } from '../../../config/paths'
import { offeredIntegrations } from '../words'
import { collectionOptions } from '../../../data/glossary/queries'
import { CollectionFacts } from './collection-facts'
import { CollectionOffers } from './collection-offers'
import { CollectionTypeBadge } from './collection-type-badge'
import { DataProductsTable } from './data-products-table'
import { ProvidersTable } from './providers-table'

/** The catalog's search of an archive collection (its host, this collection ticked), when it can be searched. */
function searchHref(c: components['schemas']['Collection']): string | null {
  const host = c.providers.find((p) => p.roles.includes('HOST'))?.name
  if (c.type !== 'ARCHIVE' || !c.integrations.includes('SEARCH_AVAILABLE') || !host) return null
  return paths.catalog(new URLSearchParams({ host, collections: c.name }).toString())
}

const isNotFound = (e: unknown) => isApiError(e) && e.kind === 'not-found'

/** One collection: what it is, how ordering from it goes, its data products and its providers. */
export function CollectionPage() {
  const { name = '' } = useParams()
  const client = useApiClient()
  const id = useId()
  const {
    data: collection,
    error,
    refetch,
  } = useQuery({
    ...collectionOptions(client, name),
    throwOnError: false,
  })

  // A collection withdrawn while its page is open says so, even with the old answer at hand.
  if (error && (!collection || isNotFound(error)))
    return (
      <DetailFailure
        thing="collection"
        error={error}
        missingText={
          <>
            No collection is named “{name}”. The link may be old or mistyped, or the collection may have been
            withdrawn.
          </>
        }
        onRetry={() => void refetch()}
        back={{ to: paths.collections(), label: 'All collections' }}
      />
    )
  if (!collection) return <DetailLoading label="Loading the collection" body={280} />

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to={paths.collections()} size="sm">
          All collections
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{collection.title}</Title>
          <CollectionTypeBadge type={collection.type} />
        </Group>
        <Text>{collection.description}</Text>
        {searchHref(collection) && (
          <Anchor component={Link} to={searchHref(collection) ?? ''} fw={600}>
            Search this collection in the catalog
          </Anchor>
        )}
      </Stack>
      <CollectionFacts collection={collection} />
      <Stack gap="sm" component="section" aria-labelledby={`${id}-offers`}>
        <Title order={2} size="h3" id={`${id}-offers`}>
          What this collection offers
        </Title>
        <CollectionOffers integrations={offeredIntegrations(collection)} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={`${id}-products`}>
        <Title order={2} size="h3" id={`${id}-products`}>
          Data products
        </Title>
        {collection.dataProducts.length === 0 ? (
          <Text size="sm">This collection has no data products to order yet.</Text>
        ) : (
          <DataProductsTable
            products={collection.dataProducts}
            label={`Data products of ${collection.title}`}
            orderable={collection.type === 'ARCHIVE'}
          />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby={`${id}-providers`}>
        <Title order={2} size="h3" id={`${id}-providers`}>
          Providers
        </Title>
        <ProvidersTable providers={collection.providers} label={`Providers of ${collection.title}`} />
      </Stack>
    </Stack>
  )
}
