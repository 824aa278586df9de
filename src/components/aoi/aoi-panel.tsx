import './mantine-styles'
import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import type { Polygon } from 'geojson'
import { useEffect, useMemo, useRef, useState } from 'react'
import { exportGeoJson, parseAoiText } from '../../lib/aoi-formats'
import { formatArea } from '../../lib/format'
import { parseCoordinateList } from '../../lib/geo/coordinates'
import { applyFix } from '../../lib/geo/fixes'
import { totalAreaKm2, totalVertices } from '../../lib/geo/measure'
import { validateAoi } from '../../lib/geo/validation'
import type { DrawMode, LonLat } from '../../map/map-engine'
import { useAoiStore } from './aoi-store'
import type { AoiImporter, AoiMessage } from './use-aoi-import'

type AoiStore = ReturnType<typeof useAoiStore.getState>

const MODES: { value: DrawMode; label: string }[] = [
  { value: 'static', label: 'Pan' },
  { value: 'polygon', label: 'Polygon' },
  { value: 'rectangle', label: 'Rectangle' },
  { value: 'circle', label: 'Circle' },
  { value: 'select', label: 'Edit' },
]

interface Props {
  mode: DrawMode
  onMode: (m: DrawMode) => void
  onFit: (polygons: Polygon[]) => void
  keyboard: { on: boolean; vertices: LonLat[] }
  onKeyboard: (on: boolean) => void
  onKeyboardAction: (action: 'add' | 'undo' | 'finish' | 'cancel') => void
  importer: AoiImporter
}

/** Draw, import, type and check the area of interest; every change can be undone. */
export function AoiPanel(props: Props) {
  const store = useAoiStore()
  const { message, setMessage } = props.importer
  // The texts live with the panel, not with their tabs, which unmount what they hide: a user who looks at
  // another tab and comes back finds what they pasted or typed.
  const [pasted, setPasted] = useState('')
  const [typed, setTyped] = useState('')

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Area of interest
        </Title>
        <AoiSummary polygons={store.polygons} />
        <AoiActions store={store} onFit={props.onFit} />

        {store.polygons.length === 0 && <NoAreaYet />}

        <AoiProblems polygons={store.polygons} setPolygons={store.setPolygons} />

        {message && <ImportMessage message={message} onClose={() => setMessage(null)} />}

        <Tabs defaultValue="draw" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="draw">Draw</Tabs.Tab>
            <Tabs.Tab value="import">Import</Tabs.Tab>
            <Tabs.Tab value="type">Type</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="draw" pt="sm">
            <DrawSection {...props} />
          </Tabs.Panel>

          <Tabs.Panel value="import" pt="sm">
            <ImportSection importer={props.importer} pasted={pasted} onPasted={setPasted} />
          </Tabs.Panel>

          <Tabs.Panel value="type" pt="sm">
            <TypedCoordinates
              typed={typed}
              onTyped={setTyped}
              polygons={store.polygons}
              setPolygons={store.setPolygons}
              onFit={props.onFit}
              setMessage={setMessage}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  )
}

/** One line on the area: how many polygons, how large, how many vertices; or that there is none yet. */
function AoiSummary({ polygons }: { polygons: Polygon[] }) {
  const area = useMemo(() => totalAreaKm2(polygons), [polygons])
  const vertices = useMemo(() => totalVertices(polygons), [polygons])
  return (
    <Text size="sm" data-testid="aoi-summary" aria-live="polite">
      {polygons.length === 0
        ? 'Nothing drawn yet: draw on the map, import a file or type coordinates.'
        : `${polygons.length} ${polygons.length === 1 ? 'polygon' : 'polygons'} · ${formatArea(area)} · ${vertices} vertices`}
    </Text>
  )
}

