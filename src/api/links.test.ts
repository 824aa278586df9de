import { describe, expect, it } from 'vitest'
import { isApiError } from './errors'
import { fetchLinkedDocument, type LinkFetch } from './links'

const FAST = { retries: 3, baseDelayMs: 1 }

/** A storage host that answers from a script, one answer per request. */
function host(answers: (() => Response)[]): { fetchLink: LinkFetch; calls: () => number } {
  let n = 0
  return {
    fetchLink: () => {
      const answer = answers[Math.min(n++, answers.length - 1)]
      return Promise.resolve().then(answer)
    },
    calls: () => n,
  }
}

describe('fetchLinkedDocument', () => {
  it('tries a license document again after a transient failure, like every other read', async () => {
    const h = host([
      () => {
        throw new TypeError('Failed to fetch')
      },
      () => new Response('busy', { status: 503 }),
      () => new Response('<p>Licence</p>', { headers: { 'content-type': 'text/html' } }),
    ])
    const doc = await fetchLinkedDocument(h.fetchLink, 'https://storage.example/eula.html', undefined, FAST)
    expect(doc).toEqual({ contentType: 'text/html', text: '<p>Licence</p>' })
    expect(h.calls()).toBe(3)
  })

  it('gives up after the client’s number of retries, with the last failure', async () => {
    const h = host([() => new Response('down', { status: 502 })])
    const error: unknown = await fetchLinkedDocument(
      h.fetchLink,
      'https://s.example/d',
      undefined,
      FAST,
    ).catch((e: unknown) => e)
    expect(isApiError(error) && error.status).toBe(502)
    expect(h.calls()).toBe(4)
  })

  it('does not try a refusal again: an expired signed link stays expired', async () => {
    const h = host([() => new Response('expired', { status: 403 })])
    const error: unknown = await fetchLinkedDocument(
      h.fetchLink,
      'https://s.example/d',
      undefined,
      FAST,
    ).catch((e: unknown) => e)
    expect(isApiError(error) && error.status).toBe(403)
    expect(h.calls()).toBe(1)
  })
})
