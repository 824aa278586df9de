import './mantine-styles-drawer'
import { Button, Code, Drawer, Group, Image, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../api/console-context'
import { previewOptions } from '../../../data/catalog/queries'
import { formatCoverage, formatSceneTime, sceneTime, type SceneRow } from '../words'
import { CopyTextButton } from '../../../components/copy-text-button'
import { sceneProperties, type PropertyRow } from '../scene-properties'
import { useOwnedScenes } from '../../../data/orders/owned-scenes'
import { OwnedSceneNote } from './owned-scene-note'
import classes from './scene-drawer.module.css'

interface Props {
  row: SceneRow | null
  host: string
  collectionTitle: string
  hasQuicklook: boolean
  inBasket: boolean
  quicklookShown: boolean
  onClose: () => void
  onToggleBasket: (row: SceneRow) => void
  onToggleQuicklook: (row: SceneRow) => void
}

/** Every property of a scene in groups with plain labels and units, the host's own included; the raw JSON folded. */
export function SceneDrawer(props: Props) {
  const { row } = props
  const client = useApiClient()
  const p = row?.scene.properties
  const owned = useOwnedScenes(row ? [sceneTime(row.scene)] : []).of(p?.id ?? '')
  const quicklook = useQuery({
    ...previewOptions(client, 'quicklook', props.host, p?.id ?? ''),
    enabled: !!p && props.hasQuicklook,
  })
  return (
    <Drawer
      opened={row !== null}
      onClose={props.onClose}
      // Over the map, on the left: the result list stays in view beside it, its picked row too.
      position="left"
      size="md"
      // Mantine renders the title as the dialog's h2.
      title="Scene details"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-h4-font-size)' } }}
      closeButtonProps={{ 'aria-label': 'Close scene details' }}
    >
      {row && p && (
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {props.collectionTitle} · {formatSceneTime(sceneTime(row.scene))}
              {row.coverage !== null && ` · ${formatCoverage(row.coverage)}`}
            </Text>
            <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
              <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="scene-id">
                {p.id}
              </Text>
              <CopyTextButton value={p.id} label="Copy the scene id" />
            </Group>
          </div>
          <OwnedSceneNote orders={owned} />
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => props.onToggleBasket(row)}
              variant={props.inBasket ? 'default' : 'filled'}
            >
              {props.inBasket ? 'Remove from basket' : 'Add to basket'}
            </Button>
            {props.hasQuicklook && (
              <Button size="xs" variant="default" onClick={() => props.onToggleQuicklook(row)}>
                {props.quicklookShown ? 'Remove quicklook from map' : 'Show quicklook on map'}
              </Button>
            )}
          </Group>
          {props.hasQuicklook ? (
            quicklook.data ? (
              <Image
                src={quicklook.data}
                alt={`Quicklook of scene ${p.id}`}
                radius="sm"
                mah={280}
                fit="contain"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {quicklook.isError ? 'The quicklook could not be loaded.' : 'Loading the quicklook…'}
              </Text>
            )
          ) : (
            <Text size="sm" c="dimmed">
              This host provides no quicklook for this collection.
            </Text>
          )}
          {sceneProperties(p, props.collectionTitle || undefined).map((g) => (
            <PropertyTable key={g.title} caption={g.title} rows={g.rows} />
          ))}
          <details className={classes.raw}>
            <summary>All properties as JSON</summary>
            <Code block>{JSON.stringify(p, null, 2)}</Code>
          </details>
        </Stack>
      )}
    </Drawer>
  )
}

function PropertyTable({ caption, rows }: { caption: string; rows: PropertyRow[] }) {
  return (
    <Table striped withTableBorder fz="xs" captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Th scope="row" fw={500} title={r.key} w="42%">
              {r.label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{r.text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
