import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Skeleton.css'
import { SETTLE_WINDOW_MS } from '../../../data/orders/place-once'
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { whatToDo } from '../../../api/errors'
import { useAoiStore } from '../../../components/aoi/aoi-store'
import { useBasketStore } from '../../../components/basket/basket-store'
import { OnlyChoice } from '../../../components/only-choice/only-choice'
import { SchemaForm } from '../../../components/schema-form/schema-form'
import { paths } from '../../../config/paths'
import { totalAreaKm2 } from '../../../lib/geo/measure'
import { useCheckoutStore } from '../checkout-store'
import { MAX_TAGS, nameProblem, tagProblem } from '../../../lib/order-fields'
import { adviceFor, type Attempt } from '../../../data/orders/placement'
import type { LineModel } from '../use-checkout'
import classes from '../../../components/order-page-parts/ordering.module.css'
import { formatArea, formatCredits, formatUtcDay } from '../../../lib/format'
import { OutcomeNotKnown } from '../../../components/order-page-parts/page-parts'

/** One scene of the checkout: its data product, area, name, tags, order form and live estimate. */
export function CheckoutLine({
  line,
  index,
  locked,
  showErrors,
  onCheckAgain,
  onRetryEstimate,
}: {
  line: LineModel
  index: number
  /** While placing, nothing may change. */
  locked: boolean
  showErrors: boolean
  onCheckAgain: (key: string, attempt: Attempt) => void
  onRetryEstimate: () => void
}) {
  const update = useCheckoutStore((s) => s.update)
  const [tagError, setTagError] = useState<string | null>(null)
  const headingId = `line-${index}-title`
  const { scene } = line
  const nameIssue = nameProblem(line.displayName)

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} className={classes.line}>
      <Group justify="space-between" align="start" wrap="nowrap">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {index + 1}. {line.collection?.title ?? line.collectionName} ·{' '}
            {scene ? formatUtcDay(scene.datetime, 'undated') : 'a scene by its id'}
          </Title>
          <Text size="xs" c="dimmed" ff="monospace">
            {line.sceneId ?? 'Type the scene id in the form below'}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <LineStatus line={line} reasonsId={`${headingId}-attention`} />
          <RemoveLine line={line} locked={locked} />
        </Group>
      </Group>
      {needsAttention(line) && (
        // What the "Needs attention" badge means for this line, said where the badge is.
        <Text size="sm" mt={4} id={`${headingId}-attention`}>
          <Text span size="sm" fw={600}>
            Needs attention:
          </Text>{' '}
          {line.blockers.join(' ')}
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm" spacing="sm">
        {line.products.length < 2 ? (
          <OnlyChoice
            label="Data product"
            value={line.product?.title ?? '—'}
            hint="The only orderable product of this collection"
          />
        ) : (
          <Select
            label="Data product"
            value={line.product?.id ?? null}
            data={line.products.map((p) => ({ value: p.id ?? '', label: p.title }))}
            onChange={(v) => v && update(line.key, { dataProductId: v, params: undefined })}
            allowDeselect={false}
            disabled={locked}
          />
        )}
        <LineArea line={line} headingId={headingId} locked={locked} />
        <TextInput
          label="Order name"
          value={line.displayName}
          maxLength={200}
          required
          disabled={locked}
          error={nameIssue}
          onChange={(e) => update(line.key, { displayName: e.currentTarget.value })}
        />
        <TagsInput
          label="Tags"
          description="Letters, digits, spaces and . - _ / : — press Enter after each"
          value={line.tags}
          maxTags={MAX_TAGS}
          disabled={locked}
          error={tagError}
          onChange={(tags) => {
            const bad = tags.map(tagProblem).find((p) => p !== null) ?? null
            setTagError(bad)
            if (!bad) update(line.key, { tags })
          }}
          clearable
        />
      </SimpleGrid>

      <LineOrderForm line={line} index={index} locked={locked} showErrors={showErrors} />

      <LineEstimate line={line} onRetry={onRetryEstimate} />
      <LinePlacement line={line} onCheckAgain={onCheckAgain} />
    </Paper>
  )
}

