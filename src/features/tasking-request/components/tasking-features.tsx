import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { whatToDo } from '../../../api/errors'
import { paths } from '../../../config/paths'
import { formatArea, formatCredits } from '../../../lib/format'
import { adviceFor } from '../../../data/orders/placement'
import { DIFFICULTY_WORDS, type Difficulty } from '../tasking-rules'
import type { FeatureModel, TaskingModel } from '../use-tasking'

const DIFFICULTY_COLORS: Record<Difficulty, string> = { EASY: 'teal', MEDIUM: 'yellow', HARD: 'red' }

/**
 * The AOI's polygons as the request's features — one order each — with their area, whether each needs a
 * feasibility study, and each one's estimate; then the total and when credits are actually charged.
 */
export function TaskingFeatures({ model }: { model: TaskingModel }) {
  const { features, feasibility, estimate } = model
  if (features.length === 0)
    return (
      <Paper withBorder p="md" component="section" aria-labelledby="tasking-features-title">
        <Title order={2} size="h4" id="tasking-features-title">
          No area of interest yet
        </Title>
        <Text size="sm" mt="xs">
          Draw a polygon, rectangle or circle on the map, import a file (GeoJSON, KML, KMZ or a zipped
          Shapefile) or type coordinates in the Area of interest panel. Each polygon becomes one tasking
          order.
        </Text>
      </Paper>
    )
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="tasking-features-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="tasking-features-title">
          Features: {features.length} {features.length === 1 ? 'order' : 'orders'}
        </Title>
        {(feasibility.updating || estimate.updating) && (
          <Group gap={4} aria-live="polite">
            <Loader size="xs" aria-hidden />
            <Text size="xs" c="dimmed">
              Updating…
            </Text>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Each polygon of the area of interest is one feature of the request, and the service creates one order
        for each.
      </Text>
      {feasibility.error != null && (
        <Alert color="red" mt="xs" title="Feasibility could not be checked">
          {whatToDo(feasibility.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={feasibility.retry}>
            Retry
          </Button>
        </Alert>
      )}
      {estimate.error != null && !estimate.updating && (
        <Alert color="red" mt="xs" title="The estimate failed">
          {whatToDo(estimate.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={estimate.retry}>
            Retry the estimate
          </Button>
        </Alert>
      )}
      <Table mt="xs" striped aria-label="Features of the request">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col">Area</Table.Th>
            <Table.Th scope="col">Feasibility</Table.Th>
            <Table.Th scope="col" ta="right">
              Estimate
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {features.map((f) => (
            <Table.Tr key={f.index} data-testid={`tasking-feature-${f.index}`}>
              <Table.Th scope="row">{f.label}</Table.Th>
              <Table.Td>{formatArea(f.areaKm2)}</Table.Td>
              <Table.Td>
                <FeasibilityCell feature={f} model={model} />
              </Table.Td>
              <Table.Td ta="right">
                <EstimateCell feature={f} model={model} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="tasking-total" aria-live="polite">
              {model.total === null ? 'pending' : `${formatCredits(model.total)} credits`}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="sm" mt="xs" data-testid="tasking-charge">
        {model.charge}
      </Text>
    </Paper>
  )
}

function FeasibilityCell({ feature, model }: { feature: FeatureModel; model: TaskingModel }) {
  const f = feature.feasibility
  if (!model.request)
    return (
      <Text size="sm" c="dimmed">
        Complete the request to check it
      </Text>
    )
  switch (f.kind) {
    case 'study':
      return (
        <Stack gap={2} data-testid={`feasibility-${feature.index}`}>
          <Badge color="orange" variant="dot" tt="none">
            Study required
          </Badge>
          <Text size="sm">
            Feasibility study required — the provider sends options to choose from (
            <Anchor component={Link} to={paths.decisions()}>
              Decisions
            </Anchor>
            )
          </Text>
        </Stack>
      )
    case 'no-study': {
      const words = f.difficulty ? DIFFICULTY_WORDS[f.difficulty] : null
      return (
        <Stack gap={2} data-testid={`feasibility-${feature.index}`}>
          {f.difficulty && (
            <Badge color={DIFFICULTY_COLORS[f.difficulty]} variant="dot" tt="none">
              {words}
            </Badge>
          )}
          <Text size="sm">No study needed{words ? ` — difficulty ${words}` : ''}</Text>
        </Stack>
      )
    }
    case 'error':
      return (
        <Stack gap={2} data-testid={`feasibility-${feature.index}`}>
          <Text size="sm" c="red" fw={500}>
            {f.message}
          </Text>
          <Text size="sm">{[f.details, f.advice].filter(Boolean).join('. ')}</Text>
        </Stack>
      )
    default:
      return model.feasibility.loading || model.feasibility.updating ? (
        <Text size="sm" c="dimmed">
          Checking feasibility…
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )
  }
}

function EstimateCell({ feature, model }: { feature: FeatureModel; model: TaskingModel }) {
  if (!model.request) return <Text size="sm">—</Text>
  if (feature.estimateError)
    return (
      <Stack gap={2} align="end">
        <Text size="sm" c="red" fw={500}>
          {feature.estimateError.message}
        </Text>
        <Text size="xs">
          {[feature.estimateError.details, adviceFor(feature.estimateError)].filter(Boolean).join('. ')}
        </Text>
      </Stack>
    )
  if (feature.credits === null)
    return (
      <Text size="sm" c="dimmed">
        {model.estimate.error ? '—' : 'estimating…'}
      </Text>
    )
  return (
    <Text size="sm" data-testid={`feature-credits-${feature.index}`}>
      {formatCredits(feature.credits)} credits
    </Text>
  )
}
