import type { ForgetMessage, RefreshMessage, RelayedAnswer, RelayReply } from './refresh-relay'

/**
 * The page's side of the session worker (`session-worker.ts`): registers it and sends refresh grants
 * through it. Where there is no worker — no service workers (an insecure origin, a browser or profile that
 * disables them), a registration that failed, or the very first load before the worker is active — the
 * session sends the grant itself, as it did before the worker existed (decision 4).
 */

export interface GrantRelay {
  /**
   * The token server's answer to a refresh grant, sent through the worker (or the answer the worker kept
   * for that refresh token); `null` when there is no worker and the caller must send it itself.
   */
  refresh(url: string, body: string, refresh: string): Promise<RelayedAnswer | null>
  /** Sign-out: the worker forgets what it kept for the session. */
  forget(sessionState: string): void
}

/** The worker answers as fast as the token server does; past this it is gone, and the grant failed. */
const ANSWER_TIMEOUT_MS = 60_000

export function sessionWorkerRelay(scriptUrl: string, type: WorkerType): GrantRelay | null {
  let registration: Promise<ServiceWorkerRegistration | null>
  try {
    // Reading `serviceWorker` itself throws where storage is blocked for the site.
    const container = globalThis.navigator?.serviceWorker
    if (!container) return null
    registration = container.register(scriptUrl, { type }).catch(() => null)
  } catch {
    return null
  }
  const active = async () => (await registration)?.active ?? null
  return {
    async refresh(url, body, refresh) {
      const worker = await active()
      if (!worker) return null
      const message: RefreshMessage = {
        type: 'swath-refresh',
        url: new URL(url, location.href).href,
        body,
        refresh,
      }
      return new Promise<RelayedAnswer>((resolve, reject) => {
        const { port1, port2 } = new MessageChannel()
        const timer = setTimeout(() => {
          port1.close()
          reject(new Error('The session worker did not answer'))
        }, ANSWER_TIMEOUT_MS)
        port1.onmessage = (e: MessageEvent<RelayReply>) => {
          clearTimeout(timer)
          port1.close()
          if ('answer' in e.data) resolve(e.data.answer)
          else reject(new Error(e.data.error))
        }
        worker.postMessage(message, [port2])
      })
    },
    forget(sessionState) {
      const message: ForgetMessage = { type: 'swath-forget', sessionState }
      active().then(
        (worker) => worker?.postMessage(message),
        () => undefined,
      )
    },
  }
}
