import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useApiClient, useSession } from '../../api/console-context'
import { isHeld, useHeld } from '../../data/create-once'
import {
  decideOnce,
  decisionKey,
  readItem,
  requestOf,
  resumeDecision,
  type DecidedItem,
  type DecisionFound,
  type DecisionAttempt,
  type DecisionRequest,
  type DecisionTarget,
} from '../../data/decisions/decide-once'
import {
  explainDecidedFirst,
  explainNotDecided,
  type DecisionItemKind,
  type ExplainedError,
} from '../../data/decisions/decision-errors'
import { decisionKeys } from '../../data/decisions/keys'
import { refreshAfterDecision } from '../../data/decisions/queries'
import type { Settled } from '../../data/create-once'
import { isDecisionPending, useDecisionStore, type DecisionState } from './decision-store'

const store = () => useDecisionStore.getState()

/**
 * Deciding one study or quotation through the decision guard (`data/decisions/decide-once.ts`, decision 16):
 * one request however often it is clicked; an outcome that cannot be known yet (a lost answer, a 5xx, a
 * reload while the decision was out) is "not known yet — checking" until the item shows a decision or
 * nothing more can come, and the decision is not offered meanwhile. What the page says afterwards is kept
 * with the attempt (`decision-store.ts`), so a reload or another visit says the same.
 */
export function useDecision(
  item: DecisionItemKind,
  itemId: string,
  opts: {
    /** A definite refusal (4xx) in plain words. */
    explain: (error: unknown) => ExplainedError
    /** What the page does about a refusal besides saying it (read the budgets or the study again). */
    onRefused?: (problem: ExplainedError) => void
    /** The item is not in this account any more. */
    onGone: () => void
    /** Whether the page shows the item decided: what was kept of a decision is let go only then. */
    decided: boolean
  },
) {
  const client = useApiClient()
  const qc = useQueryClient()
  const me = useSession().user?.id
  const key = decisionKey(item, itemId)
  const state: DecisionState | undefined = useDecisionStore((s) => s.items[key])
  // A request or a check of this item is out in this tab (this page or an earlier instance of it).
  const busy = useHeld(key)
  const [decidedHere, setDecidedHere] = useState(false)
  // The page's callbacks as of its last render, for outcomes that arrive later.
  const latest = useRef(opts)
  useEffect(() => {
    latest.current = opts
  })

  const target: DecisionTarget = { keep: (pending) => store().set(key, pending) }

  /** The item as the service has it: shown, and everything a decision moves is read again. */
  function learnt(found: DecidedItem | null, how: 'answered' | 'found' | 'refused') {
    if (!found) {
      store().clear(key)
      latest.current.onGone()
      return
    }
    qc.setQueryData(item === 'quotation' ? decisionKeys.quotation(itemId) : decisionKeys.study(itemId), found)
    void refreshAfterDecision(qc)
    const mine = !!me && found.decisionById?.toLowerCase() === me.toLowerCase()
    // The attempt stays kept until the page shows the item decided (below): the page renders the cache's
    // news a moment after this, and must not offer the decision in between.
    if (how === 'answered' || (how === 'found' && mine)) {
      setDecidedHere(true)
      return
    }
    store().set(key, { kind: 'problem', problem: explainDecidedFirst(item, mine), decided: true })
  }

  function settle(result: Settled<DecisionAttempt, DecisionFound> | null, error?: unknown) {
    if (!result) return
    switch (result.kind) {
      case 'found':
        learnt(result.found.item, 'found')
        return
      case 'not-created':
        store().set(key, {
          kind: 'problem',
          problem: explainNotDecided(error),
          retry: requestOf(result.attempt),
        })
        return
      // Kept by the guard as "not known yet" with "Check again"; or the owner left: theirs, for their return.
      case 'unknown':
      case 'left':
        return
    }
  }

  // A decision a reload (or leaving the page) cut short: its answer is lost, so look at the item.
  useEffect(() => {
    const kept = store().items[key]
    if (isDecisionPending(kept) && !isHeld(key))
      void resumeDecision(client, target, kept.attempt).then((r) => settle(r))
    // What the page said after a settled decision is for this visit: the next one starts from the item.
    return () => {
      if (store().items[key]?.kind === 'problem') store().clear(key)
    }
    // Once per page and item: a resumed check runs to its end under the guard's lock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key])

  // The item shows a decision and nothing of it is out: what was kept of the attempt is done with.
  useEffect(() => {
    if (opts.decided && !isHeld(key) && isDecisionPending(state)) store().clear(key)
  }, [opts.decided, busy, state, key])

  async function decide(request: DecisionRequest): Promise<void> {
    if (isHeld(key) || isDecisionPending(store().items[key])) return
    const result = await decideOnce(client, target, request)
    switch (result.kind) {
      case 'busy':
        return
      case 'answered':
        learnt(result.response, 'answered')
        return
      case 'not-sent':
      case 'refused': {
        const problem = latest.current.explain(result.error)
        if (problem.kind === 'not-found') {
          store().clear(key)
          latest.current.onGone()
          return
        }
        if (problem.kind === 'decided') {
          // Who decided first is read, so that this user's own earlier decision is never "someone's".
          try {
            learnt(await readItem(client, request), 'refused')
          } catch {
            store().set(key, { kind: 'problem', problem })
            void refreshAfterDecision(qc)
          }
          return
        }
        store().set(key, { kind: 'problem', problem })
        latest.current.onRefused?.(problem)
        return
      }
      default:
        settle(result, result.error)
    }
  }

  /** "Check again" once checking stopped without reading the item. */
  function checkAgain() {
    const kept = store().items[key]
    if (isDecisionPending(kept)) void resumeDecision(client, target, kept.attempt).then((r) => settle(r))
  }

  const pending = isDecisionPending(state) ? state : null
  const again = state?.kind === 'problem' ? state.retry : undefined
  return {
    decide,
    checkAgain,
    /** Sends again a decision that is known to have decided nothing ("Try again"). */
    retry: again ? () => void decide(again) : undefined,
    /** Sent from this page and not answered yet: the confirmation's button spins, the others wait. */
    sending: busy && pending?.kind === 'placing',
    /** The outcome is not known yet: being checked (or "Check again"). */
    checking: pending?.kind === 'unknown' ? pending : null,
    /**
     * Whether the decision may be offered: nothing of it is out or kept (a reload's attempt not yet resumed,
     * an answer not yet shown), and the item was not read decided.
     */
    offerable: !busy && (!state || (state.kind === 'problem' && !state.decided)),
    problem: state?.kind === 'problem' ? state.problem : null,
    /** The decision was taken here and its answer (or the item read after) says so: focus moves to it. */
    decidedHere,
  }
}
