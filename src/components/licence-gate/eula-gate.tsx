import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core'
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query'
import DOMPurify from 'dompurify'
import { useId, useMemo, useState } from 'react'
import { permissionsOf, useApiClient, useConsoleServices, useSession } from '../../api/console-context'
import { whatToDo } from '../../api/errors'
import type { ApiClient } from '../../api/client'
import type { LinkedDocument, LinkFetch } from '../../api/links'
import type { components } from '../../api/schema'
import classes from '../order-page-parts/ordering.module.css'

type Eula = components['schemas']['Eula']

/**
 * How the gate reads a licence's document and accepts it: `licenceAccess` from `data/licences`, handed in by
 * the page (shared components do not import the data layer).
 */
export interface LicenceAccess<K extends QueryKey = QueryKey> {
  acceptEulaMutation: (
    client: ApiClient,
    qc: QueryClient,
  ) => UseMutationOptions<
    components['schemas']['EulaDocument'],
    Error,
    { eulaId: string; documentId: string }
  >
  eulaDocumentOptions: (
    fetchLink: LinkFetch,
    url: string,
  ) => UseQueryOptions<LinkedDocument, Error, LinkedDocument, K>
}

/**
 * The licences the checkout's data products need and the account has not accepted (or whose current
 * document is new): each is shown, sanitised, and accepted inline. Accepted ones say so in one line.
 */
export function EulaGate<K extends QueryKey>({
  eulas,
  access,
}: {
  eulas: { id: string; query: UseQueryResult<Eula> | undefined }[]
  access: LicenceAccess<K>
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

function PendingEula<K extends QueryKey>({ eula, access }: { eula: Eula; access: LicenceAccess<K> }) {
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
      {eula.currentDocumentUrl && (
        <EulaDocument url={eula.currentDocumentUrl} title={eula.title} access={access} />
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

/**
 * The document's own markup, sanitised: licence texts come from providers, and scripts, handlers and
 * foreign elements must never run in the console's origin.
 */
export function EulaDocument<K extends QueryKey>({
  url,
  title,
  access,
}: {
  url: string
  title: string
  access: LicenceAccess<K>
}) {
  const { fetchLink } = useConsoleServices()
  const doc = useQuery(access.eulaDocumentOptions(fetchLink, url))
  const text = doc.data?.text ?? null
  const isHtml = doc.data?.contentType.includes('html') ?? false
  const html = useMemo(
    () =>
      text !== null && isHtml
        ? DOMPurify.sanitize(text, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] })
        : '',
    [text, isHtml],
  )
  if (doc.isLoading) return <Skeleton height={120} role="status" aria-label={`Loading ${title}`} />
  if (doc.error)
    return (
      <Alert color="red" title="The document could not be loaded">
        {whatToDo(doc.error)}{' '}
        <Button size="compact-xs" variant="default" onClick={() => void doc.refetch()}>
          Retry
        </Button>
      </Alert>
    )
  if (text === null)
    // A PDF (as the service's storage links usually are): the browser shows it better than any page could.
    return (
      <Text size="sm">
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          Open “{title}” (opens in a new tab)
        </Anchor>
      </Text>
    )
  if (!isHtml)
    return (
      <pre className={classes.eulaDocument} tabIndex={0} aria-label={`${title}, licence text`}>
        {text}
      </pre>
    )
  return (
    <Typography
      className={classes.eulaDocument}
      tabIndex={0}
      role="document"
      aria-label={`${title}, licence text`}
      // Sanitised by DOMPurify just above: the only way to show the provider's formatting.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
