import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { ApiClient } from '../../api/client'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { whatToDo } from '../../api/errors'
import type { components } from '../../api/schema'
import { LicenceDocument } from '../licence-document/licence-document'
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
}

/**
 * The licences the checkout's data products need and the account has not accepted (or whose current
 * document is new): each is shown (`LicenceDocument`: document markup only) and accepted inline. Accepted ones say so in one line.
 */
export function EulaGate({
  eulas,
  access,
}: {
  eulas: { id: string; query: UseQueryResult<Eula> | undefined }[]
  access: LicenceAccess
}) {
  if (eulas.length === 0) return null
  const pending = eulas.filter((e) => e.query?.data && !e.query.data.isAccepted)
  const accepted = eulas.filter((e) => e.query?.data?.isAccepted)
  const failed = eulas.filter((e) => e.query?.error)
  const loading = eulas.some((e) => e.query?.isLoading)
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="eula-gate-title">
      <Title order={2} size="h4" id="eula-gate-title">
        Licences
      </Title>
      <Stack gap="sm" mt="xs">
        {loading && <Skeleton height={24} role="status" aria-label="Loading licences" />}
        {failed.map((e) => (
          <Alert key={e.id} color="red" title="A licence could not be loaded">
            {whatToDo(e.query?.error)}{' '}
            <Button size="compact-xs" variant="default" onClick={() => void e.query?.refetch()}>
              Retry
            </Button>
          </Alert>
        ))}
        {pending.map((e) => e.query?.data && <PendingEula key={e.id} eula={e.query.data} access={access} />)}
        {accepted.length > 0 && (
          <Text size="sm" c="dimmed">
            Accepted: {accepted.map((e) => e.query?.data?.title).join(', ')}.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

function PendingEula({ eula, access }: { eula: Eula; access: LicenceAccess }) {
  const client = useApiClient()
  const qc = useQueryClient()
  const { user } = useSession()
  const mayAccept = permissionsOf(user).acceptEulas
  const [agreed, setAgreed] = useState(false)
  const accept = useMutation(access.acceptEulaMutation(client, qc))
  const headingId = useId()
  return (
    <Stack gap="xs" component="article" aria-labelledby={headingId} className={classes.eula}>
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h5" id={headingId}>
          {eula.title}
        </Title>
        {eula.currentDocumentValidFrom && (
          <Text size="xs" c="dimmed">
            Current document valid from {eula.currentDocumentValidFrom.slice(0, 10)}
          </Text>
        )}
      </Group>
      <Text size="sm">
        This account has not accepted its current document (a new version needs accepting again). Its data
        products can be ordered once it is accepted.
      </Text>
      {eula.currentDocumentUrl && <LicenceDocument url={eula.currentDocumentUrl} title={eula.title} />}
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
            Accept licence
          </Button>
        </Group>
      ) : (
        <Alert color="yellow" title="Your role cannot accept licences">
          Ask an account administrator to accept “{eula.title}”; its data products can be ordered afterwards.
        </Alert>
      )}
      {accept.error && (
        <Text size="sm" c="red" role="alert">
          The licence was not accepted: {accept.error.message}. {whatToDo(accept.error)}
        </Text>
      )}
    </Stack>
  )
}
