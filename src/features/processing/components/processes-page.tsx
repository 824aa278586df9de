import './mantine-styles'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { processListOptions } from '../../../data/processing/queries'
import { paths } from '../../../config/paths'
import { useProcessingView } from '../use-processing-view'
import { priceRule, processEulaId } from '../words'

/** The process catalogue: what each process does, what it costs, and its licence. The search is in the URL. */
export function ProcessesPage() {
  const client = useApiClient()
  const processes = useQuery(processListOptions(client))
  const [view, setTerm] = useProcessingView()
  const { term, carried } = view
  const shown = useMemo(() => {
    const t = term.trim().toLowerCase()
    return (processes.data ?? []).filter(
      (p) => !t || `${p.id} ${p.title} ${p.description}`.toLowerCase().includes(t),
    )
  }, [processes.data, term])

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Processing</Title>
        <Text c="dimmed">
          Processes run on items you own in storage and put their results back there. Each says what it takes
          and what it costs before anything runs.{' '}
          <Anchor component={Link} to="/jobs" underline="always">
            See your jobs
          </Anchor>
          .
        </Text>
      </div>
      {carried && (
        <Alert color="blue" title="Choose a process">
          <Text size="sm">
            {view.carriesItem
              ? 'Pick the process to run on the item from storage; its form starts with that item.'
              : 'Pick the process to run on the delivery; its item picker opens on that collection.'}
          </Text>
        </Alert>
      )}
      <TextInput
        label="Find a process"
        placeholder="Pansharpening, ships, change…"
        defaultValue={term}
        maw={420}
        onChange={(e) => setTerm(e.currentTarget.value)}
      />
      {processes.error && !processes.data ? (
        <Alert color="red" title="The processes failed to load" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{whatToDo(processes.error)}</Text>
            <Button size="xs" onClick={() => void processes.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !processes.data ? (
        <SimpleGrid
          cols={{ base: 1, md: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading processes"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={140} />
          ))}
        </SimpleGrid>
      ) : shown.length === 0 ? (
        <Text>No process matches “{term}”.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {shown.map((p) => (
            <Card key={p.id} withBorder component="li" padding="md">
              <Stack gap={6}>
                <Anchor component={Link} to={paths.process(p.id, carried)} fw={600}>
                  {p.title}
                </Anchor>
                <Text size="sm">{p.description}</Text>
                <Group gap="xs">
                  <Badge variant="dot" color="gray" tt="none">
                    {priceRule(p)}
                  </Badge>
                  {processEulaId(p) && (
                    <Badge variant="dot" color="yellow" tt="none">
                      License applies
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
