import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { SHARE_PARAM, type SharedRead } from '../../lib/share-link'

export type SharedOutcome = { kind: 'applied' } | { kind: 'refused'; reason: string } | null

/**
 * Reads a shared draft from `?shared=` once, hands it to `apply` (which may refuse it with a reason, e.g.
 * while a placement of the reader's own is unsettled), then leaves the URL so a reload does not apply it
 * again. A link that cannot be read changes nothing: the reader's own draft stays as it was.
 */
export function useSharedDraft<T>(
  decode: (text: string) => SharedRead<T>,
  apply: (value: T) => string | null,
): SharedOutcome {
  const [params, setParams] = useSearchParams()
  const text = params.get(SHARE_PARAM)
  const [outcome, setOutcome] = useState<SharedOutcome>(null)
  // Effects run twice on mount in development (StrictMode): one link, applied once.
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (text === null || handled.current === text) return
    handled.current = text
    const read = decode(text)
    const refused = read.ok ? apply(read.value) : read.reason
    setOutcome(refused === null ? { kind: 'applied' } : { kind: 'refused', reason: refused })
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
