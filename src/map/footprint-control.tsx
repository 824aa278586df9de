import { Button, Group } from '@mantine/core'
import type { FootprintView } from './layers'
import classes from './map-view.module.css'

/**
 * The map's footprint control: two toggle buttons over the map, one hiding every footprint, one showing only
 * the kept ones (`keptLabel` names them: "selected and basketed"); pressing one releases the other.
 */
export function FootprintControl({
  view,
  onChange,
  keptLabel,
}: {
  view: FootprintView
  onChange: (view: FootprintView) => void
  keptLabel?: string
}) {
  const toggle = (v: Exclude<FootprintView, 'all'>) => onChange(view === v ? 'all' : v)
  return (
    <Group role="group" aria-label="Footprints on the map" gap={4} className={classes.footprintControl}>
      <Button
        size="compact-xs"
        variant={view === 'none' ? 'filled' : 'default'}
        aria-pressed={view === 'none'}
        onClick={() => toggle('none')}
      >
        Hide footprints
      </Button>
      {keptLabel && (
        <Button
          size="compact-xs"
          variant={view === 'kept' ? 'filled' : 'default'}
          aria-pressed={view === 'kept'}
          onClick={() => toggle('kept')}
        >
          Only {keptLabel}
        </Button>
      )}
    </Group>
  )
}
