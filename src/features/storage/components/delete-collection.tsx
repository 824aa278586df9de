import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { paths } from '../../../config/paths'
import { deleteCollectionMutation, itemsOptions, type StacCollection } from '../../../data/storage/queries'
import { countLabel } from '../../../lib/format'
import { titleOf } from '../words'

/** The largest items page read to count what a deletion removes. */
const COUNT_PAGE = 1000

/**
 * Deleting a collection, behind a dialog that names what goes (items and files counted) and says it cannot
 * be undone. After it, storage's lists are read again and the page goes back to the browser.
 */
export function DeleteCollection({ collection }: { collection: StacCollection }) {
  const client = useApiClient()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const perms = permissionsOf(useSession().user)
  const [open, setOpen] = useState(false)
  const del = useMutation(deleteCollectionMutation(client, qc))
  // Counted when the dialog opens: every item and its files, plus the collection's own files.
  const count = useQuery({ ...itemsOptions(client, collection.id, 0, COUNT_PAGE), enabled: open })
  const title = titleOf(collection, collection.id)
  const ownFiles = Object.keys(collection.assets ?? {}).length
  const items = count.data?.context?.matched ?? count.data?.features.length
  const complete =
    count.data && count.data.features.length === (count.data.context?.matched ?? count.data.features.length)
  const files = count.data
    ? ownFiles + count.data.features.reduce((n, i) => n + Object.keys(i.assets).length, 0)
    : undefined

  if (!perms.change)
    return (
      <Text size="sm" c="dimmed">
        {perms.changeWhyNot}
      </Text>
    )
  return (
    <>
      <Text size="sm">Removes the collection, its items and their files from storage for good.</Text>
      <Group>
        <Button color="red" onClick={() => setOpen(true)}>
          Delete collection…
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Delete “${title}”?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          {count.isPending ? (
            <Text size="sm" role="status">
              Counting what this removes…
            </Text>
          ) : count.error ? (
            <Text size="sm">
              The items could not be counted ({count.error.message}). Deleting still removes every item and
              file of the collection.
            </Text>
          ) : (
            <Text size="sm" data-testid="delete-count">
              This deletes {countLabel(items ?? 0, 'item')} and {complete ? '' : 'at least '}
              {countLabel(files ?? 0, 'file')} (assets) from storage.
            </Text>
          )}
          <Text size="sm" fw={600}>
            This cannot be undone: the files cannot be downloaded again, and download links already handed out
            stop working.
          </Text>
          {del.error && (
            <Alert color="red" title="The collection was not deleted">
              <Text size="sm">{del.error.message}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={del.isPending}
              onClick={() =>
                del.mutate(collection.id, {
                  onSuccess: () => {
                    setOpen(false)
                    void navigate(paths.storage(), { state: { deleted: title } })
                  },
                })
              }
            >
              Delete for good
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
