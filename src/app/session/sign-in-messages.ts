import { isApiError } from '../../api/errors'

/** What a failed sign-in tells the analyst: wrong credentials, an unreachable server and an outage differ. */
export function signInMessage(e: unknown, regionLabel: string): { title: string; text: string } {
  if (!isApiError(e)) {
    return { title: 'Sign-in failed', text: 'Something unexpected happened. Reload the page and try again.' }
  }
  if (e.code === 'invalid_grant' || (e.kind === 'unauthenticated' && !e.code)) {
    return {
      title: 'Wrong e-mail or password',
      text: 'Check both and try again. Passwords are case-sensitive.',
    }
  }
  if (e.code === 'invalid_client' || e.code === 'unauthorized_client') {
    return {
      title: 'This console is not set up for this token server',
      text: `The ${regionLabel} token server refused the console’s client id. Tell your administrator (config.json, clientId); the connection check below says more.`,
    }
  }
  if (e.kind === 'network') {
    return {
      title: `The ${regionLabel} token server cannot be reached`,
      text: 'Check your connection, or whether you picked the right region, then try again. The connection check below says what it found.',
    }
  }
  if (e.status >= 500) {
    return {
      title: `The ${regionLabel} token server is failing`,
      text: `It answered HTTP ${e.status}. This is usually brief: try again in a moment.`,
    }
  }
  return { title: 'Sign-in refused', text: e.title }
}

/**
 * A failure the connection check can explain (nothing answered, CORS, an unknown client id, no token endpoint,
 * an outage), as opposed to wrong credentials: the sign-in page then runs the check for that region.
 */
export function isConnectionProblem(e: unknown): boolean {
  if (!isApiError(e)) return false
  if (e.code === 'invalid_grant') return false
  return (
    e.kind === 'network' ||
    e.code === 'invalid_client' ||
    e.code === 'unauthorized_client' ||
    e.status === 404 ||
    e.status === 405 ||
    e.status >= 500
  )
}
