import { readMessage, RefreshRelay, type RelayedAnswer, type RelayReply } from './refresh-relay'

/**
 * The session worker: a service worker that sends the console's refresh grants, so that a grant in flight
 * when its page unloads (a reload, a closed tab) still gets its answer, and the next page of the session
 * finds the rotated tokens here instead of presenting a refresh token the token server has already spent
 * (issue 26 §8, decision 4). It holds answers in memory only, for two minutes at most (`refresh-relay.ts`);
 * it has no fetch handler and controls no page (its scope is its own folder), caches nothing and stores
 * nothing. Registered by `session-worker-client.ts`; bundled on its own (`?worker&url`).
 */

/** The parts of the service worker scope used here (the DOM library's types are the program's). */
interface ExtendableMessageEventLike {
  data: unknown
  ports: readonly MessagePort[]
  waitUntil(p: Promise<unknown>): void
}
const worker = self as unknown as {
  addEventListener(type: 'message', listener: (e: ExtendableMessageEventLike) => void): void
}

async function send(url: string, body: string): Promise<RelayedAnswer> {
  const sentAt = Date.now()
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    cache: 'no-store',
  })
  return {
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get('content-type') ?? '',
    sentAt,
  }
}

const relay = new RefreshRelay(send)

worker.addEventListener('message', (event) => {
  const m = readMessage(event.data)
  if (m?.type === 'swath-forget') return relay.forget(m.sessionState)
  const port = event.ports[0]
  if (!m || !port) return
  const reply = (r: RelayReply) => port.postMessage(r)
  // The worker lives until the answer is in, whether or not the page that asked is still there.
  event.waitUntil(
    relay.refresh(m.url, m.body, m.refresh).then(
      (answer) => reply({ answer }),
      (e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) }),
    ),
  )
})
