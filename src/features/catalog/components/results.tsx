import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { isApiError, whatToDo } from '../../../api/errors'
import { hasApplied, loosenSuggestions, type SearchFilters } from '../url-state'
import { withHostTitles } from '../words'

interface ResultsProps {
  /** The URL states a search. */
  searched: boolean
  applied: SearchFilters
  appliedErrors: Partial<Record<string, string>>
  unknownHost: boolean
  /** The applied host's name in words ("BlackSky"), when the glossary has it. */
  hostTitle?: string
  /** Every host's name in words, for the service's messages that name hosts by id. */
  hostTitles: ReadonlyMap<string, string>
  loading: boolean
  error: unknown
  retry: () => void
  /** Shows the filters (the Search tab). */
  onEditFilters: () => void
  /** The refused part is the search area. */
  areaRefused: boolean
  count: number | undefined
  onLoosen: (field: ReturnType<typeof loosenSuggestions>[number]['field']) => void
  children: ReactNode
}

/** The list, or what stands in its place: the first-visit hint, loading, an error, nothing found. */
export function Results(props: ResultsProps) {
  const { applied } = props
  const host = applied.host ? (props.hostTitle ?? applied.host) : null
  if (!hasApplied(props))
    return (
      <Paper withBorder p="md">
        <Text size="sm">
          Choose an area (and a data host, or search them all), then press <b>Search</b>. Scenes appear here
          with thumbnails, and their footprints on the map; hover either to find the other.
        </Text>
      </Paper>
    )
  if (props.unknownHost)
    return (
      <Alert color="red" title={`No data host is called “${applied.host}”`} role="alert">
        The link names a host that does not exist or cannot be searched. Choose a host in the filters.
      </Alert>
    )
  const invalid = Object.values(props.appliedErrors)
  if (invalid.length > 0)
    return (
      <Alert color="red" title="This search link cannot be run" role="alert">
        {invalid.join(' ')}
      </Alert>
    )
  if (props.error) {
    const e = props.error
    if (isApiError(e) && e.kind === 'host')
      return (
        <Alert
          color="red"
          title={host ? `The data host ${host} failed` : 'Every data host failed'}
          role="alert"
        >
          <Text size="sm">{withHostTitles(e.title, props.hostTitles)}</Text>
          <Text size="sm" mt={4}>
            {whatToDo(e)}
          </Text>
          <Button mt="xs" size="xs" onClick={props.retry}>
            Retry the search
          </Button>
        </Alert>
      )
    if (isApiError(e) && e.status === 422)
      return (
        <Alert color="red" title="The service refused this search" role="alert">
          <Text size="sm">{e.title}</Text>
          <Button mt="xs" size="xs" variant="default" onClick={props.onEditFilters}>
            {props.areaRefused ? 'Fix the area' : 'Change the filters'}
          </Button>
        </Alert>
      )
    return (
      <Alert color="red" title={isApiError(e) ? e.title : 'The search failed'} role="alert">
        <Text size="sm">{whatToDo(e)}</Text>
        <Button mt="xs" size="xs" variant="default" onClick={props.retry}>
          Retry the search
        </Button>
      </Alert>
    )
  }
  if (props.loading)
    return (
      <Group gap="xs" role="status" p="md">
        <Loader size="sm" /> <Text size="sm">Searching {host ?? 'every host'}…</Text>
      </Group>
    )
  if (props.count === 0) {
    const tips = loosenSuggestions(applied)
    return (
      <Paper withBorder p="md" role="status">
        <Text size="sm" fw={600}>
          No scenes match this search.
        </Text>
        {tips.length > 0 ? (
          <>
            <Text size="sm" mt={4}>
              Loosen a filter:
            </Text>
            <Stack gap={4} mt={6} align="flex-start">
              {tips.map((t) => (
                <Button
                  key={t.field}
                  size="compact-sm"
                  variant="light"
                  onClick={() => props.onLoosen(t.field)}
                >
                  {t.label}
                </Button>
              ))}
            </Stack>
          </>
        ) : (
          <Text size="sm" mt={4}>
            {applied.host
              ? 'This host has no scenes for its collections yet. Try another host.'
              : 'No host has scenes for its collections yet.'}
          </Text>
        )}
      </Paper>
    )
  }
  return <>{props.children}</>
}
