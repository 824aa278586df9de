import { DetailLoading } from '../../../components/detail-states'
import { Section } from '../../../components/page-section'
import './mantine-styles'
import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useParams } from 'react-router'
import { useApiClient } from '../../../api/console-context'
import { formatCredits, formatUtc } from '../../../lib/format'
import { quotationOptions, type Quotation } from '../../../data/decisions/queries'
import { useQuotationDecision } from '../use-quotation-decision'
import { ConfirmDecision, DecidedNotice, DecisionHeader, LazyDecisionMap } from './decision-form'
import {
  DecisionChecking,
  DecisionFailure,
  DecisionProblem,
  Facts,
  OrderFacts,
  OrderProblem,
} from './page-parts'
import {
  QuotationConfirmBody,
  QuotationDecisionForm,
  QuotationGates,
  QuotationOutcome,
} from './quotation-parts'
import classes from './tasking.module.css'

/** One quotation: its price, the order, the budget it is charged to, and the decision to accept or reject. */
export function QuotationPage() {
  const { id = '' } = useParams()
  const client = useApiClient()
  const q = useQuery({ ...quotationOptions(client, id), throwOnError: false })
  const quotation = q.data
  // A decision refused with 404: the quotation (or its order) is not in this account any more.
  const [gone, setGone] = useState(false)
  if (quotation === null || gone || (q.error && !quotation))
    return (
      <DecisionFailure
        what="quotation"
        id={id}
        missing={quotation === null || gone}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    )
  if (!quotation) return <DetailLoading label="Loading the quotation" body={400} />
  return <QuotationView quotation={quotation} onGone={() => setGone(true)} />
}

function QuotationView({ quotation, onGone }: { quotation: Quotation; onGone: () => void }) {
  const ids = useId()
  const q = useQuotationDecision(quotation, onGone)
  const { decision, form, order, decided } = q
  const { checking, problem } = decision
  const price = quotation.creditsPrice

  return (
    <Stack gap="lg">
      <DecisionHeader title="Quotation" kind="quotation" decision={quotation.decision} order={order.data} />

      {decided && (
        <DecidedNotice
          color={quotation.decision === 'REJECTED' ? 'red' : 'teal'}
          title={q.sentence}
          focus={decision.decidedHere}
        >
          <QuotationOutcome q={q} />
        </DecidedNotice>
      )}

      {checking && !decided && (
        <DecisionChecking item="quotation" pending={checking} onCheckAgain={decision.checkAgain} />
      )}

      {problem && !(problem.kind === 'budget' && q.offerGate) && (
        <DecisionProblem problem={problem} onTryAgain={decision.retry} busy={decision.sending} />
      )}

      <div className={classes.pageGrid}>
        <Stack gap="lg">
          <Section id={`${ids}-price`} title="Price">
            <Text className={classes.price}>{formatCredits(price)} credits</Text>
            {!decided && (
              <Text size="sm">
                The service checks that the account has these credits when you accept; this console cannot
                read the account’s balance beforehand.
              </Text>
            )}
            <Facts rows={[['Quoted', formatUtc(quotation.createdAt)]]} />
          </Section>
          <Section id={`${ids}-order`} title="Order">
            <OrderFacts orderId={quotation.orderId} order={order.data} />
            <OrderProblem query={order} />
          </Section>
          <QuotationGates q={q} />
        </Stack>
        <Stack gap="lg">
          <Section id={`${ids}-decision`} title="Decision">
            <QuotationDecisionForm q={q} />
          </Section>
          <Section id={`${ids}-map`} title="Area of interest">
            {order.isPending || q.aoi ? (
              <LazyDecisionMap orderPending={order.isPending} aoi={q.aoi} label="Map of the order's area" />
            ) : (
              <Text size="sm">The order’s area is not available.</Text>
            )}
          </Section>
        </Stack>
      </div>

      <ConfirmDecision
        opened={form.confirming !== null}
        title={form.confirming === 'REJECTED' ? 'Reject this quotation?' : 'Accept this quotation?'}
        sending={decision.sending}
        returnFocus={form.returnFocus}
        onClose={() => form.setConfirming(null)}
      >
        <QuotationConfirmBody q={q} />
      </ConfirmDecision>
    </Stack>
  )
}
