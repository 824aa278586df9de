import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { changeViewSearch, readChangeView, type ChangeView } from './url-state'

/**
 * The change review's view read from the URL (the pair, what is shown, of what, the threshold), and going
 * to another. A change replaces the history entry: Back leaves the review rather than undoing a threshold.
 */
export function useChangeReviewView(): [ChangeView, (view: ChangeView) => void] {
  const [params, setParams] = useSearchParams()
  const text = params.toString()
  const view = useMemo(() => readChangeView(new URLSearchParams(text)), [text])
  const setView = useCallback(
    (v: ChangeView) => setParams(changeViewSearch(v), { replace: true }),
    [setParams],
  )
  return [view, setView]
}
