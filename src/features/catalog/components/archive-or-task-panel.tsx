import '@mantine/core/styles/List.css'
import { Alert, Button, CloseButton, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useId, useMemo } from 'react'
import { Link } from 'react-router'
import { countLabel, formatUtc } from '../../../lib/format'
import { markLabel, onAxis, type Mark, type PassMark, type SceneMark } from '../archive-or-task'
import type { ArchiveOrTask } from '../use-archive-or-task'
import { ArchiveOrTaskChart } from './archive-or-task-chart'
import classes from './archive-or-task.module.css'

/**
 * "Archive or task": the search's archive scenes of the last months and the passes of the coming four
 * weeks over the AOI on one time axis, with cloud and viewing angle, the comparison in a sentence, and from
 * either side the next step — a scene to the basket, a pass to a tasking request filled in with it.
 */
export function ArchiveOrTaskPanel({
  model,
  hostTitles,
  inBasket,
  onToggleBasket,
  onDetails,
  onClose,
}: {
  model: ArchiveOrTask
  hostTitles: ReadonlyMap<string, string>
  inBasket: (m: SceneMark) => boolean
  onToggleBasket: (m: SceneMark) => void
  onDetails: (m: SceneMark) => void
  onClose: () => void
}) {
  const titleId = useId()
  const { axis, scenes, passes } = model
  const marks = useMemo(
    () => [...scenes, ...passes].filter((m) => onAxis(axis, m)).sort((a, b) => a.at - b.at),
    [scenes, passes, axis],
  )
  const older = scenes.filter((s) => s.at < axis.from).length
  const picked = marks.find((m) => m.key === model.pickedKey) ?? null
  const waiting = model.collections.filter((c) => c.source.kind === 'loading')
  const notes = model.collections.flatMap((c) =>
    c.source.kind === 'not-published' || c.source.kind === 'failed'
      ? [{ name: c.name, source: c.source }]
      : [],
  )

  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={titleId}
      className={classes.panel}
      data-testid="archive-or-task"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h6" id={titleId}>
            Archive or task
          </Title>
          <CloseButton size="sm" aria-label="Close archive or task" onClick={onClose} />
        </Group>
        {model.glossaryError ? (
          <Alert color="red" title="The tasking collections could not be read">
            <Button size="compact-xs" variant="default" onClick={model.retryGlossary}>
              Retry
            </Button>
          </Alert>
        ) : model.loadingCollections ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Reading the tasking collections…</Text>
          </Group>
        ) : (
          <>
            <Text size="sm" aria-live="polite" data-testid="archive-or-task-summary">
              {model.settled ? model.summary : 'Looking for passes over the area…'}
            </Text>
            {waiting.length > 0 && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="xs">Asking {waiting.map((c) => c.title).join(', ')} for passes…</Text>
              </Group>
            )}
            {notes.length > 0 && (
              <List size="xs" spacing={2}>
                {notes.map((n) => (
                  <List.Item key={n.name}>
                    {n.source.message}
                    {n.source.kind === 'failed' && (
                      <>
                        {' '}
                        <Button size="compact-xs" variant="default" onClick={n.source.retry}>
                          Retry
                        </Button>
                      </>
                    )}
                  </List.Item>
                ))}
              </List>
            )}
            {model.collections.length === 0 && (
              <Text size="xs" c="dimmed">
                No tasking collection is available to this account: only the archive is shown.
              </Text>
            )}
            <ArchiveOrTaskChart
              axis={axis}
              marks={marks}
              hoveredKey={model.hoveredKey}
              pickedKey={model.pickedKey}
              onHover={model.hover}
              onPick={(m) => model.pick(m.key)}
            />
            <div className={classes.legend} aria-hidden="true">
              <span>
                <span className={classes.mark} data-kind="scene" />
                Archive scene
              </span>
              <span>
                <span className={classes.mark} data-kind="pass" />
                Pass
              </span>
              <span>
                <span className={classes.mark} data-kind="pass" data-hollow />
                Pass, no cloud forecast yet
              </span>
            </div>
            <Text size="xs" c="dimmed" id={`${titleId}-keys`}>
              {countLabel(scenes.length - older, 'archive scene')} and{' '}
              {countLabel(passes.length, 'pass', 'passes')} on the axis
              {older > 0 ? ` (${countLabel(older, 'older scene')} of the results left off)` : ''}. Tab to the
              marks, ←→ move in time, Enter picks one.
            </Text>
            {picked ? (
              <Picked
                mark={picked}
                hostTitles={hostTitles}
                inBasket={picked.kind === 'scene' && inBasket(picked)}
                requestLink={picked.kind === 'pass' ? model.requestLink(picked) : null}
                onToggleBasket={onToggleBasket}
                onDetails={onDetails}
              />
            ) : (
              <Text size="xs" c="dimmed">
                Pick a scene to put it in the basket, or a pass to start a tasking request with it.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  )
}

/** The picked mark in words, with what can be done with it. */
function Picked({
  mark,
  hostTitles,
  inBasket,
  requestLink,
  onToggleBasket,
  onDetails,
}: {
  mark: Mark
  hostTitles: ReadonlyMap<string, string>
  inBasket: boolean
  requestLink: string | null
  onToggleBasket: (m: SceneMark) => void
  onDetails: (m: SceneMark) => void
}) {
  if (mark.kind === 'scene')
    return (
      <Paper withBorder p="xs" data-testid="archive-or-task-picked">
        <Text size="sm" fw={500}>
          {formatUtc(mark.at)} · {hostTitles.get(mark.row.host) ?? mark.row.host}
        </Text>
        <Text size="xs">{markLabel(mark)}</Text>
        <Group gap="xs" mt={4}>
          <Button size="compact-xs" onClick={() => onToggleBasket(mark)}>
            {inBasket ? 'Remove from basket' : 'Add to basket'}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => onDetails(mark)}>
            Details
          </Button>
        </Group>
      </Paper>
    )
  return <PickedPass mark={mark} requestLink={requestLink} />
}

function PickedPass({ mark, requestLink }: { mark: PassMark; requestLink: string | null }) {
  return (
    <Paper withBorder p="xs" data-testid="archive-or-task-picked">
      <Text size="sm" fw={500}>
        {formatUtc(mark.at)} · {mark.collectionTitle}
      </Text>
      <Text size="xs">{markLabel(mark)}</Text>
      {requestLink ? (
        <Button component={Link} to={requestLink} size="compact-xs" mt={4}>
          Request this pass
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          The order form of {mark.collectionTitle} is loading.
        </Text>
      )}
    </Paper>
  )
}
