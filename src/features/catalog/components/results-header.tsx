import { Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { CodeButton } from '../../../components/request-code/code-button'
import type { CodeRequestSet } from '../../../lib/request-code'
import { SORT_LABELS } from '../words'
import { SCENE_SORTS, type CatalogView, type SceneSort } from '../url-state'

interface HeaderProps {
  view: CatalogView
  count: number
  hasCoverage: boolean
  /** The sort in effect (a coverage sort without an area is newest first). */
  sort: SceneSort
  prev: string | null
  next: string | null
  fetching: boolean
  notApplied: string[]
  onSort: (s: SceneSort) => void
  onPage: (cursor: string) => void
  onAddAll: () => void
  /** Every host is searched: "More" pulls their next pages instead of paging; null when none has more. */
  allHosts: boolean
  onMore: (() => void) | null
  /** Hosts that gave scenes. */
  hostCount: number
  /** The search shown, as code (null before a search). */
  code: (() => CodeRequestSet | null) | null
  /** Saving the search shown (saved searches), beside its other actions. */
  save?: ReactNode
  /** Opens or closes "Plan coverage"; null when the search has no AOI to cover. */
  onPlan?: (() => void) | null
  planOpen?: boolean
  /** Opens or closes "Archive or task"; null when the search has no AOI. */
  onArchiveOrTask?: (() => void) | null
  archiveOrTaskOpen?: boolean
}

/** The count, the sort, paging and adding the page to the basket. */
export function ResultsHeader(props: HeaderProps) {
  const sorts = SCENE_SORTS.filter((s) => props.hasCoverage || !s.startsWith('coverage'))
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {props.count === 0
            ? 'Results'
            : props.allHosts
              ? `${props.count} scenes from ${props.hostCount} ${props.hostCount === 1 ? 'host' : 'hosts'}`
              : `${props.count} scenes on this page`}
          {props.fetching && <Loader size="xs" ml="xs" aria-label="Searching" />}
        </Title>
        <NativeSelect
          size="xs"
          aria-label="Sort results"
          value={props.sort}
          onChange={(e) => props.onSort(e.currentTarget.value as SceneSort)}
          data={sorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
      </Group>
      {props.notApplied.map((n) => (
        <Text key={n} size="xs" c="orange.9">
          {n}
        </Text>
      ))}
      {props.count > 0 && (
        // One flowing row: paging (or More) first, then the actions; it wraps where the column is narrow
        // instead of giving paging a line of its own.
        <Group gap={4}>
          {props.allHosts ? (
            <Button
              size="compact-xs"
              variant="default"
              disabled={!props.onMore}
              onClick={() => props.onMore?.()}
            >
              More
            </Button>
          ) : (
            <>
              <Button
                size="compact-xs"
                variant="default"
                disabled={!props.prev || props.fetching}
                onClick={() => props.prev && props.onPage(props.prev)}
              >
                ← Previous page
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                disabled={!props.next || props.fetching}
                onClick={() => props.next && props.onPage(props.next)}
              >
                Next page →
              </Button>
            </>
          )}
          {props.onPlan && (
            <Button
              size="compact-xs"
              variant={props.planOpen ? 'filled' : 'default'}
              aria-pressed={props.planOpen}
              onClick={props.onPlan}
            >
              Plan coverage
            </Button>
          )}
          {props.onArchiveOrTask && (
            <Button
              size="compact-xs"
              variant={props.archiveOrTaskOpen ? 'filled' : 'default'}
              aria-pressed={props.archiveOrTaskOpen}
              onClick={props.onArchiveOrTask}
            >
              Archive or task
            </Button>
          )}
          {props.save}
          {props.code && (
            <CodeButton size="compact-xs" requests={props.code} ariaLabel="This search as code" />
          )}
          <Button size="compact-xs" variant="default" disabled={props.count === 0} onClick={props.onAddAll}>
            {props.allHosts ? 'Add all to basket' : 'Add page to basket'}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
