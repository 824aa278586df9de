// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Entry } from './entries'
import { useNotificationState } from './notification-store'
import { announce } from './use-notification-poller'

/** The desktop notifications shown, as the browser was given them. */
function fakeNotifications() {
  const shown: { title: string; body?: string; tag?: string }[] = []
  class FakeNotification {
    static permission = 'granted'
    constructor(title: string, opts: NotificationOptions = {}) {
      shown.push({ title, body: opts.body, tag: opts.tag })
    }
  }
  vi.stubGlobal('Notification', FakeNotification)
  return shown
}

const entry = (title: string, detail?: string): Entry => ({
  key: 'order:1',
  source: 'orders',
  title,
  detail,
  href: '/orders/1',
  at: 0,
  read: false,
})

afterEach(() => vi.unstubAllGlobals())

describe('desktop notifications', () => {
  it('carry no bidi control or hidden character in their title or body', () => {
    const shown = fakeNotifications()
    useNotificationState.setState({ desktop: true })
    announce([entry('Order “Invoice \u202egnp.exe” fulfilled', 'Harbour\u2066 survey\u200b 12\u0000')])
    expect(shown).toEqual([
      { title: 'Order “Invoice gnp.exe” fulfilled', body: 'Harbour survey 12', tag: 'order:1' },
    ])
  })

  it('show nothing while the analyst has not turned them on', () => {
    const shown = fakeNotifications()
    useNotificationState.setState({ desktop: false })
    announce([entry('Order fulfilled')])
    expect(shown).toEqual([])
  })
})
