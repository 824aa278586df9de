import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { readTimelapse, withTimelapseChange, type TimelapseChange, type TimelapseState } from './url-state'

/**
 * The time-lapse's view read from the URL (its subject, filters, frames and picture's view), and changing
 * it. A change replaces the history entry: Back leaves the time-lapse rather than undoing a slider's step.
 */
export function useTimelapseView(): [TimelapseState, (change: TimelapseChange) => void] {
  const [params, setParams] = useSearchParams()
  const text = params.toString()
  const state = useMemo(() => readTimelapse(new URLSearchParams(text)), [text])
  const update = useCallback(
    (change: TimelapseChange) => {
      const next = withTimelapseChange(state, change)
      if (next) setParams(next, { replace: true })
    },
    [state, setParams],
  )
  return [state, update]
}
