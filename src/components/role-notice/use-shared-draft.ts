import { useEffect, useRef, useState } from 'react'
import { SHARE_PARAM, type SharedRead } from '../../lib/share-link'

/** What a link did: applied (with what it carried, so the page can say where the draft came from) or not. */
export type SharedOutcome<T = unknown> =
  { kind: 'applied'; value: T } | { kind: 'refused'; reason: string } | null

/**
 * Takes a shared draft (`?shared=`, as the page's view hook read it: `text`) once, hands it to `apply` (which
 * may refuse it with a reason, e.g. while a placement of the reader's own is unsettled), then has the page
 * take it out of the URL (`leave`, a stable callback) so a reload does not apply it again. A link that cannot
 * be read changes nothing: the reader's own draft stays as it was. The URL is the page's: this hook reads
 * and writes none of it.
 */
export function useSharedDraft<T>(
  text: string | null,
  leave: (param: typeof SHARE_PARAM) => void,
  decode: (text: string) => SharedRead<T>,
  apply: (value: T) => string | null,
): SharedOutcome<T> {
  const [outcome, setOutcome] = useState<SharedOutcome<T>>(null)
  // Effects run twice on mount in development (StrictMode): one link, applied once.
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (text === null || handled.current === text) return
    handled.current = text
    const read = decode(text)
    const refused = read.ok ? apply(read.value) : read.reason
    setOutcome(
      read.ok && refused === null
        ? { kind: 'applied', value: read.value }
        : { kind: 'refused', reason: refused ?? '' },
    )
    leave(SHARE_PARAM)
  }, [text, leave, decode, apply])
  return outcome
}