/** Undo, redo, zoom to, clear and export the area. */
function AoiActions({ store, onFit }: { store: AoiStore; onFit: Props['onFit'] }) {
  const { polygons, undo, redo, clear, past, future } = store

  function download() {
    const blob = new Blob([exportGeoJson(polygons)], { type: 'application/geo+json' })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = 'aoi.geojson'
    a.click()
    URL.revokeObjectURL(a.href)
  }

  return (
    <Group gap="xs">
      <Button size="xs" variant="default" onClick={undo} disabled={past.length === 0}>
        Undo
      </Button>
      <Button size="xs" variant="default" onClick={redo} disabled={future.length === 0}>
        Redo
      </Button>
      <Button size="xs" variant="default" onClick={() => onFit(polygons)} disabled={polygons.length === 0}>
        Zoom to AOI
      </Button>
      <Button size="xs" variant="default" onClick={clear} disabled={polygons.length === 0}>
        Clear
      </Button>
      <Button size="xs" variant="default" onClick={download} disabled={polygons.length === 0}>
        Export GeoJSON
      </Button>
    </Group>
  )
}

/** What is wrong with the area, each problem with its fix when there is one. */
function AoiProblems({ polygons, setPolygons }: Pick<AoiStore, 'polygons' | 'setPolygons'>) {
  // Nothing drawn is where every area starts, not a problem: the empty state says what to do.
  const issues = useMemo(() => (polygons.length === 0 ? [] : validateAoi(polygons)), [polygons])
  if (issues.length === 0) return null
  return (
    <Stack gap={6} role="list" aria-label="Problems with the area of interest">
      {issues.map((issue, i) => (
        <Alert
          key={`${issue.code}-${i}`}
          role="listitem"
          color={issue.severity === 'error' ? 'red' : 'yellow'}
          p="xs"
        >
          <Text size="sm">{issue.message}</Text>
          {issue.fix && (
            <Button
              mt={6}
              size="compact-sm"
              variant="default"
              onClick={() => setPolygons(applyFix(polygons, issue.fix ?? 'close-rings'))}
            >
              {issue.fixLabel ?? 'Fix'}
            </Button>
          )}
        </Alert>
      ))}
    </Stack>
  )
}

