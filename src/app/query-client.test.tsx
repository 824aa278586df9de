// @vitest-environment jsdom
import { Button } from '@mantine/core'
import { Notifications, notifications, notificationsStore } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ok } from '../api/client'
import { useApiClient } from '../api/console-context'
import { renderWithConsole } from '../testing/render'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

function CancelButton({ toast }: { toast?: boolean }) {
  const client = useApiClient()
  const cancel = useMutation({
    mutationFn: () =>
      ok(client.POST('/v2/orders/{order-id}/cancellation', { params: { path: { 'order-id': UNKNOWN } } })),
    meta: { toast },
  })
  return (
    <>
      <Button onClick={() => cancel.mutate()}>Cancel order</Button>
      {cancel.isError && <p>failed here</p>}
    </>
  )
}

describe('query defaults', () => {
  // The toast store is global to the page; each test starts with none.
  beforeEach(() => notifications.clean())

  it('a failed action shows a toast with what went wrong and what to do', async () => {
    await renderWithConsole(
      <>
        <Notifications />
        <CancelButton />
      </>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel order' }))
    const toast = await screen.findByRole('alert')
    expect(notificationsStore.getState().notifications).toHaveLength(1)
    expect(toast).toHaveTextContent(/not found/i)
    expect(toast).toHaveTextContent('It may have been deleted, or the link is wrong.')
  })

  it('a mutation that shows its own error asks for no toast', async () => {
    await renderWithConsole(
      <>
        <Notifications />
        <CancelButton toast={false} />
      </>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel order' }))
    expect(await screen.findByText('failed here')).toBeInTheDocument()
    // The toast library is imported lazily: let that import settle before checking nothing was shown.
    await import('@mantine/notifications')
    await new Promise((r) => setTimeout(r, 0))
    expect(notificationsStore.getState().notifications).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
