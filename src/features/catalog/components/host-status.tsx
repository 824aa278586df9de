import { Button, Group, Loader, Text } from '@mantine/core'
import { isApiError } from '../../../api/errors'
import type { HostStatus } from '../use-scene-search'
import { withHostTitles } from '../words'
import classes from './catalog.module.css'

interface Props {
  statuses: HostStatus[]
  /** Host names to their titles. */
  titles: ReadonlyMap<string, string>
  /** Each host's footprint colour: the list is the map's legend too. */
  colors: ReadonlyMap<string, string>
  onRetry: (host: string) => void
}

/**
 * The hosts of a search of every host, one line each: its colour on the map, how many scenes it gave, what
 * it could not apply, whether it is slow, or its failure with a retry of its own.
 */
export function HostStatusList({ statuses, titles, colors, onRetry }: Props) {
  return (
    <ul className={classes.hostList} aria-label="Hosts searched (colors of their footprints)">
      {statuses.map((s) => {
        const title = titles.get(s.host) ?? s.host
        return (
          <li key={s.host} data-host={s.host} data-state={s.state}>
            {/* The line wraps in a narrow column rather than cut the failure's message or its Retry off. */}
            <Group gap={6} align="center">
              <span
                className={classes.hostSwatch}
                style={{ background: colors.get(s.host) }}
                aria-hidden="true"
              />
              <Text size="xs" fw={600}>
                {title}
              </Text>
              <Text size="xs" c={s.state === 'failed' ? 'red.8' : s.state === 'slow' ? 'orange.9' : 'dimmed'}>
                {s.state === 'answered' &&
                  `${s.count} ${s.count === 1 ? 'scene' : 'scenes'}${s.hasMore ? ', more to pull' : ''}`}
                {s.state === 'searching' && 'searching…'}
                {s.state === 'slow' && 'slow: still searching…'}
                {s.state === 'failed' &&
                  `failed: ${isApiError(s.error) ? withHostTitles(s.error.title, titles) : 'no answer'}`}
              </Text>
              {(s.state === 'searching' || s.state === 'slow') && <Loader size={10} aria-hidden="true" />}
              {s.state === 'failed' && (
                <Button size="compact-xs" variant="default" onClick={() => onRetry(s.host)}>
                  Retry {title}
                </Button>
              )}
            </Group>
            {s.notApplied.map((n) => (
              <Text key={n} size="xs" c="orange.9" ml={16}>
                {n}
              </Text>
            ))}
          </li>
        )
      })}
    </ul>
  )
}
