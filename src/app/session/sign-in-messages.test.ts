import { describe, expect, it } from 'vitest'
import { ApiError, networkError, parseErrorBody } from '../../api/errors'
import { isConnectionProblem, signInMessage } from './sign-in-messages'

describe('sign-in messages', () => {
  it('each failure gets its own message', () => {
    const wrong = new ApiError(parseErrorBody(401, { error: 'invalid_grant', error_description: 'x' }))
    const client = new ApiError(parseErrorBody(401, { error: 'invalid_client' }))
    const down = new ApiError(parseErrorBody(503, 'busy'))
    const titles = [wrong, client, networkError(new TypeError('fetch failed')), down].map(
      (e) => signInMessage(e, 'Europe').title,
    )
    expect(titles).toEqual([
      'Wrong e-mail or password',
      'This console is not set up for this token server',
      'The Europe token server cannot be reached',
      'The Europe token server is failing',
    ])
    expect(new Set(titles).size).toBe(4)
    expect(signInMessage(down, 'Europe').text).toContain('503')
  })

  it('sends connection failures to the connection check, never wrong credentials', () => {
    const failures = {
      wrong: new ApiError(parseErrorBody(401, { error: 'invalid_grant' })),
      client: new ApiError(parseErrorBody(401, { error: 'invalid_client' })),
      notAllowed: new ApiError(parseErrorBody(400, { error: 'unauthorized_client' })),
      unreachable: networkError(new TypeError('Failed to fetch')),
      noEndpoint: new ApiError(parseErrorBody(404, '<html>')),
      down: new ApiError(parseErrorBody(502, 'bad gateway')),
      unexpected: new Error('boom'),
    }
    expect(Object.fromEntries(Object.entries(failures).map(([k, e]) => [k, isConnectionProblem(e)]))).toEqual(
      {
        wrong: false,
        client: true,
        notAllowed: true,
        unreachable: true,
        noEndpoint: true,
        down: true,
        unexpected: false,
      },
    )
  })
})
