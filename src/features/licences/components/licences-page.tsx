import './mantine-styles'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { paths } from '../../../config/paths'
import { eulaDocumentsOptions, eulaListOptions, type Eula } from '../../../data/licences/queries'
import { countLabel, formatUtc } from '../../../lib/format'
import { LICENCE_SORTS, PAGE_SIZES, licenceQuery, type LicenceListView } from '../url-state'
import { useLicencesView } from '../use-licences-view'
import { acceptanceLine, licenceState } from '../words'
import { StateBadge } from './state-badge'

/** "What have we agreed to": the account's EULAs, whether each is accepted, by whom and when. */
export function LicencesPage() {
  const client = useApiClient()
  const { user } = useSession()
  const [view, update] = useLicencesView()
  const list = useQuery({ ...eulaListOptions(client, licenceQuery(view)), placeholderData: keepPreviousData })
  const rows = list.data?.content ?? []
  // Only an unaccepted licence needs its versions read: were older ones accepted (a new version waits)?
  const pending = rows.filter((e) => !e.isAccepted)
  const versions = useQueries({ queries: pending.map((e) => eulaDocumentsOptions(client, e.id)) })
  const docsOf = (e: Eula) => versions[pending.indexOf(e)]?.data?.content
  const [term, setTerm] = useState(view.term)
  const [shownTerm, setShownTerm] = useState(view.term)
  if (shownTerm !== view.term) {
    // The URL changed under the field (back button, a link): the field follows.
    setShownTerm(view.term)
    setTerm(view.term)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    update({ term: term.trim() })
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Licenses</Title>
        <Text c="dimmed">
          The end-user license agreements (EULAs) of this account&apos;s data products and processes: what the
          account has agreed to, who accepted each and when, and where a newer document waits for acceptance.
          {permissionsOf(user).acceptEulasWhyNot && ` ${permissionsOf(user).acceptEulasWhyNot}`}
        </Text>
      </div>
      <Group align="flex-end" gap="md" component="form" onSubmit={submit} role="search">
        <TextInput
          label="Search titles and descriptions"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          w={320}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
        <Select
          label="Sort"
          value={view.sort}
          allowDeselect={false}
          onChange={(v) => v && update({ sort: v as LicenceListView['sort'] })}
          data={Object.entries(LICENCE_SORTS).map(([value, label]) => ({ value, label }))}
          w={180}
        />
        <Select
          label="Per page"
          value={String(view.size)}
          allowDeselect={false}
          onChange={(v) => v && update({ size: Number(v) })}
          data={PAGE_SIZES.map((n) => String(n))}
          w={110}
        />
      </Group>
      {list.isLoading ? (
        <Skeleton height={160} role="status" aria-label="Loading licenses" />
      ) : list.error && !list.data ? (
        <Alert color="red" title="The licenses could not be loaded">
          {whatToDo(list.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : list.data && list.data.totalElements > 0 && rows.length === 0 ? (
        <PagePastEnd
          page={view.page}
          totalPages={list.data.totalPages}
          things="licences"
          onFirstPage={() => update({ page: 1 })}
        />
      ) : rows.length === 0 ? (
        <Alert color="gray" title={view.term ? `No license matches “${view.term}”` : 'No licenses yet'}>
          {view.term ? (
            <Button size="xs" variant="default" mt="xs" onClick={() => update({ term: '' })}>
              Show every license
            </Button>
          ) : (
            'Licenses appear here once the account can order data products or run processes that have one.'
          )}
        </Alert>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {countLabel(list.data?.totalElements ?? 0, 'licence')}
            {view.term ? ` matching “${view.term}”` : ''}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Licenses" opacity={list.isPlaceholderData ? 0.6 : 1}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">License</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                  <Table.Th scope="col">Acceptance</Table.Th>
                  <Table.Th scope="col">Current document</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.licence(e.id)} fw={600}>
                        {e.title}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {e.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={licenceState(e, docsOf(e))} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {acceptanceLine(e, user?.id) ?? 'The current document is not accepted.'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">Valid from {formatUtc(e.currentDocumentValidFrom)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            things="licenses"
            page={view.page}
            total={list.data?.totalPages ?? 1}
            onPage={(page) => update({ page })}
          />
        </>
      )}
    </Stack>
  )
}
