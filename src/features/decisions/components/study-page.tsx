import './mantine-styles'
import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useParams } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { formatUtc } from '../../../lib/format'
import { optionName } from '../options'
import { studyOptions, type FeasibilityStudy } from '../../../data/decisions/queries'
import { DIFFICULTY_TEXT, paramTypeText } from '../words'
import { OptionComparison } from './option-comparison'
import { DetailLoading } from '../../../components/detail-states'
import { Section } from '../../../components/page-section'
import { useStudyDecision } from '../use-study-decision'
import { ConfirmDecision, DecidedNotice, DecisionHeader, LazyDecisionMap } from './decision-form'
import { DecisionChecking, DecisionFailure, DecisionProblem, OrderFacts, OrderProblem } from './page-parts'
import { StudyConfirmBody, StudyOutcome, StudyWindows } from './study-parts'
import classes from './tasking.module.css'

/** One feasibility study: the request, its options side by side (table, map, time axis), and the choice. */
export function StudyPage() {
  const { id = '' } = useParams()
  const client = useApiClient()
  const q = useQuery({ ...studyOptions(client, id), throwOnError: false })
  const study = q.data
  // A choice refused with 404: the study went away while the page was open.
  const [gone, setGone] = useState(false)
  if (study === null || gone || (q.error && !study))
    return (
      <DecisionFailure
        what="feasibility study"
        id={id}
        missing={study === null || gone}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    )
  if (!study) return <DetailLoading label="Loading the feasibility study" body={400} />
  return <StudyView study={study} onGone={() => setGone(true)} />
}

function StudyView({ study, onGone }: { study: FeasibilityStudy; onGone: () => void }) {
  const ids = useId()
  const s = useStudyDecision(study, onGone)
  const { decision, form, order, decided, options, lit, chosen } = s
  const { checking, problem } = decision
  const { confirming } = form

  return (
    <Stack gap="lg">
      <DecisionHeader title="Feasibility study" kind="study" decision={study.decision} order={order.data} />

      {checking && !decided && (
        <DecisionChecking item="study" pending={checking} onCheckAgain={decision.checkAgain} />
      )}

      {problem && <DecisionProblem problem={problem} onTryAgain={decision.retry} busy={decision.sending} />}

      {decided && (
        <DecidedNotice color="teal" title={s.sentence} focus={decision.decidedHere}>
          <StudyOutcome s={s} />
        </DecidedNotice>
      )}

      <div className={classes.pageGrid}>
        <Section id={`${ids}-request`} title="The request">
          <OrderFacts
            orderId={study.orderId}
            order={order.data}
            more={[
              ['Difficulty', DIFFICULTY_TEXT[study.difficulty]],
              ['Parameters', paramTypeText(study.paramType)],
              ...(study.comment ? ([['Comment', study.comment]] as [string, string][]) : []),
              ['Study received', formatUtc(study.createdAt)],
            ]}
          />
          <OrderProblem query={order} />
        </Section>
        <Section id={`${ids}-map`} title="Area and footprints">
          <LazyDecisionMap
            orderPending={order.isPending}
            aoi={s.aoi}
            options={options}
            hovered={lit}
            chosen={chosen}
            onHover={s.setHovered}
            label="Map of the order's area (dashed) and the options' footprints"
          />
        </Section>
      </div>

      <Section id={`${ids}-options`} title="Options side by side">
        {s.why && !decided && <Text size="sm">{s.why}</Text>}
        {options.length === 0 ? (
          <Text size="sm">The study proposes no options.</Text>
        ) : (
          <OptionComparison
            options={options}
            hovered={lit}
            chosen={chosen}
            onHover={s.setHovered}
            onChoose={s.mayChoose ? form.setConfirming : undefined}
            busy={decision.sending}
            now={s.now}
          />
        )}
      </Section>

      <StudyWindows s={s} />

      <ConfirmDecision
        opened={s.pending !== undefined}
        title={
          confirming === null ? 'Choose this option?' : `Choose ${optionName(confirming).toLowerCase()}?`
        }
        sending={decision.sending}
        returnFocus={form.returnFocus}
        onClose={() => form.setConfirming(null)}
      >
        <StudyConfirmBody s={s} />
      </ConfirmDecision>
    </Stack>
  )
}
