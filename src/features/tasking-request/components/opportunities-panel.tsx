import '@mantine/core/styles/List.css'
import { Alert, Button, Group, List, Loader, Paper, Text, Title } from '@mantine/core'
import { useCallback, useMemo } from 'react'
import { TimeAxis, type TimeAxisItem } from '../../../components/time-axis/time-axis'
import { formatUtc } from '../../../lib/format'
import { countLabel } from '../../../lib/format'
import { cloudWords, degrees, featureLabel } from '../tasking-rules'
import { useTaskingUi, type PickedFrom } from '../tasking-ui-store'
import type { TaskingModel } from '../use-tasking'
import { OpportunitiesTable } from './opportunities-table'
import classes from './tasking.module.css'

/**
 * The acquisition opportunities of the request: a timeline over the acquisition window (one lane per
 * feature) and a table, linked with the footprints on the map through the tasking UI store.
 */
export function OpportunitiesPanel({
  model,
  onPick,
}: {
  model: TaskingModel
  onPick: (key: string, from: PickedFrom) => void
}) {
  const o = model.opportunities
  const scope = o.scope
  const hovered = useTaskingUi((s) => (s.scope === scope ? s.hovered : null))
  const selected = useTaskingUi((s) => (s.scope === scope ? s.selected : null))
  const setHovered = useTaskingUi((s) => s.setHovered)
  const hover = useCallback((id: string | null) => setHovered(scope, id), [setHovered, scope])

  const items = useMemo<TimeAxisItem[]>(
    () =>
      o.rows.map((r) => ({
        id: r.key,
        start: Date.parse(r.opportunity.start),
        end: Date.parse(r.opportunity.end),
        lane: String(r.feature),
        label: `${featureLabel(r.feature)}: ${r.opportunity.sensor}, ${formatUtc(r.opportunity.start)}, incidence ${degrees(r.opportunity.incidenceAngle)}, cloud forecast ${cloudWords(r.opportunity.cloudForecast)}`,
      })),
    [o.rows],
  )
  const lanes = useMemo(
    () => model.features.map((f) => ({ id: String(f.index), label: f.label })),
    [model.features],
  )
  const byFeature = useMemo(() => {
    const counts = new Map<number, number>()
    for (const r of o.rows) counts.set(r.feature, (counts.get(r.feature) ?? 0) + 1)
    return counts
  }, [o.rows])
  const errors = o.data?.errors ?? []
  const empty = model.features.filter(
    (f) => o.data?.results.some((r) => r.index === f.index) && !byFeature.get(f.index),
  )

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="opportunities-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="opportunities-title">
          Acquisition opportunities
        </Title>
        {o.updating && o.data && (
          <Group gap={4}>
            <Loader size="xs" aria-hidden />
            <Text size="xs" c="dimmed">
              Updating…
            </Text>
          </Group>
        )}
      </Group>
      {!model.request ? (
        <Text size="sm" c="dimmed" mt="xs">
          Complete the request — product, acquisition window and area of interest — to see the satellite
          passes over each feature.
        </Text>
      ) : o.problem?.kind === 'not-published' ? (
        <Alert color="blue" mt="xs" title="No published opportunities" data-testid="opportunities-problem">
          {o.problem.message}
        </Alert>
      ) : o.problem?.kind === 'window' ? (
        <Alert
          color="yellow"
          mt="xs"
          title="Opportunities cannot be listed for this window"
          data-testid="opportunities-problem"
        >
          {o.problem.message}
        </Alert>
      ) : o.problem?.kind === 'refused' ? (
        <Alert
          color="yellow"
          mt="xs"
          title="Opportunities cannot be listed for this request"
          data-testid="opportunities-problem"
        >
          {o.problem.message}
        </Alert>
      ) : o.problem ? (
        <Alert
          color="red"
          mt="xs"
          title="Opportunities could not be listed"
          data-testid="opportunities-problem"
        >
          {o.problem.message}{' '}
          <Button size="compact-xs" variant="default" onClick={o.retry}>
            Retry
          </Button>
        </Alert>
      ) : o.loading || !o.data ? (
        <Group gap="xs" mt="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Looking for acquisition opportunities…</Text>
        </Group>
      ) : (
        <>
          <Text size="sm" mt={4} data-testid="opportunities-summary" aria-live="polite">
            {countLabel(o.rows.length, 'opportunity', 'opportunities')} in the window
            {o.window ? `, ${formatUtc(o.window.from)} to ${formatUtc(o.window.to)}` : ''}. Hover one to find
            it on the map, the timeline and the list; click to select it.
          </Text>
          {(errors.length > 0 || empty.length > 0) && (
            <List size="sm" mt={4}>
              {errors.map((e) => (
                <List.Item key={`e${e.index}`}>
                  {featureLabel(e.index)}: {e.message}
                  {e.details ? ` — ${e.details}` : ''}
                </List.Item>
              ))}
              {empty.map((f) => (
                <List.Item key={`n${f.index}`}>
                  {f.label}: no pass in this window meets the incidence limit in daylight. Widen the window or
                  allow a larger incidence angle.
                </List.Item>
              ))}
            </List>
          )}
          {o.window && items.length > 0 && (
            <div className={classes.timeline}>
              <TimeAxis
                items={items}
                lanes={lanes}
                from={o.window.from}
                to={o.window.to}
                label="Opportunities over the acquisition window"
                hoveredId={hovered}
                selectedId={selected}
                onHover={hover}
                onSelect={(id) => onPick(id, 'timeline')}
              />
            </div>
          )}
          {o.rows.length > 0 && <OpportunitiesTable rows={o.rows} scope={scope} onPick={onPick} />}
          <Text size="xs" c="dimmed" id="opportunity-keys" mt={4}>
            Timeline and list: Tab to enter, ↑↓ ←→ move, Enter selects.
          </Text>
        </>
      )}
    </Paper>
  )
}
