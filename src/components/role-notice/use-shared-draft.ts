import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { SHARE_PARAM, type SharedRead } from '../../lib/share-link'

/** What a link did: applied (with what it carried, so the page can say where the draft came from) or not. */
export type SharedOutcome<T = unknown> =
  { kind: 'applied'; value: T } | { kind: 'refused'; reason: string } | null

/**
 * Reads a shared draft from `?shared=` once, hands it to `apply` (which may refuse it with a reason, e.g.
 * while a placement of the reader's own is unsettled), then leaves the URL so a reload does not apply it
 * again. A link that cannot be read changes nothing: the reader's own draft stays as it was.
 */
export function useSharedDraft<T>(
  decode: (text: string) => SharedRead<T>,
  apply: (value: T) => string | null,
): SharedOutcome<T> {
  const [params, setParams] = useSearchParams()
  const text = params.get(SHARE_PARAM)
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
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        next.delete(SHARE_PARAM)
        return next
      },
      { replace: true },
    )
  }, [text, decode, apply, setParams])
  return outcome
}
