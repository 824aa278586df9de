import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import type { Geometry } from 'geojson'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import type { StacItem } from '../../../data/storage/queries'
import {
  daysApart,
  MIN_OVERLAP,
  mutualOverlap,
  proposalSentence,
  type Proposal,
} from '../../../lib/imagery/pair'
import { itemLabel } from '../words'

/**
 * The two deliveries reviewed: which is before and which after (each linked to its page), how far apart and
 * how much of the place they share, and the other one picked among the stored items of the place (the
 * proposed one first).
 */
export function PairPicker({
  item,
  candidates,
  loading,
  failed,
  onRetry,
  proposal,
  other,
  otherFailed,
  otherLoading,
  pair,
  onPick,
}: {
  item: StacItem
  candidates: readonly StacItem[]
  loading: boolean
  failed: boolean
  onRetry: () => void
  proposal: Proposal | null
  other: StacItem | null
  otherFailed: boolean
  /** The item in the link, not among the place's first stored items, is being read. */
  otherLoading: boolean
  pair: { before: StacItem; after: StacItem } | null
  onPick: (c: StacItem | null) => void
}) {
  const measure = useMemo(() => {
    if (!pair) return null
    const a = pair.before.geometry as Geometry | null
    const b = pair.after.geometry as Geometry | null
    const poly = (g: Geometry | null) => (g && (g.type === 'Polygon' || g.type === 'MultiPolygon') ? g : null)
    const pa = poly(a)
    const pb = poly(b)
    const at = (i: StacItem) => (typeof i.properties.datetime === 'string' ? i.properties.datetime : null)
    const da = at(pair.before)
    const db = at(pair.after)
    return {
      overlap: pa && pb ? mutualOverlap(pa, pb) : 0,
      days: da && db ? daysApart(da, db) : null,
    }
  }, [pair])
  if (loading)
    return (
      <Text size="sm" role="status">
        Looking for other deliveries of this place…
      </Text>
    )
  if (failed)
    return (
      <Group gap="sm">
        <Text size="sm" c="red">
          The other deliveries of this place could not be found.
        </Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    )
  if (candidates.length === 0 && !other)
    return (
      <Text size="sm">
        No other stored delivery of this place has an image to compare with: the map shows this one alone.
        Order or task this area again and come back once it is delivered, then pick it under “Compare with”.
      </Text>
    )
  const proposedOne = other !== null && proposal !== null && other.id === proposal.id
  return (
    <Stack gap="xs">
      {pair && (
        <Stack gap={2}>
          <Text size="sm">
            Before:{' '}
            <Anchor component={Link} to={paths.storageItem(pair.before.collection ?? '', pair.before.id)}>
              {itemLabel(pair.before)}
            </Anchor>
          </Text>
          <Text size="sm">
            After:{' '}
            <Anchor component={Link} to={paths.storageItem(pair.after.collection ?? '', pair.after.id)}>
              {itemLabel(pair.after)}
            </Anchor>
          </Text>
        </Stack>
      )}
      {proposedOne && proposal && (
        <Text size="sm" fw={500} data-testid="pair-proposal">
          Proposed: {proposalSentence(proposal)}
        </Text>
      )}
      {!proposedOne && measure && measure.days !== null && (
        <Text size="sm">
          {measure.days === 0
            ? 'Acquired the same day'
            : `${measure.days.toLocaleString('en-GB')} days apart`}
          , {Math.floor(measure.overlap * 100)} % of the area in common.
          {measure.overlap < MIN_OVERLAP &&
            ' They share little of their area: only the part both cover is compared.'}
        </Text>
      )}
      {otherLoading && (
        <Text size="sm" role="status">
          Reading the delivery in the link…
        </Text>
      )}
      {!other && !otherFailed && !otherLoading && !proposal && (
        <Text size="sm">
          No other delivery covers at least half of this one on another day. The map shows this one: pick
          another delivery of the place under “Compare with” to see what changed.
        </Text>
      )}
      {otherFailed && (
        <Text size="sm" c="red">
          The item in the link could not be read: pick another to compare with.
        </Text>
      )}
      <NativeSelect
        size="xs"
        label="Compare with"
        value={other && other.id !== item.id ? other.id : ''}
        onChange={(e) => onPick(candidates.find((c) => c.id === e.currentTarget.value) ?? null)}
        data={[
          {
            value: '',
            label: proposal ? 'The proposed delivery' : 'Choose a delivery of this place',
          },
          ...candidates.map((c) => ({
            value: c.id,
            label: `${itemLabel(c)}${c.id === proposal?.id ? ' (proposed)' : ''}`,
          })),
        ]}
      />
    </Stack>
  )
}
