import { Button } from '@mantine/core'
import { useRef } from 'react'
import type { DrawMode } from '../../../map/map-engine'
import classes from './catalog.module.css'

interface Props {
  mode: DrawMode
  onMode: (mode: DrawMode) => void
  onImport: (file: File) => void
  onClear: () => void
  hasAoi: boolean
}

const TOOLS: { mode: DrawMode; label: string }[] = [
  { mode: 'rectangle', label: 'Rectangle' },
  { mode: 'polygon', label: 'Polygon' },
  { mode: 'circle', label: 'Circle' },
]

/**
 * Drawing the AOI on the map itself, where a newcomer looks first: a rectangle by dragging, a polygon, a
 * circle, a file, or clearing it. Each tool is a button (Tab, Enter, Space); pressed again it gives the map
 * back to panning. Keyboard drawing at a crosshair and typed coordinates stay in the Search tab's AOI panel.
 */
export function DrawToolbar({ mode, onMode, onImport, onClear, hasAoi }: Props) {
  const file = useRef<HTMLInputElement>(null)
  return (
    <div role="toolbar" aria-label="Draw the area of interest" className={classes.drawTools}>
      {TOOLS.map((t) => (
        <Button
          key={t.mode}
          size="compact-xs"
          variant={mode === t.mode ? 'filled' : 'default'}
          aria-pressed={mode === t.mode}
          onClick={() => onMode(mode === t.mode ? 'static' : t.mode)}
        >
          {t.label}
        </Button>
      ))}
      <Button size="compact-xs" variant="default" onClick={() => file.current?.click()}>
        Import…
      </Button>
      <input
        ref={file}
        type="file"
        hidden
        accept=".geojson,.json,.kml,.kmz,.zip,.wkt,.txt"
        aria-label="AOI file"
        onChange={(e) => {
          const f = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (f) onImport(f)
        }}
      />
      <Button size="compact-xs" variant="default" disabled={!hasAoi} onClick={onClear}>
        Clear
      </Button>
    </div>
  )
}
