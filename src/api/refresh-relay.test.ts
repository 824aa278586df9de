import { describe, expect, it } from 'vitest'
import { KEEP_MS, readMessage, RefreshRelay, type RelayedAnswer } from './refresh-relay'

const URL_EU = 'https://swath.test/auth/realms/public/protocol/openid-connect/token'
const URL_SA = 'https://swath.test/auth-sa/realms/public/protocol/openid-connect/token'
const form = (refresh: string) =>
  new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refresh,
    client_id: 'service-api',
  }).toString()

/** A token server that rotates: `rt1` answers with `rt2`, and so on; each token works once. */
function rotatingServer(sessionState = 's1') {
  const sent: string[] = []
  const pending: { resolve: () => void }[] = []
  let hold = false
  const send = async (url: string, body: string): Promise<RelayedAnswer> => {
    const refresh = new URLSearchParams(body).get('refresh_token') ?? ''
    const first = !sent.includes(`${url} ${refresh}`)
    sent.push(`${url} ${refresh}`)
    if (hold) await new Promise<void>((resolve) => pending.push({ resolve }))
    if (!first || refresh === 'dead')
      return { status: 401, body: '{"error":"invalid_grant"}', contentType: 'application/json', sentAt: 0 }
    const next = `rt${Number(refresh.slice(2)) + 1}`
    return {
      status: 200,
      body: JSON.stringify({ access_token: `at-${next}`, refresh_token: next, session_state: sessionState }),
      contentType: 'application/json',
      sentAt: 0,
    }
  }
  return {
    send,
    sent,
    holdAnswers: () => (hold = true),
    release: () => {
      hold = false
      pending.splice(0).forEach((p) => p.resolve())
    },
  }
}

const refreshOf = (a: RelayedAnswer) => (JSON.parse(a.body) as { refresh_token?: string }).refresh_token

describe('refresh relay', () => {
  it('sends a refresh token once: whoever presents it again, in flight or after, gets the same answer', async () => {
    const server = rotatingServer()
    const relay = new RefreshRelay(server.send)
    server.holdAnswers()
    const first = relay.refresh(URL_EU, form('rt1'), 'rt1')
    // The page that sent it unloaded; the reloaded page presents the same token while the answer is out.
    const again = relay.refresh(URL_EU, form('rt1'), 'rt1')
    server.release()
    expect(refreshOf(await first)).toBe('rt2')
    expect(refreshOf(await again)).toBe('rt2')
    expect(refreshOf(await relay.refresh(URL_EU, form('rt1'), 'rt1'))).toBe('rt2')
    expect(server.sent).toEqual([`${URL_EU} rt1`])
  })

  it('follows the rotation: an old token leads to the session’s newest answer', async () => {
    const server = rotatingServer()
    const relay = new RefreshRelay(server.send)
    await relay.refresh(URL_EU, form('rt1'), 'rt1')
    await relay.refresh(URL_EU, form('rt2'), 'rt2')
    expect(refreshOf(await relay.refresh(URL_EU, form('rt1'), 'rt1'))).toBe('rt3')
    // The newest token was never sent: it goes out now.
    expect(refreshOf(await relay.refresh(URL_EU, form('rt3'), 'rt3'))).toBe('rt4')
    expect(server.sent).toHaveLength(3)
  })

  it('keeps no refused or failed answer: the next try is sent', async () => {
    let fail = true
    const server = rotatingServer()
    const relay = new RefreshRelay((url, body) =>
      fail ? Promise.reject(new TypeError('offline')) : server.send(url, body),
    )
    await expect(relay.refresh(URL_EU, form('rt1'), 'rt1')).rejects.toThrow('offline')
    fail = false
    expect(refreshOf(await relay.refresh(URL_EU, form('rt1'), 'rt1'))).toBe('rt2')
    expect((await relay.refresh(URL_EU, form('dead'), 'dead')).status).toBe(401)
    expect((await relay.refresh(URL_EU, form('dead'), 'dead')).status).toBe(401)
    expect(server.sent.filter((s) => s.endsWith('dead'))).toHaveLength(2)
    expect(relay.size).toBe(1)
  })

  it('holds an answer for two minutes only', async () => {
    let now = 1_000
    const server = rotatingServer()
    const relay = new RefreshRelay(server.send, () => now)
    await relay.refresh(URL_EU, form('rt1'), 'rt1')
    now += KEEP_MS - 1
    expect(relay.size).toBe(1)
    now += 1
    expect(relay.size).toBe(0)
    // Past that, the spent token is sent (and refused) like any other.
    expect((await relay.refresh(URL_EU, form('rt1'), 'rt1')).status).toBe(401)
  })

  it('tells token servers apart: the same token at another region is another grant', async () => {
    const server = rotatingServer()
    const relay = new RefreshRelay(server.send)
    await relay.refresh(URL_EU, form('rt1'), 'rt1')
    await relay.refresh(URL_SA, form('rt1'), 'rt1')
    expect(server.sent).toEqual([`${URL_EU} rt1`, `${URL_SA} rt1`])
  })

  it('forgets a signed-out session, including an answer still on its way', async () => {
    const server = rotatingServer('gone')
    const relay = new RefreshRelay(server.send)
    await relay.refresh(URL_EU, form('rt1'), 'rt1')
    server.holdAnswers()
    const late = relay.refresh(URL_EU, form('rt5'), 'rt5')
    relay.forget('gone')
    server.release()
    await late
    expect(relay.size).toBe(0)
    expect((await relay.refresh(URL_EU, form('rt1'), 'rt1')).status).toBe(401)
  })
})

describe('session worker messages', () => {
  const message = (over: Record<string, unknown> = {}) => ({
    type: 'swath-refresh',
    url: URL_EU,
    body: form('rt1'),
    refresh: 'rt1',
    ...over,
  })

  it('accepts refresh grants to a token endpoint and sign-outs', () => {
    expect(readMessage(message())).toEqual(message())
    expect(readMessage({ type: 'swath-forget', sessionState: 's1' })).toEqual({
      type: 'swath-forget',
      sessionState: 's1',
    })
  })

  it('refuses anything else: it sends nothing but refresh grants', () => {
    const password = new URLSearchParams({ grant_type: 'password', username: 'a', password: 'p' }).toString()
    for (const bad of [
      null,
      'swath-refresh',
      { type: 'other' },
      { type: 'swath-forget' },
      message({ url: 'https://swath.test/api/v2/orders' }),
      message({ url: '/auth/realms/public/protocol/openid-connect/token' }),
      message({ body: password }),
      message({ body: `${form('rt1')}&password=p` }),
      message({ refresh: 'rt2' }),
      message({ body: 42 }),
    ])
      expect(readMessage(bad)).toBeNull()
  })
})
