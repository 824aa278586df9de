import { Anchor, Button, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { Section } from '../../../components/page-section'
import { TimeAxis } from '../../../components/time-axis/time-axis'
import { paths } from '../../../config/paths'
import { formatCredits, formatUtc } from '../../../lib/format'
import { optionTitle } from '../../../lib/tasking-option'
import { optionBarId, optionName, optionOfBar } from '../options'
import type { StudyDecision } from '../use-study-decision'
import { formatDays, windowDays } from '../words'
import { ConfirmButtons } from './decision-form'

/** The parts of the study page, over `useStudyDecision`. */

/** The option chosen, and where its quotation will arrive. */
export function StudyOutcome({ s }: { s: StudyDecision }) {
  const { study, options, chosen } = s
  return (
    <Stack gap={4}>
      {chosen !== null && <Text size="sm">{optionTitle(chosen, options[chosen]?.description)}</Text>}
      {chosen === null && study.decisionOption && <Text size="sm">{study.decisionOption.description}</Text>}
      <Text size="sm">
        The provider quotes the chosen option; the quotation arrives in{' '}
        <Anchor component={Link} to={paths.decisions(`order=${encodeURIComponent(study.orderId)}`)}>
          this order’s decisions
        </Anchor>
        , usually within the hour.
      </Text>
    </Stack>
  )
}

/** The requested window and each option's on one time axis; picking one lights it in the table and map. */
export function StudyWindows({ s }: { s: StudyDecision }) {
  const ids = useId()
  const { axis, now, hovered, selected } = s
  if (!axis) return null
  return (
    <Section id={`${ids}-windows`} title="Acquisition windows">
      <Text size="sm">
        The requested window, then each option’s window, on one UTC time line
        {now >= axis.from && now <= axis.to ? '; the dashed line marks now' : ''}. Select an option’s window
        to mark it in the table and on the map.
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
        onHover={(barId) => s.setHovered(optionOfBar(barId))}
        onSelect={(barId) => s.select(optionOfBar(barId))}
      />
    </Section>
  )
}

/** The confirmation's body: the option, its window and estimate, that choosing is final, then the buttons. */
export function StudyConfirmBody({ s }: { s: StudyDecision }) {
  const { pending, form } = s
  const sending = s.decision.sending
  if (!pending || form.confirming === null) return null
  const name = optionName(form.confirming).toLowerCase()
  return (
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
      <ConfirmButtons keep="Keep looking" onKeep={() => form.setConfirming(null)} sending={sending}>
        <Button loading={sending} onClick={s.confirm}>
          Choose {name}
        </Button>
      </ConfirmButtons>
    </Stack>
  )
}
