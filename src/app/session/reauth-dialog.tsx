import { Button, Modal, Stack, Text } from '@mantine/core'
import { useConsoleServices, useSession } from '../../api/console-context'
import { SignInForm } from './sign-in-form'

/**
 * Opens over the current page when the session can no longer be refreshed. Requests made meanwhile wait;
 * after signing in they go on, and the page — drawings, forms, selections — is exactly as it was.
 */
export function ReauthDialog() {
  const snap = useSession()
  const { session } = useConsoleServices()
  const open = snap.status === 'expired'
  return (
    <Modal
      opened={open}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="Your session has ended"
      centered
    >
      {open && snap.user && snap.region && (
        <Stack gap="md">
          <Text size="sm">
            Sign in again to carry on. This page stays as it is: nothing you drew, filled in or selected is
            lost.
          </Text>
          <SignInForm fixed={{ email: snap.user.email, regionId: snap.region.id }} />
          <Button variant="subtle" color="gray" onClick={() => session.signOut()}>
            Sign out instead
          </Button>
        </Stack>
      )}
    </Modal>
  )
}
