import { Button, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { Section } from '../../../components/page-section'
import { paths } from '../../../config/paths'
import { processListOptions } from '../../../data/processing/queries'
import type { StacItem } from '../../../data/storage/queries'
import { selfHref } from '../../../data/storage/query'
import { changeProcessOf, launchSearch } from '../change-process'

/**
 * The catalog's change-detection process on the pair, one click away: its launch form opens filled in with
 * the two items and a title (its price, license and budget are the form's, checked before anything runs).
 */
export function LaunchChange({ pair }: { pair: { before: StacItem; after: StacItem } }) {
  const client = useApiClient()
  const processes = useQuery({ ...processListOptions(client), throwOnError: false })
  const process = changeProcessOf(processes.data)
  const before = selfHref(pair.before)
  const after = selfHref(pair.after)
  return (
    <Section id="change-detection" title="Change detection">
      {processes.isLoading ? (
        <Text size="sm" role="status">
          Looking for the catalog&apos;s change-detection process…
        </Text>
      ) : processes.error && !processes.data ? (
        <Group gap="sm">
          <Text size="sm" c="red">
            The process catalog could not be read.
          </Text>
          <Button size="xs" variant="default" onClick={() => void processes.refetch()}>
            Try again
          </Button>
        </Group>
      ) : process && before && after ? (
        <Stack gap="xs">
          <Text size="sm">
            {process.title} on this pair, the newer as the source and the older as the reference. The form
            opens filled in: its price and license are shown before anything runs.
          </Text>
          <Group>
            <Button
              component={Link}
              to={paths.process(process.id, launchSearch(pair.before, pair.after, [before, after]))}
            >
              Run change detection on this pair
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          The catalog offers no change-detection process that takes two stored items.
        </Text>
      )}
    </Section>
  )
}
