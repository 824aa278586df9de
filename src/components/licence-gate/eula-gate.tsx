import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/Skeleton.css'
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { ApiClient } from '../../api/client'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { whatToDo } from '../../api/errors'
import type { components } from '../../api/schema'
import { LicenceDocument, type LicenceDocumentOptions } from '../licence-document/licence-document'
import { formatUtc } from '../../lib/format'
import { pendingLicenceText } from './pending-text'
import classes from '../order-page-parts/ordering.module.css'

type Eula = components['schemas']['Eula']

/**
 * How the gate accepts a licence: `licenceAccess` from `data/licences`, handed in by the page (shared
 * components do not import the data layer).
 */
export interface LicenceAccess {
  acceptEulaMutation: (
    client: ApiClient,
    qc: QueryClient,
  ) => UseMutationOptions<
    components['schemas']['EulaDocument'],
    Error,
    { eulaId: string; documentId: string }
  >
  /** Every version of a licence's document: whether an earlier one was accepted (a new version waits). */
  eulaDocumentsOptions: (
    client: ApiClient,
    id: string,
    // The data layer's key for a licence's versions, spelt out: components do not import data.
  ) => UseQueryOptions<
    components['schemas']['EulaDocumentPage'],
    Error,
    components['schemas']['EulaDocumentPage'],
    readonly ['licences', 'eula', string, 'documents']
  >
  /** A document's text behind its signed link. */
  licenceDocumentOptions: LicenceDocumentOptions
}

/**
 * What accepting a licence unlocks where the gate stands: ordering the data products it governs (the
 * checkout, a tasking request), or running a process.
 */
export type LicenceUnlocks = 'ordering' | 'running'

const UNLOCKS: Record<LicenceUnlocks, { once: string; after: string }> = {
  ordering: {
    once: 'Its data products can be ordered once it is accepted.',
    after: 'its data products can be ordered afterwards',
  },
  running: {
    once: 'This process can run once it is accepted.',
    after: 'this process can run afterwards',
  },
}

/**
 * The licences the checkout's data products need and the account has not accepted (or whose current
 * document is new): each is shown (`LicenceDocument`: document markup only) and accepted inline. Accepted ones say so in one line.
 */
export function EulaGate({
  eulas,
  access,
  unlocks = 'ordering',
}: {
  eulas: { id: string; query: UseQueryResult<Eula> | undefined }[]
  access: LicenceAccess
  unlocks?: LicenceUnlocks
}) {
  if (eulas.length === 0) return null
  const pending = eulas.filter((e) => e.query?.data && !e.query.data.isAccepted)
  const accepted = eulas.filter((e) => e.query?.data?.isAccepted)
  const failed = eulas.filter((e) => e.query?.error)
  const loading = eulas.some((e) => e.query?.isLoading)
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="eula-gate-title">
      <Title order={2} size="h4" id="eula-gate-title">
        Licenses
      </Title>
      <Stack gap="sm" mt="xs">
        {loading && <Skeleton height={24} role="status" aria-label="Loading licenses" />}
        {failed.map((e) => (
          <Alert key={e.id} color="red" title="A license could not be loaded">
            {whatToDo(e.query?.error)}{' '}
            <Button size="compact-xs" variant="default" onClick={() => void e.query?.refetch()}>
              Retry
            </Button>
          </Alert>
        ))}
        {pending.map(
          (e) =>
            e.query?.data && <PendingEula key={e.id} eula={e.query.data} access={access} unlocks={unlocks} />,
        )}
        {accepted.length > 0 && (
          <Text size="sm" c="dimmed">
            Accepted: {accepted.map((e) => e.query?.data?.title).join(', ')}.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

function PendingEula({
  eula,
  access,
  unlocks,
}: {
  eula: Eula
  access: LicenceAccess
  unlocks: LicenceUnlocks
}) {
  const client = useApiClient()
  const qc = useQueryClient()
  const { user } = useSession()
  const { acceptEulas: mayAccept, acceptEulasWhyNot } = permissionsOf(user)
  const [agreed, setAgreed] = useState(false)
  const accept = useMutation(access.acceptEulaMutation(client, qc))
  const documents = useQuery(access.eulaDocumentsOptions(client, eula.id))
  const headingId = useId()
  return (
    <Stack gap="xs" component="article" aria-labelledby={headingId} className={classes.eula}>
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h5" id={headingId}>
          {eula.title}
        </Title>
        {eula.currentDocumentValidFrom && (
          <Text size="xs" c="dimmed">
            Current document valid from {formatUtc(eula.currentDocumentValidFrom)}
          </Text>
        )}
      </Group>
      <Text size="sm">
        {pendingLicenceText(documents.data?.content)} {UNLOCKS[unlocks].once}
      </Text>
      {eula.currentDocumentUrl && (
        <LicenceDocument
          url={eula.currentDocumentUrl}
          title={eula.title}
          documentOptions={access.licenceDocumentOptions}
        />
      )}
      {mayAccept ? (
        <Group gap="sm">
          <Checkbox
            label={`I have read “${eula.title}” and accept it for this account`}
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
          />
          <Button
            size="xs"
            disabled={!agreed || !eula.currentDocumentId}
            loading={accept.isPending}
            onClick={() =>
              eula.currentDocumentId && accept.mutate({ eulaId: eula.id, documentId: eula.currentDocumentId })
            }
          >
            Accept license
          </Button>
        </Group>
      ) : (
        <Alert color="yellow" title="Your role cannot accept licenses">
          {acceptEulasWhyNot} Ask an account administrator to accept “{eula.title}”; {UNLOCKS[unlocks].after}.
        </Alert>
      )}
      {accept.error && (
        <Text size="sm" c="red" role="alert">
          The license was not accepted: {accept.error.message}. {whatToDo(accept.error)}
        </Text>
      )}
    </Stack>
  )
}
