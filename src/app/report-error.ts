import { isApiError } from '../api/errors'

/**
 * Errors caught by an error boundary. A service error (ApiError) is already shown to the analyst with what
 * to do, so it is not logged again; anything else is a bug and goes to the console.
 */
export function reportCaughtError(error: unknown, info?: { componentStack?: string | null }): void {
  if (isApiError(error)) return
  console.error(error, info?.componentStack ?? '')
}
