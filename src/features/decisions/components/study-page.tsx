import './mantine-styles'
import { Alert, Anchor, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { TimeAxis } from '../../../components/time-axis/time-axis'
import { formatUtc } from '../../../lib/format'
import { paths } from '../../../config/paths'
import { formatCredits } from '../../../lib/format'
import { explainStudyError } from '../../../data/decisions/decision-errors'
import { orderAreaOf, orderWindowOf } from '../map-layers'
import { chosenIndex, optionAxis, optionBarId, optionName, optionOfBar, windowEnded } from '../options'
import { optionTitle } from '../../../lib/tasking-option'
import { studyOptions, type FeasibilityStudy } from '../../../data/decisions/queries'
import { orderOptions } from '../../../data/orders/queries'
import {
  decisionSentence,
  DIFFICULTY_TEXT,
  formatDays,
  paramTypeText,
  whyCannotChooseOptions,
  windowDays,
} from '../words'
import { DecisionBadge } from './decision-badge'
import { OptionComparison } from './option-comparison'
import { DetailLoading } from '../../../components/detail-states'
import { Section } from '../../../components/page-section'
import {
  BackToInbox,
  DecisionChecking,
  DecisionFailure,
  DecisionProblem,
  OrderFacts,
  OrderProblem,
} from './page-parts'
import { useDecision } from '../use-decision'
import classes from './tasking.module.css'

const DecisionMap = lazy(async () => ({ default: (await import('./decision-map')).DecisionMap }))

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
  const client = useApiClient()
  const qc = useQueryClient()
  const user = useSession().user
  // The decision page shows what it has without the order; its failure is said beside it.
  const order = useQuery({ ...orderOptions(client, study.orderId), throwOnError: false })
  const decision = useDecision('study', study.id, {
    explain: explainStudyError,
    // Only the study's options changed: read it again to offer the ones it has now.
    onRefused: (p) => {
      if (p.kind === 'option')
        void qc.invalidateQueries({ queryKey: studyOptions(client, study.id).queryKey })
    },
    onGone,
    decided: study.decision !== 'NOT_DECIDED',
  })
  const { decidedHere, checking, problem } = decision
  const [hovered, setHovered] = useState<number | null>(null)
  // The option picked on the time axis (Enter, Space or a click): it stays lit in the table and on the map
  // after the pointer or the focus moves on, until it is picked again or another one is.
  const [selected, setSelected] = useState<number | null>(null)
  const [confirming, setConfirming] = useState<number | null>(null)
  const notice = useRef<HTMLDivElement>(null)
  // The console's clock, as everywhere else (the licence banner, the tasking form): when the page opened.
  const [now] = useState(() => Date.now())

  const options = useMemo(() => study.options ?? [], [study.options])
  const chosen = chosenIndex(study)
  const decided = study.decision !== 'NOT_DECIDED'
  const perms = permissionsOf(user)
  const why = perms.decideStudies ? null : whyCannotChooseOptions(user?.role)
  // Nothing is offered while a choice sent from this tab is out or kept (not known yet, a reload's attempt
  // not yet checked, an answer not yet shown); while this page sends, the buttons stay, disabled.
  const mayChoose = !decided && perms.decideStudies && (decision.offerable || decision.sending)
  // What the table and the map light up: the option under the pointer or focus, else the one picked.
  const lit = hovered ?? selected
  const requested = useMemo(() => orderWindowOf(order.data), [order.data])
  const axis = useMemo(() => optionAxis(options, requested), [options, requested])
  const aoi = useMemo(() => orderAreaOf(order.data), [order.data])

  useEffect(() => {
    if (decidedHere && decided) notice.current?.focus()
  }, [decidedHere, decided])
  // An outcome not known yet closes the confirmation: the page says what is being checked.
  const [wasChecking, setWasChecking] = useState(false)
  if (!!checking !== wasChecking) {
    setWasChecking(!!checking)
    if (checking) setConfirming(null)
  }

  function confirm() {
    const option = confirming === null ? undefined : options[confirming]
    if (!option || windowEnded(option, now)) return
    void decision
      .decide({ item: 'study', itemId: study.id, optionId: option.id })
      .then(() => setConfirming(null))
  }

  const pending = confirming === null ? undefined : options[confirming]
  const sentence = decisionSentence('study', study, user?.id)

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackToInbox />
        <Group gap="sm" align="center">
          <Title order={1}>Feasibility study</Title>
          <DecisionBadge kind="study" decision={study.decision} size="lg" />
        </Group>
        {order.data && <Text>For the tasking order “{order.data.displayName}”.</Text>}
      </Stack>

      {checking && !decided && (
        <DecisionChecking item="study" pending={checking} onCheckAgain={decision.checkAgain} />
      )}

      {problem && <DecisionProblem problem={problem} onTryAgain={decision.retry} busy={decision.sending} />}

      {decided && (
        <Alert
          color="teal"
          title={sentence ?? 'Decided'}
          ref={notice}
          tabIndex={-1}
          role="status"
          aria-live="polite"
        >
          <Stack gap={4}>
            {chosen !== null && <Text size="sm">{optionTitle(chosen, options[chosen]?.description)}</Text>}
            {chosen === null && study.decisionOption && (
              <Text size="sm">{study.decisionOption.description}</Text>
            )}
            <Text size="sm">
              The provider quotes the chosen option; the quotation arrives in{' '}
              <Anchor component={Link} to={paths.decisions(`order=${encodeURIComponent(study.orderId)}`)}>
                this order’s decisions
              </Anchor>
              , usually within the hour.
            </Text>
          </Stack>
        </Alert>
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
          {order.isPending ? (
            <Skeleton height={340} role="status" aria-label="Loading the map" />
          ) : (
            <Suspense fallback={<Skeleton height={340} role="status" aria-label="Loading the map" />}>
              <DecisionMap
                aoi={aoi}
                options={options}
                hovered={lit}
                chosen={chosen}
                onHover={setHovered}
                label="Map of the order's area (dashed) and the options' footprints"
              />
            </Suspense>
          )}
        </Section>
      </div>

      <Section id={`${ids}-options`} title="Options side by side">
        {why && !decided && <Text size="sm">{why}</Text>}
        {options.length === 0 ? (
          <Text size="sm">The study proposes no options.</Text>
        ) : (
          <OptionComparison
            options={options}
            hovered={lit}
            chosen={chosen}
            onHover={setHovered}
            onChoose={mayChoose ? setConfirming : undefined}
            busy={decision.sending}
            now={now}
          />
        )}
      </Section>

      {axis && (
        <Section id={`${ids}-windows`} title="Acquisition windows">
          <Text size="sm">
            The requested window, then each option’s window, on one UTC time line
            {now >= axis.from && now <= axis.to ? '; the dashed line marks now' : ''}. Select an option’s
            window to mark it in the table and on the map.
          </Text>
          <TimeAxis
            items={axis.items}
            lanes={axis.lanes}
            from={axis.from}
            to={axis.to}
            label="Acquisition windows of the options against the requested window"
            now={now}
            hoveredId={hovered === null ? null : optionBarId(hovered)}
            selectedId={selected === null ? null : optionBarId(selected)}
            onHover={(barId) => setHovered(optionOfBar(barId))}
            // Selecting the picked bar again unpicks it; the requested window is no option and unpicks too.
            onSelect={(barId) => {
              const option = optionOfBar(barId)
              setSelected((current) => (option === current ? null : option))
            }}
          />
        </Section>
      )}

      <Modal
        opened={pending !== undefined}
        onClose={() => {
          if (!decision.sending) setConfirming(null)
        }}
        title={
          confirming === null ? 'Choose this option?' : `Choose ${optionName(confirming).toLowerCase()}?`
        }
        closeButtonProps={{ 'aria-label': 'Close' }}
        // After a choice the buttons are gone: the page moves focus to the decision itself.
        returnFocus={!decidedHere && !checking}
        centered
      >
        {pending && confirming !== null && (
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {pending.description}
            </Text>
            <Text size="sm">
              Window: {pending.acquisitionStart ? formatUtc(pending.acquisitionStart) : '—'} –{' '}
              {pending.acquisitionEnd ? formatUtc(pending.acquisitionEnd) : '—'} (
              {formatDays(windowDays(pending.acquisitionStart, pending.acquisitionEnd))})
              {pending.estimatedCredits !== undefined &&
                `; estimated ${formatCredits(pending.estimatedCredits)} credits`}
              .
            </Text>
            <Text size="sm">
              Choosing is final: the provider will quote this option; the other options are dropped.
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => setConfirming(null)}
                disabled={decision.sending}
                data-autofocus
              >
                Keep looking
              </Button>
              <Button loading={decision.sending} onClick={confirm}>
                Choose {optionName(confirming).toLowerCase()}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
