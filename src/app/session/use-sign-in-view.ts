import { useSearchParams } from 'react-router'
import { paths } from '../../config/paths'
import { safeNext } from '../../lib/safe-next'

/**
 * Where the sign-in page goes once signed in: `?next=` (`paths.signIn` writes it), read by `safeNext`, the
 * reader of that parameter, so only a page of the console is ever reached; home otherwise.
 */
export function useSignInView(): { next: string } {
  const [params] = useSearchParams()
  return { next: safeNext(params.get('next'), paths.home()) }
}
