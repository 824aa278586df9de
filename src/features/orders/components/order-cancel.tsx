import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { isApiError, whatToDo } from '../../../api/errors'
import { cancelOrderMutation, isCantBeCanceled, type Order } from '../../../data/orders/queries'
import { canCancel, STATUS_LABELS, whyNotCancelable } from '../../../data/orders/status'
import { VIEWER_CANNOT_CANCEL_ORDERS } from '../words'

/**
 * Cancellation: offered only in the two statuses the contract allows, and only after a confirmation. The
 * status may move between the page's last refresh and the click (the service works on its own clock); the
 * service then refuses with `order-cant-be-canceled`, which is explained here while the order is read again.
 * A role that may not cancel (the Viewer) is told so in place of the button, with whom to ask.
 */
export function OrderCancel({ order }: { order: Order }) {
  const client = useApiClient()
  const perms = permissionsOf(useSession().user)
  const qc = useQueryClient()
  const cancel = useMutation(cancelOrderMutation(client, qc))
  const [confirming, setConfirming] = useState(false)
  // The status the order had when the refused click was made, to say what it moved from.
  const [movedFrom, setMovedFrom] = useState<Order['status'] | null>(null)

  const why = whyNotCancelable(order.status)
  const refusal = movedFrom ? (
    <Alert color="yellow" title="The order could not be canceled" role="alert">
      <Text size="sm">
        Its status moved on while this page was open: it was {STATUS_LABELS[movedFrom]} when you asked
        {order.status === movedFrom
          ? ', and the order is being read again'
          : `, and is now ${STATUS_LABELS[order.status]}`}
        . The service cancels orders only while they are created or after a failed placement.
      </Text>
    </Alert>
  ) : null

  if (!canCancel(order.status)) {
    return (
      <Stack gap="xs">
        {refusal}
        <Text size="sm">{why}</Text>
      </Stack>
    )
  }

  if (!perms.change) {
    return (
      <Text size="sm">
        This order is {STATUS_LABELS[order.status]}: it can still be canceled. {VIEWER_CANNOT_CANCEL_ORDERS}
      </Text>
    )
  }

  function confirm() {
    const from = order.status
    cancel.mutate(order.id, {
      onSuccess: () => setConfirming(false),
      onError: (e) => {
        if (isCantBeCanceled(e)) {
          setMovedFrom(from)
          setConfirming(false)
        }
      },
    })
  }

  return (
    <Stack gap="xs" align="flex-start">
      {refusal}
      <Text size="sm">
        This order is {STATUS_LABELS[order.status]}: it can still be canceled. Held credits are released.
      </Text>
      <Button color="red" onClick={() => setConfirming(true)}>
        Cancel order…
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false)
          cancel.reset()
        }}
        title="Cancel this order?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            “{order.displayName}” will be canceled and will not be placed with the provider. This cannot be
            undone: to get the data later, order it again.
          </Text>
          {cancel.isError && !isCantBeCanceled(cancel.error) && (
            <Alert
              color="red"
              title={isApiError(cancel.error) ? cancel.error.title : 'Canceling failed'}
              role="alert"
            >
              <Text size="sm">{whatToDo(cancel.error)}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Keep the order
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={confirm}>
              Cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