/** What the last import or typed polygon came to. */
function ImportMessage({ message, onClose }: { message: AoiMessage; onClose: () => void }) {
  return (
    <Alert
      color={message.kind === 'error' ? 'red' : 'teal'}
      title={message.title}
      role={message.kind === 'error' ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {message.lines.length > 0 && (
        <List size="sm">
          {message.lines.map((l) => (
            <List.Item key={l}>{l}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  )
}

/** The drawing tools, and drawing by keyboard. */
function DrawSection(props: Props) {
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Drawing tool"
        value={props.mode}
        onChange={props.onMode}
        data={MODES}
        fullWidth
        size="xs"
      />
      <Text size="xs" c="dimmed">
        Polygon: click each corner, click the first one to close. Edit: drag a shape or its corners; Delete
        removes the selected shape.
      </Text>
      <KeyboardDrawing {...props} />
    </Stack>
  )
}

/** A file to import, or text to paste: WKT, GeoJSON or a bounding box. */
function ImportSection(props: { importer: AoiImporter; pasted: string; onPasted: (text: string) => void }) {
  const { busy, adopt, importFile } = props.importer
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <FileButton onChange={(f) => void importFile(f)} accept=".geojson,.json,.kml,.kmz,.zip,.wkt,.txt">
          {(p) => (
            <Button {...p} size="xs" loading={busy}>
              Choose a file…
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          or drop it on the map
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        GeoJSON, KML, KMZ or a zipped Shapefile (reprojected from its .prj), up to 50 MB.
      </Text>
      <Textarea
        label="Paste WKT, GeoJSON or a bounding box"
        description="A box is west,south,east,north in degrees, e.g. 12.3,41.8,12.6,42.0"
        autosize
        minRows={3}
        maxRows={8}
        value={props.pasted}
        onChange={(e) => props.onPasted(e.currentTarget.value)}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!props.pasted.trim()}
        onClick={() => adopt(parseAoiText(props.pasted), 'The pasted text')}
      >
        Use pasted shape
      </Button>
    </Stack>
  )
}

/** Corners typed one per line, added to the area as one more polygon. */
function TypedCoordinates(
  props: Pick<AoiStore, 'polygons' | 'setPolygons'> & {
    typed: string
    onTyped: (text: string) => void
    onFit: Props['onFit']
    setMessage: AoiImporter['setMessage']
  },
) {
  function add() {
    const r = parseCoordinateList(props.typed)
    if (!r.ok) {
      props.setMessage({
        kind: 'error',
        title: 'The coordinates could not be used',
        lines: [r.message],
      })
      return
    }
    const next = [...props.polygons, r.polygon]
    props.setPolygons(next)
    props.onFit([r.polygon])
    props.setMessage(null)
  }

  return (
    <Stack gap="sm">
      <Textarea
        label="Corner coordinates"
        description="One corner per line, longitude then latitude, e.g. 12.49 41.89"
        autosize
        minRows={4}
        maxRows={12}
        value={props.typed}
        onChange={(e) => props.onTyped(e.currentTarget.value)}
      />
      <Button size="xs" variant="default" disabled={!props.typed.trim()} onClick={add}>
        Add polygon
      </Button>
    </Stack>
  )
}

/** The empty state: the three ways to an area, in the order of the tabs below. */
function NoAreaYet() {
  return (
    <Stack
      gap={4}
      p="sm"
      role="note"
      aria-label="No area yet"
      style={{
        border: '1px dashed var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Text size="sm" fw={600}>
        No area yet
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          <b>Draw</b> it on the map: a polygon, a rectangle or a circle (or by keyboard).
        </List.Item>
        <List.Item>
          <b>Import</b> a GeoJSON, KML, KMZ or zipped Shapefile file, or paste WKT, GeoJSON or a box.
        </List.Item>
        <List.Item>
          <b>Type</b> its corners as longitude and latitude.
        </List.Item>
      </List>
    </Stack>
  )
}

function KeyboardDrawing({ keyboard, onKeyboard, onKeyboardAction }: Props) {
  const start = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  // The button pressed unmounts as drawing starts or ends: focus moves to what replaced it, never to the
  // page's body. Only after a toggle seen here, so a page opening with drawing on keeps its own focus.
  const seen = useRef(keyboard.on)
  useEffect(() => {
    if (seen.current === keyboard.on) return
    seen.current = keyboard.on
    const target = keyboard.on ? panel.current : start.current
    // Only when focus was lost (on the body): a user who moved on keeps focus where they put it.
    if (target && (document.activeElement === null || document.activeElement === document.body))
      target.focus()
  }, [keyboard.on])
  if (!keyboard.on)
    return (
      <Button ref={start} size="xs" variant="default" onClick={() => onKeyboard(true)}>
        Draw by keyboard
      </Button>
    )
  return (
    <Stack
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-label="Drawing by keyboard"
      gap={6}
      p="xs"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 4 }}
    >
      <Text size="sm" fw={600}>
        Drawing by keyboard: {keyboard.vertices.length}{' '}
        {keyboard.vertices.length === 1 ? 'corner' : 'corners'}
      </Text>
      <Text size="xs">
        Focus the map (Tab), pan with the arrow keys and zoom with + and −. Enter adds a corner at the red
        cross, Backspace removes the last, F finishes the polygon, Escape cancels.
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" variant="default" onClick={() => onKeyboardAction('add')}>
          Add corner at the cross
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={keyboard.vertices.length < 3}
          onClick={() => onKeyboardAction('finish')}
        >
          Finish polygon
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={() => onKeyboardAction('cancel')}>
          Cancel
        </Button>
      </Group>
    </Stack>
  )
}
