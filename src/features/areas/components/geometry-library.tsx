import '@mantine/core/styles/Skeleton.css'
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState, type FormEvent } from 'react'
import { useApiClient, useSession, useWorkspaceId } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { PagePastEnd } from '../../../components/page-past-end'
import { Pager } from '../../../components/pager'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { countLabel, formatArea } from '../../../lib/format'
import { totalAreaKm2 } from '../../../lib/geo/measure'
import { validateAoi } from '../../../lib/geo/validation'
import { polygonsOf } from '../../../lib/geojson'
import {
  createGeometryMutation,
  deleteGeometryMutation,
  patchGeometryMutation,
  type SavedGeometry,
} from '../../../data/geometries/queries'
import { useGeometryList } from '../use-geometry-list'
import { ALL_WORKSPACES, LIBRARY_SIZES } from '../url-state'
import { GeometryRows, type GeometryAction } from './geometry-rows'

/**
 * Saved geometries of the account, a page at a time as the service pages, filters by name and sorts them
 * (newest change first): find one, show it, use it as the AOI, or save the AOI as a new one.
 */
export function GeometryLibrary({
  onShow,
  onHover,
  shownId,
}: {
  onShow: (g: SavedGeometry) => void
  onHover?: (id: string | null) => void
  shownId?: string | null
}) {
  const snap = useSession()
  const currentWs = useWorkspaceId()
  const { data, isPending, view, update, workspace } = useGeometryList()
  const [dialog, setDialog] = useState<{ kind: GeometryAction; g: SavedGeometry } | null>(null)
  const setAoi = useAoiStore((s) => s.setPolygons)
  const onUse = useCallback((g: SavedGeometry) => setAoi(polygonsOf(g.featureCollection)), [setAoi])
  const onAction = useCallback((kind: GeometryAction, g: SavedGeometry) => setDialog({ kind, g }), [])

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Geometry library
        </Title>
        <SaveAoi workspaceId={currentWs} />
        <Group grow gap="xs" align="flex-end">
          <NameFilter value={view.name} onChange={(name) => update({ name })} />
          <NativeSelect
            label="Workspace"
            size="xs"
            value={workspace}
            onChange={(e) => update({ workspace: e.currentTarget.value })}
            data={[
              ...(snap.user?.workspaces ?? []).map((w) => ({ value: w.id, label: w.name })),
              { value: ALL_WORKSPACES, label: 'All workspaces' },
            ]}
          />
        </Group>
        {isPending ? (
          <Stack gap={6} role="status" aria-label="Loading saved geometries">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : !data || data.totalElements === 0 ? (
          <Text size="sm" c="dimmed">
            {view.name
              ? `No saved geometry is named like “${view.name}” here. Clear the filter or pick another workspace.`
              : 'No saved geometries yet. Draw an area and save it to reuse it in searches and orders.'}
          </Text>
        ) : data.content.length === 0 ? (
          <PagePastEnd
            page={view.page}
            totalPages={data.totalPages}
            things="saved geometries"
            onFirstPage={() => update({ page: 1 })}
          />
        ) : (
          <>
            <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed" role="status">
                {countLabel(data.totalElements, 'saved geometry', 'saved geometries')}
                {view.name ? ' named like this' : ''}
                {data.totalPages > 1 ? `, page ${view.page} of ${data.totalPages}` : ''}
                {data.totalElements > 1 ? ', most recently changed first' : ''}
              </Text>
              <NativeSelect
                label="Per page"
                size="xs"
                value={String(view.size)}
                onChange={(e) => {
                  const size = LIBRARY_SIZES.find((s) => String(s) === e.currentTarget.value)
                  if (size) update({ size })
                }}
                data={LIBRARY_SIZES.map(String)}
              />
            </Group>
            <GeometryRows
              geometries={data.content}
              shownId={shownId}
              onShow={onShow}
              onUse={onUse}
              onAction={onAction}
              onHover={onHover}
            />
            <Pager
              things="saved geometries"
              page={view.page}
              total={data.totalPages}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </Stack>
      {dialog && <GeometryDialog {...dialog} onClose={() => setDialog(null)} />}
    </Paper>
  )
}

/** How long typing may pause before the name goes to the service: one request per word, not per key. */
const FILTER_AFTER_MS = 300

/**
 * The name filter, sent to the service as the typing pauses (or on Enter). What is typed is this field's own
 * state, so that no key is lost while the URL and the list follow; it starts from the URL's name.
 */
function NameFilter({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const [draft, setDraft] = useState(value)
  const send = useDebouncedCallback((name: string) => {
    if (name !== value) onChange(name)
  }, FILTER_AFTER_MS)
  return (
    <TextInput
      label="Filter by name"
      size="xs"
      value={draft}
      onChange={(e) => {
        setDraft(e.currentTarget.value)
        send(e.currentTarget.value)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send.flush()
      }}
    />
  )
}

function SaveAoi({ workspaceId }: { workspaceId: string | null }) {
  const client = useApiClient()
  const qc = useQueryClient()
  const polygons = useAoiStore((s) => s.polygons)
  const [name, setName] = useState('')
  const save = useMutation({ ...createGeometryMutation(client, qc), meta: { toast: false } })
  const errors = validateAoi(polygons).filter((i) => i.severity === 'error')
  const blocked =
    polygons.length === 0
      ? 'Draw or import an area first.'
      : errors.length > 0
        ? 'Fix the problems listed above first.'
        : null

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!workspaceId || blocked || save.isPending || !name.trim()) return
    save.mutate({ workspaceId, displayName: name.trim(), polygons }, { onSuccess: () => setName('') })
  }

  return (
    <form onSubmit={submit} aria-label="Save the current AOI">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Save the current AOI as"
          placeholder="e.g. Rome city center"
          size="xs"
          style={{ flex: 1 }}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          description={blocked ?? undefined}
        />
        <Button type="submit" size="xs" loading={save.isPending} disabled={!!blocked || !name.trim()}>
          Save
        </Button>
      </Group>
      {save.isError && (
        <Alert color="red" mt="xs" p="xs" role="alert" title="The geometry was not saved">
          {isApiError(save.error)
            ? [save.error.detail ?? save.error.title, ...save.error.fieldErrors.map((f) => f.reason)].join(
                ' ',
              )
            : save.error.message}
        </Alert>
      )}
    </form>
  )
}

function GeometryDialog({
  kind,
  g,
  onClose,
}: {
  kind: GeometryAction
  g: SavedGeometry
  onClose: () => void
}) {
  const client = useApiClient()
  const qc = useQueryClient()
  const polygons = useAoiStore((s) => s.polygons)
  const [name, setName] = useState(g.displayName)
  const patch = useMutation(patchGeometryMutation(client, qc))
  const remove = useMutation(deleteGeometryMutation(client, qc))
  const pending = patch.isPending || remove.isPending
  const done = { onSuccess: onClose }

  const title =
    kind === 'rename' ? 'Rename geometry' : kind === 'replace' ? 'Replace its shape?' : 'Delete geometry?'
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {kind === 'rename' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (!pending && name.trim()) patch.mutate({ id: g.id, displayName: name.trim() }, done)
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={pending}
                disabled={!name.trim() || name.trim() === g.displayName}
              >
                Rename
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {kind === 'replace'
              ? `“${g.displayName}” will take the shape of the current AOI (${polygons.length} ${polygons.length === 1 ? 'polygon' : 'polygons'}, ${formatArea(totalAreaKm2(polygons))}). Its old shape is not kept.`
              : `“${g.displayName}” will be deleted from the library. This cannot be undone; orders that used it keep their own copy.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            {kind === 'replace' ? (
              <Button
                loading={pending}
                disabled={polygons.length === 0}
                onClick={() => patch.mutate({ id: g.id, polygons }, done)}
              >
                Replace shape
              </Button>
            ) : (
              <Button color="red" loading={pending} onClick={() => remove.mutate(g.id, done)}>
                Delete
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
