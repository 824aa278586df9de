import { useState } from 'react'

/**
 * What both decision pages do around their confirmation, over `useDecision`'s state: the confirmation
 * (`T`, what is being confirmed) closes once an outcome is not known yet, as the page then says what is being
 * checked. (Focus moves to the decided notice when the decision was taken here: `DecidedNotice`.)
 */
export function useDecisionForm<T>(decision: { decidedHere: boolean; checking: unknown }) {
  const [confirming, setConfirming] = useState<T | null>(null)
  const checking = !!decision.checking
  const [wasChecking, setWasChecking] = useState(false)
  if (checking !== wasChecking) {
    setWasChecking(checking)
    if (checking) setConfirming(null)
  }

  return {
    confirming,
    setConfirming,
    /** After a decision the buttons are gone: the page moves focus to the decision, not back to them. */
    returnFocus: !decision.decidedHere && !checking,
  }
}
