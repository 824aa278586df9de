import '@mantine/core/styles/Code.css'
import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { useApiClient, useSession } from '../../../api/console-context'
import { ApiError, whatToDo } from '../../../api/errors'
import { CollectionTitle } from './collection-title'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'
import { LicenceDocument } from '../../../components/licence-document/licence-document'
import { paths } from '../../../config/paths'
import { dataProductListOptions } from '../../../data/glossary/queries'
import { processListOptions } from '../../../data/processing/queries'
import {
  eulaDocumentsOptions,
  eulaOptions,
  licenceDocumentOptions,
  type EulaDocument,
} from '../../../data/licences/queries'
import { formatUtc } from '../../../lib/format'
import { processesUnder, productsUnder } from '../governs'
import { useLicenceVersions } from '../use-licences-view'
import { acceptanceLine, acceptedBy, lastAcceptedEarlier, licenceState } from '../words'
import { AcceptPanel } from './accept-panel'
import { DocumentCompare } from './document-compare'
import { StateBadge } from './state-badge'

/** One licence: what it governs, its versions, the document shown, what changed, and accepting it. */
export function LicencePage() {
  const { eulaId = '' } = useParams()
  const client = useApiClient()
  const eula = useQuery(eulaOptions(client, eulaId))
  const docs = useQuery(eulaDocumentsOptions(client, eulaId))
  // One removed while its page is open says so, even with the old answer at hand.
  if (eula.error && (!eula.data || (eula.error instanceof ApiError && eula.error.status === 404)))
    return (
      <DetailFailure
        thing="license"
        error={eula.error}
        missingText={
          <>
            This account has no license with the ID <Code>{eulaId}</Code>. The link may be old or mistyped.
          </>
        }
        onRetry={() => void eula.refetch()}
        back={{ to: paths.licences(), label: 'All licenses' }}
      />
    )
  if (!eula.data) return <DetailLoading label="Loading the license" body={240} />
  const e = eula.data
  const documents = docs.data?.content ?? []
  const current = documents.find((d) => d.isCurrent) ?? null
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.licences()} size="sm">
        ← Licenses
      </Anchor>
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>{e.title}</Title>
          <StateBadge state={licenceState(e, docs.data?.content)} />
        </Group>
        <Text c="dimmed">{e.description}</Text>
      </div>
      <AcceptanceSummary eulaId={e.id} documents={documents} />
      <Governs eulaId={e.id} current={current} />
      <Versions
        documents={documents}
        loading={docs.isLoading}
        error={docs.error}
        retry={() => void docs.refetch()}
      />
    </Stack>
  )
}

function AcceptanceSummary({ eulaId, documents }: { eulaId: string; documents: EulaDocument[] }) {
  const client = useApiClient()
  const { user } = useSession()
  const { data: e } = useQuery(eulaOptions(client, eulaId))
  if (!e) return null
  const earlier = lastAcceptedEarlier(documents)
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="acceptance-title">
      <Title order={2} size="h4" id="acceptance-title">
        Acceptance
      </Title>
      <Text size="sm" mt={4} data-testid="acceptance-line">
        {acceptanceLine(e, user?.id) ?? 'The current document is not accepted by this account.'}
        {!e.isAccepted &&
          earlier &&
          ` Version ${earlier.version} was accepted by ${acceptedBy(earlier.acceptedById, user?.id)} on ${formatUtc(earlier.acceptedAt)}; a newer version has been published since.`}
      </Text>
    </Paper>
  )
}