/** Remove…, then a confirmation: the scene leaves the basket and its form is forgotten. */
function RemoveLine({ line, locked }: { line: LineModel; locked: boolean }) {
  const forget = useCheckoutStore((s) => s.forget)
  const removeFromBasket = useBasketStore((s) => s.remove)
  const [confirmRemove, setConfirmRemove] = useState(false)
  return confirmRemove ? (
    <Group gap={4} wrap="nowrap">
      <Text size="xs">Remove this scene and its form?</Text>
      <Button
        size="compact-xs"
        color="red"
        disabled={locked}
        onClick={() => {
          removeFromBasket([line.key])
          forget([line.key])
        }}
      >
        Remove
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setConfirmRemove(false)}>
        Keep
      </Button>
    </Group>
  ) : (
    <Button size="compact-xs" variant="default" disabled={locked} onClick={() => setConfirmRemove(true)}>
      Remove…
    </Button>
  )
}

/**
 * What the line orders: the AOI (the toolkit's as the line took it, or a coverage plan's part) or the whole
 * scene, with the AOI drawn since offered when it changed.
 */
function LineArea({ line, headingId, locked }: { line: LineModel; headingId: string; locked: boolean }) {
  const update = useCheckoutStore((s) => s.update)
  const aoi = useAoiStore((s) => s.polygons)
  const { scene } = line
  // A coverage plan's part of the AOI, when the line has one and the analyst has not chosen another.
  const planPart = !line.draft.aoi && scene?.part && scene.part.length > 0 ? scene.part : null
  const lineAoi = line.draft.aoi ?? planPart ?? aoi
  const aoiChanged =
    line.area === 'aoi' &&
    line.draft.aoi !== undefined &&
    aoi.length > 0 &&
    JSON.stringify(line.draft.aoi) !== JSON.stringify(aoi)
  return (
    <div>
      <Text size="sm" fw={500} id={`${headingId}-area`}>
        Area
      </Text>
      <SegmentedControl
        aria-labelledby={`${headingId}-area`}
        value={line.area}
        disabled={locked}
        onChange={(v) => update(line.key, v === 'aoi' ? { area: 'aoi', aoi } : { area: 'scene' })}
        data={[
          {
            value: 'aoi',
            label: lineAoi.length > 0 ? `AOI (${formatArea(totalAreaKm2(lineAoi))})` : 'AOI (none drawn)',
            disabled: lineAoi.length === 0,
          },
          // Without a basket scene its footprint is unknown: such lines order the AOI.
          { value: 'scene', label: 'Whole scene', disabled: !scene },
        ]}
      />
      <Text size="xs" c="dimmed" mt={2}>
        {line.area === 'aoi' && planPart
          ? 'The part of the AOI the coverage plan gave this scene: what its other scenes do not deliver.'
          : line.area === 'aoi'
            ? line.aoiOverlaps || line.draft.aoi
              ? 'The AOI from the toolkit, as it was when this line took it; the service clips it to the scene.'
              : 'The AOI does not overlap this scene.'
            : 'The scene’s full footprint.'}{' '}
        <Link to={paths.catalog()}>Change the AOI in the catalog</Link>
      </Text>
      {aoiChanged && (
        <Button
          size="compact-xs"
          variant="default"
          mt={4}
          disabled={locked}
          onClick={() => update(line.key, { area: 'aoi', aoi })}
        >
          Use the AOI drawn since ({formatArea(totalAreaKm2(aoi))})
        </Button>
      )}
    </div>
  )
}

