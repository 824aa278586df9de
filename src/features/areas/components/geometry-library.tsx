import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/Skeleton.css'
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useApiClient, useSession, useWorkspaceId } from '../../../api/console-context'
import { isApiError } from '../../../api/errors'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { countLabel, formatArea, formatUtcDay } from '../../../lib/format'
import { totalAreaKm2 } from '../../../lib/geo/measure'
import { validateAoi } from '../../../lib/geo/validation'
import { polygonsOf } from '../../../lib/geojson'
import {
  createGeometryMutation,
  deleteGeometryMutation,
  patchGeometryMutation,
  type SavedGeometry,
} from '../../../data/geometries/queries'
import { useAreasView } from '../use-areas-view'
import { useGeometryList } from '../use-geometry-list'
import { ALL_WORKSPACES } from '../url-state'

/** Saved geometries of the account: find one, show it, use it as the AOI, or save the AOI as a new one. */
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
  const [, update] = useAreasView()
  const { data, isPending, name: nameFilter, workspace } = useGeometryList()
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'replace' | 'delete'; g: SavedGeometry } | null>(
    null,
  )
  const setAoi = useAoiStore((s) => s.setPolygons)

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Geometry library
        </Title>
        <SaveAoi workspaceId={currentWs} />
        <Group grow gap="xs" align="flex-end">
          <TextInput
            label="Filter by name"
            size="xs"
            value={nameFilter}
            onChange={(e) => update('name', e.currentTarget.value)}
          />
          <NativeSelect
            label="Workspace"
            size="xs"
            value={workspace}
            onChange={(e) => update('workspace', e.currentTarget.value)}
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
        ) : !data || data.content.length === 0 ? (
          <Text size="sm" c="dimmed">
            {nameFilter
              ? `No saved geometry is named like “${nameFilter}” here. Clear the filter or pick another workspace.`
              : 'No saved geometries yet. Draw an area and save it to reuse it in searches and orders.'}
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed" aria-live="polite">
              {data.totalElements > data.content.length
                ? `The ${data.content.length} most recently changed of ${countLabel(data.totalElements, 'saved geometry', 'saved geometries')}${nameFilter ? ' named like this' : ''}: filter by name to find an older one.`
                : countLabel(data.totalElements, 'saved geometry', 'saved geometries')}
            </Text>
            <Stack
              gap={4}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Saved geometries"
            >
              {data.content.map((g) => (
                <Group
                  key={g.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                  onMouseEnter={() => onHover?.(g.id)}
                  onMouseLeave={() => onHover?.(null)}
                  onFocus={() => onHover?.(g.id)}
                  onBlur={() => onHover?.(null)}
                  aria-current={g.id === shownId ? 'true' : undefined}
                >
                  <div style={{ minWidth: 0 }}>
                    {/* The whole name, wrapped at word boundaries (a long word breaks where it must). */}
                    <Text
                      size="sm"
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                      data-testid="saved-area-name"
                    >
                      {g.displayName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatArea(totalAreaKm2(polygonsOf(g.featureCollection)))} · updated{' '}
                      {formatUtcDay(g.updatedAt)}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="default" onClick={() => onShow(g)}>
                      Show
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setAoi(polygonsOf(g.featureCollection))}
                    >
                      Use as AOI
                    </Button>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="default"
                          size="sm"
                          aria-label={`More actions for ${g.displayName}`}
                        >
                          <span aria-hidden="true">⋯</span>
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setDialog({ kind: 'rename', g })}>Rename…</Menu.Item>
                        <Menu.Item onClick={() => setDialog({ kind: 'replace', g })}>
                          Replace with the current AOI…
                        </Menu.Item>
                        <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', g })}>
                          Delete…
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Group>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      {dialog && <GeometryDialog {...dialog} onClose={() => setDialog(null)} />}
    </Paper>
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
  kind: 'rename' | 'replace' | 'delete'
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
