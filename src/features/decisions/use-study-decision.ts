import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { explainStudyError } from '../../data/decisions/decision-errors'
import { studyOptions, type FeasibilityStudy } from '../../data/decisions/queries'
import { orderOptions } from '../../data/orders/queries'
import { orderAreaOf, orderWindowOf } from './map-layers'
import { chosenIndex, optionAxis, windowEnded } from './options'
import { useDecision } from './use-decision'
import { useDecisionForm } from './use-decision-form'
import { decisionSentence, whyCannotChooseOptions } from './words'

/**
 * The study page's state and rules: the order it is about, its options lit by the pointer, the focus or a
 * pick on the time axis, and choosing one through `useDecision`.
 */
export function useStudyDecision(study: FeasibilityStudy, onGone: () => void) {
  const client = useApiClient()
  const qc = useQueryClient()
  const user = useSession().user
  // The decision page shows what it has without the order; its failure is said beside it.
  const order = useQuery({ ...orderOptions(client, study.orderId), throwOnError: false })
  const decided = study.decision !== 'NOT_DECIDED'
  const decision = useDecision('study', study.id, {
    explain: explainStudyError,
    // Only the study's options changed: read it again to offer the ones it has now.
    onRefused: (p) => {
      if (p.kind === 'option')
        void qc.invalidateQueries({ queryKey: studyOptions(client, study.id).queryKey })
    },
    onGone,
    decided,
  })
  // The option being confirmed, by its index.
  const form = useDecisionForm<number>(decision)
  const [hovered, setHovered] = useState<number | null>(null)
  // The option picked on the time axis (Enter, Space or a click): it stays lit in the table and on the map
  // after the pointer or the focus moves on, until it is picked again or another one is.
  const [selected, setSelected] = useState<number | null>(null)
  // The console's clock, as everywhere else (the licence banner, the tasking form): when the page opened.
  const [now] = useState(() => Date.now())

  const options = useMemo(() => study.options ?? [], [study.options])
  const perms = permissionsOf(user)
  const requested = useMemo(() => orderWindowOf(order.data), [order.data])
  const axis = useMemo(() => optionAxis(options, requested), [options, requested])
  const aoi = useMemo(() => orderAreaOf(order.data), [order.data])
  const { confirming } = form

  function confirm() {
    const option = confirming === null ? undefined : options[confirming]
    if (!option || windowEnded(option, now)) return
    void decision
      .decide({ item: 'study', itemId: study.id, optionId: option.id })
      .then(() => form.setConfirming(null))
  }

  return {
    study,
    order,
    decision,
    form,
    decided,
    now,
    options,
    chosen: chosenIndex(study),
    axis,
    aoi,
    why: perms.decideStudies ? null : whyCannotChooseOptions(user?.role),
    // Nothing is offered while a choice sent from this tab is out or kept (not known yet, a reload's attempt
    // not yet checked, an answer not yet shown); while this page sends, the buttons stay, disabled.
    mayChoose: !decided && perms.decideStudies && (decision.offerable || decision.sending),
    hovered,
    setHovered,
    selected,
    // Selecting the picked option again unpicks it; null (the requested window, no option) unpicks too.
    select: (option: number | null) => setSelected((current) => (option === current ? null : option)),
    // What the table and the map light up: the option under the pointer or focus, else the one picked.
    lit: hovered ?? selected,
    /** The option being confirmed. */
    pending: confirming === null ? undefined : options[confirming],
    confirm,
    sentence: decisionSentence('study', study, user?.id),
  }
}

export type StudyDecision = ReturnType<typeof useStudyDecision>
