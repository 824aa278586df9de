import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import { Checkbox, Table, Text, VisuallyHidden } from '@mantine/core'
import { useShallow } from 'zustand/react/shallow'
import { assetIdOf } from '../../../data/storage/query'
import type { StacAsset, StacItem } from '../../../data/storage/queries'
import { useDownloads } from '../download-store'
import { downloadName } from '../download'
import { formatBytes, titleOf } from '../words'
import { DownloadButton } from './download-button'
import classes from './storage.module.css'

/** The files of a collection or an item: each downloadable, and pickable for the download manager. */
export function AssetTable({
  assets,
  collectionId,
  item,
}: {
  assets: [string, StacAsset][]
  collectionId: string
  item?: StacItem
}) {
  const picked = useDownloads(useShallow((st) => st.files.map((f) => f.key)))
  const pick = useDownloads((st) => st.pick)
  const unpick = useDownloads((st) => st.unpick)
  // Where the table has less room than it needs (the column beside the collection's map, a narrow
  // window), it scrolls sideways with its own scrollbar instead of cutting off its buttons.
  return (
    <div className={classes.tableScroll} data-testid="files-scroll">
      <Table aria-label="Files" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Media type</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>
              <VisuallyHidden>Download</VisuallyHidden>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>Pick for the download manager</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map(([key, a]) => {
            const size = (a as Record<string, unknown>)['file:size']
            const id = assetIdOf(a.href)
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {a.title ?? key}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {key}
                  </Text>
                </Table.Td>
                <Table.Td>{a.type ?? '—'}</Table.Td>
                <Table.Td>{a.roles?.join(', ') || '—'}</Table.Td>
                <Table.Td>{typeof size === 'number' ? formatBytes(size) : 'Not given'}</Table.Td>
                <Table.Td>
                  <DownloadButton href={a.href} name={a.title ?? key} fileName={fileName(key, a, item)} />
                </Table.Td>
                <Table.Td>
                  {id && (
                    <Checkbox
                      size="xs"
                      label="Pick"
                      aria-label={`Pick ${a.title ?? key} for the download manager`}
                      checked={picked.includes(id)}
                      onChange={(e) =>
                        e.currentTarget.checked
                          ? pick([
                              { key: id, name: fileName(key, a, item), assetKey: key, collectionId, item },
                            ])
                          : unpick(id)
                      }
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </div>
  )
}

/** The name a file is saved under: after its item and itself (`<item title> – Image.png`). */
const fileName = (key: string, a: StacAsset, item?: StacItem): string =>
  downloadName(key, a, item && titleOf(item.properties, item.id))
