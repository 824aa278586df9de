/**
 * The session worker's memory (`session-worker.ts`): every refresh grant of the console's pages goes through
 * it, so a refresh token is sent to the token server at most once per browser, and its answer is kept for
 * whoever presents the same token next — the page that asked, the same tab reloaded while the grant was in
 * flight, or a sibling tab sharing the session. The token server rotates refresh tokens (a used one is
 * dead); without this, an answer lost with an unloaded page signed the analyst out (issue 26 §8).
 *
 * Pure (no worker globals) so it can be tested; answers are held in memory only, and only for `keepMs`.
 */

/** A token server's answer, as the worker hands it to a page. */
export interface RelayedAnswer {
  status: number
  body: string
  contentType: string
  /** When the grant was sent (ms since the epoch): lifetimes count from here, not from the handover. */
  sentAt: number
}

export type SendGrant = (url: string, body: string) => Promise<RelayedAnswer>

/** Long enough for a reload or a throttled sibling tab, far shorter than the access token's 300 s. */
export const KEEP_MS = 120_000
/** A chain longer than this is a bug, not a session. */
const MAX_HOPS = 20

interface Kept {
  answer: Promise<RelayedAnswer>
  /** Until when a successful answer is handed out again; Infinity while in flight. */
  until: number
  /** The session it belongs to, once answered. */
  sessionState?: string
}

function parsed(answer: RelayedAnswer): { refresh?: string; sessionState?: string } {
  if (answer.status < 200 || answer.status > 299) return {}
  try {
    const t = JSON.parse(answer.body) as { refresh_token?: unknown; session_state?: unknown } | null
    return {
      refresh: typeof t?.refresh_token === 'string' ? t.refresh_token : undefined,
      sessionState: typeof t?.session_state === 'string' ? t.session_state : undefined,
    }
  } catch {
    return {}
  }
}

export class RefreshRelay {
  private readonly kept = new Map<string, Kept>()
  /** Sessions signed out while a grant of theirs may still be in flight. */
  private readonly forgotten = new Set<string>()

  constructor(
    private readonly send: SendGrant,
    private readonly now: () => number = () => Date.now(),
    private readonly keepMs = KEEP_MS,
  ) {}

  /**
   * The answer to a refresh grant with `refresh` at `url`: sent now if that token was never sent through
   * here, else the answer it got (or will get). When the rotated token of that answer was spent through here
   * as well, the answer at the end of that chain: the session's newest tokens.
   */
  async refresh(url: string, body: string, refresh: string): Promise<RelayedAnswer> {
    this.prune()
    let answer = await this.spend(url, body, refresh)
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const next = parsed(answer).refresh
      const later = next === undefined ? undefined : this.kept.get(key(url, next))
      if (!later) break
      answer = await later.answer
    }
    return answer
  }

  /** Sign-out: nothing of that session is handed out again. */
  forget(sessionState: string): void {
    this.forgotten.add(sessionState)
    for (const [k, kept] of this.kept) if (kept.sessionState === sessionState) this.kept.delete(k)
  }

  /** How many answers are held (tests). */
  get size(): number {
    this.prune()
    return this.kept.size
  }

  private spend(url: string, body: string, refresh: string): Promise<RelayedAnswer> {
    const k = key(url, refresh)
    const known = this.kept.get(k)
    if (known) return known.answer
    const entry: Kept = { answer: this.send(url, body), until: Infinity }
    this.kept.set(k, entry)
    entry.answer.then(
      (answer) => {
        const { refresh: rotated, sessionState } = parsed(answer)
        // Only a grant that rotated the token is worth keeping (a refused or failed one may be tried again),
        // and none of a session signed out meanwhile.
        if (rotated === undefined || (sessionState !== undefined && this.forgotten.has(sessionState)))
          this.kept.delete(k)
        else {
          entry.until = this.now() + this.keepMs
          entry.sessionState = sessionState
        }
      },
      () => this.kept.delete(k),
    )
    return entry.answer
  }

  private prune(): void {
    const now = this.now()
    for (const [k, kept] of this.kept) if (kept.until <= now) this.kept.delete(k)
  }
}

const key = (url: string, refresh: string) => `${url}\n${refresh}`

// ---------------------------------------------------------------- messages between pages and the worker

const TOKEN_ENDPOINT = '/protocol/openid-connect/token'

/** A page asks the worker to send (or recall) a refresh grant; the answer comes back on the message's port. */
export interface RefreshMessage {
  type: 'swath-refresh'
  url: string
  body: string
  refresh: string
}

/** A page signed out: the worker hands out nothing of that session again. */
export interface ForgetMessage {
  type: 'swath-forget'
  sessionState: string
}

export type RelayReply = { answer: RelayedAnswer } | { error: string }

/**
 * What the worker accepts: refresh grants to a token endpoint whose form carries the token they name, and
 * sign-outs. Anything else (another URL, another grant, a password) is ignored: the worker sends nothing
 * but refresh grants.
 */
export function readMessage(data: unknown): RefreshMessage | ForgetMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const m = data as Record<string, unknown>
  if (m.type === 'swath-forget')
    return typeof m.sessionState === 'string' ? { type: 'swath-forget', sessionState: m.sessionState } : null
  if (m.type !== 'swath-refresh') return null
  const { url, body, refresh } = m
  if (typeof url !== 'string' || typeof body !== 'string' || typeof refresh !== 'string') return null
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    return null
  }
  const form = new URLSearchParams(body)
  if (!path.endsWith(TOKEN_ENDPOINT) || form.get('grant_type') !== 'refresh_token') return null
  if (form.get('refresh_token') !== refresh || form.has('password')) return null
  return { type: 'swath-refresh', url, body, refresh }
}