/** The data products and processes the licence governs, from the glossary and the process list. */
function Governs({ eulaId, current }: { eulaId: string; current: EulaDocument | null }) {
  const client = useApiClient()
  const { data: e } = useQuery(eulaOptions(client, eulaId))
  const products = useQuery({ ...dataProductListOptions(client, { size: 1000 }), throwOnError: false })
  const processes = useQuery({ ...processListOptions(client), throwOnError: false })
  const mine = productsUnder(eulaId, products.data?.content ?? [])
  const procs = processesUnder(eulaId, processes.data ?? [])
  if (!e) return null
  return (
    <>
      <AcceptPanel
        eula={e}
        version={current?.version ?? null}
        unlocks={{ products: mine.map((p) => p.title), processes: procs.map((p) => p.title) }}
      />
      <Paper withBorder p="sm" component="section" aria-labelledby="governs-title">
        <Title order={2} size="h4" id="governs-title">
          What it governs
        </Title>
        {products.isLoading || processes.isLoading ? (
          <Skeleton height={60} mt="xs" role="status" aria-label="Loading what the license governs" />
        ) : products.error || processes.error ? (
          <Alert color="red" mt="xs" title="The data products or processes could not be loaded">
            {whatToDo(products.error ?? processes.error)}{' '}
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                void products.refetch()
                void processes.refetch()
              }}
            >
              Retry
            </Button>
          </Alert>
        ) : mine.length + procs.length === 0 ? (
          <Text size="sm" mt={4}>
            No data product or process names this license today.
          </Text>
        ) : (
          <Table mt="xs" aria-label="Governed data products and processes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Where</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mine.map((p) => (
                <Table.Tr key={p.name}>
                  <Table.Td>Data product</Table.Td>
                  <Table.Td>{p.title}</Table.Td>
                  <Table.Td>
                    {p.collectionName ? (
                      <Anchor component={Link} to={paths.collection(p.collectionName)} size="sm">
                        <CollectionTitle name={p.collectionName} />
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {procs.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>Process</Table.Td>
                  <Table.Td>{p.title}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.process(p.id)} size="sm">
                      Process {p.id}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </>
  )
}

const sizeLabel = (bytes: number | undefined) =>
  bytes === undefined ? '—' : bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`

/** The versions (current marked), the one chosen shown sanitised, and two compared. */
function Versions({
  documents,
  loading,
  error,
  retry,
}: {
  documents: EulaDocument[]
  loading: boolean
  error: unknown
  retry: () => void
}) {
  const { user } = useSession()
  const [choice, choose] = useLicenceVersions()
  if (loading) return <Skeleton height={120} role="status" aria-label="Loading the versions" />
  if (error)
    return (
      <Alert color="red" title="The versions could not be loaded">
        {whatToDo(error)}{' '}
        <Button size="compact-xs" variant="default" onClick={retry}>
          Retry
        </Button>
      </Alert>
    )
  if (documents.length === 0) return <Text>This license has no document yet.</Text>
  const byVersion = (v: number | null) => documents.find((d) => d.version === v)
  const current = documents.find((d) => d.isCurrent) ?? documents[0]
  const shown = byVersion(choice.version) ?? current
  const sorted = [...documents].sort((a, b) => b.version - a.version)
  const to = byVersion(choice.to) ?? current
  const from =
    byVersion(choice.from) ?? sorted.find((d) => d.version < to.version) ?? sorted[sorted.length - 1]
  return (
    <>
      <Paper withBorder p="sm" component="section" aria-labelledby="versions-title">
        <Title order={2} size="h4" id="versions-title">
          Versions
        </Title>
        <Table mt="xs" aria-label="Versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Version</Table.Th>
              <Table.Th scope="col">Valid from</Table.Th>
              <Table.Th scope="col">File</Table.Th>
              <Table.Th scope="col">Acceptance</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Show</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((d) => (
              <Table.Tr key={d.id} aria-current={d.id === shown.id ? 'true' : undefined}>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      Version {d.version}
                    </Text>
                    {d.isCurrent && (
                      <Badge variant="dot" color="blue.8">
                        Current
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{formatUtc(d.validFrom)}</Table.Td>
                <Table.Td>
                  <Anchor href={d.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {d.filename} ({sizeLabel(d.size)})
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{acceptanceLine(d, user?.id) ?? 'Not accepted'}</Text>
                </Table.Td>
                <Table.Td>
                  {d.id === shown.id ? (
                    <Text size="sm" c="dimmed">
                      Shown below
                    </Text>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => choose({ version: d.version })}
                    >
                      Show version {d.version}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="sm" component="section" aria-labelledby="document-title">
        <Title order={2} size="h4" id="document-title">
          Version {shown.version}
          {shown.isCurrent ? ' (current)' : ''}
        </Title>
        <Stack mt="xs">
          <LicenceDocument
            key={shown.url}
            url={shown.url}
            title={`Version ${shown.version}`}
            documentOptions={licenceDocumentOptions}
          />
        </Stack>
      </Paper>
      {documents.length > 1 && (
        <Paper withBorder p="sm" component="section" aria-labelledby="compare-title">
          <Title order={2} size="h4" id="compare-title">
            What changed
          </Title>
          <DocumentCompare
            documents={sorted}
            from={from}
            to={to}
            onChange={(f, t) => choose({ from: f, to: t })}
          />
        </Paper>
      )}
    </>
  )
}
