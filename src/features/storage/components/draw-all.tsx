import '@mantine/core/styles/Progress.css'
import { Alert, Button, Group, Progress, Text } from '@mantine/core'
import { useDrawAllState, type DrawAllView } from '../use-all-footprints'

const formatCount = (n: number) => n.toLocaleString('en')

interface Props {
  view: DrawAllView
  /** What the button offers: "Draw all 10,000 footprints". */
  label: string
  onStart: () => void
  onCancel: () => void
  onClear: () => void
}

const of = (done: number, total: number | null) =>
  total === null ? formatCount(done) : `${formatCount(done)} of ${formatCount(total)}`

/**
 * The analyst's "Draw all" action (decision 74): the button, then how far the reading is with a Cancel, then
 * how it ended with a Clear. Told in a live region, so a screen reader hears it move on.
 */
export function DrawAll({ view, label, onStart, onCancel, onClear }: Props) {
  const state = useDrawAllState(view)
  const { phase, items, collections, error } = state
  const running = phase === 'listing' || phase === 'reading'
  const drawn = state.set.outlines.features.length
  const value =
    phase === 'listing'
      ? 0
      : items.total
        ? Math.min(100, (100 * items.done) / Math.max(1, items.total))
        : phase === 'done'
          ? 100
          : 0
  return (
    <div data-draw-all>
      {/* Wraps: the collection list's long action label did not fit beside the status in its column. */}
      <Group gap="xs" justify="space-between">
        <Text size="sm" role="status" aria-live="polite" data-draw-all-status>
          {phase === 'idle'
            ? 'The map draws the page shown.'
            : phase === 'listing'
              ? collections
                ? `Listing collections: ${of(collections.done, collections.total)}`
                : 'Listing collections…'
              : phase === 'reading'
                ? `Reading footprints: ${of(items.done, items.total)}`
                : phase === 'done'
                  ? `All ${formatCount(drawn)} footprints drawn.`
                  : phase === 'cancelled'
                    ? `Stopped: ${of(items.done, items.total)} footprints drawn.`
                    : `Stopped by an error: ${formatCount(drawn)} footprints drawn.`}
        </Text>
        {running ? (
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        ) : phase === 'idle' ? (
          <Button size="xs" variant="default" onClick={onStart}>
            {label}
          </Button>
        ) : (
          <Group gap="xs" wrap="nowrap">
            {phase !== 'done' && (
              <Button size="xs" variant="default" onClick={onStart}>
                Start again
              </Button>
            )}
            <Button size="xs" variant="default" onClick={onClear}>
              Clear
            </Button>
          </Group>
        )}
      </Group>
      {running && (
        <Progress
          mt={4}
          size="sm"
          value={value}
          animated={phase === 'listing'}
          aria-label="Footprints read"
        />
      )}
      {phase === 'failed' && error && (
        <Alert mt="xs" color="red" title="Not every footprint could be read">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
    </div>
  )
}
