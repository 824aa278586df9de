import { Alert, Badge, Box, Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useConsoleServices } from '../../../api/console-context'
import { runConnectionChecks, targetsOf } from '../checks'
import { connectionKeys } from '../keys'
import { rowsOf, summaryOf, type CheckRow } from '../words'

const STATE_WORDS: Record<CheckRow['state'], { label: string; color: string }> = {
  ok: { label: 'Passed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Not checked', color: 'gray' },
}

/**
 * The configured service and token servers, each checked from this browser: reachable, allowing this site's
 * origin, and answering as what config.json says it is, with the sentence that says what to change.
 */
export function ConnectionReport({
  regionIds,
  headingOrder = 2,
}: {
  /** Only these token servers (the sign-in page checks the region picked); all when left out. */
  regionIds?: string[]
  headingOrder?: 2 | 3
}) {
  const { config } = useConsoleServices()
  const origin = window.location.origin
  const query = useQuery({
    queryKey: connectionKeys.report(regionIds),
    // A diagnosis outside the typed client on purpose: it must see what the client would hide (CORS, HTML).
    queryFn: ({ signal }) =>
      runConnectionChecks({
        config,
        origin,
        fetch: (input, init) => globalThis.fetch(input, init),
        regionIds,
        signal,
      }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
  const ctx = { origin, clientId: config.clientId }
  const targets = targetsOf(config, origin).filter(
    (t) => t.kind === 'service' || !regionIds || regionIds.includes(t.id),
  )
  const summary = query.data ? summaryOf(query.data, ctx) : null
  return (
    <Stack gap="sm" aria-busy={query.isFetching}>
      <Text size="sm">
        From this page (<Code>{origin}</Code>) with the client id <Code>{config.clientId}</Code>.
      </Text>
      <div role="status">
        {query.isFetching ? (
          <Text size="sm">Checking the service and token servers…</Text>
        ) : summary ? (
          <Text size="sm" fw={600}>
            {summary.text}
          </Text>
        ) : null}
      </div>
      {query.isError && !query.isFetching && (
        <Alert color="red" title="The checks could not run">
          Something unexpected stopped them. Try again; if it happens again, reload the page.
        </Alert>
      )}
      {targets.map((t) => {
        const outcome = query.isFetching ? undefined : query.data?.find((o) => o.target.id === t.id)
        return (
          <Paper key={t.id} withBorder p="sm" component="section" aria-labelledby={`connection-${t.id}`}>
            <Stack gap={6}>
              <Title order={headingOrder} size="h4" id={`connection-${t.id}`}>
                {t.label}
              </Title>
              <Text size="sm" c="dimmed">
                {t.kind === 'service' ? 'apiUrl' : 'authUrl'} <Code>{t.configured}</Code>
                {t.configured !== t.probeUrl && (
                  <>
                    {' '}
                    — checked at <Code>{t.probeUrl}</Code>
                  </>
                )}
              </Text>
              {outcome ? (
                <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                  {rowsOf(outcome, ctx).map((r) => (
                    <li key={r.id}>
                      <Group gap="xs" wrap="nowrap" align="baseline">
                        {/* A column of its own, as wide as the longest word, so the labels line up. */}
                        <Box w={116} style={{ flex: 'none' }}>
                          <Badge color={STATE_WORDS[r.state].color} variant="dot">
                            {STATE_WORDS[r.state].label}
                          </Badge>
                        </Box>
                        <div>
                          <Text size="sm" fw={600}>
                            {r.label}
                          </Text>
                          <Text size="sm" data-testid={`check-${t.id}-${r.id}`}>
                            {r.text}
                          </Text>
                        </div>
                      </Group>
                    </li>
                  ))}
                </Stack>
              ) : query.isFetching ? (
                <Stack gap={6} aria-hidden="true">
                  <Skeleton height={14} />
                  <Skeleton height={14} />
                  <Skeleton height={14} />
                </Stack>
              ) : null}
            </Stack>
          </Paper>
        )
      })}
      <Group>
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          Check again
        </Button>
      </Group>
    </Stack>
  )
}
