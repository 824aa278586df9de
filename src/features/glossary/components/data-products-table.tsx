import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Code.css'
import { Anchor, Code, Table } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import type { components } from '../../../api/schema'
import { paths } from '../../../config/paths'
import { CollectionTitle } from './collection-title'
import { eulaOptions } from '../../../data/licences/queries'
import { TitleCell } from './title-cell'

interface DataProductsTableProps {
  products: readonly components['schemas']['DataProduct'][]
  /** The table's accessible name. */
  label: string
  /** Adds a column linking each product to its collection (off inside a collection's own page). */
  withCollection?: boolean
  /** Offers ordering a scene of each orderable product by its id (archive collections). */
  orderable?: boolean
}

export function DataProductsTable({
  products,
  label,
  withCollection = false,
  orderable = false,
}: DataProductsTableProps) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data product</Table.Th>
            <Table.Th>Name</Table.Th>
            {withCollection && <Table.Th>Collection</Table.Th>}
            <Table.Th>Orderable</Table.Th>
            <Table.Th>License (EULA)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.name}>
              <TitleCell title={p.title} description={p.description} />
              <Table.Td>
                <Code>{p.name}</Code>
              </Table.Td>
              {withCollection && (
                <Table.Td>
                  {p.collectionName ? (
                    <Anchor component={Link} to={paths.collection(p.collectionName)}>
                      <CollectionTitle name={p.collectionName} />
                    </Anchor>
                  ) : (
                    'Not given'
                  )}
                </Table.Td>
              )}
              <Table.Td>
                {p.id ? (
                  orderable ? (
                    <Anchor component={Link} to={paths.checkout(`product=${p.id}`)}>
                      Yes: order a scene by its id
                    </Anchor>
                  ) : (
                    'Yes'
                  )
                ) : (
                  'No, not offered for ordering'
                )}
              </Table.Td>
              <Table.Td>{p.eulaId ? <LicenceCell eulaId={p.eulaId} /> : 'None needed'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * Whether this account has accepted the product's licence, read from the licence itself (one cache entry
 * per licence, shared with the licence pages, so an acceptance anywhere shows here): "Accepted" once it is,
 * never "must be accepted" after it was. Until the licence answers, or if it cannot be read, the rule alone.
 */
function LicenceCell({ eulaId }: { eulaId: string }) {
  const client = useApiClient()
  const { data: eula } = useQuery(eulaOptions(client, eulaId))
  if (!eula) return 'Must be accepted before ordering'
  return (
    <Anchor component={Link} to={paths.licence(eula.id)}>
      {eula.isAccepted ? `Accepted: ${eula.title}` : `To accept before ordering: ${eula.title}`}
    </Anchor>
  )
}
