import '@mantine/core/styles/Skeleton.css'
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useSession } from '../../../api/console-context'
import { Facts } from '../../../components/facts/facts'
import { paths } from '../../../config/paths'
import type { FeasibilityStudy, Quotation } from '../../../data/decisions/queries'
import type { OrderSubStatus } from '../../../data/orders/status'
import { formatCredits, formatUtc } from '../../../lib/format'
import { formatWindow, optionTitle, paramTypeText } from '../../../lib/tasking-option'
import { decisionWho } from '../words'

/**
 * What was decided on a tasking order: the feasibility study's chosen option (its window, price estimate and
 * parameters, who chose it and when) and the quotation (price, decision, who and when), each linked to its
 * page. Before an item exists, says whether it is still to come or was not needed.
 */
export function TaskingDecisions({
  sub,
  study,
  quotation,
}: {
  sub: OrderSubStatus
  study: UseQueryResult<FeasibilityStudy | null>
  quotation: UseQueryResult<Quotation | null>
}) {
  const me = useSession().user?.id
  const atStudy = sub === 'FEASIBILITY_WAITING_UPLOAD' || sub === 'FEASIBILITY_WAITING_RESPONSE'
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={3} size="h5">
          Feasibility study
        </Title>
        <Item
          query={study}
          what="the feasibility study"
          none={
            atStudy
              ? 'The provider has not sent the study yet.'
              : 'No study: this order went straight to its quotation.'
          }
        >
          {(s) => <StudyFacts study={s} me={me} />}
        </Item>
      </Stack>
      {!atStudy && (
        <Stack gap={6}>
          <Title order={3} size="h5">
            Quotation
          </Title>
          <Item query={quotation} what="the quotation" none="The provider has not sent the quotation yet.">
            {(q) => <QuotationFacts quotation={q} me={me} />}
          </Item>
        </Stack>
      )}
    </Stack>
  )
}

/** One item's answer: a skeleton while it loads, a failure with Retry, "none" words, or the item. */
function Item<T>({
  query,
  what,
  none,
  children,
}: {
  query: UseQueryResult<T | null>
  what: string
  none: string
  children: (item: T) => ReactNode
}) {
  if (query.isPending) return <Skeleton height={60} role="status" aria-label={`Loading ${what}`} />
  if (query.isError)
    return (
      <Alert color="red" title={`The order’s ${what.replace(/^the /, '')} could not be loaded`} role="alert">
        <Group gap="sm">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    )
  if (query.data === null) return <Text size="sm">{none}</Text>
  return <>{children(query.data)}</>
}

function StudyFacts({ study, me }: { study: FeasibilityStudy; me?: string }) {
  const options = study.options ?? []
  const chosenAt = study.decisionOption ? options.findIndex((o) => o.id === study.decisionOption?.id) : -1
  const chosen = study.decisionOption ?? null
  const rows: [string, ReactNode][] = []
  if (study.decision === 'NOT_DECIDED') {
    rows.push([
      'Decision',
      `Not decided: ${options.length} option${options.length === 1 ? '' : 's'} to choose from`,
    ])
  } else if (study.decision === 'REJECTED') {
    rows.push(['Decision', `Rejected by ${decisionWho(study, me)} on ${formatUtc(study.decisionAt)}`])
  } else {
    rows.push([
      'Chosen option',
      !chosen
        ? 'The service did not say which option'
        : chosenAt < 0
          ? chosen.description
          : optionTitle(chosenAt, chosen.description),
    ])
    if (chosen) {
      rows.push(['Window', formatWindow(chosen.acquisitionStart, chosen.acquisitionEnd)])
      if (chosen.estimatedCredits !== undefined)
        rows.push(['Estimated price', `${formatCredits(chosen.estimatedCredits)} credits`])
    }
    rows.push(['Parameters', paramTypeText(study.paramType)])
    rows.push(['Chosen', `by ${decisionWho(study, me)} on ${formatUtc(study.decisionAt)}`])
  }
  rows.push(['Study received', formatUtc(study.createdAt)])
  return (
    <Stack gap={6}>
      <Facts rows={rows} label="The feasibility study" />
      <Anchor component={Link} to={paths.study(study.id)} size="sm" w="fit-content">
        Open the feasibility study
      </Anchor>
    </Stack>
  )
}

const QUOTATION_DECISION: Record<Quotation['decision'], string> = {
  NOT_DECIDED: 'Not decided',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
}

function QuotationFacts({ quotation, me }: { quotation: Quotation; me?: string }) {
  const decided = quotation.decision !== 'NOT_DECIDED'
  const rows: [string, ReactNode][] = [
    ['Price', `${formatCredits(quotation.creditsPrice)} credits`],
    [
      'Decision',
      decided
        ? `${QUOTATION_DECISION[quotation.decision]} by ${decisionWho(quotation, me)} on ${formatUtc(quotation.decisionAt)}`
        : 'Not decided yet',
    ],
    ['Quotation received', formatUtc(quotation.createdAt)],
  ]
  return (
    <Stack gap={6}>
      <Facts rows={rows} label="The quotation" />
      <Anchor component={Link} to={paths.quotation(quotation.id)} size="sm" w="fit-content">
        Open the quotation
      </Anchor>
    </Stack>
  )
}