/** The data product's order form, with the service's field errors of the last attempt on their fields. */
function LineOrderForm({
  line,
  index,
  locked,
  showErrors,
}: {
  line: LineModel
  index: number
  locked: boolean
  showErrors: boolean
}) {
  const update = useCheckoutStore((s) => s.update)
  const { scene } = line
  return (
    <div className={classes.form}>
      {line.schemaLoading ? (
        <Skeleton height={60} role="status" aria-label="Loading the order form" />
      ) : line.schemaError ? (
        <Alert color="red" title="The order form could not be loaded">
          {whatToDo(line.schemaError)}
        </Alert>
      ) : line.schema ? (
        <SchemaForm
          schema={line.schema}
          value={line.params}
          onChange={(params) => update(line.key, { params })}
          readOnly={scene ? ['id'] : []}
          serverErrors={line.placement.kind === 'failed' ? line.placement.fields : undefined}
          idPrefix={`line-${index}`}
          disabled={locked}
          showErrors={showErrors}
        />
      ) : null}
    </div>
  )
}

/** A line waiting for nothing the service does, but kept from ordering by what `blockers` says. */
const needsAttention = (line: LineModel): boolean =>
  line.placement.kind !== 'placing' &&
  line.placement.kind !== 'unknown' &&
  line.placement.kind !== 'failed' &&
  line.blockers.length > 0

function LineStatus({ line, reasonsId }: { line: LineModel; reasonsId: string }) {
  switch (line.placement.kind) {
    case 'placing':
      return (
        <Badge color="blue" variant="dot" tt="none" rightSection={<Loader size={10} />}>
          Placing
        </Badge>
      )
    case 'unknown':
      return (
        <Badge color="yellow" variant="dot" tt="none">
          Not known yet
        </Badge>
      )
    case 'failed':
      return (
        <Badge color="red" variant="dot" tt="none">
          Not placed
        </Badge>
      )
    default:
      return line.blockers.length === 0 ? (
        <Badge color="teal" variant="dot" tt="none">
          Ready
        </Badge>
      ) : (
        <Badge color="gray" variant="dot" tt="none" aria-describedby={reasonsId}>
          Needs attention
        </Badge>
      )
  }
}

function LineEstimate({ line, onRetry }: { line: LineModel; onRetry: () => void }) {
  const e = line.estimate?.results.find((r) => r.index === 0)
  return (
    <Group gap="xs" mt="sm" aria-live="polite" className={classes.estimate}>
      <Text size="sm" fw={500}>
        Estimate:
      </Text>
      {!line.request ? (
        <Text size="sm" c="dimmed">
          complete the line to see its price
        </Text>
      ) : line.estimateError && !line.estimate ? (
        <>
          <Text size="sm" c="red">
            failed — {whatToDo(line.estimateError)}
          </Text>
          <Button size="compact-xs" variant="default" onClick={onRetry}>
            Retry the estimate
          </Button>
        </>
      ) : e ? (
        <Text size="sm" data-testid="line-credits">
          {formatCredits(e.credits)} credits · {e.unit === 'SCENE' ? `${e.size} scene` : `${e.size} km²`}
        </Text>
      ) : line.featureError ? null : (
        <Text size="sm" c="dimmed">
          estimating…
        </Text>
      )}
      {line.estimating && <Loader size="xs" aria-hidden />}
      {line.featureError && (
        <Alert color="orange" w="100%" title={line.featureError.message}>
          {[line.featureError.details, adviceFor(line.featureError)].filter(Boolean).join('. ')}
        </Alert>
      )}
    </Group>
  )
}

function LinePlacement({
  line,
  onCheckAgain,
}: {
  line: LineModel
  onCheckAgain: (key: string, attempt: Attempt) => void
}) {
  const p = line.placement
  if (p.kind === 'failed')
    return (
      <Alert color="red" mt="sm" title={p.message} role="alert">
        {p.details} The line stays here, filled in; change it if needed and place it again.
      </Alert>
    )
  if (p.kind === 'unknown')
    return (
      <OutcomeNotKnown
        what="order"
        sentAt={p.attempt.startedAt}
        windowMs={SETTLE_WINDOW_MS}
        checkFailed={p.checkFailed}
        onCheckAgain={() => onCheckAgain(line.key, p.attempt)}
      />
    )
  return null
}
