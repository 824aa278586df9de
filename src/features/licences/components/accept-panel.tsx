import '@mantine/core/styles/List.css'
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { acceptEulaMutation, type Eula } from '../../../data/licences/queries'

/**
 * Accepting the current document, behind a confirmation that names what it unlocks. The same mutation as the
 * checkout's and the tasking request's licence gate: one key space, so they see the acceptance at once.
 */
export function AcceptPanel({
  eula,
  version,
  unlocks,
}: {
  eula: Eula
  /** The current document's version, when known. */
  version: number | null
  /** Names of what acceptance lets the account order or run. */
  unlocks: { products: string[]; processes: string[] }
}) {
  const client = useApiClient()
  const qc = useQueryClient()
  const { user } = useSession()
  const [open, setOpen] = useState(false)
  const accept = useMutation(acceptEulaMutation(client, qc))
  if (eula.isAccepted) return null
  const docName = version ? `version ${version}` : 'the current document'
  const { acceptEulasWhyNot } = permissionsOf(user)
  if (acceptEulasWhyNot)
    return (
      <Alert color="yellow" title="Your role cannot accept licenses">
        {acceptEulasWhyNot} Ask an account administrator to accept {docName} of “{eula.title}”; its data
        products can be ordered afterwards.
      </Alert>
    )
  const close = () => {
    setOpen(false)
    accept.reset()
  }
  const nothing = unlocks.products.length === 0 && unlocks.processes.length === 0
  return (
    <>
      <Alert color="orange" title={`“${eula.title}” waits for acceptance`}>
        <Text size="sm">Until {docName} is accepted, nobody in the account can order what it governs.</Text>
        <Button mt="sm" onClick={() => setOpen(true)}>
          Accept {docName}…
        </Button>
      </Alert>
      <Modal
        opened={open}
        onClose={close}
        title={`Accept ${docName} of “${eula.title}”?`}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            This accepts the license for the whole account: everyone in it may then use what it governs.
          </Text>
          {nothing ? (
            <Text size="sm">No data product or process of the service names this license today.</Text>
          ) : (
            <>
              {unlocks.products.length > 0 && (
                <div>
                  <Text size="sm" fw={600}>
                    It unlocks ordering these data products:
                  </Text>
                  <List size="sm">
                    {unlocks.products.map((p) => (
                      <List.Item key={p}>{p}</List.Item>
                    ))}
                  </List>
                </div>
              )}
              {unlocks.processes.length > 0 && (
                <div>
                  <Text size="sm" fw={600}>
                    It unlocks running these processes:
                  </Text>
                  <List size="sm">
                    {unlocks.processes.map((p) => (
                      <List.Item key={p}>{p}</List.Item>
                    ))}
                  </List>
                </div>
              )}
            </>
          )}
          <Text size="sm">
            By accepting, you confirm you have read {docName} of “{eula.title}” (shown on this page) and agree
            to it for the account.
          </Text>
          {accept.error && (
            <Text size="sm" c="red.8" role="alert">
              The license was not accepted: {accept.error.message}. {whatToDo(accept.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={!eula.currentDocumentId}
              loading={accept.isPending}
              onClick={() =>
                eula.currentDocumentId &&
                accept.mutate(
                  { eulaId: eula.id, documentId: eula.currentDocumentId },
                  { onSuccess: () => close() },
                )
              }
            >
              Accept {docName}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
