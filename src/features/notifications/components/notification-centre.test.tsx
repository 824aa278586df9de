// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { savedSearchLink } from '../../../data/saved-searches/queries'
import { useSavedSearches } from '../../../data/saved-searches/store'
import { draftOwnerOf, setDraftOwner } from '../../../lib/draft-storage'
import { formatCredits, formatUtcDay } from '../../../lib/format'
import { renderWithConsole } from '../../../testing/render'
import { createSimBackend, signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { useNotificationState } from '../notification-store'
import { NotificationCentre } from './notification-centre'

function Page() {
  const { pathname } = useLocation()
  return <p>Page {pathname}</p>
}

const open = (c: TestConsole) =>
  renderWithConsole(
    () => [
      {
        path: '*',
        element: (
          <>
            <NotificationCentre />
            <Page />
          </>
        ),
      },
    ],
    { console: c },
  )

const panel = async () => {
  fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }))
  return screen.findByRole('dialog', { name: 'Notifications' })
}

const realNotification = globalThis.Notification

beforeEach(() => {
  useNotificationState.setState(useNotificationState.getInitialState(), true)
  useSavedSearches.setState({ searches: [] })
})
afterEach(() => {
  globalThis.Notification = realNotification
})

describe('the notification centre', () => {
  it('names the object and the amount of what waits, and opening its page (by any link) reads it', async () => {
    const c = await signedInConsole()
    setDraftOwner(draftOwnerOf(c.session.getSnapshot().user))
    const { router } = await open(c)
    const world = c.backend.sim.runtime.world
    const account = c.session.getSnapshot().user?.accountId
    const quotation = [...world.quotations.values()].find(
      (q) => q.decision === 'NOT_DECIDED' && q.accountId === account,
    )
    if (!quotation) throw new Error('the seed has a quotation waiting')
    const order = world.orders.get(quotation.orderId)?.order.displayName ?? ''

    const dialog = await panel()
    const day = new Date(quotation.createdAt).toUTCString().split(' ')
    // jsdom joins the hidden "Unread: " to the title without its space; a browser keeps it (the journeys).
    const title = `Quotation for ${order}: ${formatCredits(quotation.creditsPrice)} credits, waiting since ${Number(day[1])} ${day[2]}`
    const link = await within(dialog).findByRole('link', { name: `Unread:${title}` }, { timeout: 10_000 })
    expect(link.getAttribute('href')).toBe(`/decisions/quotations/${quotation.id}`)
    // No entry is a bare "A quotation waits for your decision".
    expect(
      within(dialog).queryByRole('link', { name: /^Unread:A (quotation|feasibility study) waits/ }),
    ).toBeNull()

    // The quotation's page opened some other way (the inbox, the address bar): its entry is read.
    await act(() => router.navigate(`/decisions/quotations/${quotation.id}`))
    expect(await screen.findByText(`Page /decisions/quotations/${quotation.id}`)).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('link', {
          name: title,
        }),
      ).toBeInTheDocument(),
    )
  })

  it('says when it found an entry by the service’s clock, a simulated week on, not the browser’s', async () => {
    // The service's clock a week on (the test simulator starts on 2 Nov 2026, whatever this machine's date),
    // signed in then (a week would outlive the session's refresh token).
    const backend = createSimBackend()
    backend.advance(7 * 86_400)
    const c = await signedInConsole('analyst@swath.test', backend)
    setDraftOwner(draftOwnerOf(c.session.getSnapshot().user))
    const world = c.backend.sim.runtime.world
    const serviceDay = formatUtcDay(world.now())
    expect(serviceDay).not.toBe(formatUtcDay(Date.now()))
    await open(c)
    const dialog = await panel()
    const [link] = await within(dialog).findAllByRole(
      'link',
      { name: /^Unread:Quotation for / },
      { timeout: 10_000 },
    )
    const entry = link.closest('li')
    if (!entry) throw new Error('no entry')
    expect(entry).toHaveTextContent(`found ${serviceDay}`)
  })

  it('tells a saved search’s new scenes as a link to the search itself, read once the search is opened', async () => {
    const c = await signedInConsole()
    setDraftOwner(draftOwnerOf(c.session.getSnapshot().user))
    // Seen up to long ago: the archive has scenes published since.
    useSavedSearches.getState().save({
      name: 'Hamburg port watch',
      params: 'host=oneatlas&bbox=9.8,53.4,10.1,53.6',
      requests: [{ host: 'oneatlas', body: { bbox: [9.8, 53.4, 10.1, 53.6] } }],
      seenUpTo: '2020-01-01T00:00:00Z',
    })
    const search = useSavedSearches.getState().searches[0]
    const { router } = await open(c)
    const dialog = await panel()
    const link = await within(dialog).findByRole(
      'link',
      { name: /^Unread:\d+\+? new scenes? in “Hamburg port watch”$/ },
      { timeout: 10_000 },
    )
    expect(link.getAttribute('href')).toBe(savedSearchLink(search))

    // Opened from the saved-searches list (the same link): the entry is read.
    await act(() => router.navigate(savedSearchLink(search)))
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('link', {
          name: /^\d+\+? new scenes? in “Hamburg port watch”$/,
        }),
      ).toBeInTheDocument(),
    )
  })

  it('says whether the browser blocked desktop notifications or the question was only dismissed', async () => {
    const c = await signedInConsole()
    setDraftOwner(draftOwnerOf(c.session.getSnapshot().user))
    let answer: NotificationPermission = 'default'
    const stub = { permission: 'default', requestPermission: () => Promise.resolve(answer) }
    globalThis.Notification = stub as unknown as typeof Notification
    await open(c)
    const dialog = await panel()
    const toggle = within(dialog).getByRole('switch', { name: /Desktop notifications/ })

    fireEvent.click(toggle)
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The browser’s question was closed without an answer: turn them on again to be asked once more.',
    )
    expect(within(dialog).getByRole('status')).not.toHaveTextContent(/did not allow|blocks/)

    answer = 'denied'
    fireEvent.click(toggle)
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The browser blocks notifications for this site: allow them in its site settings',
    )
  })
})
